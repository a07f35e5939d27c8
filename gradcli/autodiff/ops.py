"""Elementwise primitives and their derivative rules: the VJP table as data.

Each op is one `Primitive` line and one `defvjp` line (plus a `defjvp` line
where forward mode is cheap). Rules are written with gradcli ops and ordinary
operators, so the backward pass of a traced computation is traced too.
Broadcasting is undone in exactly one place, `unbroadcast`.
"""

from __future__ import annotations

import functools
import math
import operator
import sys

import numpy as np

from .core import defjvp, defvjp
from .tracer import NUMPY_SCALAR_TYPES, Box, is_mp_value, nondifferentiable, primitive

# -- helpers used by every rule -----------------------------------------------


def raw(x):
    """The untraced value under any number of boxes."""
    while isinstance(x, Box):
        x = x._value
    return x


def shape_of(x):
    while isinstance(x, Box):
        x = x._value
    try:
        return x.shape
    except AttributeError:  # Python numbers, mpmath numbers, lists
        return np.shape(x)


def dtype_of(x):
    value = raw(x)
    if isinstance(value, (np.ndarray, np.generic)):
        return value.dtype
    if isinstance(value, bool):
        return np.dtype(bool)
    if isinstance(value, int):
        return np.dtype(np.int64)
    if isinstance(value, float):
        return np.dtype(np.float64)
    if isinstance(value, complex):
        return np.dtype(np.complex128)
    return np.dtype(object)


def is_float_dtype(dtype):
    """Whether ``dtype`` holds floating-point numbers: NumPy's real or complex, or ml_dtypes'."""
    return dtype.kind in "fc" or (dtype.kind == "V" and _is_extension_float(dtype))


@functools.lru_cache(maxsize=None)
def _is_extension_float(dtype):
    # ml_dtypes' floats (bfloat16, the float8s) are void-kind dtypes to NumPy, as
    # are its int4s and structured dtypes; ml_dtypes.finfo tells them apart. It is
    # only asked once imported: no value of its dtypes can exist before, and
    # gradcli must run without it.
    ml_dtypes = sys.modules.get("ml_dtypes")
    if ml_dtypes is None:
        return False
    try:
        ml_dtypes.finfo(dtype)
    except (TypeError, ValueError):
        return False
    return True


def result_dtype(*values):
    """The dtype an op on raw ``values`` computes in: NumPy's promotion, real Python numbers weak.

    NumPy keeps Python numbers weak next to its own dtypes (float32 and 0.5 give
    float32) but not next to ml_dtypes' (bfloat16 and 0.5 give float64), so they
    are left out whenever anything else is there. ``None`` (a missing clip
    bound) is skipped.
    """
    strong = [
        v if type(v) is complex else np.asarray(v).dtype
        for v in values
        if v is not None and type(v) not in (bool, int, float)
    ]
    return np.result_type(*(strong or [v for v in values if v is not None]))


def float_dtype(*values):
    """The float dtype a rule builds its constants in: `result_dtype`, float64 for integers."""
    dtype = result_dtype(*values)
    return dtype if is_float_dtype(dtype) else np.dtype(np.float64)


def weak(c, like):
    """The Python float ``c`` made ready to combine with ``like`` without changing its dtype.

    NumPy keeps a Python float weak next to its own dtypes, so there ``c`` comes
    back as it is; next to an ml_dtypes float (bfloat16) NumPy would promote, so
    there it becomes a scalar of that dtype. Exact constants need none of this:
    Python ints are weak next to every dtype, so rules write ``2 * x``, not ``2.0 * x``.
    """
    dtype = getattr(raw(like), "dtype", None)
    if dtype is not None and dtype.kind == "V" and _is_extension_float(dtype):
        return dtype.type(c)
    return c


def in_input_dtype(fun, first=0):
    """``fun`` with its result in its inputs' float dtype (of ``args[first:]``), for upcasting ones.

    scipy.special has no float16 loops and upcasts some float32 inputs (and
    float32 arrays mixed with Python floats) to float64; np.clip computes
    bfloat16 in float32. NumPy's own ufuncs keep the dtype and need no wrapper.
    """

    @functools.wraps(fun)
    def evaluate(*args):
        out = fun(*args)
        dtype = result_dtype(*args[first:])
        if is_float_dtype(dtype) and np.result_type(out) != dtype:
            out = out.astype(dtype)
        return out

    return evaluate


