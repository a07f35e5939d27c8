"""JAX's operations on a float's bits: ``bitcast_convert_type``, the integer shifts around it, ``nextafter`` and
``reduce_precision``, as replay rules.

In a working dtype each computes what XLA computes, on NumPy's bits. A number
of an exact run has no bits: a bit cast, or a ``nextafter``, of an exact
number that is a float of the operation's dtype (the point itself, a
constant) is that float's, exact; of any other exact number (a difference's
``x + h``) it has no exact counterpart, and the point has no exact reference
(`FloatBitsOnly`), said as such. Their results are data to the reference (an
integer's bits, a neighbouring float): no slope passes through them, as none
passes through them in JAX's own derivative. ``jnp.frexp``, whose mantissa's
slope is the mathematics', is no bit cast here: it replays as gradcli's frexp
(`jax_ops.LIBRARY_CALLS`). ``reduce_precision`` rounds a float to fewer bits
in a working dtype and is the identity on exact numbers, as a cast to a float
dtype is (rounding's exact counterpart).
"""

from __future__ import annotations

import numpy as np

from ..autodiff.core import defvjp
from ..autodiff.ops_special import BeyondNumbers
from ..autodiff.tracer import primitive
from ..autodiff.values import raw
from .exact_constants import kind_of

# A float dtype and the unsigned integer of its width, by width in bytes: the bits a bit cast reads and writes.
_FLOATS = {2: np.dtype(np.float16), 4: np.dtype(np.float32), 8: np.dtype(np.float64)}
_UNSIGNED = {1: np.dtype(np.uint8), 2: np.dtype(np.uint16), 4: np.dtype(np.uint32), 8: np.dtype(np.uint64)}


class FloatBitsOnly(BeyondNumbers):
    """A bit operation (a bit cast, ``nextafter``) on an exact number that is no float of its dtype: a float's bits
    have no exact counterpart there, and the point has no exact reference."""


def bitcast(params, x):
    """``bitcast_convert_type`` between a float and an integer (or float) of the same width: the same bits read as
    the new dtype; an exact number must be a float of the float side's dtype."""
    target = np.dtype(params["new_dtype"])
    value = _floats_of(x, _FLOATS.get(target.itemsize, np.dtype(np.float64)), "a bit cast")
    if value.dtype.itemsize != target.itemsize:
        raise NotImplementedError(f"a bit cast from {value.dtype} to {target} (of another width) has no replay")
    return value.view(target)


def _floats_of(x, dtype, what):
    """``x`` as a NumPy array: its floats in a working dtype, or each exact number as the float of ``dtype`` it is
    (`FloatBitsOnly` where one is no such float)."""
    value = raw(x)
    if kind_of([value]) is None:
        return np.asarray(value)
    numbers = np.asarray(value, dtype=object)
    return np.array([_exact_float(v, dtype, what) for v in numbers.ravel()], dtype=dtype).reshape(numbers.shape)


def _exact_float(number, dtype, what):
    """The float of ``dtype`` an exact number (mpmath's, a ball, a jet's or a proof number's ball) is exactly."""
    number = raw(number)
    number = getattr(number, "v", getattr(number, "b", number))  # a jet's ball, a proof number's ball
    try:
        near = float(number.mid()) if hasattr(number, "mid") else float(number)
    except (TypeError, ValueError, OverflowError):
        near = None
    if near is not None and near != near and number != number:  # NaN: no number, and no float differs from it
        return dtype.type(near)
    if near is not None and (near == number) is True and float(dtype.type(near)) == near:
        return dtype.type(near)
    raise FloatBitsOnly(f"{what} of {number}, which is no {dtype.name} number: its bits are a float's, and an exact "
                        "number between two floats has none")


def _shift(params, x, y, how):
    """An integer shift as XLA computes it: a shift by the width or more gives 0 (the sign's bits for an arithmetic
    shift right), where C (and NumPy) leave it undefined."""
    x, y = np.asarray(raw(x)), np.asarray(raw(y))
    width = 8 * x.dtype.itemsize
    amount = np.clip(y, 0, width - 1).astype(x.dtype)
    beyond = (y < 0) | (y >= width)
    if how == "left":
        out, spilled = np.left_shift(x, amount), np.zeros_like(x)
    elif how == "arithmetic":
        out = np.right_shift(x, amount)
        spilled = np.right_shift(x, np.asarray(width - 1, dtype=x.dtype))
    else:  # logical: the bits read as unsigned, so no sign is copied in
        unsigned = _UNSIGNED[x.dtype.itemsize]
        out = np.right_shift(x.view(unsigned), amount.astype(unsigned)).view(x.dtype)
        spilled = np.zeros_like(x)
    return np.where(beyond, spilled, out)


