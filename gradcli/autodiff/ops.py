"""Elementwise primitives: one `Primitive` line per op, on NumPy, on floats and on mpmath numbers.

Their derivative rules are in `ops_rules`, which imports these; the helpers
the rules share (`select`, `constant`) are here because the array ops' rules
use them too. What a value is (``raw``, its shape and dtype) is `values`'s.
"""

from __future__ import annotations

import cmath
import math
import operator

import numpy as np

from .tracer import held_constant, is_mp_value, nondifferentiable, primitive
from .values import dtype_of, holds_complex, in_input_dtype, is_float_dtype, loaded_mpmath, raw, shape_of, weak  # noqa: F401

# dtype_of, is_float_dtype and shape_of are read from here by the checker and the tests.


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


def _cube_root(x):
    """The float nearest the cube root of the Python number ``x``: the C library's cbrt that math.cbrt calls is off
    by up to 3 ulps on some systems (cbrt(27.0) = 3.0000000000000004), so its answer is stepped to the neighbour whose
    interval between midpoints holds ``x``, decided on integers (no midpoint's cube is a float: no ties)."""
    x = float(x)
    if x == 0 or not math.isfinite(x):
        return x
    size, size_exponent = _integer_parts(abs(x))
    root = math.cbrt(abs(x))
    while True:
        whole, exponent = _integer_parts(root)
        if _above_cube(size, size_exponent, 2 * whole + 1, exponent - 1):  # beyond the midpoint to the next float up
            root = math.nextafter(root, math.inf)
            continue
        below = (4 * whole - 1, exponent - 2) if whole == 1 << 52 else (2 * whole - 1, exponent - 1)  # a binade's edge
        if not _above_cube(size, size_exponent, *below):
            root = math.nextafter(root, 0.0)
            continue
        return math.copysign(root, x)


def _integer_parts(value):
    """``(m, e)`` with ``value = m 2^e`` exactly, ``m`` a 53-bit integer, for a positive finite float."""
    fraction, exponent = math.frexp(value)
    return int(fraction * 2.0**53), exponent - 53


def _above_cube(whole, exponent, root_whole, root_exponent):
    """Whether ``whole 2^exponent`` exceeds ``(root_whole 2^root_exponent)^3``, on integers."""
    shift = exponent - 3 * root_exponent
    if shift >= 0:
        return whole << shift > root_whole**3
    return whole > root_whole**3 << -shift


cbrt = _elementwise(np.cbrt, "cbrt", _cube_root)
square = _elementwise(np.square, "square", lambda x: x * x)
reciprocal = _elementwise(lambda x: np.divide(1, x), "reciprocal", lambda x: 1.0 / x)


# -- exponentials and logarithms ----------------------------------------------

def constant(name, like, scale=1):
    """``scale`` times a constant of a rule (a key of `CONSTANTS`: ``"ln2"``, ``"2/sqrt(pi)"``...) in the precision of ``like``.

    A weak Python float (see `weak`: float32 and bfloat16 rules stay so, each
    number what ``scale * <the expression on math's floats>`` gives), or the
    same expression at the working precision when ``like`` holds mpmath numbers
    or balls (`high_precision`): a float constant there would cap the
    high-precision reference at float64's 16 digits.
    """
    space = high_precision(like)
    if space is None:
        return weak(scale * CONSTANTS[name](math), like)
    high = space.constant(name)
    return high * scale if scale != 1 else high * 1


def lifted(v, like):
    """A plain number or float array of the caller's (a distribution's parameter) exact in the precision of ``like``.

    Unchanged in a dtype; where ``like`` holds mpmath numbers or balls, each entry
    becomes one of those, exactly, as that space takes a float (`high_precision`'s
    ``mpf``: a ball of the float's value; beside a proof's numbers, a proof number of
    the binary rational it is): an op on the plain float would compute in float64
    inside the high-precision run (log(df), lgamma(a)).
    """
    space = high_precision(like)
    if space is None or is_mp_value(raw(v)):
        return v
    v = held_constant(v)  # a user's literal, as the narrower dtype's program met the data with it
    array = np.asarray(raw(v))
    if array.dtype.kind not in "fiu":
        return v
    if array.ndim == 0:
        return _exact_number(space, array.item())
    out = np.empty(array.shape, dtype=object)
    out.flat[:] = [_exact_number(space, e) for e in array.ravel().tolist()]  # a float32 entry is its float64 value
    return out