def zeros_like(x):
    """A constant zero shaped and typed like ``x`` (float, mpmath number or array)."""
    return _filled_like(x, 0)


def ones_like_value(x):
    """A constant one shaped and typed like ``x`` (the seed of a backward pass)."""
    return _filled_like(x, 1)


def _filled_like(x, fill):
    # Built from the type, never as x*0 (+1), which is NaN where x is inf or NaN.
    if type(x) is np.float64:  # the usual seed of a backward pass
        return np.float64(fill)
    value = raw(x)
    if isinstance(value, np.ndarray):
        if value.dtype == object:
            out = np.empty(value.shape, dtype=object)
            out.fill(type(value.flat[0])(fill) if value.size else fill)
            return out
        return np.full_like(value, fill)
    if isinstance(value, np.generic):
        return value.dtype.type(fill)
    if isinstance(value, (bool, int)):
        return float(fill)
    return type(value)(fill)


_NUMPY_VALUES = frozenset({np.ndarray, *NUMPY_SCALAR_TYPES})


def unbroadcast(g, target):
    """Sum ``g`` down to the shape of ``target``, undoing NumPy broadcasting.

    Also drops the imaginary part when ``target`` is real. Every VJP of a
    broadcasting op ends here, so broadcasting is handled once.
    """
    kind = type(g)
    if kind is type(target) and (kind is float or kind in NUMPY_SCALAR_TYPES):
        return g  # two scalars of one type: nothing to sum, no imaginary part to drop
    raw_g, raw_target = raw(g), raw(target)
    if (
        type(raw_g) in _NUMPY_VALUES
        and type(raw_target) in _NUMPY_VALUES
        and raw_g.shape == raw_target.shape
        and (raw_g.dtype.kind != "c" or raw_target.dtype.kind == "c")
    ):
        return g  # the common case: nothing to undo
    shape = shape_of(target)
    g_shape = shape_of(g)
    if g_shape != shape:
        extra = len(g_shape) - len(shape)
        axes = tuple(range(extra)) + tuple(
            extra + i for i, n in enumerate(shape) if n == 1 and g_shape[extra + i] != 1
        )
        if axes:
            g = sum_(g, axis=axes, keepdims=False)
        if len(shape_of(g)) != len(shape):
            g = reshape(g, shape)
    if np.iscomplexobj(raw(g)) and not np.iscomplexobj(raw(target)):
        g = real(g)
    return g


def _elementwise(fun, name, scalar=None, mp=True, scalar_on_numpy=False):
    return primitive(fun, name, scalar=scalar, scalar_on_numpy=scalar_on_numpy, mp=mp, kind="elementwise")


# -- arithmetic ---------------------------------------------------------------

add = _elementwise(np.add, "add", operator.add, scalar_on_numpy=True)
subtract = _elementwise(np.subtract, "subtract", operator.sub, scalar_on_numpy=True)
multiply = _elementwise(np.multiply, "multiply", operator.mul, scalar_on_numpy=True)
divide = _elementwise(np.divide, "divide", operator.truediv, scalar_on_numpy=True)
true_divide = divide
power = _elementwise(np.power, "power", math.pow)
negative = _elementwise(np.negative, "negative", operator.neg, scalar_on_numpy=True)
mod = _elementwise(np.mod, "mod", operator.mod)  # floor mod, as np.mod (math.fmod truncates)
absolute = _elementwise(np.abs, "abs", abs)
abs = absolute  # noqa: A001 - the NumPy name
sqrt = _elementwise(np.sqrt, "sqrt", math.sqrt)
cbrt = _elementwise(np.cbrt, "cbrt", getattr(math, "cbrt", None))
square = _elementwise(np.square, "square", lambda x: x * x)
reciprocal = _elementwise(lambda x: np.divide(1, x), "reciprocal", lambda x: 1.0 / x)

