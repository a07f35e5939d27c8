"""The derivative rules of the elementwise primitives: the VJP table as data.

Each op of `ops` gets one `defvjp` line (plus a `defjvp` line where forward
mode is cheap). Rules are written with gradcli ops and ordinary operators, so
the backward pass of a traced computation is traced too. Broadcasting is
undone in exactly one place, `ops_array.unbroadcast`.
"""

from __future__ import annotations

import contextvars
import math
import operator

import numpy as np

from . import buffers
from .core import defjvp, defvjp, scratch
from .ops import (
    absolute,
    add,
    arccos,
    arccosh,
    arcsin,
    arcsinh,
    arctan,
    arctan2,
    arctanh,
    astype,
    cbrt,
    clip,
    conj,
    constant,
    cos,
    cosh,
    divide,
    exp,
    exp2,
    expm1,
    floor,
    fmax,
    fmin,
    hypot,
    imag,
    isnan,
    log,
    log10,
    log1p,
    log2,
    logaddexp,
    maximum,
    minimum,
    mod,
    multiply,
    negative,
    power,
    python_float,
    real,
    reciprocal,
    select,
    sigmoid,
    sign,
    sin,
    sinh,
    softplus,
    sqrt,
    square,
    subtract,
    tan,
    tanh,
    where,
)
from .ops_array import broadcast_like, shares_from_inputs, unbroadcast
from .tracer import hooks, is_mp_value
from .values import Box, dtype_of, float_dtype, holds_complex, loaded_mpmath, raw, zeros_like


# -- computing in a rule's own temporaries --------------------------------------


def _alike(g, buffer):
    """Whether ``g`` (an array, or a Python int) combined with the plain float array ``buffer`` may go into it.

    True when ``g`` has ``buffer``'s shape and dtype (so the answer has them
    too, and the same bits: an elementwise kernel's answer does not depend on
    where its output lives, see `buffers`) and no hook watches the ops (a
    hook may keep what it saw). The callers check first
    that ``buffer`` is a plain array: never a traced value, whose ops are
    recorded, and cheap to rule out for the numbers of the scalar path.
    """
    return (
        buffer.nbytes >= buffers.LARGE_BYTES
        and (type(g) is int or (type(g) is _ndarray and g.shape == buffer.shape and g.dtype == buffer.dtype))
        and buffer.dtype.kind in "fc"
        and hooks.forward is None
    )


# The rules below compute in a temporary they have just made (``fresh``),
# which nothing else holds, or in the cotangent the backward pass gave them as
# scratch (see `core.scratch`), saving an array of the input's size each.


def _made(ufunc, *args):
    """``ufunc(*args)`` as a rule's new temporary: for large plain arrays, into an array of the buffer pool.

    The operator otherwise (numbers, traced values), so that a backward pass
    on traced values is recorded as always. Callers ask only while `_pool`
    holds arrays, and use the operator directly otherwise.
    """
    out = buffers.out_for(ufunc, args)
    return _OPERATORS[ufunc](*args) if out is None else ufunc(*args, out=out)


# The pool's one dict: while it is empty, rules skip `_made` for the operator,
# as a call more costs a long chain of scalar ops ~4% of its time.
_pool = buffers.pool


_OPERATORS = {
    np.add: operator.add,
    np.multiply: operator.mul,
    np.divide: operator.truediv,
    np.negative: operator.neg,
}


def _times(g, fresh):
    """``g * fresh``, into ``fresh`` where `_alike` allows."""
    if type(fresh) is _ndarray:
        if _alike(g, fresh):
            return np.multiply(g, fresh, out=fresh)
        if _pool:
            return _made(np.multiply, g, fresh)
    return g * fresh


def _over(g, fresh):
    """``g / fresh``, into ``fresh`` where `_alike` allows."""
    if type(fresh) is _ndarray:
        if _alike(g, fresh):
            return np.divide(g, fresh, out=fresh)
        if _pool:
            return _made(np.divide, g, fresh)
    return g / fresh