def shift_left(params, x, y):
    return _shift(params, x, y, "left")


def shift_right_arithmetic(params, x, y):
    return _shift(params, x, y, "arithmetic")


def shift_right_logical(params, x, y):
    return _shift(params, x, y, "logical")


def nextafter(params, x, y):
    """``nextafter``: the float next to ``x`` toward ``y``, in ``x``'s dtype (float64 on an exact run, whose numbers
    must be floats of it: data, JAX has no derivative of it)."""
    xs, ys = np.asarray(raw(x)), np.asarray(raw(y))
    exact = kind_of([raw(x), raw(y)]) is not None
    dtype = np.dtype(np.float64) if exact else np.result_type(xs, ys)
    xs, ys = _floats_of(x, dtype, "nextafter"), _floats_of(y, dtype, "nextafter")
    with np.errstate(over="ignore"):  # the largest float toward inf is inf, as in XLA
        return np.nextafter(xs.astype(dtype), ys.astype(dtype))


def reduce_precision(params, x):
    """``reduce_precision``: a float rounded to ``exponent_bits`` and ``mantissa_bits`` (to nearest, ties to even;
    past the narrower range inf, below its smallest normal number 0, as XLA rounds), within its own dtype, one op the
    replay records (provenance names it where its rounding costs the digits); on exact numbers the identity, as a
    cast to a float dtype is."""
    value, bits = raw(x), (int(params["exponent_bits"]), int(params["mantissa_bits"]))
    dtype = getattr(value, "dtype", None)
    if kind_of([value]) is not None or dtype is None or dtype.kind != "f" or dtype.itemsize not in _FLOATS:
        return _kept(x, *bits)  # recorded all the same: provenance pairs it with the working run's rounding
    return _reduced(x, *bits)


def _rounded_bits(values, exponent_bits, mantissa_bits):
    """XLA's reduce_precision on NumPy floats, bit by bit."""
    finfo = np.finfo(values.dtype)
    own_mantissa, own_exponent = finfo.nmant, finfo.iexp
    unsigned = _UNSIGNED[values.dtype.itemsize]
    bits = values.view(unsigned).copy()
    one = unsigned.type(1)
    if mantissa_bits < own_mantissa:
        dropped = unsigned.type(own_mantissa - mantissa_bits)
        last_kept = (bits >> dropped) & one
        bits = bits + last_kept + unsigned.type((1 << (own_mantissa - mantissa_bits - 1)) - 1)
        bits = bits & ~unsigned.type((1 << (own_mantissa - mantissa_bits)) - 1)
    if exponent_bits < own_exponent:
        sign = unsigned.type(1 << (8 * values.dtype.itemsize - 1))
        exponent_mask = unsigned.type(((1 << own_exponent) - 1) << own_mantissa)
        own_bias, bias = (1 << (own_exponent - 1)) - 1, (1 << (exponent_bits - 1)) - 1
        exponent = bits & exponent_mask
        overflows = exponent > unsigned.type((own_bias + bias) << own_mantissa)
        underflows = exponent <= unsigned.type((own_bias - bias) << own_mantissa)
        signed_zero = bits & sign
        bits = np.where(overflows, signed_zero | exponent_mask, np.where(underflows, signed_zero, bits))
    rounded = np.asarray(bits, dtype=unsigned).view(values.dtype)
    out = np.where(np.isnan(values), values, rounded) if mantissa_bits > 0 else rounded
    return out if out.ndim else out[()]


# The rounding as a recorded op; its derivative JAX's: the cotangent rounded alike. On exact numbers (and a dtype
# XLA keeps whole) the identity, recorded under the same name, so that the exact run's steps pair with the working
# run's one by one and the rounding is named where it costs the digits.
_reduced = primitive(_rounded_bits, "reduce_precision", kind="elementwise")
defvjp(_reduced, lambda g, ans, x, exponent_bits, mantissa_bits: _reduced(g, exponent_bits, mantissa_bits), None, None,
       reads="")
_kept = primitive(lambda x, exponent_bits, mantissa_bits: x, "reduce_precision", kind="elementwise")
defvjp(_kept, lambda g, ans, x, exponent_bits, mantissa_bits: g, None, None, reads="")


BITS = {
    "bitcast_convert_type": bitcast,
    "shift_left": shift_left,
    "shift_right_arithmetic": shift_right_arithmetic,
    "shift_right_logical": shift_right_logical,
    "nextafter": nextafter,
    "reduce_precision": reduce_precision,
}