def exact_beside(values):
    """``values`` (the arrays a concatenation or a stack joins) with each float one exact in the precision of those
    holding high-precision numbers (`lifted`); unchanged where none does.

    A float 0.3 joined to balls as it is stays a float entry, and the next op
    computes on that entry alone entry by entry (``0.3 ** 2`` in float64) inside
    the high-precision run.
    """
    like = next((v for v in map(raw, values) if _holds_high_precision(v)), None)
    if like is None:
        return values
    like = like.flat[0] if isinstance(like, np.ndarray) else like
    return tuple(lifted(v, like) if np.asarray(raw(v)).dtype.kind == "f" else v for v in values)


def exact_entries(array):
    """An object array (NumPy's array of a list of balls and floats) with each float entry exact in the precision of
    its high-precision entries (`lifted`), as `exact_beside` makes a joined array's; any other array unchanged."""
    if not isinstance(array, np.ndarray) or array.dtype != object:
        return array
    entries = array.ravel().tolist()
    like = next((e for e in entries if is_mp_value(e)), None)
    if like is None or not any(map(_is_float_entry, entries)):
        return array
    out = np.empty(array.shape, dtype=object)
    out.flat[:] = [lifted(e, like) if _is_float_entry(e) else e for e in entries]
    return out


def _is_float_entry(entry):
    """Whether an object array's entry is a plain float (Python's or NumPy's), one `exact_entries` lifts."""
    return type(entry) is float or isinstance(entry, np.floating)


def _holds_high_precision(value):
    if not is_mp_value(value):
        return False
    return not isinstance(value, np.ndarray) or (value.size > 0 and is_mp_value(value.flat[0]))


def _exact_number(space, number):
    """``number`` as ``space``'s exact number; an infinity stays the float it is (exact already, and a ball of it
    would lose its sign: flint's ball of -inf is [+/- inf])."""
    return space.mpf(number) if math.isfinite(number) else float(number)


class _OnMpmath:
    """The constants and exact numbers of `high_precision` as mpmath numbers at the working precision."""

    @staticmethod
    def constant(name):
        return CONSTANTS[name](loaded_mpmath())

    @staticmethod
    def mpf(v):
        return loaded_mpmath().mpf(v)


def high_precision(like):
    """Where ``like`` holds mpmath numbers or balls, what makes constants and exact numbers like them; else None.

    The space answers ``constant(name)`` and ``mpf(number)``: mpmath's numbers at the working precision, or
    (`ball_math`, filled by `arb.enable`) balls, or beside a proof's numbers the exact numbers the proof reads."""
    value = raw(like)
    if not is_mp_value(value):
        first = value.flat[0] if isinstance(value, np.ndarray) and value.dtype == object and value.size else value
        if type(raw(first)).__module__.startswith("mpmath"):  # a float constant beside it would be float64 in disguise
            raise TypeError("an mpmath number reached gradcli's ops before gradcli.autodiff.mp.enable()")
        return None
    return (None if ball_math is None else ball_math(value)) or _OnMpmath


def _euler(m):
    """Euler's constant gamma in the namespace ``m`` (mpmath's, the balls', a proof's); math has none: NumPy's float."""
    return m.euler * 1 if hasattr(m, "euler") else np.euler_gamma  # * 1: mpmath's lazy constant as a number, as pi's