defvjp(add, lambda g, ans, x, y: unbroadcast(g, x), lambda g, ans, x, y: unbroadcast(g, y))
defjvp(add, lambda t, ans, x, y: broadcast_like(t, ans), lambda t, ans, x, y: broadcast_like(t, ans))
defvjp(
    subtract,
    lambda g, ans, x, y: unbroadcast(g, x),
    lambda g, ans, x, y: unbroadcast(-g, y),
)
defjvp(
    subtract,
    lambda t, ans, x, y: broadcast_like(t, ans),
    lambda t, ans, x, y: broadcast_like(-t, ans),
)
defvjp(
    multiply,
    lambda g, ans, x, y: unbroadcast(g * y, x),
    lambda g, ans, x, y: unbroadcast(x * g, y),
)
defjvp(multiply, lambda t, ans, x, y: t * y, lambda t, ans, x, y: x * t)
defvjp(
    divide,
    lambda g, ans, x, y: unbroadcast(g / y, x),
    lambda g, ans, x, y: unbroadcast(-g * x / (y * y), y),
)
defjvp(divide, lambda t, ans, x, y: t / y, lambda t, ans, x, y: -t * x / (y * y))


def _power_dbase(x, y):
    """d/dx x**y = y * x**(y-1), exactly 0 where y == 0 (never 0 * x**-1, which is nan at 0)."""
    if type(y) in (int, float) or (not isinstance(y, Box) and np.ndim(y) == 0):
        if y == 2:
            return 2 * x  # x**2 is most powers: skip computing x**1
        if y == 0:
            return zeros_like(x)
        return y * power(x, y - 1)
    # x**(y-1) with the exponent 1 where x == y == 0, so that y * x**... is 0 * 0
    # there, and stays 0 once differentiated again (x**1 -> 1, times y == 0).
    at_zero = np.logical_and(raw(x) == 0, raw(y) == 0)
    return y * power(x, select(at_zero, 1, y - 1))


def _power_vjp_base(g, ans, x, y):
    return unbroadcast(g * _power_dbase(x, y), x)


def _log_base(x, ans):
    # log x, with log 1 = 0 standing in at x == 0: there d/dy x**y = x**y log x is 0
    # (for y > 0), not 0*-inf. A constant Python base stays a (weak) Python float,
    # or becomes an mpmath number when the power is one (2.0**x on mpmath numbers).
    if type(x) in (int, float):
        if x > 0 and is_mp_value(raw(ans)):
            return _mpmath().log(x)
        return math.log(x) if x > 0 else (0.0 if x == 0 else math.nan)
    return log(select(raw(x) == 0, 1.0, x))


def _power_vjp_exponent(g, ans, x, y):
    return unbroadcast(g * ans * _log_base(x, ans), y)


defvjp(power, _power_vjp_base, _power_vjp_exponent)
defjvp(
    power,
    lambda t, ans, x, y: t * _power_dbase(x, y),
    lambda t, ans, x, y: t * ans * _log_base(x, ans),
)
defvjp(negative, lambda g, ans, x: -g)
defjvp(negative, lambda t, ans, x: -t)
defvjp(
    mod,
    lambda g, ans, x, y: unbroadcast(g, x),
    lambda g, ans, x, y: unbroadcast(-g * floor(x / y), y),
)


def _abs_vjp(g, ans, x):
    if np.iscomplexobj(raw(x)):
        # |z| is real: its gradient in the core's convention (df/dx - i df/dy) is
        # conj(z)/|z|, taken as 0 at z = 0 as for real x.
        return real(g) * conj(x) / _one_where_zero(ans)
    return g * sign(x)


def _abs_jvp(t, ans, x):
    if np.iscomplexobj(raw(x)):
        return real(conj(x) * t) / _one_where_zero(ans)  # Re(conj(z) dz) / |z|: real
    return t * sign(x)


def _one_where_zero(ans):
    return select(raw(ans) == 0, 1.0, ans)