def _plus(g, fresh):
    """``g + fresh``, into ``fresh`` where `_alike` allows."""
    if type(fresh) is _ndarray:
        if _alike(g, fresh):
            return np.add(g, fresh, out=fresh)
        if _pool:
            return _made(np.add, g, fresh)
    return g + fresh


def _squared(fresh):
    """``square(fresh)``, in place where `_alike` allows."""
    if type(fresh) is _ndarray and _alike(fresh, fresh):
        return np.square(fresh, out=fresh)
    return square(fresh)


def _scaled(g, factor):
    """``g * factor``, into ``g`` where it is the rule's scratch and `_alike` allows."""
    if g is scratch.g and _alike(factor, g):
        return np.multiply(g, factor, out=g)
    return _made(np.multiply, g, factor) if _pool and type(g) is _ndarray else g * factor


def _negated(g):
    """``-g``, in place where ``g`` is the rule's scratch."""
    if g is scratch.g and _alike(g, g):
        return np.negative(g, out=g)
    return _made(np.negative, g) if _pool and type(g) is _ndarray else -g


def _minus(fresh):
    """``-fresh``, in place where `_alike` allows."""
    if type(fresh) is _ndarray and _alike(fresh, fresh):
        return np.negative(fresh, out=fresh)
    return -fresh


_ndarray = np.ndarray


# -- arithmetic ---------------------------------------------------------------


# ``reads=``: what each rule reads besides g, so a recorded op keeps nothing else alive.
defvjp(add, lambda g, ans, x, y: unbroadcast(g, x), lambda g, ans, x, y: unbroadcast(g, y), reads="")
defjvp(add, lambda t, ans, x, y: broadcast_like(t, ans), lambda t, ans, x, y: broadcast_like(t, ans))
defvjp(
    subtract,
    lambda g, ans, x, y: unbroadcast(g, x),
    lambda g, ans, x, y: unbroadcast(-g, y),
    reads="",
)
defjvp(
    subtract,
    lambda t, ans, x, y: broadcast_like(t, ans),
    lambda t, ans, x, y: broadcast_like(-t, ans),
)
defvjp(
    multiply,
    lambda g, ans, x, y: unbroadcast(_made(np.multiply, g, y) if _pool else g * y, x),
    lambda g, ans, x, y: unbroadcast(_made(np.multiply, x, g) if _pool else x * g, y),
    reads="args",
    fresh=True,
)
defjvp(multiply, lambda t, ans, x, y: t * y, lambda t, ans, x, y: x * t)


def _divide_vjp_denominator(g, ans, x, y):
    # -g ((x / y) / y), as PyTorch and TensorFlow write it: y * y overflows at y = 1e200 (and
    # underflows at 1e-200) where x / y**2 is a number, and g * x where g x / y**2 is one.
    q = _made(np.divide, x, y) if _pool else x / y
    q = np.divide(q, y, out=q) if type(q) is _ndarray and _alike(y, q) else q / y
    return unbroadcast(_minus(_times(g, q)), y)


defvjp(
    divide,
    lambda g, ans, x, y: unbroadcast(_made(np.divide, g, y) if _pool else g / y, x),
    _divide_vjp_denominator,
    reads="args",
    fresh=True,
)
defjvp(divide, lambda t, ans, x, y: t / y, lambda t, ans, x, y: -(t * ((x / y) / y)))


class MixedPowers(Exception):
    """Within `pointwise_powers`: the points of a batch need different forms of x**y's rule (y == 2 at some)."""

    def __init__(self, forms):
        super().__init__("the exponents of a batch of points take different forms of the power rule")
        self.forms = forms  # per point: the form its own run takes ("2x", "general"; "0" and its index alone)


# Set inside `pointwise_powers`, per thread and task: a check in another thread differentiates x**y as usual.
_POINTWISE = contextvars.ContextVar("gradcli_pointwise_powers", default=False)