# Each constant as an expression over a namespace with pi, sqrt, log (and euler where it has one): math's (the float
# rules' numbers), mpmath's or the balls' (the high-precision paths'), so one text serves every precision.
CONSTANTS = {
    "ln2": lambda m: m.log(2),
    "ln10": lambda m: m.log(10),
    "1/ln10": lambda m: 1 / m.log(10),
    "pi": lambda m: m.pi * 1,
    "2/sqrt(pi)": lambda m: 2 / m.sqrt(m.pi),
    "sqrt(pi)/2": lambda m: m.sqrt(m.pi) / 2,
    "1/sqrt(2)": lambda m: 1 / m.sqrt(2),
    "sqrt(2/pi)": lambda m: m.sqrt(2 / m.pi),
    "sqrt(2pi)": lambda m: m.sqrt(2 * m.pi),
    "1/sqrt(2pi)": lambda m: 1 / m.sqrt(2 * m.pi),
    "log(pi)": lambda m: m.log(m.pi),
    "log(2pi)": lambda m: m.log(2 * m.pi),
    "1+log(2pi)": lambda m: 1 + m.log(2 * m.pi),
    "180/pi": lambda m: 180 / m.pi,
    "pi/180": lambda m: m.pi / 180,
    "2pi": lambda m: 2 * m.pi,
    "pi/2": lambda m: m.pi / 2,
    "pi/4": lambda m: m.pi / 4,
    "1/pi": lambda m: 1 / m.pi,
    "sqrt(pi)": lambda m: m.sqrt(m.pi),
    "1/sqrt(pi)": lambda m: 1 / m.sqrt(m.pi),
    "sqrt(2)": lambda m: m.sqrt(2),
    "log(2pi)/2": lambda m: m.log(2 * m.pi) / 2,
    "1/ln2": lambda m: 1 / m.log(2),
    "euler": _euler,
    "e": lambda m: m.e * 1,
}

# Set by `arb.enable`: value -> the namespace making constants and exact numbers as balls where
# ``value`` holds balls, jets or proof numbers, else None (a callable handed down: arb sits above).
ball_math = None

exp = _elementwise(np.exp, "exp", math.exp)
exp2 = _elementwise(np.exp2, "exp2", lambda x: math.pow(2.0, x))
expm1 = _elementwise(np.expm1, "expm1", math.expm1)
log = _elementwise(np.log, "log", math.log)
log2 = _elementwise(np.log2, "log2", math.log2)
log10 = _elementwise(np.log10, "log10", math.log10)
log1p = _elementwise(np.log1p, "log1p", math.log1p)


def exp_of_square(x, scale):
    """exp(scale x^2) for a rule (scale a power of two, such as -1 or -1/2), without x^2's rounding in a float dtype.

    x * x rounded moves exp(-x^2) by x^2 times the dtype's epsilon (7e-14 at x = 26 in float64, where SciPy's erfc
    keeps every digit). Here x = head + tail, head x with the lower half of its mantissa cleared (Veltkamp's
    split), so head^2 is exact and exp(scale x^2) = exp(scale head^2) exp(scale (x + head) tail), the second
    factor's argument small. head is held still: tail carries x's motion, so the derivative is 2 scale x
    exp(scale x^2) as it should be. Beyond 2^(maxexp/4), or at inf and NaN, head is 0 (the plain form: exp is
    0 or inf there long before). On mpmath numbers and balls, whose precision covers the square, the plain form.
    """
    values = raw(x)
    if is_mp_value(values) or dtype_of(x).kind != "f":
        return exp(scale * (x * x))
    head = _upper_half(values)
    return exp(scale * (head * head)) * exp(scale * ((x + head) * (x - head)))