defvjp(absolute, _abs_vjp)
defjvp(absolute, _abs_jvp)
defvjp(sqrt, lambda g, ans, x: g / (2 * ans))
defjvp(sqrt, lambda t, ans, x: t / (2 * ans))
defvjp(cbrt, lambda g, ans, x: g / (3 * ans * ans))
defjvp(cbrt, lambda t, ans, x: t / (3 * ans * ans))
defvjp(square, lambda g, ans, x: g * 2 * x)
defjvp(square, lambda t, ans, x: t * 2 * x)
defvjp(reciprocal, lambda g, ans, x: -g * ans * ans)
defjvp(reciprocal, lambda t, ans, x: -t * ans * ans)

# -- exponentials and logarithms ----------------------------------------------

_LN2 = math.log(2.0)
_LN10 = math.log(10.0)


def _mpmath():
    import mpmath  # only ever reached with mpmath numbers, so it is already loaded

    return mpmath


def constant(name, like):
    """A constant of a rule (``"ln2"``, ``"ln10"``, ``"2/sqrt(pi)"``) in the precision of ``like``.

    A weak Python float (see `weak`: float32 and bfloat16 rules stay so), or an
    mpmath number at the working precision when ``like`` holds mpmath numbers:
    a float constant there would cap the high-precision reference at float64's
    16 digits.
    """
    if is_mp_value(raw(like)):
        mp = _mpmath()
        return {"ln2": mp.ln2, "ln10": mp.ln10, "2/sqrt(pi)": 2 / mp.sqrt(mp.pi)}[name] * 1
    return weak(_FLOAT_CONSTANTS[name], like)


_FLOAT_CONSTANTS = {"ln2": _LN2, "ln10": _LN10, "2/sqrt(pi)": 2.0 / math.sqrt(math.pi)}

exp = _elementwise(np.exp, "exp", math.exp)
exp2 = _elementwise(np.exp2, "exp2", lambda x: math.pow(2.0, x))
expm1 = _elementwise(np.expm1, "expm1", math.expm1)
log = _elementwise(np.log, "log", math.log)
log2 = _elementwise(np.log2, "log2", math.log2)
log10 = _elementwise(np.log10, "log10", math.log10)
log1p = _elementwise(np.log1p, "log1p", math.log1p)

defvjp(exp, lambda g, ans, x: g * ans)
defjvp(exp, lambda t, ans, x: t * ans)
defvjp(exp2, lambda g, ans, x: g * ans * constant("ln2", ans))
defjvp(exp2, lambda t, ans, x: t * ans * constant("ln2", ans))
# exp(x) rather than ans + 1: for x << 0, expm1(x) is -1 + tiny and ans + 1 keeps only
# the rounding of -1 (all of e^-26 lost to 1e-5; e^-40 comes out 0).
defvjp(expm1, lambda g, ans, x: g * exp(x))
defjvp(expm1, lambda t, ans, x: t * exp(x))
defvjp(log, lambda g, ans, x: g / x)
defjvp(log, lambda t, ans, x: t / x)
defvjp(log2, lambda g, ans, x: g / (x * constant("ln2", ans)))
defjvp(log2, lambda t, ans, x: t / (x * constant("ln2", ans)))
defvjp(log10, lambda g, ans, x: g / (x * constant("ln10", ans)))
defjvp(log10, lambda t, ans, x: t / (x * constant("ln10", ans)))
defvjp(log1p, lambda g, ans, x: g / (x + 1))
defjvp(log1p, lambda t, ans, x: t / (x + 1))

# -- trigonometric and hyperbolic ---------------------------------------------

sin = _elementwise(np.sin, "sin", math.sin)
cos = _elementwise(np.cos, "cos", math.cos)
tan = _elementwise(np.tan, "tan", math.tan)
arcsin = _elementwise(np.arcsin, "arcsin", math.asin)
arccos = _elementwise(np.arccos, "arccos", math.acos)
arctan = _elementwise(np.arctan, "arctan", math.atan)
arctan2 = _elementwise(np.arctan2, "arctan2", math.atan2)
sinh = _elementwise(np.sinh, "sinh", math.sinh)
cosh = _elementwise(np.cosh, "cosh", math.cosh)
tanh = _elementwise(np.tanh, "tanh", math.tanh)
arcsinh = _elementwise(np.arcsinh, "arcsinh", math.asinh)
arccosh = _elementwise(np.arccosh, "arccosh", math.acosh)
arctanh = _elementwise(np.arctanh, "arctanh", math.atanh)
hypot = _elementwise(np.hypot, "hypot", math.hypot)

