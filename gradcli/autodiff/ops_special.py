"""Special functions (erf, gammaln, digamma...), computed by scipy.special when it is installed.

Without scipy, erf, erfc and gammaln fall back to Python's ``math`` module
element by element (slow but exact to float64), xlogy and xlog1py to NumPy;
digamma and polygamma (and so gammaln's gradient) need scipy.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import math
import os
import sys

import numpy as np

from . import arb_proof
from .core import defvjp, defjvp
from .ops import absolute, arctan2, constant, cos, exp2, exp_of_square, imag, log, log1p, multiply, real, select
from .ops_array import shares_from_inputs, unbroadcast
from .tracer import is_mp_value, primitive
from .values import float_dtype, holds_complex, in_input_dtype, loaded_mpmath, raw, weak

# scipy.special is imported on first use: it costs ~0.3 s, more than NumPy.
HAVE_SCIPY = importlib.util.find_spec("scipy") is not None


def _scipy_function(name):
    """A function that calls ``scipy.special.<name>``, importing scipy on the first call."""
    cache = []

    def evaluate(*args, **kwargs):
        if not cache:
            cache.append(_scipy_ufunc(name))
        return cache[0](*args, **kwargs)

    evaluate.__name__ = name
    evaluate.computed_by = f"SciPy's {name}"  # the library a finding names for its float numbers (wrappers keep it)
    return evaluate


# The ufuncs scipy.special exports from its compiled module `_special_ufuncs` (the very objects:
# `tests/test_special_alone.py`). That module loaded alone costs ~2 ms of CPU; the package ~0.27 s,
# most of it SciPy's array-API layer, which also imports numpy.testing, numpy.f2py and unittest.
_ALONE = frozenset({"erf", "erfc", "gammaln", "xlogy", "xlog1py"})


def _scipy_ufunc(name):
    """``scipy.special.<name>``: where it is one of `_ALONE`, read from its compiled module without the package."""
    if name in _ALONE and "scipy.special" not in sys.modules:
        try:
            found = getattr(_special_ufuncs_alone(), name)
        except Exception:  # noqa: BLE001 - any other layout of SciPy: the package, as for the rest
            found = None
        if isinstance(found, np.ufunc):
            return found
    import scipy.special

    return getattr(scipy.special, name)


def _special_ufuncs_alone():
    """SciPy's extension module ``scipy.special._special_ufuncs``, loaded from its file without importing scipy.special."""
    name = "scipy.special._special_ufuncs"
    if name in sys.modules:
        return sys.modules[name]
    folder = os.path.join(importlib.util.find_spec("scipy").submodule_search_locations[0], "special")
    finder = importlib.machinery.FileFinder(folder, (importlib.machinery.ExtensionFileLoader, importlib.machinery.EXTENSION_SUFFIXES))
    spec = finder.find_spec(name)
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    finally:
        # A module loaded this way enters sys.modules without its parent package's attribute; a later
        # `import scipy.special` then loads it the usual way (a compiled module's second load shares its ufuncs).
        if sys.modules.get(name) is module:
            del sys.modules[name]
    return module


def _is_ball(value):
    return type(value).__module__.startswith("flint")


# Set by `mp.enable`: an mpmath answer moved outward under a directed rounding, so that the noise the exact reference
# reads from rounding down and up holds what an mpmath function does not round the asked way (expm1(-1e300) is -1),
# and what the function makes of its arguments' own rounding (called with the function and its arguments)
moved_outward = None


class BeyondNumbers(ArithmeticError):
    """An op's answer on mpmath numbers that no number gradcli computes with holds: exp at e^1e58 (its exponent
    alone would have 1e58 digits), where mpmath raises OverflowError. The point has no exact reference."""


def beyond_numbers(name, args, error=None, why="has an exponent beyond every number the exact reference holds"):
    """The `BeyondNumbers` of op ``name`` at ``args``: ``why``, and mpmath's ``error`` where it raised one."""
    mpmath = loaded_mpmath()
    at = ", ".join(_short_number(mpmath, a) if isinstance(a, mpmath.mpf) else repr(a) for a in args)
    raised = f" (mpmath: {error})" if error is not None else ""
    return BeyondNumbers(f"{name}({at}) {why}{raised}")


def _short_number(mpmath, number):
    """``number`` to 3 digits, a decimal exponent of more than 15 digits as 10^(its logarithm): -e^(1e300) is
    -10^(4.34e+299), not 300 digits of exponent."""
    if mpmath.isfinite(number) and number != 0 and abs(mpmath.mag(number)) > 10**16:
        with mpmath.workdps(30):
            return f"{'-' if number < 0 else ''}10^({mpmath.nstr(mpmath.log10(abs(number)), 3)})"
    return mpmath.nstr(number, 3)