class pointwise_powers:  # noqa: N801 - used as a context manager, named as one
    """Within this block an object array's entries are separate points (the checker's batched rule, run on
    mpmath numbers): x**y's rule takes, for the whole array, the form a run of each point takes for its one
    exponent, and raises `MixedPowers` where those forms differ."""

    def __enter__(self):
        self._token = _POINTWISE.set(True)

    def __exit__(self, *exc):
        _POINTWISE.reset(self._token)
        return False


def _pointwise_dbase(x, y):
    """`_power_dbase` of a batch of points (``y`` an object array of them): each point's own form, or `MixedPowers`."""
    forms = ["2x" if e == 2 else ("0", k) if e == 0 else "general" for k, e in enumerate(y.flat)]
    if any(form != forms[0] for form in forms) or forms[0] != "2x" and forms[0] != "general":
        raise MixedPowers(forms)
    if forms[0] == "2x":
        return _made(np.multiply, 2, x) if _pool else 2 * x
    return _times(y, power(x, y - 1))


def _power_dbase(x, y):
    """d/dx x**y = y * x**(y-1), exactly 0 where y == 0 (never 0 * x**-1, which is nan at 0)."""
    if _POINTWISE.get() and type(y) is _ndarray and y.dtype == object:
        return _pointwise_dbase(x, y)
    if type(y) in (int, float) or (not isinstance(y, Box) and np.ndim(y) == 0):
        if y == 2:
            return _made(np.multiply, 2, x) if _pool else 2 * x  # x**2 is most powers: skip computing x**1
        if y == 0:
            return zeros_like(x)
        return _in_range(_times(y, power(x, y - 1)), x, y, _power_dbase_halved, _power_dbase)
    # x**(y-1) with the exponent 1 where x == y == 0, so that y * x**... is 0 * 0
    # there, and stays 0 once differentiated again (x**1 -> 1, times y == 0).
    at_zero = np.logical_and(raw(x) == 0, raw(y) == 0)
    return _in_range(_times(y, power(x, select(at_zero, 1, y - 1))), x, y, _power_dbase_halved, _power_dbase)


def _power_dbase_halved(x, y):
    """y x**(y-1) as (y h) h, h = x**((y-1)/2), for x > 0: log h is the mean of log(slope) and -log(y), and
    log(y h) the mean of log(slope) and log(y), so every step is a normal number wherever the slope is one
    (x**(y-1) itself overflows at x = 5e-324, y = 1e-300, where the slope is 2e23)."""
    h = power(x, (y - 1) / 2)
    return (y * h) * h


def _power_dexponent_halved(x, y):
    """x**y log(x) as (h log(x)) h, h = x**(y/2), for x > 0: every step is a normal number wherever the slope
    is one (x**y itself overflows at x = 1 + 2**-52, y = 3.2e18, where the slope is 8.5e292)."""
    h = power(x, y / 2)
    return (h * log(x)) * h


_FLOAT64 = np.dtype(np.float64)


def _in_range(slope, x, y, halved, plain):
    """A power slope, recomputed by ``halved(x, y)`` at the points x > 0, y != 0 (finite) where its float product
    left the normal range, and kept elsewhere (the slope is then out of range too, or computed in range).

    Each fallback point is fed its own x and y and every other point x = 1, y = 2, so nothing there overflows:
    the unused branch stays finite, and so does its derivative, should the rule be differentiated again. The kept
    branch is ``plain(x, y)`` (the slope's own form) again with x = 1, y = 2 at the fallback points, for the same
    reason: differentiated again, the overflowed product's branch would send 0 times its infinite slope (NaN)
    where the second derivative is a number or an honest infinity.
    """
    values = raw(slope)
    kind = _FLOAT64 if type(values) is float else getattr(values, "dtype", None)
    if kind is None or kind.kind != "f":
        return slope  # mpmath numbers and complex powers: nothing leaves a range there
    with np.errstate(invalid="ignore"):
        size = np.abs(values)
        lost = ~((size >= np.finfo(kind).tiny) & (size <= np.finfo(kind).max))
        if not lost.any():
            return slope
        xs, ys = raw(x), raw(y)
        lost &= (xs > 0) & np.isfinite(xs) & np.isfinite(ys) & (ys != 0)
    if not lost.any():
        return slope
    # A Python number picked beside another is no longer weak (where(lost, 1.0, 10.0) is float64): it is held in the
    # slope's dtype, as the power itself held it, so a float32 program's rule stays float32.
    x, y = (kind.type(v) if type(v) in (int, float) else v for v in (x, y))
    kept = plain(select(lost, 1.0, x), select(lost, 2.0, y))
    return select(lost, halved(select(lost, x, 1.0), select(lost, y, 2.0)), kept)