defvjp(sin, lambda g, ans, x: g * cos(x))
defjvp(sin, lambda t, ans, x: t * cos(x))
defvjp(cos, lambda g, ans, x: -g * sin(x))
defjvp(cos, lambda t, ans, x: -t * sin(x))
defvjp(tan, lambda g, ans, x: g / square(cos(x)))
defjvp(tan, lambda t, ans, x: t / square(cos(x)))
# (1-x)(1+x) rather than 1-x**2: no cancellation near |x| = 1.
defvjp(arcsin, lambda g, ans, x: g / sqrt((1 - x) * (1 + x)))
defjvp(arcsin, lambda t, ans, x: t / sqrt((1 - x) * (1 + x)))
defvjp(arccos, lambda g, ans, x: -g / sqrt((1 - x) * (1 + x)))
defjvp(arccos, lambda t, ans, x: -t / sqrt((1 - x) * (1 + x)))
defvjp(arctan, lambda g, ans, x: g / (1 + x * x))
defjvp(arctan, lambda t, ans, x: t / (1 + x * x))
defvjp(
    arctan2,
    lambda g, ans, y, x: unbroadcast(g * x / (x * x + y * y), y),
    lambda g, ans, y, x: unbroadcast(-g * y / (x * x + y * y), x),
)
defvjp(sinh, lambda g, ans, x: g * cosh(x))
defjvp(sinh, lambda t, ans, x: t * cosh(x))
defvjp(cosh, lambda g, ans, x: g * sinh(x))
defjvp(cosh, lambda t, ans, x: t * sinh(x))
# 1/cosh(x)**2 rather than 1 - tanh(x)**2, which is exactly 0 for x > 19.
defvjp(tanh, lambda g, ans, x: g / square(cosh(x)))
defjvp(tanh, lambda t, ans, x: t / square(cosh(x)))
defvjp(arcsinh, lambda g, ans, x: g / hypot(x, 1))
defjvp(arcsinh, lambda t, ans, x: t / hypot(x, 1))
defvjp(arccosh, lambda g, ans, x: g / (sqrt(x - 1) * sqrt(x + 1)))
defjvp(arccosh, lambda t, ans, x: t / (sqrt(x - 1) * sqrt(x + 1)))
defvjp(arctanh, lambda g, ans, x: g / ((1 - x) * (1 + x)))
defjvp(arctanh, lambda t, ans, x: t / ((1 - x) * (1 + x)))
defvjp(
    hypot,
    lambda g, ans, x, y: unbroadcast(g * x / ans, x),
    lambda g, ans, x, y: unbroadcast(g * y / ans, y),
)

# -- selection, clipping and the smooth maxima ---------------------------------


def _where_raw(condition, x, y):
    out = np.where(condition, x, y)
    return out[()] if out.ndim == 0 else out  # scalars in, a scalar out


where = primitive(_where_raw, "where", mp=True, kind="elementwise")
defvjp(
    where,
    None,
    lambda g, ans, c, x, y: unbroadcast(select(c, g, 0.0), x),
    lambda g, ans, c, x, y: unbroadcast(select(c, 0.0, g), y),
)
defjvp(
    where,
    None,
    lambda t, ans, c, x, y: select(c, broadcast_like(t, ans), 0.0),
    lambda t, ans, c, x, y: select(c, 0.0, broadcast_like(t, ans)),
)


def select(condition, x, y):
    """``where`` for rules: a raw condition choosing between (possibly traced) values.

    A Python float branch is a `weak` constant: it keeps the other branch's dtype.
    """
    if type(x) is float:
        x = weak(x, y)
    elif type(y) is float:
        y = weak(y, x)
    return where(raw(condition), x, y)


def _tie_share(x, y, winner):
    # Where x and y are equal the gradient is split evenly, as in JAX and autograd.
    return np.where(x == y, 0.5, np.where(winner(x, y), 1.0, 0.0))


