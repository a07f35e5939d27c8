"""SciPy's complete elliptic integrals and the arithmetic-geometric mean: ``ellipk``, ``ellipkm1``, ``ellipe``, ``agm``.

In a float dtype each answers SciPy's own number. For the exact reference, K(m) is pi / (2 M(1, sqrt(1 - m))),
M the arithmetic-geometric mean, on mpmath numbers and on flint balls alike: ``ellipkm1(p)`` = K(1 - p) is
pi / (2 M(1, sqrt p)), so at p = 1e-300 no 1 - p is ever rounded (K(1 - 1e-300) = 346.77..., which no float m
reaches). E(m) is mpmath's ``ellipe`` and flint's ``acb.elliptic_e``. The slopes are the Legendre relations:

    K'(m) = (E/(1 - m) - K) / (2m),   E'(m) = (E - K) / (2m),

whose terms cancel near m = 0 (both quotients are 0/0 at 0, K'(0) = pi/8): there K'(m) is its Taylor series,
pi/2 sum_n n c_n^2 m^(n-1), c_n = binom(2n, n) / 4^n (dyadic, so exact in every precision), and E'(m) is
(1 - m) K'(m) - K/2, which does not cancel. K has its logarithmic pole at m = 1 (K' is infinite there, E' is -inf),
and both fall to 0 and grow as sqrt(-m) towards m = -inf, where the quotients above neither overflow nor cancel.
Where SciPy answers NaN (m > 1, where K and E are complex; an AGM of arguments of opposite signs) so do these.
"""

from __future__ import annotations

import math

from .core import defjvp, defvjp
from .ops import absolute, constant, equal, less, less_equal, where
from .ops_array import unbroadcast
from .ops_scipy import _BALLS, _JET_PARTIALS, _JET_SLOPES, _SPECIAL_MP, _on_balls_too, _with_mpmath
from .ops_special import _scipy_function, mpmath_only
from .tracer import primitive
from .values import in_input_dtype, loaded_mpmath

# |m| below which K'(m) is its series: ten terms leave m^10 < 1e-20 of the first.
_SERIES_BELOW = 0.01
# n c_n^2, n = 1..10: K'(m) = pi/2 sum_n n c_n^2 m^(n-1). Each a dyadic rational, exact as a float.
_K_SLOPE_SERIES = tuple(n * (math.comb(2 * n, n) / 4**n) ** 2 for n in range(1, 11))


# -- the exact reference: mpmath numbers ---------------------------------------------------------------------


def _k_of_complement_mp(q):
    """K(1 - q) = pi / (2 M(1, sqrt q)) for q >= 0 (inf at q = 0, 0 at q = inf), NaN for q < 0 (m > 1) as SciPy's."""
    mpmath = loaded_mpmath()
    if mpmath.isnan(q) or q < 0:
        return mpmath.nan
    if q == 0:
        return mpmath.inf
    if mpmath.isinf(q):
        return mpmath.mpf(0)
    return mpmath.pi / (2 * mpmath.agm(1, mpmath.sqrt(q)))


def _ellipk_mp(m):
    """K(m), 1 - m held exact (at m = 1 - 2^-60 a rounded complement would move K by a part in 40)."""
    mpmath = loaded_mpmath()
    if mpmath.isinf(m):
        return mpmath.mpf(0) if m < 0 else mpmath.nan
    return _k_of_complement_mp(mpmath.fsub(1, m, exact=True))


def _ellipe_mp(m):
    """E(m) on m <= 1 (1 at m = 1, inf at m = -inf), NaN for m > 1 as SciPy's."""
    mpmath = loaded_mpmath()
    if mpmath.isnan(m) or m > 1:
        return mpmath.nan
    if mpmath.isinf(m):
        return mpmath.inf
    # m rounded to the working precision first: mpmath 1.3's ellipe of an mpf carrying more bits answers nonsense
    # (E(1 - 1e-300) held exact at 40 digits gives 5.4e-248; the rounding moves E by 1e-38 of itself there)
    return mpmath.ellipe(+m)