def _moving_proof_number(value):
    """Whether ``value`` is, or is an object array holding, a proof number with slopes (`arb_proof.Sym`)."""
    entries = value.flat if isinstance(value, np.ndarray) and value.dtype == object else (value,)
    return any(type(e) is arb_proof.Sym and e.d is not None for e in entries)


def mpmath_only(name, fun):
    """``fun``, an mpmath implementation, refusing python-flint balls rather than reading them as floats, and
    proof numbers with slopes unless ``fun.proves`` (it has a proof rule of its own).

    mpmath would take a ball for its midpoint and answer a plain number, which
    ball arithmetic would then treat as exact; the refusal sends the exact
    reference to mpmath's own path instead. Its answer is moved outward under
    a directed rounding (`moved_outward`), as every other op's mpmath answer is.
    """

    def run(*args, **kwargs):
        if arb_proof.proving and not getattr(fun, "proves", False) and any(_moving_proof_number(a) for a in args):
            # mpmath code reads a proof number as a plain number: a shortcut it takes (exprel's 1 at t == 0) drops
            # the number's slopes, and a 0 proven through it would prove nothing
            raise arb_proof.NoProof(f"no proof rule for {name}")
        for a in args:
            if _is_ball(a) or (isinstance(a, np.ndarray) and a.dtype == object and any(_is_ball(v) for v in a.flat)):
                raise ArithmeticError(f"no ball implementation of {name}")
        try:
            out = fun(*args, **kwargs)
        except (OverflowError, MemoryError) as error:  # an exponent past what mpmath's integers hold
            raise beyond_numbers(name, args, error) from None
        if moved_outward is None:
            return out
        return moved_outward(out) if kwargs else moved_outward(out, fun, args)

    run.__name__ = getattr(fun, "__name__", name)
    return run


def _from_math(name, fun):
    vectorized = np.frompyfunc(fun, 1, 1)

    def evaluate(x):
        x = np.asarray(x)
        return vectorized(x).astype(float_dtype(x))[()]

    evaluate.__name__ = name
    return evaluate


def _needs_scipy(name):
    def evaluate(*args):
        raise ImportError(f"gradcli.numpy.{name} needs scipy: pip install scipy")

    evaluate.__name__ = name
    return evaluate


def _special(name, nin=1, math_fun=None, fallback=None, first=0, around_scipy=None):
    """The primitive for ``scipy.special.<name>``: scipy when installed, else a fallback.

    ``math_fun`` is a scalar ``math`` function (also the plain-float fast path),
    ``fallback`` a NumPy one; without either, the value needs scipy. ``around_scipy``
    makes the function that computes with SciPy's where SciPy is installed.
    """
    if HAVE_SCIPY:
        scipy_function = _scipy_function(name)
        fun = in_input_dtype(around_scipy(scipy_function) if around_scipy else scipy_function, first)
    elif math_fun is not None:
        fun = _from_math(name, math_fun)
    elif fallback is not None:
        fun = in_input_dtype(fallback, first)  # np.where(..., 0.0, x) promotes bfloat16
    else:
        fun = _needs_scipy(name)
    fun.nin = nin  # the wrappers take *args: the catalogue reads the arity here, as on a ufunc
    return primitive(fun, name, scalar=math_fun, mp=True, kind="elementwise")


def _xlogy_numpy(x, y):
    return np.where(np.asarray(x) == 0, 0.0, x * np.log(y))


def _xlog1py_numpy(x, y):
    return np.where(np.asarray(x) == 0, 0.0, x * np.log1p(y))


def cot_derivative(n):
    """The integer coefficients, lowest power first, of P_n with d^n/dx^n cot(pi x) = pi^n P_n(cot(pi x)): P_0(c) =
    c and P_(k+1)(c) = -(1 + c^2) P_k'(c). The reflection formula of the polygamma functions reads them
    (`polygamma_reflected`)."""
    coefficients = [0, 1]
    for _ in range(n):
        slope = [k * a for k, a in enumerate(coefficients)][1:] or [0]
        out = [0] * (len(slope) + 2)
        for k, a in enumerate(slope):  # -(1 + c^2) * slope
            out[k] -= a
            out[k + 2] -= a
        coefficients = out
    return coefficients