maximum = _elementwise(np.maximum, "maximum", None)
minimum = _elementwise(np.minimum, "minimum", None)
fmax = _elementwise(np.fmax, "fmax", None)
fmin = _elementwise(np.fmin, "fmin", None)


def _selection_rules(share, better):
    """The two VJP rules of an op that picks one operand: the picked one gets the gradient.

    ``share(x, y, better)`` says how much of it goes to ``x``, on raw values.
    """

    def weight(x, y):
        x, y = raw(x), raw(y)
        return share(x, y, better).astype(float_dtype(x, y))

    return (
        lambda g, ans, x, y: unbroadcast(g * weight(x, y), x),
        lambda g, ans, x, y: unbroadcast(g * weight(y, x), y),
    )


defvjp(maximum, *_selection_rules(_tie_share, np.greater))
defvjp(minimum, *_selection_rules(_tie_share, np.less))


def _fmax_share(x, y, better):
    # fmax/fmin ignore a NaN operand, so the gradient goes to the other one.
    # (isnan the op, not np.isnan: it also takes mpmath numbers.)
    x_nan, y_nan = np.asarray(isnan(x), dtype=bool), np.asarray(isnan(y), dtype=bool)
    return np.where(y_nan, 1.0, np.where(x_nan, 0.0, _tie_share(x, y, better)))


defvjp(fmax, *_selection_rules(_fmax_share, np.greater))
defvjp(fmin, *_selection_rules(_fmax_share, np.less))


def _clip_raw(x, lo, hi):
    return np.clip(x, lo, hi)


# np.clip computes bfloat16 in float32.
clip = primitive(in_input_dtype(_clip_raw), "clip", mp=True, kind="elementwise")
# clip is minimum(maximum(x, lo), hi), as in NumPy, also where lo > hi: there the
# output is hi whatever x is, so hi gets the gradient and lo none.
defvjp(
    clip,
    lambda g, ans, x, lo, hi: unbroadcast(
        select(np.logical_and(_ge(x, lo), _le(x, hi)), g, 0.0), x
    ),
    lambda g, ans, x, lo, hi: unbroadcast(
        select(np.logical_and(raw(x) < raw(lo), _le(lo, hi)), g, 0.0), lo
    ),
    lambda g, ans, x, lo, hi: unbroadcast(
        select(np.logical_or(raw(x) > raw(hi), _gt(lo, hi)), g, 0.0), hi
    ),
)


def _ge(x, bound):
    return True if bound is None else raw(x) >= raw(bound)


def _le(x, bound):
    return True if bound is None else raw(x) <= raw(bound)


def _gt(lo, hi):
    return False if lo is None or hi is None else raw(lo) > raw(hi)


logaddexp = _elementwise(np.logaddexp, "logaddexp", None)
defvjp(
    logaddexp,
    lambda g, ans, x, y: unbroadcast(g * exp(x - ans), x),
    lambda g, ans, x, y: unbroadcast(g * exp(y - ans), y),
)
defjvp(
    logaddexp,
    lambda t, ans, x, y: t * exp(x - ans),
    lambda t, ans, x, y: t * exp(y - ans),
)


def _sigmoid_raw(x):
    # Never exponentiate a positive number: exact for large |x| in any dtype.
    x = np.asarray(x) if not isinstance(x, np.generic) else x
    e = np.exp(-np.abs(x))
    out = np.where(x >= 0, 1 / (1 + e), e / (1 + e))
    return out[()] if isinstance(out, np.ndarray) and out.ndim == 0 else out


def _sigmoid_scalar(x):
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    e = math.exp(x)
    return e / (1.0 + e)


def _softplus_raw(x):
    return np.logaddexp(np.zeros_like(x), x)


def _softplus_scalar(x):
    return max(x, 0.0) + math.log1p(math.exp(-abs(x)))


sigmoid = _elementwise(_sigmoid_raw, "sigmoid", _sigmoid_scalar)
softplus = _elementwise(_softplus_raw, "softplus", _softplus_scalar)
# sigmoid(x)*sigmoid(-x) rather than s*(1-s): keeps e^-|x| where 1-s rounds to 0.
defvjp(sigmoid, lambda g, ans, x: g * ans * sigmoid(-x))
defjvp(sigmoid, lambda t, ans, x: t * ans * sigmoid(-x))
defvjp(softplus, lambda g, ans, x: g * sigmoid(x))
defjvp(softplus, lambda t, ans, x: t * sigmoid(x))

