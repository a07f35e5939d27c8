"""SciPy's functions close to the elementary ones: ``lambertw`` (real branches 0 and -1), ``powm1`` and ``cosm1``.

``powm1(x, y)`` = x^y - 1 and ``cosm1(x)`` = cos(x) - 1 keep the digits the subtraction would lose near 0
(cosm1(1e-9) is -5e-19, where cos(1e-9) - 1 is 0). Each answers SciPy's number in a float dtype and, in the exact
reference, its value without the subtraction: expm1(y log x) and -2 sin(x/2)^2.

``lambertw`` is read as a real function. SciPy answers a complex number for every real argument; gradcli's
``lambertw(x, k)`` is its real part, in x's float dtype, where that number is real: W_0 on [-1/e, inf) and W_-1 on
[-1/e, 0), the inverses of w e^w. Where SciPy's imaginary part is a nonzero number the point is outside the real
function's domain and the value is NaN (a `domain` verdict, not a silent real part of a complex branch); ``.real``
and ``np.real`` of the answer are the answer itself. Its slope W' = W / (x (1 + W)) is 1 at 0 and infinite at the
branch point -1/e, where both branches meet at -1.
"""

from __future__ import annotations

import math

import numpy as np

from . import arb_proof
from .core import defjvp, defvjp
from .ops import equal, greater, less, log, logical_and, power, sin, sqrt, where
from .ops_array import unbroadcast
from .ops_scipy import _BALLS, _JET_PARTIALS, _JET_SLOPES, _SPECIAL_MP, _on_balls_too, _with_mpmath
from .ops_special import _scipy_function, mpmath_only
from .tracer import is_mp_value, primitive
from .values import in_input_dtype, loaded_mpmath, raw, weak

# -- cos(x) - 1 -------------------------------------------------------------------------------------------------


def _cosm1_mp(x):
    """-2 sin(x/2)^2: no 1 to cancel (at 1e-200 it is -5e-401)."""
    mpmath = loaded_mpmath()
    return -2 * mpmath.sin(mpmath.ldexp(x, -1)) ** 2


_BALLS["cosm1"] = lambda x: -2 * (x / 2).sin() ** 2
_JET_SLOPES["cosm1"] = lambda answer, x: -x.sin()
_SPECIAL_MP["cosm1"] = _cosm1_mp
cosm1 = _with_mpmath("cosm1")
defvjp(cosm1, lambda g, ans, x: -g * sin(x))
defjvp(cosm1, lambda d, ans, x: -d * sin(x))


# -- x^y - 1 ----------------------------------------------------------------------------------------------------


def _powm1_mp(x, y):
    """x^y - 1 as SciPy's powm1: 0 at y = 0 and at x = 1 (NaN or not the other), expm1(y log|x|) where x^y is near 1,
    NaN for x < 0 and y not an integer."""
    mpmath = loaded_mpmath()
    if y == 0 or x == 1:
        return mpmath.mpf(0)
    if mpmath.isnan(x) or mpmath.isnan(y):
        return mpmath.nan
    if x == 0 or mpmath.isinf(x) or mpmath.isinf(y):
        return mpmath.power(x, y) - 1
    if x < 0 and not mpmath.isint(y):
        return mpmath.nan
    exponent = y * mpmath.log(abs(x))
    with mpmath.extraprec(10 + max(0, int(mpmath.mag(exponent)))):  # e^z's relative error is z's absolute one
        exponent = y * mpmath.log(abs(x))
        if x < 0 and int(y) % 2:
            value = -mpmath.exp(exponent) - 1  # -|x|^y - 1: no cancellation
        else:
            value = mpmath.expm1(exponent)
    return +value


def _integer(y):
    """The exact integer a ball is, or None."""
    return int(y.unique_fmpz()) if y.is_exact() and y.is_integer() else None


def _powm1_ball(x, y):
    """expm1(y log x) on balls with x proven > 0, x^n - 1 at an exact integer n (0 at y = 0 or x = 1 exactly);
    elsewhere mpmath's path."""
    if y.is_zero() or (x - 1).is_zero():
        return type(x)(0)
    if x > 0:
        return (y * x.log()).expm1()
    if _integer(y) is not None:
        return x ** _integer(y) - 1
    raise ArithmeticError("powm1's base not proven > 0 at an exponent not an integer")


def _powm1_in_x_ball(answer, x, y):
    if y.is_zero():
        return type(x)(0)
    if x > 0:
        return y * ((y - 1) * x.log()).exp()
    if _integer(y) is not None:
        return y * x ** (_integer(y) - 1)
    raise ArithmeticError("powm1's base not proven > 0 at an exponent not an integer")


def _powm1_in_y_ball(answer, x, y):
    if not x > 0:  # x^y of a negative x is real at integers y alone: no derivative in y, as power's
        raise ArithmeticError("powm1 with a moving exponent at a base not above 0")
    return (y * x.log()).exp() * x.log()