def polygamma_reflected(n, cot, pi, right):
    """psi_n(x) for x < 0 off the poles by reflection, from ``cot`` = cot(pi x), ``pi`` and ``right`` = psi_n(1 - x),
    numbers of any one kind (floats, mpmath's, balls): psi_n(x) = (-1)^(n+1) ((-1)^n pi^(n+1) P_n(cot) - psi_n(1 - x)),
    with P_n of `cot_derivative`. The recurrence that steps x up one unit at a time to the positive axis (SciPy's,
    mpmath's) takes |x| steps: a day at x = -1e15."""
    total = 0 * cot
    for a in reversed(cot_derivative(n)):
        total = total * cot + a
    sign = -1 if n % 2 else 1  # (-1)^n; (-1)^(n+1) is -sign
    return -sign * (sign * pi ** (n + 1) * total - right)


# Left of this SciPy's polygamma takes more than 0.05 s an entry, the time growing with |x| (`polygamma_reflected`).
_POLYGAMMA_FAR_LEFT = -1e6


def _polygamma_by_scipy_or_reflection(scipy_polygamma):
    """SciPy's polygamma(n, x), by `polygamma_reflected` left of `_POLYGAMMA_FAR_LEFT` off the poles (whole x, where
    SciPy answers at once)."""

    def evaluate(n, x, *args, **kwargs):
        shaped = np.asarray(x)
        if shaped.dtype.kind != "f" or not np.any(shaped < _POLYGAMMA_FAR_LEFT):
            return scipy_polygamma(n, x, *args, **kwargs)
        n, x = np.broadcast_arrays(np.asarray(n), shaped.astype(np.float64))
        far = (x < _POLYGAMMA_FAR_LEFT) & (x != np.round(x)) & (n == np.round(n)) & (n >= 0)
        out = np.array(scipy_polygamma(np.where(far, 1, n), np.where(far, 0.5, x)), dtype=np.float64)
        with np.errstate(all="ignore"):
            for order in np.unique(n[far]).astype(int).tolist():
                here = far & (n == order)
                r = x[here] - np.round(x[here])  # exact: cot(pi x) has period 1, and pi x would round at 1e15
                right = np.asarray(scipy_polygamma(order, 1.0 - x[here]), dtype=np.float64)
                out[here] = polygamma_reflected(order, 1.0 / np.tan(np.pi * r), np.pi, right)
        return out if out.ndim else out[()]

    evaluate.__name__ = "polygamma"
    evaluate.computed_by = getattr(scipy_polygamma, "computed_by", "SciPy's polygamma")
    return evaluate


erf = _special("erf", math_fun=math.erf)
erfc = _special("erfc", math_fun=math.erfc)
gammaln = _special("gammaln", math_fun=math.lgamma)
digamma = _special("digamma")
# polygamma(n, x): the dtype is x's
polygamma = _special("polygamma", nin=2, first=1, around_scipy=_polygamma_by_scipy_or_reflection)
xlogy = _special("xlogy", nin=2, fallback=_xlogy_numpy)
xlog1py = _special("xlog1py", nin=2, fallback=_xlog1py_numpy)

# What each function needs scipy for, when scipy is not installed: its value, or
# only its gradient (gammaln's is digamma). `gradcli ops` shows it; a test hides
# scipy and checks these against what actually fails.
NEEDS_SCIPY = {"digamma": "value", "polygamma": "value", "gammaln": "gradient"}

# 2/sqrt(pi) in the input's precision: a float, or an mpmath number on the mp path.
# exp(-x^2) without x * x's rounding (`exp_of_square`), which moves it by 7e-14 at x = 26.
defvjp(erf, lambda g, ans, x: g * constant("2/sqrt(pi)", ans) * exp_of_square(x, -1))
defjvp(erf, lambda t, ans, x: t * constant("2/sqrt(pi)", ans) * exp_of_square(x, -1))
defvjp(erfc, lambda g, ans, x: -g * constant("2/sqrt(pi)", ans) * exp_of_square(x, -1))
defjvp(erfc, lambda t, ans, x: -t * constant("2/sqrt(pi)", ans) * exp_of_square(x, -1))
defvjp(gammaln, lambda g, ans, x: g * digamma(x))
defjvp(gammaln, lambda t, ans, x: t * digamma(x))
defvjp(digamma, lambda g, ans, x: g * polygamma(1, x))
defjvp(digamma, lambda t, ans, x: t * polygamma(1, x))
defvjp(polygamma, None, lambda g, ans, n, x: g * polygamma(n + 1, x))


