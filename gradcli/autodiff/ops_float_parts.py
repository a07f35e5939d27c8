"""NumPy's functions that take a float apart by its binary form: ``np.fmod``, ``np.frexp`` and ``np.ldexp``.

Each is composed of recorded ops whose float answers are NumPy's to the bit:
``fmod`` is the remainder of the magnitudes (``np.mod`` of two non-negative
numbers is C's ``fmod``, exact) carrying the dividend's sign; ``ldexp`` a
product with powers of two; ``frexp``'s mantissa ``x`` times the power of two
its exponent names. On exact numbers the same ops compute exactly: the
remainder's quotient is cut by an exact floor (a multiple of the divisor is
the jump it is), and the exponent of an exact number is found by comparisons
with powers of two, which the exact reference sees as branches, so a power of
two, where the mantissa jumps from 1 to 1/2, is judged as the jump it is.
"""

from __future__ import annotations

import sys

import numpy as np

from .ops import (absolute, divide, equal, greater_equal, high_precision, isfinite, less, logical_and, mod, multiply,
                  subtract, trunc, where)
from .ops_array import asarray
from .values import is_float_dtype, raw

# The largest power of two one factor of a scaling holds: 2^1000 and 2^-1000 are normal float64 numbers, so each
# factor is exact and a product rounds only where its answer leaves the normal range.
_STEP = 1000
# Where the search for an exact number's exponent starts: every float's (an exact run's numbers may lie beyond).
_FLOAT_EXPONENTS = 1 << 11


def fmod(x1, x2):
    """``np.fmod``: the remainder of ``x1 / x2`` cut toward 0, with the sign of ``x1`` (``x1 - x2 trunc(x1 / x2)``);
    slope 1 in ``x1`` and ``-trunc(x1 / x2)`` in ``x2``, a jump at each multiple of ``x2`` away from 0."""
    x1, x2 = asarray(x1), asarray(x2)
    if high_precision(x1) is not None or high_precision(x2) is not None:
        # exact numbers: the definition itself, exact as written; trunc is flat across 0, so at x1 = 0, where fmod is
        # x1 itself, no step stands and no branch on x1's sign is taken (a proof's slope there is 1)
        return subtract(x1, multiply(x2, trunc(divide(x1, x2))))
    values = np.asarray(raw(x1))
    # The dividend's sign as a constant factor, not abs: |x1| = x1 * sign keeps fmod's slope 1 at x1 = 0, where
    # abs's slope is 0; each product is exact (a sign turned), and C's fmod of the magnitudes is NumPy's mod of them.
    if is_float_dtype(values.dtype) and values.dtype.kind != "c":  # bfloat16 too: its sign factor in its own dtype
        sign = np.where(np.signbit(values), -1, 1).astype(values.dtype)
    else:
        sign = where(less(x1, 0), -1, 1)
    return multiply(mod(multiply(x1, sign), absolute(x2)), sign)


def ldexp(x1, x2):
    """``np.ldexp``: ``x1 * 2**x2`` for whole numbers ``x2`` (data, no slope), exact but where the answer leaves the
    dtype's range."""
    exponents = np.asarray(raw(x2))
    if exponents.dtype.kind not in "iub":
        raise TypeError("gradcli.numpy.ldexp takes whole-number exponents (an integer array), as NumPy's does")
    return _scaled(asarray(x1), exponents.astype(np.int64))


def _scaled(x, exponents):
    """``x`` times 2 to the power ``exponents``, in factors each exact in the factors' dtype (float64's 2^+-1000 in an
    exact run): a float answer rounds once, at the last factor, unless an earlier one already left the normal range."""
    dtype = np.asarray(raw(x)).dtype
    exact = high_precision(x) is not None
    # A real float dtype keeps its own factors, ml_dtypes' bfloat16 too (NumPy's ldexp and frexp keep it).
    factor_dtype = dtype if is_float_dtype(dtype) and dtype.kind != "c" and not exact else np.dtype(np.float64)
    finfo = np.finfo(factor_dtype) if factor_dtype.kind == "f" else sys.modules["ml_dtypes"].finfo(factor_dtype)
    smallest, largest = max(finfo.minexp, -_STEP), min(finfo.maxexp - 1, _STEP)
    left = np.array(exponents, dtype=np.int64)
    while True:
        step = np.clip(left, smallest, largest)
        x = multiply(x, np.ldexp(np.ones(step.shape, dtype=factor_dtype), step.astype(np.int32)))
        left = left - step
        if not left.any():
            return x


def frexp(x):
    """``np.frexp``: ``(mantissa, exponent)`` with ``x = mantissa * 2**exponent`` and ``|mantissa|`` in [1/2, 1) (both 0
    at 0, the mantissa ``x`` itself at inf and NaN); the mantissa's slope ``2**-exponent``, a jump at each power of
    two; the exponent whole numbers (int32), no slope."""
    x = asarray(x)
    values = np.asarray(raw(x))
    if high_precision(x) is None and is_float_dtype(values.dtype) and values.dtype.kind != "c":
        exponents = np.frexp(values)[1]
    else:
        exponents = _exact_exponents(x)
    return _scaled(x, -exponents.astype(np.int64)), exponents


def _exact_exponents(x):
    """The exponent of each exact number of ``x`` (1 + floor(log2 |x|), 0 at 0, inf and NaN): bounds widened until
    they hold it, then a bisection, each step an exact comparison of |x| with a power of two, decided as a branch."""
    magnitude = absolute(x)
    shape = np.shape(raw(x))
    special = np.asarray(raw(logical_and(isfinite(x), np.logical_not(np.asarray(raw(equal(x, 0)))))), dtype=bool)

    def at_least(exponents):  # |x| >= 2^(e - 1), asked as |x| 2^(1 - e) >= 1, whose scaling is exact
        scaled = _scaled(magnitude, np.where(special, 1 - exponents, 0))
        return np.asarray(raw(greater_equal(scaled, 1.0)), dtype=bool) & special

    low = np.full(shape, -_FLOAT_EXPONENTS, dtype=np.int64)  # 2^(low - 1) <= |x| < 2^(high - 1), for the finite nonzero x
    high = np.full(shape, _FLOAT_EXPONENTS, dtype=np.int64)
    while np.any(wider := at_least(high)):  # an exact run's number beyond every float's range
        high = np.where(wider, 2 * high, high)
    while np.any(narrower := special & ~at_least(low)):
        low = np.where(narrower, 2 * low, low)
    while np.any((high - low > 1) & special):
        middle = (low + high) // 2
        above = at_least(middle)
        low = np.where(special & above, middle, low)
        high = np.where(special & ~above, middle, high)
    return np.where(special, low, 0).astype(np.int64 if np.any(np.abs(low[special]) > 2**31 - 1) else np.int32)