_BALLS["powm1"] = _powm1_ball
_JET_PARTIALS["powm1"] = (_powm1_in_x_ball, _powm1_in_y_ball)
_powm1_float = in_input_dtype(_scipy_function("powm1"))  # the dtype of both arguments
_powm1_float.nin = 2
_powm1_on_mpmath = mpmath_only("powm1", _powm1_mp)


def _powm1_mp_negative_base(x, y):
    """x^y - 1 on mpmath numbers, a negative x with an integer y through gradcli's own power: its rounding's
    condition is power's closed form, where reading it from powm1 by moving y would leave the real numbers."""
    if type(x) is type(y) is loaded_mpmath().mpf and x < 0 and loaded_mpmath().isint(y):
        return power(x, y) - 1
    return _powm1_on_mpmath(x, y)


_powm1_high = _on_balls_too("powm1", _powm1_mp_negative_base)


def _powm1_exact(x, y):
    """x^y - 1 at high precision; in a proof of a 0 (`arb_proof`), power's number less 1, so power's rules prove
    what they prove (the slope in y at x = 1 is log 1 = 0; an opaque powm1 would leave that slope an atom)."""
    if arb_proof.proving and any(type(a) is arb_proof.Sym for a in (x, y)):
        return arb_proof.run("power", x, y) - 1
    return _powm1_high(x, y)


powm1 = primitive(_powm1_float, "powm1", mp=_powm1_exact, kind="elementwise")


def _powm1_in_x(x, y):
    """y x^(y-1); 0 at y = 0, where powm1 is 0 for every x (x = 0 too, where x^-1 is inf)."""
    at_zero = equal(y, 0)
    away = where(at_zero, 1.0, y)
    return where(at_zero, 0.0, away * power(x, away - 1))


def _powm1_in_y(x, y):
    """x^y log x; 0 at x = 0, where powm1 is -1 for every y > 0 (x^y log x -> 0 there)."""
    at_zero = equal(x, 0)
    away = where(at_zero, 1.0, x)
    return where(at_zero, 0.0, power(away, y) * log(away))


defvjp(powm1, lambda g, ans, x, y: unbroadcast(g * _powm1_in_x(x, y), x),
       lambda g, ans, x, y: unbroadcast(g * _powm1_in_y(x, y), y))
defjvp(powm1, lambda d, ans, x, y: d * _powm1_in_x(x, y), lambda d, ans, x, y: d * _powm1_in_y(x, y))


# -- the real branches of Lambert's W -----------------------------------------------------------------------------

_BRANCHES = (0, -1)


def _lambertw_name(branch):
    """The primitive's name of W's real ``branch``: lambertw_0 or lambertw_m1."""
    return f"lambertw_{'m1' if branch else '0'}"


def _lambertw_real(branch):
    """SciPy's lambertw(x, branch)'s real part, NaN where its imaginary part is a nonzero number (outside the real
    branch's domain); where SciPy's imaginary part is NaN its real part is kept, SciPy's own answer
    (lambertw(-5e-324, -1) is -inf there, where W is -750.9)."""
    lambertw = _scipy_function("lambertw")

    def real_part(x):
        with np.errstate(all="ignore"):
            w = np.asarray(lambertw(x, branch))
        off = (w.imag != 0) & ~np.isnan(w.imag)
        return np.where(off, np.nan, w.real)[()]

    real_part.__name__ = _lambertw_name(branch)
    evaluate = in_input_dtype(real_part)
    evaluate.nin = 1
    return evaluate


# W's argument within 2^(this - the working precision's bits) of -1/e is read as the branch point (its rounding and
# that of the ops before it, many times over; far below any float's distance from -1/e, over 1e-18).
_BRANCH_POINT_BITS = 16


def _lambertw_mp(branch):
    def real_branch(x):
        """W_branch(x) on the real branch's domain, NaN outside it (where mpmath's answer is complex)."""
        mpmath = loaded_mpmath()
        if mpmath.isnan(x):
            return mpmath.nan
        if x == 0:
            return mpmath.mpf(0) if branch == 0 else mpmath.ninf
        near = mpmath.ldexp(1, _BRANCH_POINT_BITS - mpmath.mp.prec)
        if abs(x + mpmath.exp(-1)) <= near:
            return _at_branch_point(branch, near)
        w = mpmath.lambertw(x, branch)
        if isinstance(w, mpmath.mpc):
            return w.real if w.imag == 0 else mpmath.nan
        return w

    return real_branch