def _x_over(x, d):
    """x / d, and 0 where x and d are both 0 (there xlogy is 0 for every y).

    Where only x is 0 this stays x / d, so its x-derivative (the mixed second
    derivative 1 / d) is kept rather than replaced by a constant 0.
    """
    both_zero = np.logical_and(raw(x) == 0, raw(d) == 0)
    return x / select(both_zero, 1.0, d)


defvjp(
    xlogy,
    lambda g, ans, x, y: unbroadcast(g * log(y), x),
    lambda g, ans, x, y: unbroadcast(g * _x_over(x, y), y),
)
defvjp(
    xlog1py,
    lambda g, ans, x, y: unbroadcast(g * log1p(y), x),
    lambda g, ans, x, y: unbroadcast(g * _x_over(x, y + 1), y),
)


# -- log2(2^x + 2^y) ------------------------------------------------------------------------

logaddexp2 = primitive(np.logaddexp2, "logaddexp2", mp=True, kind="elementwise")


def _share(z, other, ans):
    """The share of 2^z in 2^z + 2^other, which is logaddexp2's derivative in z: 1 / (1 + 2^(other - z)) from the
    inputs alone where `shares_from_inputs` says so (floats, mpmath numbers), else 2^(z - ans)."""
    if shares_from_inputs(z, other):
        return 1 / (1 + exp2(other - z))
    return exp2(z - ans)


defvjp(
    logaddexp2,
    lambda g, ans, x, y: unbroadcast(g * _share(x, y, ans), x),
    lambda g, ans, x, y: unbroadcast(g * _share(y, x, ans), y),
)
defjvp(logaddexp2, lambda t, ans, x, y: t * _share(x, y, ans), lambda t, ans, x, y: t * _share(y, x, ans))


# -- sinc(x) = sin(pi x) / (pi x) ------------------------------------------------------------

sinc = primitive(in_input_dtype(np.sinc), "sinc", mp=True, kind="elementwise")

# Below this |x|, sinc'(x) = (cos(pi x) - sinc(x)) / x loses digits to cancellation (both
# terms near 1) and is 0/0 at 0; its Taylor series there, sum over n >= 1 of
# (-1)^n 2n / (2n+1)! pi^2n x^(2n-1), is exact to double precision with ten terms and,
# being a polynomial, differentiates again correctly at 0.
_SERIES_BELOW = 0.25
_SLOPE_SERIES = tuple(((-1) ** n * 2 * n, math.factorial(2 * n + 1)) for n in range(1, 11))  # in (pi x)^2


def _exact(numerator, denominator, like):
    """numerator / denominator in the precision of ``like``: an mpmath number, or a weak Python float."""
    if is_mp_value(raw(like)):
        return loaded_mpmath().mpf(numerator) / denominator
    return weak(numerator / denominator, like)


def _pi(like):
    return constant("pi", like)


def _sinc_slope(x):
    """sinc'(x): its closed form, and near 0 its Taylor series."""
    small = np.abs(raw(x)) < _SERIES_BELOW
    near, far = select(small, x, _SERIES_BELOW), select(small, 1.0, x)
    pi = _pi(x)
    u = (pi * near) * (pi * near)
    series = _exact(*_SLOPE_SERIES[-1], x)
    for numerator, denominator in reversed(_SLOPE_SERIES[:-1]):
        series = _exact(numerator, denominator, x) + u * series
    closed = (cos(pi * far) - sinc(far)) / far
    return select(small, pi * pi * near * series, closed)


defvjp(sinc, lambda g, ans, x: g * _sinc_slope(x), reads="args")
defjvp(sinc, lambda t, ans, x: t * _sinc_slope(x))


# -- angles, composed of the ops above ----------------------------------------------------


def angle(z, deg=False):
    """``np.angle``: the argument of a complex number, arctan2(imag, real); of a real one, 0 or pi (a constant)."""
    value = raw(z)
    if holds_complex(z):
        a = arctan2(imag(z), real(z))
    else:
        a = arctan2(np.zeros_like(value), value)  # of the value alone: a constant
    return multiply(a, constant("180/pi", a)) if deg else a


def deg2rad(x):
    """``np.deg2rad``: degrees times pi / 180."""
    return multiply(x, constant("pi/180", x))


def rad2deg(x):
    """``np.rad2deg``: radians times 180 / pi."""
    return multiply(x, constant("180/pi", x))


radians = deg2rad
degrees = rad2deg
fabs = absolute  # NumPy's for real numbers, which is abs