def _power_vjp_base(g, ans, x, y):
    if type(y) in (int, float) and y == 2:
        # (2g)x, the same product as g(2x) (doubling is exact): where g is the
        # rule's scratch, it needs no new array at all.
        return unbroadcast(_times(x, _scaled(g, 2)), x)
    return unbroadcast(_times(g, _power_dbase(x, y)), x)


def _log_base(x, ans):
    # log x, with log 1 = 0 standing in at x == 0: there d/dy x**y = x**y log x is 0
    # (for y > 0), not 0*-inf. A constant Python base stays a (weak) Python float,
    # or becomes an mpmath number when the power is one (2.0**x on mpmath numbers).
    if type(x) in (int, float):
        if x > 0 and is_mp_value(raw(ans)):
            return loaded_mpmath().log(x)
        return math.log(x) if x > 0 else (0.0 if x == 0 else math.nan)
    return log(select(raw(x) == 0, 1.0, x))


def _power_dexponent(ans, x, y):
    """d/dy x**y = x**y log x, computed in range wherever it is a normal number (see `_in_range`)."""
    return _in_range(ans * _log_base(x, ans), x, y, _power_dexponent_halved, _power_dexponent_plain)


def _power_dexponent_plain(x, y):
    """x**y log x from x and y alone: `_in_range`'s kept branch, which must not read the overflowed x**y."""
    ans = power(x, y)
    return ans * _log_base(x, ans)


def _power_vjp_exponent(g, ans, x, y):
    return unbroadcast(g * _power_dexponent(ans, x, y), y)


defvjp(power, _power_vjp_base, _power_vjp_exponent, reads=("args", "ans args"), fresh=True)
defjvp(
    power,
    lambda t, ans, x, y: t * _power_dbase(x, y),
    lambda t, ans, x, y: t * _power_dexponent(ans, x, y),
)
defvjp(negative, lambda g, ans, x: _negated(g), reads="", fresh=True)
defjvp(negative, lambda t, ans, x: -t)
defvjp(
    mod,
    lambda g, ans, x, y: unbroadcast(g, x),
    lambda g, ans, x, y: unbroadcast(-g * floor(x / y), y),
    reads=("", "args"),
)


def _abs_vjp(g, ans, x):
    if holds_complex(x):
        # |z| is real: its gradient in the core's convention (df/dx - i df/dy) is
        # conj(z)/|z|, taken as 0 at z = 0 as for real x.
        return real(g) * conj(_phase(x, ans))
    return g * sign(x)


def _abs_jvp(t, ans, x):
    if holds_complex(x):
        return real(conj(_phase(x, ans)) * t)  # Re(conj(z) dz) / |z|: real
    return t * sign(x)


def _phase(z, ans):
    """z / |z| (``ans``), 0 at z = 0, divided before any product: g conj(z) / |z| underflows where g and |z| are both
    tiny (|fft(x)|^2 of a signal of 1e-200, whose slope is 2 |X| of the same size), and NumPy's complex division by a
    subnormal |z| takes 1 / |z|, infinite: there z and |z| are scaled by a power of two first, exactly."""
    d = _one_where_zero(ans)
    lift = _subnormals_lifted(d)
    return z / d if lift is None else (z * lift) / (d * lift)