def _at_branch_point(branch, near):
    """W at an argument within ``near`` of -1/e, where both branches meet at -1: -1 rounded to nearest; under a
    directed rounding, the far end of the branch over that interval (W moves by sqrt(2 e near) there), the noise
    the branch point's square root gives its argument's rounding.

    A program reaches -1/e only in the limit (-r0 e^-r0 at r0 = 1 rounds to either side of it at every precision,
    and W is NaN just past it): read as the branch point, its value comes out at every precision, with a noise that
    falls as the precision climbs.
    """
    mpmath = loaded_mpmath()
    reach = 2 * mpmath.sqrt(2 * mpmath.e * near)
    if mpmath.mp._prec_rounding[1] == ("c" if branch == 0 else "f"):
        return -1 + reach if branch == 0 else -1 - reach
    return mpmath.mpf(-1)


def _lambertw_ball(branch):
    def on_ball(x):
        """W_branch(x) on a ball whose answer flint proves finite (inside the domain, off x = 0 for branch -1)."""
        if branch and x.is_zero():
            raise ArithmeticError("W_-1 at 0 is -inf")
        w = x.lambertw(branch)
        if not w.is_finite():
            raise ArithmeticError("W's ball outside its real domain")
        return w

    return on_ball


def _lambertw_ball_slope(answer, x):
    """W' = W / (x (1 + W)) on balls, 1 at exactly 0; a ball around 0 or at the branch point: mpmath's path."""
    if x.is_zero():
        return type(x)(1)
    if x.contains(0) or (1 + answer).contains(0):
        raise ArithmeticError("W's slope on a ball around 0 or -1/e")
    return answer / (x * (1 + answer))


# 1/e as the sum of two floats: x + 1/e is exact to 1e-33 next to -1/e (x + its first float cancels exactly there).
_INV_E, _INV_E_LOW = 0.36787944117144233, -1.2428753672788363e-17
_BRANCH_SERIES_BELOW = 0.02  # |s| under which W' is its series in s (its next term is 4e-17 of the sum there)
# W = -1 + s - s^2/3 + 11 s^3/72 - 43 s^4/540 + 769 s^5/17280 - ..., s = +-sqrt(2 e (x + 1/e)): dW/ds's terms
_BRANCH_SLOPE_SERIES = (1.0, -2 / 3, 11 / 24, -43 / 135, 769 / 3456, -1326 / 8505, 680863 / 6220800, -1963 / 25515,
                        226287557 / 4180377600)


def _lambertw_slope(ans, x, branch):
    """W' = (W/x) / (1 + W): 1 at x = 0 (W_0, whose W/x tends to 1), W/x never over- or underflowing where x is
    subnormal; infinite at -1/e, where W = -1.

    Next to -1/e, 1 + W is of the size of s = +-sqrt(2 e (x + 1/e)) (+ on branch 0) and a W rounded to a float
    keeps only half its digits (at the float nearest -1/e, 1 + W = 1.5e-8; SciPy's W there is 3e-9 off), so in a
    float dtype W' is (e/s) times dW/ds's series, from x + 1/e taken exactly. At the working precision it is the
    quotient itself.
    """
    at_zero = equal(x, 0)
    away = where(at_zero, 1.0, x)
    direct = where(at_zero, 1.0, ans / away / (1 + ans))
    if is_mp_value(raw(ans)):
        return direct
    gap = (x + _INV_E) + _INV_E_LOW
    e = weak(math.e, x)
    near = logical_and(greater(gap, 0), less(2 * e * gap, _BRANCH_SERIES_BELOW**2))
    s = sqrt(2 * e * where(near, gap, 0.5 / e))  # 1 where the quotient is taken: each branch finite where unused
    s = -s if branch else s
    total = _BRANCH_SLOPE_SERIES[-1]
    for coefficient in reversed(_BRANCH_SLOPE_SERIES[:-1]):
        total = coefficient + s * total
    return where(near, e / s * total, direct)


def _lambertw_op(branch):
    name = _lambertw_name(branch)
    _BALLS[name] = _lambertw_ball(branch)
    _JET_SLOPES[name] = _lambertw_ball_slope
    op = primitive(_lambertw_real(branch), name, kind="elementwise",
                   mp=_on_balls_too(name, mpmath_only(name, _lambertw_mp(branch))))
    defvjp(op, lambda g, ans, x: g * _lambertw_slope(ans, x, branch))
    defjvp(op, lambda d, ans, x: d * _lambertw_slope(ans, x, branch))
    return op


lambertw_0, lambertw_m1 = (_lambertw_op(branch) for branch in _BRANCHES)


def lambertw(z, k=0, tol=1e-8):
    """``scipy.special.lambertw`` of a real ``z`` on branch ``k`` (0 or -1): the real W_k(z), NaN outside its domain.

    ``tol`` is accepted as SciPy's: the answer is SciPy's at its default tolerance, whose Halley steps end at
    the last bits of float64 anyway.
    """
    del tol
    if k not in _BRANCHES:
        raise ValueError(f"gradcli's lambertw is the real function: branch k = 0 or k = -1, not {k!r} "
                         "(every other branch is complex at every real z)")
    return lambertw_0(z) if k == 0 else lambertw_m1(z)
