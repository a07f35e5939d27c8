"""A derivative the user's program computes itself, replayed exactly: the chain rule's zeros are exact.

A loss that differentiates itself (``torch.func.grad`` inside the function, a
``jax.grad`` in it) is captured with that inner derivative as plain operations
of its value. At a ``where``, the branch not taken receives a cotangent of
exactly 0, which the framework then multiplies by that branch's own local
derivative; where the branch has none (the quarter power of a negative number),
0 * NaN is NaN, and the program's value is NaN at any precision. The derivative
of the mathematics never reads the branch not taken, so in the exact replay of
such a step a product, or a quotient, whose operand is exactly 0 beside a NaN,
an infinity or a zero divisor is exactly 0 (`exact_zero_products`). The
operands are guarded, not only the result, so the outer derivative the exact
reference takes of that value is finite too. The replay in the dtype keeps the
framework's NaN: that is the program under test.
"""

from __future__ import annotations

import numpy as np

import gradcli.numpy as gnp

from ..autodiff import arb as arb_core
from ..autodiff.values import raw
from .exact_constants import kind_of


def _entry_value(entry):
    """An entry's number: a jet's ball, else the entry itself (a ball, an mpmath number)."""
    entry = raw(entry)
    return entry.v if isinstance(entry, arb_core.Jet) else entry


def _is_exact_zero(entry):
    value = _entry_value(entry)
    try:
        return bool(value == 0) and not isinstance(value, (float, np.floating))
    except (TypeError, ValueError):
        return False


def _is_not_finite(entry):
    value = _entry_value(entry)
    finite = getattr(value, "is_finite", None)
    if finite is not None:
        return not finite()
    try:
        import mpmath  # lazy: loaded already by the exact replay whose numbers these are

        return not mpmath.isfinite(value)
    except (TypeError, ValueError):
        return False


_ZERO = np.vectorize(_is_exact_zero, otypes=[bool])
_NOT_FINITE = np.vectorize(_is_not_finite, otypes=[bool])


def _entries(x):
    return np.asarray(raw(x), dtype=object)


def exact_zero_products(fun, divide=False):
    """``fun`` (a multiply, or with ``divide`` a divide) for a derivative the program computes: in an exact replay,
    where one operand is exactly 0 and the other is not finite (a divisor, also 0), the entry is exactly 0, computed
    from guarded operands so that its own derivative is 0, not NaN. Elsewhere, and in a replay in a dtype, ``fun``
    as it is."""

    def run(a, b, *rest):
        if kind_of((a, b)) is None:  # a replay in a dtype: the framework's own 0 * NaN, under test
            return fun(a, b, *rest)
        zero_a, zero_b = _ZERO(_entries(a)), _ZERO(_entries(b))
        if divide:
            bad = zero_a & (_NOT_FINITE(_entries(b)) | zero_b)
        else:
            bad = (zero_a & _NOT_FINITE(_entries(b))) | (zero_b & _NOT_FINITE(_entries(a)))
        if not bad.any():
            return fun(a, b, *rest)
        if divide:  # 0 / (a number of the operand's own kind that is 1)
            return fun(a, gnp.where(bad, a + 1, b), *rest)
        # each bad entry's non-finite operand takes the other's exact 0, of the replay's own kind
        return fun(gnp.where(bad & zero_b, b, a), gnp.where(bad & zero_a, a, b), *rest)

    return run