def _subnormals_lifted(d):
    """Per entry of ``d`` (NumPy floats), 1 / the dtype's smallest normal where it is below that (a power of two that
    takes a subnormal into the normal range exactly), else 1; None where no entry is subnormal or ``d`` holds no
    NumPy floats (mpmath numbers and balls have no such floor)."""
    value = raw(d)
    dtype = getattr(value, "dtype", None)
    if dtype is None or dtype.kind != "f":
        return None
    tiny = np.finfo(dtype).tiny
    below = np.abs(value) < tiny
    if not np.any(below):
        return None
    return np.where(below, dtype.type(1 / tiny), dtype.type(1))


def _one_where_zero(ans):
    return select(raw(ans) == 0, 1.0, ans)


defvjp(absolute, _abs_vjp)
defjvp(absolute, _abs_jvp)
defvjp(sqrt, lambda g, ans, x: _over(g, _made(np.multiply, 2, ans) if _pool else 2 * ans), reads="ans", fresh=True)
defjvp(sqrt, lambda t, ans, x: t / (2 * ans))
defvjp(cbrt, lambda g, ans, x: g / (3 * ans * ans), reads="ans")
defjvp(cbrt, lambda t, ans, x: t / (3 * ans * ans))
defvjp(square, lambda g, ans, x: _times(x, _scaled(g, 2)), reads="args", fresh=True)
defjvp(square, lambda t, ans, x: t * 2 * x)
defvjp(reciprocal, lambda g, ans, x: _times(ans, _times(ans, _negated(g))), reads="ans", fresh=True)
defjvp(reciprocal, lambda t, ans, x: -t * ans * ans)

# -- exponentials and logarithms ----------------------------------------------


defvjp(exp, lambda g, ans, x: _scaled(g, ans), reads="ans", fresh=True)
defjvp(exp, lambda t, ans, x: t * ans)
defvjp(exp2, lambda g, ans, x: g * ans * constant("ln2", ans), reads="ans")
defjvp(exp2, lambda t, ans, x: t * ans * constant("ln2", ans))
# exp(x) rather than ans + 1: for x << 0, expm1(x) is -1 + tiny and ans + 1 keeps only
# the rounding of -1 (all of e^-26 lost to 1e-5; e^-40 comes out 0).
defvjp(expm1, lambda g, ans, x: _times(g, exp(x)), reads="args", fresh=True)
defjvp(expm1, lambda t, ans, x: t * exp(x))
defvjp(log, lambda g, ans, x: _made(np.divide, g, x) if _pool else g / x, reads="args", fresh=True)
defjvp(log, lambda t, ans, x: t / x)
# (g / x) / ln b: x * ln b rounds a subnormal x to its few bits (5e-324 * ln 2 is 5e-324) and overflows for
# x > 7.8e307 (b = 10), g / ln b rounds a subnormal g, and g / x overflows only where the slope does.
defvjp(log2, lambda g, ans, x: g / x * constant("1/ln2", ans))
defjvp(log2, lambda t, ans, x: t / x * constant("1/ln2", ans))
defvjp(log10, lambda g, ans, x: g / x * constant("1/ln10", ans))
defjvp(log10, lambda t, ans, x: t / x * constant("1/ln10", ans))
defvjp(log1p, lambda g, ans, x: _over(g, _made(np.add, x, 1) if _pool else x + 1), reads="args", fresh=True)
defjvp(log1p, lambda t, ans, x: t / (x + 1))

# -- trigonometric and hyperbolic ---------------------------------------------