def _agm_mp(a, b):
    """M(a, b) as SciPy's agm: 0 where either is 0, -M(-a, -b) for two negatives, NaN for opposite signs (and for
    0 with an infinity)."""
    mpmath = loaded_mpmath()
    if mpmath.isnan(a) or mpmath.isnan(b) or (a < 0 < b) or (b < 0 < a):
        return mpmath.nan
    if a == 0 or b == 0:
        return mpmath.nan if mpmath.isinf(a) or mpmath.isinf(b) else mpmath.mpf(0)
    if a < 0:
        return -mpmath.agm(-a, -b)
    return mpmath.agm(a, b)


# -- the exact reference: flint balls, and their slopes (forward mode on balls) ----------------------------


def _k_of_complement_ball(q):
    """K(1 - q) on a ball proven > 0; elsewhere mpmath's path."""
    if not q > 0:
        raise ArithmeticError("K's complement not proven > 0")
    return type(q).pi() / (2 * q.sqrt().agm())


def _ellipe_ball(m):
    """E(m) on a ball proven < 1 (flint's is complex-valued: its real part, the imaginary part 0 there)."""
    import flint  # lazy: a ball is here, so flint is loaded

    if not m < 1:
        raise ArithmeticError("E's ball not proven < 1")
    return flint.acb(m).elliptic_e().real


def _k_slope_ball(k, e, m, complement):
    """K'(m) = (E/(1 - m) - K) / (2m) on balls, pi/8 at exactly 0; a ball around 0 that is not 0: mpmath's path."""
    if m.is_zero():
        return type(m).pi() / 8
    if m.contains(0):
        raise ArithmeticError("K's slope on a ball around 0")
    return (e / complement - k) / (2 * m)


def _ellipe_slope_ball(answer, m):
    if m.is_zero():
        return -type(m).pi() / 8
    if m.contains(0):
        raise ArithmeticError("E's slope on a ball around 0")
    return (answer - _k_of_complement_ball(1 - m)) / (2 * m)


def _agm_ball(a, b):
    """M(a, b) on balls proven of one sign (or exactly 0); elsewhere mpmath's path."""
    if a.is_zero() or b.is_zero():
        return type(a)(0)
    if a > 0 and b > 0:
        return a.agm(b)
    if a < 0 and b < 0:
        return -(-a).agm(-b)
    raise ArithmeticError("agm's balls not proven of one sign")


def _agm_partial_ball(answer, a, b):
    """dM/db on balls: pi t K'(m) / K(m)^2, t = b/a, m = 1 - t^2, with K = pi a / (2M); 1/2 at a = b."""
    if a < 0 and b < 0:
        return _agm_partial_ball(-answer, -a, -b)
    if not (a > 0 and b > 0):
        raise ArithmeticError("agm's slope off its balls' one sign")
    t = b / a
    m = (a - b) * (a + b) / (a * a)
    if m.is_zero():
        return type(a)(1) / 2
    k = type(a).pi() * a / (2 * answer)
    return type(a).pi() * t * _k_slope_ball(k, _ellipe_ball(m), m, t * t) / (k * k)


_BALLS.update({
    "ellipk": lambda m: _k_of_complement_ball(1 - m),
    "ellipkm1": _k_of_complement_ball,
    "ellipe": _ellipe_ball,
    "agm": _agm_ball,
})
_JET_SLOPES.update({
    "ellipk": lambda answer, m: _k_slope_ball(answer, _ellipe_ball(m), m, 1 - m),
    "ellipkm1": lambda answer, p: -_k_slope_ball(answer, _ellipe_ball(1 - p), 1 - p, p),
    "ellipe": _ellipe_slope_ball,
})
_JET_PARTIALS["agm"] = (lambda answer, a, b: _agm_partial_ball(answer, b, a), _agm_partial_ball)
_SPECIAL_MP.update({
    "ellipk": _ellipk_mp,
    "ellipkm1": _k_of_complement_mp,
    "ellipe": _ellipe_mp,
})

# The complete elliptic integrals of the first and second kind of the parameter m = k^2, K(1 - p) of the
# complement p, and the arithmetic-geometric mean.
ellipk = _with_mpmath("ellipk")
ellipkm1 = _with_mpmath("ellipkm1")
ellipe = _with_mpmath("ellipe")
_agm_float = in_input_dtype(_scipy_function("agm"))  # the dtype of both arguments
_agm_float.nin = 2
agm = primitive(_agm_float, "agm", mp=_on_balls_too("agm", mpmath_only("agm", _agm_mp)), kind="elementwise")


# -- the rules -------------------------------------------------------------------------------------------------