# -- complex parts ------------------------------------------------------------

real = _elementwise(np.real, "real", None)
imag = _elementwise(np.imag, "imag", None)
conj = _elementwise(np.conj, "conj", None)
defvjp(real, lambda g, ans, x: g)
defvjp(imag, lambda g, ans, x: -1j * g if np.iscomplexobj(raw(x)) else zeros_like(x))
defvjp(conj, lambda g, ans, x: conj(g))

# -- dtype ----------------------------------------------------------------------


def _astype_raw(x, dtype):
    if isinstance(x, np.ndarray):
        return x.astype(dtype)
    return np.dtype(dtype).type(x)


astype = primitive(_astype_raw, "astype", kind="elementwise")
defvjp(astype, lambda g, ans, x, dtype: astype(g, dtype_of(x)))
defjvp(astype, lambda t, ans, x, dtype: astype(t, dtype))

# -- non-differentiable: the output is a constant as far as gradients go -------

floor = nondifferentiable(np.floor, name="floor", kind="elementwise", mp=True)
floor_divide = nondifferentiable(
    np.floor_divide, name="floor_divide", kind="elementwise", mp=True, scalar=operator.floordiv
)
ceil = nondifferentiable(np.ceil, name="ceil", kind="elementwise", mp=True)
round = nondifferentiable(np.round, name="round", kind="elementwise", mp=True)  # noqa: A001
rint = nondifferentiable(np.rint, name="rint", kind="elementwise", mp=True)
trunc = nondifferentiable(np.trunc, name="trunc", kind="elementwise", mp=True)
sign = nondifferentiable(np.sign, name="sign", kind="elementwise", mp=True)
greater = nondifferentiable(np.greater, name="greater", kind="comparison", mp=True)
greater_equal = nondifferentiable(np.greater_equal, name="greater_equal", kind="comparison", mp=True)
less = nondifferentiable(np.less, name="less", kind="comparison", mp=True)
less_equal = nondifferentiable(np.less_equal, name="less_equal", kind="comparison", mp=True)
equal = nondifferentiable(np.equal, name="equal", kind="comparison", mp=True)
not_equal = nondifferentiable(np.not_equal, name="not_equal", kind="comparison", mp=True)
logical_and = nondifferentiable(np.logical_and, name="logical_and", kind="comparison", mp=True)
logical_or = nondifferentiable(np.logical_or, name="logical_or", kind="comparison", mp=True)
logical_not = nondifferentiable(np.logical_not, name="logical_not", kind="comparison", mp=True)
isnan = nondifferentiable(np.isnan, name="isnan", kind="comparison", mp=True)
isinf = nondifferentiable(np.isinf, name="isinf", kind="comparison", mp=True)
isfinite = nondifferentiable(np.isfinite, name="isfinite", kind="comparison", mp=True)


def divmod_(x, y):
    """``np.divmod``: ``(x // y, x % y)``, the quotient a constant, the remainder differentiable."""
    return floor_divide(x, y), mod(x, y)


def _identity(x):
    return x


stop_gradient = nondifferentiable(_identity, name="stop_gradient", kind="other")
stop_gradient.__doc__ = """Return ``x`` as a constant: no gradient flows through it, at any order.

>>> grad(lambda x: x * stop_gradient(x))(3.0)
3.0
"""


def broadcast_like(t, ans):
    """A tangent broadcast to the output's shape (for add/subtract in forward mode)."""
    if shape_of(t) == shape_of(ans):
        return t
    return broadcast_to(t, shape_of(ans))


def vdot_real(a, b):
    """Sum of the elementwise product: the inner product the checker and JVPs use."""
    product = a * b
    if shape_of(product) == ():
        return product
    return sum_(product)


# Array ops the rules above use; defined in ops_array (imported last to avoid a cycle).
from .ops_array import broadcast_to, reshape, sum_  # noqa: E402