defvjp(sin, lambda g, ans, x: _times(g, cos(x)), reads="args", fresh=True)
defjvp(sin, lambda t, ans, x: t * cos(x))
defvjp(cos, lambda g, ans, x: _times(_negated(g), sin(x)), reads="args", fresh=True)
defjvp(cos, lambda t, ans, x: -t * sin(x))
defvjp(tan, lambda g, ans, x: g / square(cos(x)), reads="args")
defjvp(tan, lambda t, ans, x: t / square(cos(x)))
# (1-x)(1+x) rather than 1-x**2: no cancellation near |x| = 1.
defvjp(arcsin, lambda g, ans, x: g / sqrt((1 - x) * (1 + x)), reads="args")
defjvp(arcsin, lambda t, ans, x: t / sqrt((1 - x) * (1 + x)))
defvjp(arccos, lambda g, ans, x: -g / sqrt((1 - x) * (1 + x)), reads="args")
defjvp(arccos, lambda t, ans, x: -t / sqrt((1 - x) * (1 + x)))


def _arctan_vjp(g, ans, x):
    big = np.abs(raw(x)) > 1
    if not np.any(big):
        return _over(g, _plus(1, _made(np.multiply, x, x) if _pool else x * x))
    # Beyond 1, u (u / (1 + u^2)) with u = 1/x: 1 + x * x overflows from 1.3e154 (1.8e19 in float32),
    # where 1 / (1 + x^2) is still a (subnormal) number. Each branch is fed values it is safe on.
    near, far = select(big, 0.0, x), select(big, x, 2.0)
    u = 1 / far
    return g * select(big, u * (u / (1 + u * u)), 1 / (1 + near * near))


defvjp(arctan, _arctan_vjp, reads="args", fresh=True)
defjvp(arctan, lambda t, ans, x: _arctan_vjp(t, ans, x))


def _over_hypot_squared(v, y, x):
    """v / (x^2 + y^2) as (v / r) / r, r = hypot(x, y): x * x + y * y overflows at 1e155 and
    underflows at 1e-155 where v / (x^2 + y^2) is a number."""
    r = hypot(x, y)
    return v / r / r


defvjp(
    arctan2,
    lambda g, ans, y, x: unbroadcast(g * _over_hypot_squared(x, y, x), y),
    lambda g, ans, y, x: unbroadcast(-g * _over_hypot_squared(y, y, x), x),
    reads="args",
)
defvjp(sinh, lambda g, ans, x: _times(g, cosh(x)), reads="args", fresh=True)
defjvp(sinh, lambda t, ans, x: t * cosh(x))
defvjp(cosh, lambda g, ans, x: _times(g, sinh(x)), reads="args", fresh=True)
defjvp(cosh, lambda t, ans, x: t * sinh(x))


def _sech_squared(x):
    # (2 / (e^x + e^-x))**2: one exp, a third of cosh's cost here, and never
    # 1 - tanh(x)**2, which is exactly 0 for x > 19; 2/s squared rather than
    # 4/s**2, whose s**2 overflows while the answer is still a (subnormal) number.
    e = exp(x)
    return _squared(_over(2, _plus(e, _made(np.divide, 1, e) if _pool else 1 / e)))


defvjp(tanh, lambda g, ans, x: _times(g, _sech_squared(x)), reads="args", fresh=True)
defjvp(tanh, lambda t, ans, x: _times(t, _sech_squared(x)))


def _arcsinh_slope(x):
    """sqrt(1 + x^2), 1 / arcsinh'(x): hypot for real x (no overflow of x^2), which has no complex form."""
    if holds_complex(x):
        return sqrt(1 + x * x)
    return hypot(x, 1)


defvjp(arcsinh, lambda g, ans, x: g / _arcsinh_slope(x), reads="args")
defjvp(arcsinh, lambda t, ans, x: t / _arcsinh_slope(x))
defvjp(arccosh, lambda g, ans, x: g / (sqrt(x - 1) * sqrt(x + 1)), reads="args")
defjvp(arccosh, lambda t, ans, x: t / (sqrt(x - 1) * sqrt(x + 1)))
defvjp(arctanh, lambda g, ans, x: g / ((1 - x) * (1 + x)), reads="args")
defjvp(arctanh, lambda t, ans, x: t / ((1 - x) * (1 + x)))
# g (x / ans): g x overflows where the answer does not (x / ans is at most 1).
defvjp(
    hypot,
    lambda g, ans, x, y: unbroadcast(g * (x / ans), x),
    lambda g, ans, x, y: unbroadcast(g * (y / ans), y),
)