def _upper_half(values):
    """Veltkamp's split of float ``values``: each with the lower half of its mantissa rounded away (0 past
    2^(maxexp/4) and where not finite), so that its square is exact in the dtype."""
    array = np.asarray(values)
    info = np.finfo(array.dtype)
    with np.errstate(all="ignore"):
        spread = array * array.dtype.type(2 ** ((info.nmant + 2) // 2) + 1)
        head = spread - (spread - array)
        head = np.where(np.abs(array) < array.dtype.type(2.0 ** (info.maxexp // 4)), head, 0).astype(array.dtype)
    return float(head) if type(values) is float else head[()]


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


# -- selection, clipping and the smooth maxima ---------------------------------


def _where_raw(condition, x, y):
    out = np.where(condition, x, y)
    return out[()] if out.ndim == 0 else out  # scalars in, a scalar out


where = primitive(_where_raw, "where", mp=True, kind="elementwise")


def select(condition, x, y):
    """``where`` for rules: a raw condition choosing between (possibly traced) values.

    A Python float branch is a `weak` constant: it keeps the other branch's dtype.
    """
    if type(x) is float:
        x = weak(x, y)
    elif type(y) is float:
        y = weak(y, x)
    return where(as_condition(raw(condition)), x, y)


def as_condition(condition):
    """A plain condition as NumPy reads it, made boolean: a number or an integer mask (``np.where(0, a, b)``, a mask
    combined by ``&`` with Python's ``~True``) holds where it is nonzero; an exact run would lift it as a number."""
    if isinstance(condition, (int, float, np.integer, np.floating)) and not isinstance(condition, (bool, np.bool_)):
        return bool(condition)
    if isinstance(condition, np.ndarray) and condition.dtype.kind in "iuf":
        return condition != 0
    return condition


maximum = _elementwise(np.maximum, "maximum", None)
minimum = _elementwise(np.minimum, "minimum", None)
fmax = _elementwise(np.fmax, "fmax", None)
fmin = _elementwise(np.fmin, "fmin", None)


def _clip_raw(x, lo, hi):
    return np.clip(x, lo, hi)


# np.clip computes bfloat16 in float32.
clip = primitive(in_input_dtype(_clip_raw), "clip", mp=True, kind="elementwise")


logaddexp = _elementwise(np.logaddexp, "logaddexp", None)


def _sigmoid_raw(x):
    # Never exponentiate a positive number: exact for large |x| in any dtype.
    x = np.asarray(x) if not isinstance(x, np.generic) else x
    if np.iscomplexobj(x):  # no sign to choose by: the definition, as the frameworks' complex kernels compute it
        return 1 / (1 + np.exp(-x))
    e = np.exp(-np.abs(x))
    out = np.where(x >= 0, 1 / (1 + e), e / (1 + e))
    return out[()] if isinstance(out, np.ndarray) and out.ndim == 0 else out


def _sigmoid_scalar(x):
    if isinstance(x, complex):
        return 1 / (1 + cmath.exp(-x))
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

# -- complex parts ------------------------------------------------------------

real = _elementwise(np.real, "real", None)
imag = _elementwise(np.imag, "imag", None)
conj = _elementwise(np.conj, "conj", None)

# -- dtype ----------------------------------------------------------------------


def _astype_raw(x, dtype):
    kind = np.dtype(dtype).kind
    if is_float_dtype(np.dtype(dtype)) and is_mp_value(x) and (kind == "c" or not holds_complex(x)):
        # A cast to a float dtype rounds; rounding's exact counterpart is the number itself (slope 1, no step).
        return x
    if integer_cut is not None and kind in "iu" and is_mp_value(x):
        return _cut_to_integers(x, dtype)
    if isinstance(x, np.ndarray):
        return x.astype(dtype)
    return np.dtype(dtype).type(x)


def _cut_to_integers(x, dtype):
    """Exact numbers cast to the integer ``dtype``: each cut toward 0 as the cast cuts a float (`integer_cut`)."""
    if not isinstance(x, np.ndarray):
        return np.dtype(dtype).type(integer_cut(x, dtype))
    return np.array([integer_cut(v, dtype) for v in x.ravel()], dtype=dtype).reshape(x.shape)


integer_cut = None  # `arb.integer_cut` once balls are on: an exact number cut toward 0 to an integer dtype's number


astype = primitive(_astype_raw, "astype", kind="elementwise")


def _python_float_raw(x):
    return x if is_mp_value(x) else float(x)


# A float64 scalar as the Python float that Python's math functions answer with: weak beside NumPy's dtypes
# (a float32 array times it stays float32). An exact run's number stays itself.
python_float = primitive(_python_float_raw, "python_float", kind="elementwise")

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


def modf(x):
    """``np.modf``: ``(x - trunc(x), trunc(x))``, the fraction (exact in floats) differentiable, the whole part a
    constant; both jump at the integers away from 0."""
    whole = trunc(x)
    return x - whole, whole


def _identity(x):
    return x


stop_gradient = nondifferentiable(_identity, name="stop_gradient", kind="other")
stop_gradient.__doc__ = """Return ``x`` as a constant: no gradient flows through it, at any order.

>>> grad(lambda x: x * stop_gradient(x))(3.0)
3.0
"""