def _k_slope_series(m):
    """K'(m) by its Taylor series at 0 (for |m| < `_SERIES_BELOW`)."""
    total = _K_SLOPE_SERIES[-1]
    for coefficient in reversed(_K_SLOPE_SERIES[:-1]):
        total = coefficient + m * total
    return constant("pi/2", m) * total


def _k_slope(k, e, m, complement):
    """K'(m) from K, E and 1 - m (``complement``, which `ellipkm1` has exact): the quotient away from 0, its series
    near 0; each branch finite where the other is taken."""
    near = less(absolute(m), _SERIES_BELOW)
    away = where(near, 0.5, m)
    return where(near, _k_slope_series(where(near, m, 0.0)), (e / where(near, 0.5, complement) - k) / (2 * away))


def _ellipk_slope(ans, m):
    return _k_slope(ans, ellipe(m), m, 1 - m)


def _ellipkm1_slope(ans, p):
    """d/dp K(1 - p) = -K'(1 - p); 1 - p is exact where the series is taken (p near 1)."""
    m = 1 - p
    return -_k_slope(ans, ellipe(m), m, p)


def _ellipe_slope(ans, m):
    """E'(m) = (E - K)/(2m) away from 0, (1 - m) K'(m) - K/2 near it (no cancellation: pi/8 - pi/4 at 0)."""
    k = ellipk(m)
    near = less(absolute(m), _SERIES_BELOW)
    close = where(near, m, 0.0)
    away = where(near, 0.5, m)
    return where(near, (1 - close) * _k_slope_series(close) - k / 2, (ans - k) / (2 * away))


def _agm_slopes(ans, a, b):
    """(dM/da, dM/db). With s the smaller of |a|, |b|, B the larger, t = s/B, f = |M|/B = M(1, t) and m = 1 - t^2,
    the slope in the smaller is pi t K'(m) / K(m)^2 with K(m) = pi / (2f): f (2 f E(m) / (pi t) - t) / m away from
    m = 0, 4 t f^2 K'(m) / pi by K's series near it; the slope in the larger is f - t times it (M is homogeneous of
    degree 1). At s = 0 the slope in s is infinite and the other 0. Two negatives give the same slopes (M(a, b) =
    -M(-a, -b)); opposite signs NaN, as M."""
    size_a, size_b = absolute(a), absolute(b)
    a_smaller = less_equal(size_a, size_b)
    small, big = where(a_smaller, size_a, size_b), where(a_smaller, size_b, size_a)
    at_zero = equal(small, 0)
    t = small / where(at_zero, 1.0, big)
    f = absolute(ans) / where(at_zero, 1.0, big)
    t_away = where(at_zero, 1.0, t)
    f_away = where(at_zero, 1.0, f)
    m = (1 - t_away) * (1 + t_away)
    near = less(m, _SERIES_BELOW)
    m_far = where(near, 0.5, m)
    far = f_away * (2 * f_away * ellipe(m_far) * constant("1/pi", m) / t_away - t_away) / m_far
    series = 4 * t_away * f_away * f_away * _k_slope_series(where(near, m, 0.0)) * constant("1/pi", m)
    slope = where(near, series, far)
    in_small = where(at_zero, float("inf"), slope)
    in_big = where(at_zero, 0.0, f_away - t_away * slope)
    return where(a_smaller, in_small, in_big), where(a_smaller, in_big, in_small)


defvjp(ellipk, lambda g, ans, m: g * _ellipk_slope(ans, m))
defjvp(ellipk, lambda d, ans, m: d * _ellipk_slope(ans, m))
defvjp(ellipkm1, lambda g, ans, p: g * _ellipkm1_slope(ans, p))
defjvp(ellipkm1, lambda d, ans, p: d * _ellipkm1_slope(ans, p))
defvjp(ellipe, lambda g, ans, m: g * _ellipe_slope(ans, m))
defjvp(ellipe, lambda d, ans, m: d * _ellipe_slope(ans, m))
defvjp(agm, lambda g, ans, a, b: unbroadcast(g * _agm_slopes(ans, a, b)[0], a),
       lambda g, ans, a, b: unbroadcast(g * _agm_slopes(ans, a, b)[1], b))
defjvp(agm, lambda d, ans, a, b: d * _agm_slopes(ans, a, b)[0], lambda d, ans, a, b: d * _agm_slopes(ans, a, b)[1])