# -- selection, clipping and the smooth maxima ---------------------------------


defvjp(
    where,
    None,
    lambda g, ans, c, x, y: unbroadcast(select(c, g, 0.0), x),
    lambda g, ans, c, x, y: unbroadcast(select(c, 0.0, g), y),
    reads="args",
)
defjvp(
    where,
    None,
    lambda t, ans, c, x, y: select(c, broadcast_like(t, ans), 0.0),
    lambda t, ans, c, x, y: select(c, 0.0, broadcast_like(t, ans)),
)


def _tie_share(x, y, winner):
    # Where x and y are equal the gradient is split evenly, as in JAX and autograd.
    if x.dtype == object:  # high-precision numbers: each pair ordered as the pick itself ordered it
        x, y = np.broadcast_arrays(x, y)
        out = np.empty(x.shape, dtype=float)
        for k, (a, b) in enumerate(zip(x.flat, y.flat)):
            order = pick_order(a, b)
            if order is None:
                out.flat[k] = 0.5 if a == b else float(bool(winner(a, b)))
            else:
                above, equal = order
                out.flat[k] = 0.5 if equal else float(above == (winner is np.greater))
        return out
    return np.where(x == y, 0.5, np.where(winner(x, y), 1.0, 0.0))


def _unordered(x, y):
    """No order of ``x`` and ``y`` beyond their own comparisons (`pick_order` where no balls are bound)."""
    return None


# pick_order(x, y) -> (x > y, x == y) of two high-precision numbers as maximum and minimum decide them, or None where
# their own comparisons do: `arb.enable` binds the balls' (their anchored difference), under which 1 and 1 + e^-800
# overlap at any working precision yet the pick chose the second, so its rule must weigh the second.
pick_order = _unordered


def _selection_rules(share, better):
    """The two VJP rules of an op that picks one operand: the picked one gets the gradient.

    ``share(x, y, better)`` says how much of it goes to ``x``, on raw values.
    """

    def weight(x, y):
        x, y = raw(x), raw(y)
        return np.asarray(share(np.asarray(x), np.asarray(y), better)).astype(float_dtype(x, y))

    return (
        lambda g, ans, x, y: unbroadcast(g * weight(x, y), x),
        lambda g, ans, x, y: unbroadcast(g * weight(y, x), y),
    )


defvjp(maximum, *_selection_rules(_tie_share, np.greater), reads="args")
defvjp(minimum, *_selection_rules(_tie_share, np.less), reads="args")


def _fmax_share(x, y, better):
    # fmax/fmin ignore a NaN operand, so the gradient goes to the other one.
    # (isnan the op, not np.isnan: it also takes mpmath numbers.)
    x_nan, y_nan = np.asarray(isnan(x), dtype=bool), np.asarray(isnan(y), dtype=bool)
    return np.where(y_nan, 1.0, np.where(x_nan, 0.0, _tie_share(x, y, better)))


defvjp(fmax, *_selection_rules(_fmax_share, np.greater), reads="args")
defvjp(fmin, *_selection_rules(_fmax_share, np.less), reads="args")


# clip is minimum(maximum(x, lo), hi), as in NumPy, also where lo > hi: there the
# output is hi whatever x is, so hi gets the gradient and lo none.
defvjp(
    clip,
    lambda g, ans, x, lo, hi: unbroadcast(
        select(np.logical_and(_ge(x, lo), _le(x, hi)), g, 0.0), x
    ),
    lambda g, ans, x, lo, hi: unbroadcast(
        select(np.logical_and(_lt_picked(x, lo), _le(lo, hi)), g, 0.0), lo
    ),
    lambda g, ans, x, lo, hi: unbroadcast(
        select(np.logical_or(_gt_picked(x, hi), _gt(lo, hi)), g, 0.0), hi
    ),
    reads="args",
)


def _ge(x, bound):
    return True if bound is None else _as_picked(raw(x), raw(bound), np.greater_equal)


def _le(x, bound):
    return True if bound is None else _as_picked(raw(x), raw(bound), np.less_equal)


def _gt(lo, hi):
    return False if lo is None or hi is None else raw(lo) > raw(hi)


def _lt_picked(x, bound):
    return _as_picked(raw(x), raw(bound), np.less)


def _gt_picked(x, bound):
    return _as_picked(raw(x), raw(bound), np.greater)


def _as_picked(x, y, test):
    """``test(x, y)`` elementwise; on high-precision numbers as clip's picks ordered each pair (`pick_order`): two
    balls that overlap, of which the pick took one by the point's own branch, are ordered as it took them."""
    if np.asarray(x).dtype != object and np.asarray(y).dtype != object:
        return test(x, y)
    x, y = np.broadcast_arrays(np.asarray(x, dtype=object), np.asarray(y, dtype=object))
    out = np.empty(x.shape, dtype=bool)
    for k, (a, b) in enumerate(zip(x.flat, y.flat)):
        order = pick_order(a, b)
        if order is None:
            out.flat[k] = bool(test(a, b))
        else:
            above, equal = order
            out.flat[k] = bool(test(int(above) - int(not above and not equal), 0))
    return out


def _share(z, other, ans):
    """logaddexp's slope in z, the share of e^z in e^z + e^other: sigmoid(z - other), from the inputs alone, where
    `shares_from_inputs` says so (floats, mpmath numbers), else e^(z - ans)."""
    if shares_from_inputs(z, other):
        return sigmoid(z - other)
    return exp(z - ans)


defvjp(
    logaddexp,
    lambda g, ans, x, y: unbroadcast(g * _share(x, y, ans), x),
    lambda g, ans, x, y: unbroadcast(g * _share(y, x, ans), y),
)
defjvp(
    logaddexp,
    lambda t, ans, x, y: t * _share(x, y, ans),
    lambda t, ans, x, y: t * _share(y, x, ans),
)


# sigmoid(x)*sigmoid(-x) rather than s*(1-s): keeps e^-|x| where 1-s rounds to 0.
defvjp(sigmoid, lambda g, ans, x: g * ans * sigmoid(-x))
defjvp(sigmoid, lambda t, ans, x: t * ans * sigmoid(-x))
defvjp(softplus, lambda g, ans, x: _times(g, sigmoid(x)), reads="args", fresh=True)
defjvp(softplus, lambda t, ans, x: t * sigmoid(x))

# -- complex parts ------------------------------------------------------------

defvjp(real, lambda g, ans, x: g, reads="")
defvjp(imag, lambda g, ans, x: multiply(-1j, g) if holds_complex(x) else zeros_like(x), reads="")  # g may be a ball
defvjp(conj, lambda g, ans, x: conj(g), reads="")

# -- dtype ----------------------------------------------------------------------


def _counts(dtype):
    """Whether a cast to ``dtype`` makes a count or a truth (bool, integers): a step function of x, slope 0."""
    return np.dtype(dtype).kind in "biu"


def _cast_back(g, x):
    """A cast's cotangent in ``x``'s dtype: of a real ``x`` cast to complex, the real part of ``g`` (the imaginary
    part moves no real input; NumPy's own cast would drop it with a ComplexWarning the user never caused)."""
    if holds_complex(g) and not holds_complex(x):
        g = real(g)
    return astype(g, dtype_of(x))


defvjp(astype, lambda g, ans, x, dtype: zeros_like(x) if _counts(dtype) else _cast_back(g, x), reads="")
defjvp(astype, lambda t, ans, x, dtype: zeros_like(ans) if _counts(dtype) else astype(t, dtype))
defvjp(python_float, lambda g, ans, x: _cast_back(g, x), reads="")
defjvp(python_float, lambda t, ans, x: python_float(t))
