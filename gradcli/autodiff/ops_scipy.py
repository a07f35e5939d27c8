"""``scipy.special`` functions beyond those NumPy users reach for, and the statistics built on them.

Each new primitive computes with scipy (imported on first use) and, for the
exact reference, with the mpmath function of the same meaning. The
distributions' densities are composites of these and of the elementwise ops,
so their gradients and exact references follow from those.
"""

from __future__ import annotations


import functools
import math
import sys

import numpy as np

from . import arb_proof
from .arb_anchored import FAR as _FAR
from .arb_anchored import far_series as _far_series
from .arb_anchored import far_series_ball as _far_series_ball
from .core import defjvp, defvjp, defvjp_all
from .ops import (absolute, constant, cos, equal, exp, exp_of_square, floor, high_precision, less, less_equal, lifted,
                  log, log1p, logical_and, logical_not, logical_or, mod, sigmoid, sign, sin, softplus, sqrt, where)
from .ops_array import logsumexp as _logsumexp
from .ops_array import largest_finite, shares_from_inputs, squeeze, sum_, unbroadcast
from .ops_special import _scipy_function, digamma, erfc, gammaln, mpmath_only, polygamma, xlog1py, xlogy
from .tracer import Box, composing, floats_lifted_for_composite, is_mp_value, nondifferentiable, primitive, primitive_of
from .values import (dtype_of, float_dtype, holds_complex, in_input_dtype, is_float_dtype, loaded_mpmath, raw, weak,
                     zeros_like)


def _with_mpmath(name, nin=1):
    """The primitive for ``scipy.special.<name>``, computed on mpmath numbers by mpmath's ``name``."""
    fun = in_input_dtype(_scipy_function(name), nin - 1)  # of two arguments, the dtype is x's
    fun.nin = nin  # the catalogue reads the arity here, as on a ufunc
    return primitive(fun, name, mp=_on_balls_too(name, mpmath_only(name, _mpmath_function(name))), kind="elementwise")


# python-flint's own functions of one element, for the exact reference on balls: each answer is a proven
# enclosure. The rest (stdtr, ive, gammasgn) refuse balls and take mpmath's path; log_ndtr is below.
_BALLS = {
    "gamma": lambda x: x.gamma(),
    "rgamma": lambda x: x.rgamma(),
    "erfinv": lambda x: x.erfinv(),
    "erfcinv": lambda x: x.erfcinv(),
    "i0": lambda x: x.bessel_i(0),
    "i1": lambda x: x.bessel_i(1),
    "i0e": lambda x: _i0e_ball(x),
    "i1e": lambda x: (-abs(x)).exp() * x.bessel_i(1),  # e^-|x| I1(x): I1 odd, the scale even
    "j0": lambda x: x.bessel_j(0),
    "j1": lambda x: x.bessel_j(1),
    "y0": lambda x: x.bessel_y(0),
    "y1": lambda x: x.bessel_y(1),
    "jn": lambda v, x: x.bessel_j(v),
    "yn": lambda v, x: x.bessel_y(v),
    "iv": lambda v, x: x.bessel_i(v),
    "gammainc": lambda a, x: x.gamma_lower(a, regularized=1),
    "gammaincc": lambda a, x: x.gamma_upper(a, regularized=1),
    "betainc": lambda a, b, x: _betainc_ball(a, b, x),
    "betaln": lambda a, b: a.lgamma() + b.lgamma() - (a + b).lgamma(),
    "gammainc_da": lambda a, x: _gammainc_da_ball(a, x),
    "exp1": lambda x: x.expint(1),  # E1: NaN left of 0, as SciPy's
    "expn": lambda n, x: _expn_ball(n, x),
    "expi": lambda x: x.ei(),
    "zeta": lambda s, q: _zeta_ball(s, q),
    "riemann_zeta": lambda s: _riemann_zeta_ball(s),
    "spence": lambda x: _spence_ball(x),
    "k0e": lambda x: _bessel_k_scaled_ball(0, x),
    "k1e": lambda x: _bessel_k_scaled_ball(1, x),
}


def _on_balls_too(name, on_mpmath):
    """The mpmath implementation, or python-flint's where a ball is among the arguments and flint has the function
    (and, for a function of one argument with a slope in `_JET_SLOPES`, on jets: forward mode on balls); on a
    proof's numbers (`arb_proof.Sym`), `arb_proof`'s rule for it."""
    on_balls = _BALLS.get(name)
    slope = _JET_SLOPES.get(name)
    partials = _JET_PARTIALS.get(name)
    if on_balls is not None:
        arb_proof.OPAQUE[name] = on_balls  # a proof of a 0 takes it as an atom where it has no rule of its own

    def run(*args):
        if arb_proof.proving and any(type(a) is arb_proof.Sym for a in args):
            return arb_proof.run(name, *args)  # a proof of a 0: the function's rule there, or NoProof
        if on_balls is None:
            return on_mpmath(*args)
        if slope is not None and type(args[0]).__name__ == "Jet":
            return _on_jet(on_balls, slope, args[0])
        if partials is not None and any(type(a).__name__ == "Jet" for a in args):
            return _on_jets(on_balls, partials, args)
        ball = next((a for a in args if type(a).__module__.startswith("flint")), None)
        if ball is None:
            return on_mpmath(*args)
        return on_balls(*[a if type(a) is type(ball) else type(ball)(a) for a in args])

    return run


def _on_jet(on_balls, slope, x):
    """``on_balls`` of the jet ``x``: its value from the ball, its tangent the ball's tangent times ``slope``."""
    value = on_balls(x.v)
    if x.d is None:
        return type(x)(value)
    return type(x)(value, x.d * slope(value, x.v))


def _on_jets(on_balls, partials, args):
    """``on_balls`` of arguments some of which are jets: its value from the balls, its tangent each jet's tangent
    times that argument's partial derivative (``partials``: one per argument, (answer, *balls) -> a ball; None where
    there is none, and a jet moving that argument leaves the op to the differences)."""
    jet = next(type(a) for a in args if type(a).__name__ == "Jet")
    balls = [a.v if type(a) is jet else a for a in args]
    kind = next((type(b) for b in balls if type(b).__module__.startswith("flint")), None)
    balls = [b if type(b) is kind else kind(b) for b in balls]
    value = on_balls(*balls)
    tangent = None
    for a, partial in zip(args, partials):
        if type(a) is not jet or a.d is None:
            continue
        if partial is None:
            raise ArithmeticError("no partial derivative on balls in this argument")
        term = a.d * partial(value, *balls)
        tangent = term if tangent is None else tangent + term
    return jet(value, tangent)


def _log_ndtr_ball(x):
    """log Phi(x) on a ball, from the erfc that is small on x's side: log(erfc(-x/sqrt 2)/2) left of 0,
    log1p(-erfc(x/sqrt 2)/2) right of it, so log Phi(1e5) = -e^-5e9 keeps its digits (flint's exponents are
    unbounded) rather than being 0 +- 2^-prec. Either form encloses log Phi everywhere: the side is no branch.
    Far out, the tail e^(-x^2/2) / (|x| sqrt(2 pi)) S, S `_far_series`'s (flint's erfc has no digits there)."""
    t = x / type(x)(2).sqrt()
    if x < -_FAR:
        return -(x * x) / 2 - (-x * (2 * type(x).pi()).sqrt()).log() + _far_series_ball(-t).log()
    if x > _FAR:
        return (-(-(x * x) / 2).exp() / (x * (2 * type(x).pi()).sqrt()) * _far_series_ball(t)).log1p()
    if x.mid() < 0:
        return ((-t).erfc() / 2).log()
    return (-(t.erfc() / 2)).log1p()


def _log_ndtr_ball_slope(answer, x):
    """(log Phi)'(x) = phi(x) / Phi(x) = exp(-x^2/2 - log Phi(x)) / sqrt(2 pi) on balls: e^-5e9 at 1e5 with its
    exponent exact, never resolved against 0."""
    two_pi = 2 * type(x).pi()
    return (-(x * x) / 2 - answer).exp() / two_pi.sqrt()


def _erfinv_ball_slope(answer, x):
    """erfinv'(x) = sqrt(pi)/2 exp(erfinv(x)^2) on balls: at 1 - 2^-53 a difference step of 2^-30 |x| would leave
    [-1, 1], where erfinv is not defined."""
    return type(x).pi().sqrt() / 2 * (answer * answer).exp()


_BALLS["log_ndtr"] = _log_ndtr_ball
# by name: (answer, x) -> the derivative, on balls
_JET_SLOPES = {
    "log_ndtr": _log_ndtr_ball_slope,
    "erfinv": _erfinv_ball_slope,
    "erfcinv": lambda answer, x: -_erfinv_ball_slope(answer, x),
    "i0": lambda answer, x: x.bessel_i(1),
    # i0e' = i1e - sign(x) i0e, on a ball the value already kept off 0 (`_i0e_ball`)
    "i0e": lambda answer, x: _BALLS["i1e"](x) - (answer if x > 0 else -answer),
}


def _mpmath_function(name):
    mp_names = {"i0": ("besseli", 0), "i1": ("besseli", 1), "j0": ("besselj", 0), "j1": ("besselj", 1),
                "y0": ("bessely", 0), "y1": ("bessely", 1)}
    if name in mp_names:
        function, order = mp_names[name]
        return lambda x: getattr(loaded_mpmath(), function)(order, x)
    if name == "erfinv":
        return _erfinv_mp
    if name == "erfcinv":
        return lambda x: _erfinv_mp(1 - x)
    if name in ("jn", "yn"):
        function = {"jn": "besselj", "yn": "bessely"}[name]
        return lambda v, x: getattr(loaded_mpmath(), function)(v, x)
    if name == "iv":
        return lambda v, x: _bessel_on_numbers(_BALLS["iv"], lambda: loaded_mpmath().besseli(v, x), v, x)
    if name == "ive":
        return _bessel_i_scaled_mp
    if name == "log_ndtr":
        return _log_ndtr_mp
    if name in _INCOMPLETE:
        return _INCOMPLETE[name]
    if name in _SCALED:
        return _SCALED[name]
    if name in _SPECIAL_MP:
        return _SPECIAL_MP[name]
    return lambda x: getattr(loaded_mpmath(), name)(x)


def _erfinv_mp(x):
    """erfinv(x), NaN outside [-1, 1] as SciPy's (mpmath's raises there)."""
    mpmath = loaded_mpmath()
    return mpmath.erfinv(x) if -1 <= x <= 1 else mpmath.nan


def _log_ndtr_mp(x):
    """log Phi(x) from the erfc that is small on x's side (log(ncdf(x)) is log 1 = 0 far right at any precision)."""
    mpmath = loaded_mpmath()
    t = x / mpmath.sqrt(2)
    if x < -_FAR:  # mpmath's erfc raises there
        return -x * x / 2 - mpmath.log(-x * mpmath.sqrt(2 * mpmath.pi)) + mpmath.log(_far_series(-t, mpmath.eps)[0])
    if x > _FAR:
        # -x^2/2 held exactly: rounded (at x = 1e150 and 30 digits) it moves the tail by e^1e120
        half_square = mpmath.ldexp(mpmath.fneg(mpmath.fmul(x, x, exact=True), exact=True), -1)
        tail = mpmath.exp(half_square) / (x * mpmath.sqrt(2 * mpmath.pi))
        return mpmath.log1p(-tail * _far_series(t, mpmath.eps)[0])
    return mpmath.log(mpmath.erfc(-t) / 2) if x < 0 else mpmath.log1p(-mpmath.erfc(t) / 2)


def _gammainc_mp(a, x):
    mpmath = loaded_mpmath()
    if x < 0:  # no real value, as SciPy's NaN (mpmath's complex continuation recurses without end near 0-)
        return mpmath.nan
    return mpmath.gammainc(a, 0, x, regularized=True)


def _gammaincc_mp(a, x):
    mpmath = loaded_mpmath()
    if x < 0:  # no real value, as SciPy's NaN
        return mpmath.nan
    return mpmath.gammainc(a, x, mpmath.inf, regularized=True)


def _gammainc_da_ball(a, x):
    """d/da P(a, x) on balls, from d/da gamma(a, x) = log(x) gamma(a, x) - x^a/a^2 2F2(a, a; a+1, a+1; -x).

    Where P is 1 to the precision (x far right of a) the two terms cancel and the ball is wide: the exact
    reference then asks for more bits, as for any cancelling ball.
    """
    if x.is_zero():
        return type(x)(0)  # P(a, 0) = 0 for every a
    p = x.gamma_lower(a, regularized=1)
    series = (-x).hypgeom([a, a], [a + 1, a + 1])
    return p * (x.log() - a.digamma()) - x ** a / (a * a * a.gamma()) * series


def _gammainc_da_mp(a, x):
    """d/da P(a, x) on mpmath numbers: the derivative of the smaller of P and Q = 1 - P, so that it keeps its digits
    where the other is 1 to the precision (mpmath differentiates at raised precision)."""
    mpmath = loaded_mpmath()
    if not (a > 0 and x >= 0):
        return mpmath.nan
    if x == 0 or mpmath.isinf(x):
        return mpmath.mpf(0)
    if _gammainc_mp(a, x) <= 0.5:
        return mpmath.diff(lambda s: _gammainc_mp(s, x), a)
    return -mpmath.diff(lambda s: _gammaincc_mp(s, x), a)


def _gammainc_da_float(a, x):
    """d/da P(a, x) in the inputs' float dtype, each entry from mpmath at 30 bits more than longdouble's (SciPy has
    none): the arguments are read exactly, the answer rounded once."""
    mpmath = loaded_mpmath()
    dtype = float_dtype(x)

    def exactly(v):
        if not np.isfinite(v):
            return mpmath.mpf(float(v))
        numerator, denominator = np.longdouble(v).as_integer_ratio()
        return mpmath.mpf(numerator) / denominator

    def entry(a, x):
        with mpmath.workprec(94):
            answer = _gammainc_da_mp(exactly(a), exactly(x))
            return np.longdouble(mpmath.nstr(answer, 25)) if dtype == np.longdouble else float(answer)

    a, x = np.broadcast_arrays(np.asarray(a), np.asarray(x))
    with np.errstate(invalid="ignore"):  # a NaN entry is the answer outside the domain, not a fault
        return np.asarray(np.frompyfunc(entry, 2, 1)(a, x)).astype(dtype)[()]


def _betainc_mp(a, b, x):
    return loaded_mpmath().betainc(a, b, 0, x, regularized=True)


def _stdtr_mp(df, t):
    """Student's t CDF from the incomplete beta function of the side that does not cancel."""
    mpmath = loaded_mpmath()
    t2 = t * t
    if t < 0:
        return mpmath.betainc(df / 2, mpmath.mpf(1) / 2, 0, df / (df + t2), regularized=True) / 2
    return (1 + mpmath.betainc(mpmath.mpf(1) / 2, df / 2, 0, t2 / (df + t2), regularized=True)) / 2


def _magnitude(mpmath, v):
    """The binary exponent of ``v`` as an int, 0 for v = 0 (whose mag is -inf): what the extra precision is sized by."""
    return int(mpmath.mag(v)) if v else 0


def _with_sum_exact(name, x, y):
    """mpmath's ``name``(x, y) with as many more bits as x + y needs to be exact (x = 1e300, y = 2 would round it to x)."""
    mpmath = loaded_mpmath()
    extra = 20 + max(0, _magnitude(mpmath, x), _magnitude(mpmath, y))
    with mpmath.extraprec(extra):
        value = getattr(mpmath, name)(x, y)
    return +value


def _beta_mp(a, b):
    """B(a, b) by mpmath, a + b exact."""
    return _with_sum_exact("beta", a, b)


def _poch_mp(z, m):
    """Gamma(z + m) / Gamma(z) by mpmath, z + m exact."""
    return _with_sum_exact("rf", z, m)


def _betaln_mp(a, b):
    """log|B(a, b)| from `_beta_mp` (mpmath's exponents never overflow, so no sum of huge log-gammas cancels)."""
    mpmath = loaded_mpmath()
    return mpmath.log(abs(_beta_mp(a, b)))


_INCOMPLETE = {"betaln": _betaln_mp, "beta": _beta_mp, "gammainc": _gammainc_mp, "gammaincc": _gammaincc_mp, "betainc": _betainc_mp, "stdtr": _stdtr_mp}


def _erfcx_mp(x):
    mpmath = loaded_mpmath()
    if x > _FAR:  # erfc(x) e^(x^2) = S / (x sqrt pi): mpmath's erfc raises there
        return _far_series(x, mpmath.eps)[0] / (x * mpmath.sqrt(mpmath.pi))
    # x^2 exactly: rounded, its absolute error |x|^2 2^-prec would be exp's relative one (at x = 1e100, all of it)
    return mpmath.exp(mpmath.fmul(x, x, exact=True)) * mpmath.erfc(x)


def _ndtri_mp(p):
    """sqrt(2) erfinv(2p - 1), with as many more digits as 2p - 1 cancels near 0 or 1."""
    mpmath = loaded_mpmath()
    if not 0 <= p <= 1:
        return mpmath.nan  # as SciPy's (mpmath's erfinv raises outside [-1, 1])
    tail = min(p, 1 - p)
    extra = 10 + (int(-mpmath.log10(tail)) if 0 < tail < 1 else 0)
    with mpmath.extradps(extra):
        value = mpmath.sqrt(2) * mpmath.erfinv(2 * p - 1)
    return +value


def _ball_first(on_balls, on_mpmath, *args):
    """``on_balls`` of ``args`` (mpmath numbers, as the exact balls they are) at 30 bits past mpmath's precision, its
    midpoint as an mpmath number where the ball is that tight; else ``on_mpmath()`` (an argument the ball function
    refuses, a ball too wide near a pole). flint's duplication steps cost microseconds where mpmath's cost
    milliseconds, and the differences' noise estimate calls an op dozens of times a point, each call again at
    neighbouring arguments (`mp._moved_by_arguments`): an ``ellipkinc`` check spent most of its time there, and a
    scaled Bessel function at 1e300 did too."""
    try:
        import flint  # lazy: the exact reference's balls
    except ImportError:  # pragma: no cover - flint comes with gradcli's exact reference
        return on_mpmath()
    mpmath = loaded_mpmath()
    with flint.ctx.workprec(mpmath.mp.prec + 30):
        try:
            answer = on_balls(*[_ball_of(flint, mpmath.mpf(a)) for a in args])
        except ArithmeticError:
            return on_mpmath()
        if not answer.is_finite() or answer.rel_accuracy_bits() < mpmath.mp.prec + 2:
            return on_mpmath()
        man, exp = answer.mid().man_exp()
    return mpmath.mpf((int(man), int(exp)))


def _ball_of(flint, number):
    """A finite mpmath number as the exact ball it is (its mantissa times a power of 2)."""
    negative, mantissa, exponent, _ = number._mpf_
    return flint.arb(-int(mantissa) if negative else int(mantissa)) * flint.arb(2) ** int(exponent)


def _i0e_ball(x):
    """e^-|x| I0(x) on a ball, flint's scaled form of I0(|x|) (I0 even, no e^|x| formed); refused on a ball holding 0,
    i0e's corner, which the mpmath path's kink test judges."""
    if x.contains(0):
        raise ArithmeticError("i0e has a corner at 0: no ball implementation there")
    return abs(x).bessel_i(0, scaled=True)


def _bessel_scaled_mp(order):
    """e^-|x| I_order(x) on mpmath numbers: flint's scaled form where its ball is tight (mpmath's series for
    I0(1e300) and the exponential it is scaled by take a second a call), else mpmath's product."""
    on_balls = _BALLS["i0e" if order == 0 else "i1e"]

    def scaled(x):
        mpmath = loaded_mpmath()
        on_mpmath = lambda: mpmath.besseli(order, x) * mpmath.exp(-abs(x))  # noqa: E731 - the fallback, named
        return _ball_first(on_balls, on_mpmath, x) if mpmath.isfinite(x) else on_mpmath()

    return scaled


_SCALED = {"erfcx": _erfcx_mp, "ndtri": _ndtri_mp, "i0e": _bessel_scaled_mp(0), "i1e": _bessel_scaled_mp(1)}


def _zeta_mp(s, q):
    """The Hurwitz zeta function sum (n + q)^-s where SciPy defines it (s > 1, q > 0; s = 1 its pole), NaN
    elsewhere as SciPy's, never mpmath's analytic continuation."""
    mpmath = loaded_mpmath()
    if (s == 1 and q > 0) or (s > 1 and q == 0):
        return mpmath.inf
    if not (s > 1 and q > 0):
        return mpmath.nan
    return mpmath.zeta(s, q)


def _betainc_ball(a, b, x):
    """I_x(a, b) on balls; past (a + 1) / (a + b + 2), where it is near 1, as 1 - I_(1-x)(b, a). flint's beta_lower
    runs for minutes in one C call, which the reference's time budget cannot interrupt, at an x a hair below 1 (I_x(1.5,
    2.5) at x = 1 - 1.7e-300 and 1,100 bits: 170 s), where the reflection's is instant; below that switch I_x may be
    tiny, and 1 minus a number near 1 would lose it."""
    if x > (a + 1) / (a + b + 2):
        return 1 - (1 - x).beta_lower(b, a, regularized=1)
    return x.beta_lower(a, b, regularized=1)


def _zeta_ball(s, q):
    """zeta(s, q) on balls where they are proven inside SciPy's domain (s > 1, q > 0); elsewhere mpmath's path."""
    if not (s > 1 and q > 0):
        raise ArithmeticError("zeta's ball outside s > 1, q > 0")
    return s.zeta(q)


def _riemann_zeta_mp(s):
    """Riemann's zeta function as SciPy's one-argument zeta: mpmath's analytic continuation left of 1, inf at its
    pole 1."""
    mpmath = loaded_mpmath()
    return mpmath.inf if s == 1 else mpmath.zeta(s)


def _riemann_zeta_ball(s):
    """zeta(s) on balls proven off its pole at 1; else mpmath's path."""
    if not (s > 1 or s < 1):
        raise ArithmeticError("zeta's ball around its pole 1")
    return s.zeta()


def _exp1_mp(x):
    """E1(x) on x >= 0 (its pole at 0), NaN left of 0 as SciPy's, where mpmath's e1 is complex."""
    mpmath = loaded_mpmath()
    if x < 0:
        return mpmath.nan
    return mpmath.inf if x == 0 else mpmath.e1(x)


def _expn_mp(n, x):
    """E_n(x) for an order n >= 0 on x >= 0 (at 0 finite from n = 2 on), NaN elsewhere as SciPy's."""
    mpmath = loaded_mpmath()
    if x < 0 or n < 0 or not mpmath.isint(n):
        return mpmath.nan
    if x == 0:
        return mpmath.inf if n <= 1 else 1 / mpmath.mpf(n - 1)
    if 0 < x < 1 and 1 <= n <= _EXPN_BY_RECURRENCE:
        return _expn_small(mpmath, int(n), x)
    return mpmath.expint(int(n), x)


# Up to this order E_n(x) on 0 < x < 1 is E_1 and n - 1 steps of its recurrence; mpmath's expint(n, x) takes the
# incomplete gamma of 1 - n there, whose cost grows with the digits and with 1/x (E_2(1e-5) at 400 digits: 6 s).
_EXPN_BY_RECURRENCE = 64


def _expn_small(mpmath, n, x):
    """E_n(x) for 0 < x < 1 from E_1(x) by E_k = (e^-x - x E_(k-1)) / (k - 1). Each step scales the error it is
    handed by x E_(k-1) / ((k - 1) E_k), at most 3/2 for x < 1 (E_(k-1) / E_k <= (x + k) / (k - 1) there), so n
    guard bits and a few more cover the whole climb."""
    with mpmath.workprec(mpmath.mp.prec + n + 10):
        decay, value = mpmath.exp(-x), mpmath.e1(x)
        for k in range(2, n + 1):
            value = (decay - x * value) / (k - 1)
    return +value


def _expn_ball(n, x):
    """E_n(x) on balls where x is proven > 0 and n is an exact whole number >= 0; elsewhere mpmath's path (the pole
    at 0, NaN where SciPy answers NaN). mpmath's expint(n, x) takes the incomplete gamma of 1 - n, whose cost grows
    with the digits and with 1/x (E_2(1e-5) at 400 digits: 6 s, E_2(1e-300) never within a check's time)."""
    if not (x > 0 and n >= 0 and n.rad() == 0 and n.is_integer()):
        raise ArithmeticError("expn's ball not proven at x > 0 and a whole order")
    return x.expint(n)


def _spence_mp(x):
    """SciPy's spence, the dilogarithm Li2(1 - x), on x >= 0; NaN left of 0 as SciPy's, where Li2 is complex."""
    mpmath = loaded_mpmath()
    if x < 0:
        return mpmath.nan
    with mpmath.workprec(mpmath.mp.prec + 10):  # the identities' logs add a few roundings
        return +_dilogarithm(mpmath, 1 - x)


def _dilogarithm(mpmath, z):
    """Li2(z) for real z <= 1, by Euler's reflection, Landen's identity and the inversion moved to an argument of at
    most 1/2 in size, where its series converges fast: mpmath's own polylog near |z| = 1 sums Bernoulli numbers, and
    at the digits the exact reference climbs to that takes minutes (Li2(-0.9) at 1000 digits: 25 s)."""
    if z < -1:  # inversion: 1/z in (-1, 0)
        return -mpmath.pi ** 2 / 6 - mpmath.log(-z) ** 2 / 2 - _dilogarithm(mpmath, 1 / z)
    if z < -0.5:  # Landen: z / (z - 1) in (1/3, 1/2]
        return -_dilogarithm(mpmath, z / (z - 1)) - mpmath.log(1 - z) ** 2 / 2
    if z == 1:
        return mpmath.pi ** 2 / 6
    if z > 0.5:  # Euler's reflection: 1 - z in (0, 1/2)
        return mpmath.pi ** 2 / 6 - mpmath.log(z) * mpmath.log(1 - z) - _dilogarithm(mpmath, 1 - z)
    return mpmath.polylog(2, z)


def _spence_ball(x):
    """Li2(1 - x) on balls proven inside SciPy's domain (x >= 0); elsewhere mpmath's path."""
    if not x >= 0:
        raise ArithmeticError("spence's ball not proven >= 0")
    return (1 - x).polylog(2)


def _spence_ball_slope(answer, x):
    """spence'(x) = log(x) / (1 - x) on balls, -1 at exactly 1 (the quotient's removable 0/0); a ball around 1 that
    is not 1 has no quotient to give: mpmath's path."""
    if (1 - x).is_zero():
        return type(x)(-1)
    if (1 - x).contains(0):
        raise ArithmeticError("spence's slope on a ball around 1")
    return x.log() / (1 - x)


_JET_SLOPES["spence"] = _spence_ball_slope  # forward mode on balls: JAX's spence at [0.5, 3] has no stop-free difference


def _gamma_density_ball(a, x):
    """x^(a-1) e^-x / Gamma(a) on balls, its exponent taken whole: e^-1e300 keeps its digits."""
    return ((a - 1) * x.log() - x - a.lgamma()).exp()


def _rgamma_ball_slope(answer, x):
    """1/Gamma's slope on a ball: -rgamma(x) digamma(x), and left of 1/2, where a pole of Gamma may lie in the ball
    or at its centre (rgamma 0, digamma NaN), the reflection formula's cos(pi x) Gamma(1 - x) - sin(pi x)
    Gamma(1 - x) digamma(1 - x) / pi, which has none."""
    if x < 0.5:
        reflected = 1 - x
        return (x.cos_pi() - x.sin_pi() * reflected.digamma() / type(x).pi()) * reflected.gamma()
    return -answer * x.digamma()


def _away_from_0(x):
    if x.contains(0):
        raise ArithmeticError("a slope dividing by a ball around 0")
    return x


# Forward mode on balls for the functions `_BALLS` has, their slopes from the functions' own relations (answer, x):
# at x = 1e300 + 0.3 a difference step would have to be shorter than the ball's rounding of x
_JET_SLOPES.update({
    "gamma": lambda answer, x: answer * x.digamma(),
    "rgamma": lambda answer, x: _rgamma_ball_slope(answer, x),
    "i1": lambda answer, x: x.bessel_i(0) - answer / _away_from_0(x),
    "j0": lambda answer, x: -x.bessel_j(1),
    "j1": lambda answer, x: (x.bessel_j(0) - x.bessel_j(2)) / 2,
    "y0": lambda answer, x: -x.bessel_y(1),
    "y1": lambda answer, x: (x.bessel_y(0) - x.bessel_y(2)) / 2,
    "exp1": lambda answer, x: -(-x).exp() / _away_from_0(x),
    "expi": lambda answer, x: x.exp() / _away_from_0(x),
    # each the other's ball: e^x K_0 and e^x K_1 far right (5e479) change by a part in 2x over a difference step.
    # (e^x K0)' = e^x K0 - e^x K1; (e^x K1)' = e^x K1 (1 - 1/x) - e^x K0.
    "k0e": lambda answer, x: answer - _bessel_k_scaled_ball(1, x),
    "k1e": lambda answer, x: answer * (1 - 1 / _away_from_0(x)) - _bessel_k_scaled_ball(0, x),
})
# The same for functions of several arguments: one partial per argument, None where balls have none.
_JET_PARTIALS = {
    "gammainc": (lambda answer, a, x: _gammainc_da_ball(a, x), lambda answer, a, x: _gamma_density_ball(a, x)),
    "gammaincc": (lambda answer, a, x: -_gammainc_da_ball(a, x), lambda answer, a, x: -_gamma_density_ball(a, x)),
    "betainc": (None, None, lambda answer, a, b, x: ((a - 1) * x.log() + (b - 1) * (-x).log1p() - _BALLS["betaln"](a, b)).exp()),
    "betaln": (lambda answer, a, b: a.digamma() - (a + b).digamma(), lambda answer, a, b: b.digamma() - (a + b).digamma()),
    "jn": (None, lambda answer, v, x: (x.bessel_j(v - 1) - x.bessel_j(v + 1)) / 2),
    "yn": (None, lambda answer, v, x: (x.bessel_y(v - 1) - x.bessel_y(v + 1)) / 2),
    "iv": (None, lambda answer, v, x: (x.bessel_i(v - 1) + x.bessel_i(v + 1)) / 2),
    "zeta": (None, lambda answer, s, q: -s * _zeta_ball(s + 1, q)),
    "expn": (None, lambda answer, n, x: -_expn_ball(n - 1, x)),  # E_n' = -E_(n-1)
}


def _bessel_k_scaled_mp(order):
    def scaled(x):
        """e^x K_order(x) on mpmath numbers (`_bessel_k_mp`)."""
        return _bessel_k_mp(order, x, scaled=True)

    return scaled


def _bessel_k_mp(v, x, scaled):
    """K_v(x), or e^x K_v(x) where ``scaled``, on mpmath numbers: x > 0 by flint's enclosure (`_bessel_on_numbers`),
    inf at the pole x = 0, NaN left of it as SciPy's, where K is complex."""
    mpmath = loaded_mpmath()
    if x < 0:
        return mpmath.nan
    if x == 0:
        return mpmath.inf

    def on_balls(order, at):
        ball = _bessel_k_scaled_ball(order, at)
        return ball if scaled else ball * (-at).exp()

    def by_mpmath():
        k = mpmath.besselk(v, x)
        return k * mpmath.exp(x) if scaled else k

    return _bessel_on_numbers(on_balls, by_mpmath, v, x)


def _bessel_i_scaled_mp(v, x):
    """e^-|x| I_v(x) on mpmath numbers, by flint's enclosure of I_v (`_bessel_on_numbers`), scaled exactly after."""
    mpmath = loaded_mpmath()
    return _bessel_on_numbers(_BALLS["iv"], lambda: mpmath.besseli(v, x), v, x) * mpmath.exp(-abs(x))


def _bessel_on_numbers(on_balls, on_mpmath, *args):
    """``on_balls`` (a Bessel function on flint's balls) of mpmath numbers ``args``, each the exact ball it is, its
    midpoint as an mpmath number once the enclosure holds mpmath's bits (at 30 bits past them, then twice and four
    times that); else ``on_mpmath()`` (an infinite argument, an answer flint leaves NaN).

    mpmath sums hypergeometric series whose terms grow with the order: K_200(500) costs it seconds at 53 bits, K_1000
    at 1e4 fails to converge, and so does I_1000 at 1e4. The differences' noise estimate calls an op dozens of times
    a point, each call again at neighbouring arguments (`mp._moved_by_arguments`), and so took minutes; flint's
    enclosures cost microseconds at any order.
    """
    import flint  # lazy: the exact reference's balls, loaded with it

    mpmath = loaded_mpmath()
    if not all(mpmath.isfinite(a) for a in args):
        return on_mpmath()
    bits = mpmath.mp.prec + 30
    for _ in range(3):
        with flint.ctx.workprec(bits):
            try:
                answer = on_balls(*[flint.arb(mpmath.mpf(a)) for a in args])  # an mpf's bits, every one: exact
            except ArithmeticError:
                return on_mpmath()
            if answer.is_finite() and answer.rel_accuracy_bits() >= mpmath.mp.prec + 2:
                man, exp = answer.mid().man_exp()
                return mpmath.mpf((int(man), int(exp)))
        bits *= 2
    return on_mpmath()


def _bessel_k_scaled_ball(order, x):
    """e^x K_order(x) on balls proven right of 0; elsewhere mpmath's path. A ball with a radius is enclosed by the
    function at its two ends, each exact, since e^x K_order(x) = int_0^inf e^(-x (cosh t - 1)) cosh(order t) dt falls
    as x grows."""
    if not x > 0:
        raise ArithmeticError("k0e/k1e's ball not proven > 0")
    if x.rad() == 0:
        return _bessel_k_scaled_exact(order, x)
    return _bessel_k_scaled_exact(order, x.upper()).union(_bessel_k_scaled_exact(order, x.lower()))


def _bessel_k_scaled_exact(order, x):
    """e^x K_order(x) at an exact ball. flint's bessel_k runs for minutes in one C call, which the reference's time
    budget cannot interrupt, at x from about 0.15 to 0.55 times the working bits (order 1 at 900.5, 2,048 bits; and
    at any ball with a radius, whose bits it lowers to the radius's), so such an x is taken at 10 x bits."""
    import flint  # lazy: a ball is here, so flint is loaded

    bits = flint.ctx.prec
    if 0.1 * bits < float(x.mid()) < 0.6 * bits:
        with flint.ctx.workprec(int(10 * float(x.mid())) + 64):
            return x.bessel_k(order, scaled=True)
    return x.bessel_k(order, scaled=True)



def _gamma_mp(x):
    """Gamma at x, as SciPy answers at its poles, where mpmath raises: inf at 0, NaN at -1, -2, ... (no sign to take)."""
    mpmath = loaded_mpmath()
    if mpmath.isfinite(x) and x <= 0 and mpmath.isint(x):
        return mpmath.inf if x == 0 else mpmath.nan
    return mpmath.gamma(x)


_SPECIAL_MP = {"zeta": _zeta_mp, "exp1": _exp1_mp, "expi": lambda x: loaded_mpmath().ei(x), "expn": _expn_mp,
               "spence": _spence_mp, "k0e": _bessel_k_scaled_mp(0), "k1e": _bessel_k_scaled_mp(1), "gamma": _gamma_mp}


def _gammasgn_mp(x):
    mpmath = loaded_mpmath()
    if x <= 0 and mpmath.isint(x):
        return mpmath.nan  # a pole of gamma: scipy's gammasgn is nan there too
    return mpmath.sign(mpmath.gamma(x))


gamma = _with_mpmath("gamma")
rgamma = _with_mpmath("rgamma")
erfinv = _with_mpmath("erfinv")
erfcinv = _with_mpmath("erfcinv")
i0 = _with_mpmath("i0")
i1 = _with_mpmath("i1")
j0 = _with_mpmath("j0")
j1 = _with_mpmath("j1")
y0 = _with_mpmath("y0")
y1 = _with_mpmath("y1")
jn = _with_mpmath("jn", nin=2)
yn = _with_mpmath("yn", nin=2)
iv = _with_mpmath("iv", nin=2)
ive = _with_mpmath("ive", nin=2)  # iv(v, x) exp(-|x|): finite where iv overflows
log_ndtr = _with_mpmath("log_ndtr")  # log of the standard normal CDF, without underflow far left
# The regularized incomplete gamma functions, differentiable in both arguments; the incomplete beta function
# and Student's t CDF in x (their last argument) only: in their shape parameters a gradient is refused, never guessed.
gammainc = _with_mpmath("gammainc", nin=2)
gammaincc = _with_mpmath("gammaincc", nin=2)
_gammainc_da_float.nin = 2
# d/da gammainc(a, x), JAX's `igamma_grad_a`: a first derivative only (no rule of its own)
gammainc_da = primitive(_gammainc_da_float, "gammainc_da", kind="elementwise",
                        mp=_on_balls_too("gammainc_da", mpmath_only("gammainc_da", _gammainc_da_mp)))
betainc = _with_mpmath("betainc", nin=3)
stdtr = _with_mpmath("stdtr", nin=2)
# log|B(a, b)|: SciPy's own value (its algdiv form for large arguments keeps every digit where the sum
# lgamma(a) + lgamma(b) - lgamma(a + b) cancels to nothing), so the user's program is judged on its own number.
betaln = _with_mpmath("betaln", nin=2)
beta = _with_mpmath("beta", nin=2)  # B(a, b): SciPy's, where exp(betaln) would round betaln's large value
_poch_fun = in_input_dtype(_scipy_function("poch"))  # of both arguments: poch(df/2, 0.5) in df's float32
_poch_fun.nin = 2
# The rising factorial Gamma(z + m) / Gamma(z): how SciPy's t.logpdf takes its log-gamma ratio, which as
# gammaln(z + m) - gammaln(z) would lose every digit at df = 1e15.
poch = primitive(_poch_fun, "poch", mp=mpmath_only("poch", lambda z, m: _poch_mp(z, m)), kind="elementwise")
_gammasgn_fun = in_input_dtype(_scipy_function("gammasgn"))
_gammasgn_fun.nin = 1
gammasgn = nondifferentiable(_gammasgn_fun, "gammasgn", mp=mpmath_only("gammasgn", _gammasgn_mp), kind="elementwise")


def _half_sqrt_pi(like):
    return constant("sqrt(pi)/2", like)


defvjp(gamma, lambda g, ans, x: g * ans * digamma(x))
defjvp(gamma, lambda t, ans, x: t * ans * digamma(x))
defvjp(rgamma, lambda g, ans, x: g * _rgamma_slope(ans, x))


def _rgamma_slope(ans, x):
    """1/Gamma's slope, -rgamma(x) digamma(x), wherever that product is finite; 1 + 2 gamma_E x near 0 (`_near_0`;
    1/Gamma(x) = x + gamma_E x^2 + ...), where a subnormal x's digamma, about -1/x, overflows; and at a pole of Gamma,
    x = -n, where rgamma is 0 and digamma has its pole, `_rgamma_slope_at_pole`."""
    near = _near_0(x)
    pole = _at_gamma_pole(x)
    by_series = 1 + constant("euler", x, 2) * x
    if not np.any(raw(pole)):
        return where(near, by_series, -ans * digamma(where(near, 1.0, x)))
    away = where(near, 1.0, where(pole, 0.5, x))  # a number whose digamma is finite wherever the branch is not taken
    at_pole = _rgamma_slope_at_pole(where(pole, x, 0.0))
    return where(near, by_series, where(pole, at_pole, -ans * digamma(away)))


def _at_gamma_pole(x):
    """Where x is 0 or a negative whole number: a pole of Gamma, a zero of 1/Gamma."""
    return logical_and(less_equal(x, 0), equal(floor(x), x))


def _rgamma_slope_at_pole(x):
    """1/Gamma's slope at and around a pole of Gamma, x = -n, by the reflection formula 1/Gamma(x) = sin(pi x)
    Gamma(1 - x) / pi: (-1)^n (cos(pi t) - sin(pi t) digamma(1 - x) / pi) Gamma(1 - x), t = x + n, which holds no
    pole and no rounded multiple of pi; (-1)^n n! at t = 0, and differentiated again -2 (-1)^n n! digamma(n + 1)."""
    pole = floor(x)  # -n, held still: t carries x's motion
    t = x - pole
    sign_of_n = 1 - 2 * mod(pole, 2)
    pi = constant("pi", x)
    return sign_of_n * (cos(pi * t) - sin(pi * t) * digamma(1 - x) * constant("1/pi", x)) * gamma(1 - x)


defvjp(erfinv, lambda g, ans, x: g * _half_sqrt_pi(ans) * exp_of_square(ans, 1))
defvjp(erfcinv, lambda g, ans, x: -g * _half_sqrt_pi(ans) * exp_of_square(ans, 1))
# Bessel functions' derivatives: I0' = I1, I1' = I0 - I1/x, J0' = -J1, J1' = J0 - J1/x, and Y as J.
defvjp(i0, lambda g, ans, x: g * _order_zero_slope(i1, x))
defvjp(i1, lambda g, ans, x: g * _order_one_slope(i0, ans, x))
defvjp(j0, lambda g, ans, x: -g * _order_zero_slope(j1, x))
defvjp(j1, lambda g, ans, x: g * _order_one_slope(j0, ans, x))


def _near_0(x):
    """Where I1(x) and J1(x) are x/2 to the last bit of x's float dtype (|x| < 1e-20: their next terms are x^3/16),
    which SciPy's own I1 and J1 are not at subnormal x (J1(1e-310) = 4.999999999974e-311, J1(5e-324) = 0); at high
    precision and on balls only x = 0 itself, where the limits below are exact."""
    return less(absolute(x), 1e-20) if is_float_dtype(dtype_of(x)) else equal(x, 0)


def _order_zero_slope(first, x):
    """I0' = I1 and -J0' = J1 (``first``), x/2 near 0 (`_near_0`)."""
    return where(_near_0(x), x * 0.5, first(x))


def _order_one_slope(zeroth, ans, x):
    """I1' = I0 - I1/x and J1' = J0 - J1/x (``zeroth`` I0 or J0, ``ans`` I1 or J1): 1/2 near 0 (`_near_0`), where
    I1/x and J1/x tend to 1/2 and the quotient of a subnormal I1 or J1 would show the bits it lost (0/0 at 0)."""
    near = _near_0(x)
    return where(near, 0.5, zeroth(x) - ans / where(near, 1.0, x))
defvjp(y0, lambda g, ans, x: -g * y1(x))
defvjp(y1, lambda g, ans, x: g * (y0(x) - ans / x))
# NumPy's ``np.i0``, which plain NumPy code calls: NumPy's own value in a dtype (its Chebyshev series computed in the
# input's float dtype, so float32's differs from SciPy's i0, which computes in float64 and rounds), I0 on exact
# numbers as `i0` takes it, its slope I1 (SciPy's i1: without SciPy the value alone, as digamma's gradient).
# bfloat16, which np.i0 answers in float64, keeps its dtype as every op of the core does.


def _numpy_i0_exact(x):
    """I0 of an exact number, as `i0` computes it; at an mpmath infinity NaN, NumPy's own answer there (its large-x
    branch is exp(x) / sqrt(x) of inf, inf / inf), where mpmath's besseli raises."""
    if type(x).__name__ == "mpf":  # mpmath is loaded: an mpmath number is here
        mpmath = loaded_mpmath()
        if not mpmath.isfinite(x):
            return mpmath.mpf("nan")
    return i0.prim.mp(x)


numpy_i0 = primitive(in_input_dtype(np.i0), "i0", mp=_numpy_i0_exact, kind="elementwise")
defvjp(numpy_i0, lambda g, ans, x: g * i1(x))
# In x, for an order v held fixed: C_v' = (C_{v-1} - C_{v+1}) / 2 for J and Y, I_v' = (I_{v-1} + I_{v+1}) / 2.
defvjp(jn, None, lambda g, ans, v, x: g * (jn(v - 1, x) - jn(v + 1, x)) / 2)
defvjp(yn, None, lambda g, ans, v, x: g * (yn(v - 1, x) - yn(v + 1, x)) / 2)
defvjp(iv, None, lambda g, ans, v, x: g * (iv(v - 1, x) + iv(v + 1, x)) / 2)


def _ive_slope(ans, v, x):
    """d/dx ive(v, x): the recurrence form, the large-x series far right (`where_far_right`), and far left for a
    whole order its mirror image: ive(v, x) = (-1)^v ive(v, -x), so the slope at x is -(-1)^v the series' at -x,
    where the recurrence cancels log2(2|x|) bits (all but 26 of them at x = -1e8)."""
    near = (ive(v - 1, x) + ive(v + 1, x)) / 2 - sign(x) * ans

    def far(at):
        return far_scaled_bessel_slope(v, at, True)

    right = where_far_right(v, x, near, far)
    if is_mp_value(raw(x)):
        return right
    order, bound = np.asarray(raw(v), dtype=float), _FAR_BOUND + raw(v) * raw(v)
    far_left = np.logical_and(np.floor(order) == order, raw(x) <= -bound)
    if not np.any(far_left):
        return right
    mirror = np.where(np.mod(order, 2) == 1, 1.0, -1.0).astype(float_dtype(raw(x)))
    return where(far_left, far(where(far_left, -x, bound)) * mirror, right)


defvjp(ive, None, lambda g, ans, v, x: g * _ive_slope(ans, v, x))

_FAR_TERMS = 24  # the large-x series' terms: past `where_far_right`'s bound the next is below 1e-20 of the first
_FAR_BOUND = 30  # far right: x >= 30 + v^2, where the series' terms shrink from the first and e^-2x is below 1e-26


def far_scaled_bessel_slope(v, x, first_kind):
    """d/dx e^-x I_v(x) (``first_kind``) or d/dx e^x K_v(x), for x far right (`where_far_right`), from their large-x
    series (2 pi x)^-1/2 sum (-1)^k a_k(v) x^-k and (pi / 2x)^1/2 sum a_k(v) x^-k taken term by term, a_k(v) =
    prod_j (4 v^2 - (2j - 1)^2) / (k! 8^k). The slope is -1/(2x) of the value there: the recurrence forms
    (i1e - i0e, k0e - k1e) reach it by cancelling log2(2x) bits, all of them at 1e17; the series adds shrinking
    terms."""
    t, four_v2 = 1 / x, 4 * v * v
    a, coefficients = 1.0, []
    for k in range(_FAR_TERMS):
        coefficients.append((-a if first_kind and k % 2 else a) * (k + 0.5))
        a = a * (four_v2 - (2 * k + 1) ** 2) / (8 * (k + 1))
    total = coefficients[-1]
    for c in reversed(coefficients[:-1]):
        total = c + t * total
    scale = 1 / math.sqrt(2 * math.pi) if first_kind else math.sqrt(math.pi / 2)
    return -scale * (t * total) / sqrt(x)


def where_far_right(v, x, near, far):
    """``near`` (a slope's recurrence form), or in a float dtype ``far(x)`` where x >= 30 + v^2 (`_FAR_BOUND`),
    evaluated only at points that far right (elsewhere at the bound itself, so no branch divides by 0 at x = 0). At
    the working precision of the exact reference ``near`` itself: its cancellation costs digits the precision has,
    where the series' float coefficients would hold 53 bits."""
    if is_mp_value(raw(x)):
        return near
    bound = _FAR_BOUND + v * v
    inside = less(x, bound)
    return where(inside, near, far(where(inside, bound, x)))


def _gamma_density(a, x):
    """d/dx gammainc(a, x) = x^(a-1) e^-x / Gamma(a), through its log (no overflow of x^(a-1) or Gamma(a))."""
    a = lifted(a, x)
    return exp(xlogy(a - 1, x) - x - gammaln(a))


def _beta_density(a, b, x):
    """d/dx betainc(a, b, x) = x^(a-1) (1-x)^(b-1) / B(a, b), through its log."""
    a, b = lifted(a, x), lifted(b, x)
    return exp(xlogy(a - 1, x) + xlog1py(b - 1, -x) - betaln(a, b))


def _t_density(df, t):
    """Student's t density with ``df`` degrees of freedom: d/dt stdtr(df, t)."""
    df = lifted(df, t)
    half = (df + 1) / 2
    log_norm = gammaln(half) - gammaln(df / 2) - (log(df) + constant("log(pi)", t)) / 2
    return exp(log_norm - half * log1p(t * t / df))


defvjp(gammainc, lambda g, ans, a, x: unbroadcast(g * gammainc_da(a, x), a),
       lambda g, ans, a, x: unbroadcast(g * _gamma_density(a, x), x))
defvjp(gammaincc, lambda g, ans, a, x: unbroadcast(-g * gammainc_da(a, x), a),
       lambda g, ans, a, x: unbroadcast(-g * _gamma_density(a, x), x))
defvjp(betainc, None, None, lambda g, ans, a, b, x: unbroadcast(g * _beta_density(a, b, x), x))
defvjp(stdtr, None, lambda g, ans, df, t: unbroadcast(g * _t_density(df, t), t))
defjvp(gammainc, lambda t, ans, a, x: t * gammainc_da(a, x), lambda t, ans, a, x: t * _gamma_density(a, x))
defjvp(gammaincc, lambda t, ans, a, x: -t * gammainc_da(a, x), lambda t, ans, a, x: -t * _gamma_density(a, x))
defjvp(betainc, None, None, lambda t, ans, a, b, x: t * _beta_density(a, b, x))
defjvp(stdtr, None, lambda t, ans, df, x: t * _t_density(df, x))


# Far from 0 the series of psi(x) = log x - 1/(2x) - sum B_2k / (2k x^2k) is exact to double by x^-10;
# below this the difference is taken of SciPy's psi itself.
_DRIFT_FROM = 100.0


def _digamma_drop_float(a, b):
    """psi(a) - psi(a + b) in a float dtype: by the series' differences term by term where a is large (each term's
    difference written without subtracting neighbours, so b/a = 1e-300 keeps its digits), else psi(a) - psi(a + b)."""
    a, b = np.asarray(a), np.asarray(b)
    dtype = np.result_type(a, b, np.float32)
    with np.errstate(all="ignore"):
        big = np.where(a >= _DRIFT_FROM, a, _DRIFT_FROM)
        ratio, u = b / big, 1 / big
        v = 1 / (big + b)
        d2 = ratio * v * (u + v)  # 1/a^2 - 1/(a+b)^2
        u2, v2 = u * u, v * v
        d4, d6 = d2 * (u2 + v2), d2 * (u2 * u2 + u2 * v2 + v2 * v2)
        d8 = d4 * (u2 * u2 + v2 * v2)
        series = -np.log1p(ratio) - ratio * v / 2 - d2 / 12 + d4 / 120 - d6 / 252 + d8 / 240
        scipy_digamma = _scipy_function("digamma")
        direct = scipy_digamma(a) - scipy_digamma(a + b)
    return np.where(a >= _DRIFT_FROM, series, direct).astype(dtype)[()]


def _digamma_drop_mp(a, b):
    mpmath = loaded_mpmath()
    extra = 20 + max(0, _magnitude(mpmath, a), _magnitude(mpmath, b))  # a + b exact, and psi(a)'s digits to cancel
    with mpmath.extraprec(extra):
        value = mpmath.digamma(a) - mpmath.digamma(a + b)
    return +value


_digamma_drop_fun = in_input_dtype(_digamma_drop_float)
_digamma_drop_fun.nin = 2
# psi(a) - psi(a + b): betaln's slope in a, which at a = 1e300 is -2e-300 where psi(a) and psi(a + b) agree to
# every digit; its own primitive so the backward pass computes it as stably as SciPy computes betaln.
digamma_drop = primitive(_digamma_drop_fun, "digamma_drop", mp=_on_balls_too("digamma_drop", mpmath_only("digamma_drop", _digamma_drop_mp)), kind="elementwise")
_BALLS["digamma_drop"] = lambda a, b: a.digamma() - (a + b).digamma()
defvjp(digamma_drop, lambda g, ans, a, b: unbroadcast(g * (polygamma(1, a) - polygamma(1, a + b)), a),
       lambda g, ans, a, b: unbroadcast(-g * polygamma(1, a + b), b))
defvjp(betaln, lambda g, ans, a, b: unbroadcast(g * digamma_drop(a, b), a),
       lambda g, ans, a, b: unbroadcast(g * digamma_drop(b, a), b))


def _drop_through_poles(a, b):
    """psi(a) - psi(a + b) (`digamma_drop`), also where a and a + b are both poles of Gamma (b a whole number), where
    it is the limit of a difference of two infinities: by the reflection psi(x) = psi(1 - x) - pi cot(pi x), whose
    cotangents cancel over whole periods, psi(1 - a) - psi(1 - a - b) (poch(-3, 2) = z (z + 1) has the slope -5)."""
    both = logical_and(_at_gamma_pole(a), _at_gamma_pole(a + b))
    if not np.any(raw(both)):
        return digamma_drop(a, b)
    reflected = -digamma_drop(where(both, 1 - a - b, 1.0), where(both, b, 1.0))  # each branch finite where taken
    return where(both, reflected, digamma_drop(where(both, 0.5, a), where(both, 1.0, b)))


def _beta_slope(ans, a, b):
    """d/da B(a, b) = B(a, b) (psi(a) - psi(a + b)); where a + b alone is a pole of Gamma, B is 0 and the difference
    infinite, and the slope is Gamma(a) Gamma(b) times 1/Gamma's slope at a + b (`_rgamma_slope`)."""
    only_sum = logical_and(_at_gamma_pole(a + b), logical_not(logical_or(_at_gamma_pole(a), _at_gamma_pole(b))))
    if not np.any(raw(only_sum)):
        return ans * _drop_through_poles(a, b)
    total = where(only_sum, a + b, 0.5)
    at_pole = gamma(where(only_sum, a, 1.0)) * gamma(where(only_sum, b, 1.0)) * _rgamma_slope(rgamma(total), total)
    return where(only_sum, at_pole, ans * _drop_through_poles(where(only_sum, 0.5, a), where(only_sum, 0.5, b)))


def _poch_slope(ans, z, m):
    """d/dz poch(z, m) = poch(z, m) (psi(z + m) - psi(z)); where z alone is a pole of Gamma, poch is 0 and the
    difference infinite, and the slope is Gamma(z + m) times 1/Gamma's slope at z (poch(-3, 5) = 0 has -6)."""
    only_z = logical_and(_at_gamma_pole(z), logical_not(_at_gamma_pole(z + m)))
    if not np.any(raw(only_z)):
        return -ans * _drop_through_poles(z, m)
    at = where(only_z, z, 0.5)
    at_pole = gamma(where(only_z, z + m, 1.0)) * _rgamma_slope(rgamma(at), at)
    return where(only_z, at_pole, -ans * _drop_through_poles(where(only_z, 0.5, z), where(only_z, 1.0, m)))


defvjp(beta, lambda g, ans, a, b: unbroadcast(g * _beta_slope(ans, a, b), a),
       lambda g, ans, a, b: unbroadcast(g * _beta_slope(ans, b, a), b))
defjvp(beta, lambda t, ans, a, b: t * _beta_slope(ans, a, b), lambda t, ans, a, b: t * _beta_slope(ans, b, a))
# d/dz poch(z, m) = poch(z, m) (psi(z + m) - psi(z)); in m, poch(z, m) psi(z + m).
defvjp(poch, lambda g, ans, z, m: unbroadcast(g * _poch_slope(ans, z, m), z),
       lambda g, ans, z, m: unbroadcast(g * ans * digamma(z + m), m))
defjvp(poch, lambda t, ans, z, m: t * _poch_slope(ans, z, m), lambda t, ans, z, m: t * ans * digamma(z + m))
defjvp(betaln, lambda t, ans, a, b: t * digamma_drop(a, b), lambda t, ans, a, b: t * digamma_drop(b, a))


# -- composites ---------------------------------------------------------------------------

psi = digamma
expit = sigmoid


def logit(p):
    """``scipy.special.logit``: log(p / (1 - p))."""
    return log(p) - log1p(-p)


def log_expit(x):
    """``scipy.special.log_expit``: log(1/(1 + e^-x)) as -softplus(-x), finite far left where expit underflows."""
    return -softplus(-x)


def ndtr(x):
    """``scipy.special.ndtr``: the standard normal CDF, as erfc(-x/sqrt 2)/2 (no 1 + erf cancelling far left)."""
    return erfc(-x * constant("1/sqrt(2)", x)) / 2


def log_softmax(x, axis=None):
    """``scipy.special.log_softmax``: x minus its log-sum-exp over ``axis`` (all entries by default), -inf entries kept.

    Shifted by the largest entry first, as SciPy computes it, so the largest
    entries' answers (near 0) are not the difference of two large numbers.
    """
    shifted = x - _largest(x, axis)
    return shifted - _logsumexp(shifted, axis=axis, keepdims=True)


def softmax(x, axis=None):
    """``scipy.special.softmax``: exp of `log_softmax`, so no entry overflows however large."""
    return exp(log_softmax(x, axis=axis))


def entr(x):
    """``scipy.special.entr``: -x log x, 0 at x = 0 (negative x: NaN, where SciPy answers -inf; outside the domain)."""
    return -xlogy(x, x)


def rel_entr(x, y):
    """``scipy.special.rel_entr``: x log(x / y), 0 where x = 0, as two xlogy so x / y never under- or overflows."""
    return xlogy(x, x) - xlogy(x, y)


def kl_div(x, y):
    """``scipy.special.kl_div``: x log(x / y) - x + y."""
    return rel_entr(x, y) - x + y


# -- SciPy's own values in the run under test --------------------------------------------------

def _scipy_value(library):
    """The float path of `scipy_valued`'s op: SciPy's own answer ``library(*args, **kwargs)`` (item ``part``
    of it where SciPy answers a tuple), where it comes in the dtype and shape of ``computed``, gradcli's
    composite (the op's last argument), or in a wider float dtype (then rounded to the run's); else ``computed``
    (a dtype SciPy has no loop for, as longdouble)."""

    def value(*args, part=None, **kwargs):
        *args, computed = args
        try:
            with np.errstate(all="ignore"):
                out = library(*args, **kwargs)
        except (TypeError, ValueError):
            return computed
        out = out if part is None else out[part]
        have, want = np.result_type(out), np.result_type(computed)
        if np.shape(out) != np.shape(computed) or not (have == want or _wider_float(have, want)):
            return computed
        out = out.astype(want) if have != want else out  # SciPy promoted (multigammaln's float64): kept in the run's dtype
        if isinstance(computed, np.ndarray):
            return np.asarray(out)
        return type(computed)(out) if isinstance(computed, (float, np.floating)) else out

    return value


def _wider_float(have, want):
    return have.kind == want.kind == "f" and np.can_cast(want, have, "safe")


def _composite_tangent(tangents, argnums, ans, args, kwargs):
    """The forward-mode rule of `scipy_valued`'s op: the composite's tangent (its last argument's) alone."""
    for t, i in zip(tangents, argnums):
        if i == len(args) - 1:
            return t
    return zeros_like(ans)


def scipy_valued(name, composite):
    """``scipy.special.<name>`` as gradcli computes it: ``composite`` carries the gradient and is the exact
    reference's mathematics, while a run in a float dtype gets SciPy's own number, through the same function.

    A user's SciPy code is judged on what SciPy computes: ``kl_div(1e-300, 1e300)`` is -inf in SciPy
    (x / y underflows), where the composite's two xlogy would give the sounder 1e300 and call the line sound.
    The op (named ``scipy.special.<name>``, the composite's value its last argument) is the composite's value
    on mpmath numbers, balls, jets and proof numbers, and passes its gradient to the composite alone.
    """
    op = primitive(_scipy_value(_scipy_function(name)), f"scipy.special.{name}",
                   mp=lambda *args, part=None, **kwargs: args[-1])
    defvjp_all(op, lambda g, ans, *args, **kwargs: (None,) * (len(args) - 1) + (g,))
    primitive_of(op).jvp = _composite_tangent
    # What a finding shows of its call: SciPy's arguments, not gradcli's composite value, which is no argument of the user's
    primitive_of(op).shown_arguments = -1

    public = f"scipy.special.{name}"
    # expit is gradcli's sigmoid itself: a finding on that op names the user's call alone
    alone = getattr(getattr(composite, "prim", None), "name", None)

    @functools.wraps(composite, assigned=("__doc__", "__module__"), updated=())  # never a door's ``prim``
    def valued(*args, **kwargs):
        args = floats_lifted_for_composite(args, sys._getframe(1))
        with composing(public, alone):
            out = composite(*args, **kwargs)
        options = {k: raw(v) for k, v in kwargs.items()}  # SciPy's keyword arguments (axis, b), for its own call
        if isinstance(out, tuple):  # logsumexp's (value, sign): each SciPy's
            return tuple(op(*args, o, part=i, **options) for i, o in enumerate(out))
        return op(*args, out, **options)

    valued.__name__ = valued.__qualname__ = name
    return valued


def multigammaln(a, d):
    """``scipy.special.multigammaln``: the log of the multivariate gamma function of dimension ``d``."""
    total = constant("log(pi)", a, d * (d - 1) / 4)
    for j in range(d):
        total = total + gammaln(a - weak(j / 2, a))
    return total



def _largest(a, axis, dropped=None):
    """The largest finite ``a`` over ``axis`` (kept as an axis) where ``dropped`` (a mask, or None) is not set, a
    constant in ``a``'s dtype: what a log-sum-exp is shifted by (the answer does not depend on it). mpmath numbers
    never overflow, but are shifted alike, so the exact run's exps are the float run's for the provenance that pairs
    them; balls, jets and proof numbers, whose sums carry their own tails, by 0."""
    values = raw(a)
    if isinstance(values, (list, tuple)):  # an array_like of plain numbers
        values = np.asarray(values)
    if getattr(values, "dtype", None) == object:
        if not shares_from_inputs(values):
            return 0
        if dropped is not None:
            values = np.where(raw(dropped), float("-inf"), values)
        return largest_finite(values, axis)
    if dropped is not None:
        values = np.where(raw(dropped), -np.inf, values)
    shift = np.max(values, axis=axis, keepdims=True)
    return np.where(np.isfinite(shift), shift, 0).astype(np.result_type(values))


# How far above the shift exact numbers keep a weight-0 entry's exponent: e^(2^20) is a number on balls and mpmath
# alike, where e^1e58 is none at any precision.
_EXACT_EXPONENT_CAP = 2.0**20


def _exponent_cap(a):
    """How far above the shift a weight-0 entry's exponent is kept (`logsumexp`): below its float dtype's largest
    exp by 1 (e^88.7 in float32, bfloat16's by ml_dtypes), float64's for integers, `_EXACT_EXPONENT_CAP` for exact
    numbers."""
    dtype = getattr(raw(a), "dtype", None)
    if dtype is None or dtype == object:
        return _EXACT_EXPONENT_CAP
    if dtype.kind in "fc":
        largest = np.finfo(dtype).max
    elif is_float_dtype(dtype):  # ml_dtypes' (loaded: a value of its dtype exists)
        largest = sys.modules["ml_dtypes"].finfo(dtype).max
    else:
        largest = np.finfo(np.float64).max
    return float(np.log(float(largest))) - 1


def _kept_exponent(a, shift):
    """A weight-0 entry's exponent as `logsumexp` computes its exp: its own up to `_exponent_cap` above the shift, so
    that its weight's slope is its own e^(a - m) over the sum; the shift itself (e^0, a number) where it is NaN, past
    that cap (the slope past the dtype's range anyway), or complex (no order to cap by)."""
    if holds_complex(a):
        return shift
    return where(less_equal(a - shift, _exponent_cap(a)), a, shift)


def logsumexp(a, axis=None, b=None, keepdims=False, return_sign=False):
    """``scipy.special.logsumexp``: log(sum(b * exp(a))), with weights ``b`` and the sign of the sum if asked.

    With weights (which may be negative or zero) it is log|sum(b * exp(a - m))| + m,
    ``m`` the largest ``a`` whose weight is not 0, held constant (the answer does not depend on
    it). An entry whose weight is 0 adds nothing, whatever its exponential (SciPy's answer: inf
    there is no NaN), but its weight's slope is its e^(a - m) over the sum, as at any weight
    (`_kept_exponent`: its own exponent where its exp is a number).
    """
    if b is None and not return_sign:
        return _logsumexp(a, axis=axis, keepdims=keepdims)
    dropped = None if b is None else equal(b, 0)
    if dropped is not None and not np.any(raw(dropped)):
        dropped = None
    shift = _largest(a, axis, dropped)
    if dropped is not None:
        a = where(dropped, _kept_exponent(a, shift), a)  # a number times the weight 0
    total = sum_((1 if b is None else b) * exp(a - shift), axis=axis, keepdims=True)
    out = log(absolute(total)) + shift
    if not keepdims:
        out, total = squeeze(out, axis), squeeze(total, axis)
        if not isinstance(out, Box) and np.ndim(out) == 0:
            out = out[()]  # a number, as SciPy answers, not a 0-d array
    return (out, sign(total)) if return_sign else out


# -- functions scaled so they neither overflow nor underflow where frameworks use them -------------------------


def _erfcx_ball(x):
    """exp(x^2) erfc(x) on a ball; far right S / (x sqrt pi), S `_far_series`'s (flint's erfc has no digits there)."""
    if x > _FAR:
        return _far_series_ball(x) / (x * type(x).pi().sqrt())
    return (x * x).exp() * x.erfc()


_BALLS.update({
    "erfcx": _erfcx_ball,
    "ndtri": lambda p: -(2 * p).erfcinv() * type(p)(2).sqrt(),
})
# erfcx'(x) = 2 x erfcx(x) - 2/sqrt(pi) on jets: far left erfcx grows like 2 e^(x^2), which no difference step resolves.
_JET_SLOPES["erfcx"] = lambda answer, x: 2 * x * answer - 2 / type(x).pi().sqrt()
# ndtri'(p) = sqrt(2 pi) exp(ndtri(p)^2 / 2) on jets: at 1 - 2^-53 a difference step would leave [0, 1].
_JET_SLOPES["ndtri"] = lambda answer, p: (2 * type(p).pi()).sqrt() * (answer * answer / 2).exp()

erfcx = _with_mpmath("erfcx")  # exp(x^2) erfc(x): finite far right, where erfc underflows
ndtri = _with_mpmath("ndtri")  # the inverse of the standard normal CDF


# The Hurwitz zeta function zeta(s, q) (d/dq = -s zeta(s + 1, q)) and Riemann's zeta(s), SciPy's zeta with q
# omitted; their slopes in s, which have no closed form, are mpmath's (`ops_bessel_hypergeometric`).
hurwitz_zeta = _with_mpmath("zeta", nin=2)
_riemann_zeta_floats = in_input_dtype(_scipy_function("zeta"))
_riemann_zeta_floats.nin = 1  # the catalogue reads the arity here, as on a ufunc
riemann_zeta = primitive(_riemann_zeta_floats, "riemann_zeta",
                         mp=_on_balls_too("riemann_zeta", mpmath_only("riemann_zeta", _riemann_zeta_mp)), kind="elementwise")


def zeta(x, q=None):
    """``scipy.special.zeta(x, q=None)``: Hurwitz's zeta, or Riemann's (continued left of 1) where q is omitted."""
    return riemann_zeta(x) if q is None else hurwitz_zeta(x, q)


# The exponential integrals E1(x) = int_x^inf e^-t / t dt and Ei(x) = -E1(-x): E1' = -e^-x / x, Ei' = e^x / x.
exp1 = _with_mpmath("exp1")
expi = _with_mpmath("expi")
defvjp(exp1, lambda g, ans, x: -g * exp(-x) / x)
defvjp(expi, lambda g, ans, x: g * exp(x) / x)
# E_n(x) = int_1^inf e^-xt / t^n dt, in x alone (an integer order): E_n' = -E_{n-1}, E_0(x) = e^-x / x.
expn = _with_mpmath("expn", nin=2)
defvjp(expn, None, lambda g, ans, n, x: unbroadcast(-g * expn(n - 1, x), x))


# I0(x) exp(-|x|) and I1(x) exp(-|x|): SciPy's own, finite at |x| = 1e10 where SciPy's ive(0, x) is NaN.
i0e = _with_mpmath("i0e")
i1e = _with_mpmath("i1e")
# I0' = I1 and I1' = I0 - I1/x, with the scale's slope -sign(x) times the value.
# Far out, where those forms cancel, the large-x series' slopes: i0e's odd, i1e's even.
defvjp(i0e, lambda g, ans, x: g * where_far_right(
    0.0, absolute(x), i1e(x) - sign(x) * ans, lambda at: sign(x) * far_scaled_bessel_slope(0.0, at, True)))
defvjp(i1e, lambda g, ans, x: g * where_far_right(
    1.0, absolute(x), _i1e_slope(ans, x), lambda at: far_scaled_bessel_slope(1.0, at, True)))


def _i1e_slope(ans, x):
    """i1e'(x) = i0e(x) - i1e(x) / x - sign(x) i1e(x), 1/2 near 0 (`_near_0`: I1(x)/x -> 1/2, and a subnormal i1e has
    lost the bits its quotient would show); neither branch divides by 0."""
    near = _near_0(x)
    away = where(near, 1, x)
    return where(near, 0.5, i0e(x) - ans / away - sign(x) * ans)


# K0(x) e^x and K1(x) e^x, finite at x = 700 where K underflows: K0' = -K1 and K1' = -K0 - K1/x, with the
# scale's slope the value itself.
k0e = _with_mpmath("k0e")
k1e = _with_mpmath("k1e")
defvjp(k0e, lambda g, ans, x: g * where_far_right(0.0, x, ans - k1e(x), lambda at: far_scaled_bessel_slope(0.0, at, False)))
defvjp(k1e, lambda g, ans, x: g * where_far_right(
    1.0, x, ans - ans / x - k0e(x), lambda at: far_scaled_bessel_slope(1.0, at, False)))


def _spence_slope(x):
    """spence'(x) = log(x) / (1 - x), -1 at x = 1 (the quotient's removable 0/0); neither branch of the `where`
    divides by 0 there, so no NaN reaches the gradient's own gradient."""
    at_one = equal(x, 1)
    away = where(at_one, 2, x)
    return where(at_one, -1, log(away) / (1 - away))


# The dilogarithm Li2(1 - x) (SciPy's spence), real on x >= 0.
spence = _with_mpmath("spence")
defvjp(spence, lambda g, ans, x: g * _spence_slope(x))


def _pair_part(function, index, name):
    """One of the answers of ``scipy.special.<function>`` (sici's Si and Ci, fresnel's S and C, airy's Ai, Ai', Bi
    and Bi'), which SciPy gives only together, in x's dtype."""
    pair = _scipy_function(function)

    def part(x):
        return pair(x)[index]

    part.__name__ = name
    evaluate = in_input_dtype(part)
    evaluate.nin = 1  # the catalogue reads the arity here, as on a ufunc
    return evaluate


def _ci_mp(x):
    """Ci(|x|) as SciPy's and JAX's sici give it left of 0 (mpmath's Ci has the imaginary part i pi there); -inf at 0."""
    mpmath = loaded_mpmath()
    return mpmath.ninf if x == 0 else mpmath.ci(abs(x))


def _ci_ball(x):
    """Ci(|x|) on balls proven off 0, where Ci has its logarithmic pole; elsewhere mpmath's path."""
    if not (x > 0 or x < 0):
        raise ArithmeticError("Ci's ball not proven off 0")
    return abs(x).ci()


def _sinc_ball(answer, x):
    """sin(x) / x on balls, 1 at exactly 0; a ball around 0 that is not 0: mpmath's path."""
    if x.is_zero():
        return type(x)(1)
    if x.contains(0):
        raise ArithmeticError("sin(x)/x on a ball around 0")
    return x.sin() / x


_BALLS.update({"si": lambda x: x.si(), "ci": _ci_ball})
_JET_SLOPES.update({"si": _sinc_ball, "ci": lambda answer, x: x.cos() / x})  # d Ci(|x|)/dx = cos(x)/x on both sides


def _sinc_slope(x):
    """Si'(x) = sin(x) / x, 1 at x = 0 (the removable 0/0); neither branch of the `where` divides by 0 there."""
    at_zero = equal(x, 0)
    away = where(at_zero, 1, x)
    return where(at_zero, 1, sin(away) / away)


# The sine and cosine integrals, SciPy's sici as two functions (JAX's sici replays as them).
si = primitive(_pair_part("sici", 0, "si"), "si",
               mp=_on_balls_too("si", mpmath_only("si", lambda x: loaded_mpmath().si(x))), kind="elementwise")
ci = primitive(_pair_part("sici", 1, "ci"), "ci", mp=_on_balls_too("ci", mpmath_only("ci", _ci_mp)), kind="elementwise")
defvjp(si, lambda g, ans, x: g * _sinc_slope(x))
defvjp(ci, lambda g, ans, x: g * cos(x) / x)


def sici(x):
    """``scipy.special.sici``: the sine and cosine integrals (Si(x), Ci(x)), the pair in SciPy's order (Ci of |x|
    left of 0, as SciPy gives its real part)."""
    return si(x), ci(x)


def _log_ndtr_slope(ans, x):
    """(log Phi)' = phi / Phi: sqrt(2/pi) / erfcx(-x/sqrt 2) left of 0, where exp(-x^2/2 - log Phi) would
    cancel two numbers near -x^2/2 (at x = -1e5 it kept 32 bits); exp(-x^2/2) exp(-log Phi) / sqrt(2 pi) right
    of it, where erfcx(-x/sqrt 2) overflows and log Phi is near 0, exp(-x^2/2) without x * x's rounding
    (`exp_of_square`). No 0/0 where Phi underflows; each branch finite where the other is taken."""
    left_side = less(x, 0)
    left = constant("sqrt(2/pi)", ans) / erfcx(-x * constant("1/sqrt(2)", ans))
    right = exp_of_square(where(left_side, 0.0, x), -0.5) * exp(-where(left_side, 0.0, ans))
    return where(left_side, left, right * constant("1/sqrt(2pi)", ans))


defvjp(log_ndtr, lambda g, ans, x: g * _log_ndtr_slope(ans, x))
def _erfcx_slope(ans, x):
    """erfcx'(x) = 2 x erfcx(x) - 2/sqrt(pi), whose terms cancel to -1/(sqrt(pi) x^2) far right.

    In a float dtype, from x = 10 on, it is the asymptotic series
    -(2/sqrt(pi)) sum_k (-1)^(k+1) (2k-1)!! u^k with u = 1/(2x^2) (20 terms: 1e-20
    relative at x = 10, better beyond); at the working precision it is the formula itself.
    """
    direct = 2 * x * ans - constant("2/sqrt(pi)", ans)
    if is_mp_value(raw(ans)):
        return direct
    near = less(x, 10)
    far = where(near, 10, x)  # each branch finite where the other is taken
    u = 0.5 / far / far  # not 1 / (2 far^2): that overflows far right, where u is a harmless 0
    term = total = u
    for k in range(2, 21):
        term = term * (1 - 2 * k) * u
        total = total + term
    return where(near, direct, -constant("2/sqrt(pi)", ans) * total)


# ndtri' = sqrt(2 pi) exp(ndtri^2 / 2).
defvjp(erfcx, lambda g, ans, x: g * _erfcx_slope(ans, x))
defjvp(erfcx, lambda t, ans, x: t * _erfcx_slope(ans, x))
defvjp(ndtri, lambda g, ans, p: g * constant("sqrt(2pi)", ans) * exp_of_square(ans, 0.5))
defjvp(ndtri, lambda t, ans, p: t * constant("sqrt(2pi)", ans) * exp_of_square(ans, 0.5))


# -- Student's t log-density in its degrees of freedom ------------------------------------------------------

def _t_log_density_float(z, df):
    """log f(z) of the standard Student's t, as SciPy computes it (the Gamma ratio as one rising factorial;
    df = inf: the normal's), so a check judges the user's program on SciPy's own number."""
    z, df = np.asarray(z), np.asarray(df)
    poch_ = _scipy_function("poch")
    with np.errstate(all="ignore"):
        t = np.log(poch_(0.5 * df, 0.5)) - 0.5 * (np.log(df) + np.log(np.pi)) - (df + 1) / 2 * np.log1p(z * z / df)
        normal = -z * z / 2 - 0.5 * np.log(2 * np.pi)
    return np.where(np.isinf(df), normal, t)[()]


def _log1p_excess(q):
    """log1p(q) - q/(1 + q) for q >= 0 without the two terms cancelling near 0: sum of w^k / k, k >= 2,
    w = q/(1 + q) (a series that converges fast for w <= 1/3), else the difference itself."""
    q = np.asarray(q)
    with np.errstate(all="ignore"):
        w = q / (1 + q)
        series = np.zeros_like(w)
        power = w * w
        for k in range(2, 40):
            series = series + power / k
            power = power * w
        direct = np.log1p(q) - w
    return np.where(w <= 1 / 3, series, direct)


# psi(x) = log x - 1/(2x) - sum_k s_k x^-2k (s_k = B_2k / 2k), k = 1..7: exact to double for x >= 10 in the
# differences below (the next term's is below 4e-17).
_PSI_SERIES = (1 / 12, -1 / 120, 1 / 252, -1 / 240, 1 / 132, -691 / 32760, 1 / 12)
_T_SERIES_FROM = 20.0  # df at which the slope in df is taken by the series


def _t_slope_df_float(z, df):
    """d/d(df) of the standard t log-density: 0.5 (psi((df+1)/2) - psi(df/2)) - 1/(2 df) - log1p(q)/2
    + (df+1) q / (2 df (1+q)), q = z^2/df. For df >= 20 each pair that cancels is taken as one series
    (the whole is ~(1 + 2z^2 - z^4)/(4 df^2), 1e-30 at df = 1e15, from terms of 1e-15)."""
    z, df = np.asarray(z), np.asarray(df)
    scipy_digamma = _scipy_function("digamma")
    with np.errstate(all="ignore"):
        q = z * z / df
        h = np.where(df >= _T_SERIES_FROM, df, _T_SERIES_FROM) / 2
        u, v = 1 / h, 1 / (h + 0.5)
        psi_tail = -sum(c * (v ** (2 * k + 2) - u ** (2 * k + 2)) for k, c in enumerate(_PSI_SERIES))
        e = 1 / (2 * h)
        far = 0.5 * (_log1p_excess(e) + psi_tail) - 0.5 * _log1p_excess(q) + 0.5 * q / (df * (1 + q))
        near = (0.5 * (scipy_digamma((df + 1) / 2) - scipy_digamma(df / 2)) - 1 / (2 * df) - 0.5 * np.log1p(q)
                + (df + 1) * q / (2 * df * (1 + q)))
    return np.where(df >= _T_SERIES_FROM, far, near)[()]


def _t_log_density_mp(z, df):
    mpmath = loaded_mpmath()
    extra = 20 + 2 * max(0, _magnitude(mpmath, z), _magnitude(mpmath, df))  # df + 1 and z^2/df exact enough
    with mpmath.extraprec(extra):
        value = (mpmath.loggamma((df + 1) / 2) - mpmath.loggamma(df / 2) - (mpmath.log(df) + mpmath.log(mpmath.pi)) / 2
                 - (df + 1) / 2 * mpmath.log1p(z * z / df))
    return +value


def _t_slope_df_mp(z, df):
    mpmath = loaded_mpmath()
    extra = 20 + 4 * max(0, _magnitude(mpmath, z), _magnitude(mpmath, df))  # terms of 1/df cancel to 1/df^2
    with mpmath.extraprec(extra):
        q = z * z / df
        value = (mpmath.digamma((df + 1) / 2) - mpmath.digamma(df / 2)) / 2 - 1 / (2 * df) - mpmath.log1p(q) / 2 \
            + (df + 1) * q / (2 * df * (1 + q))
    return +value


def _t_primitive(name, on_floats, on_mpmath):
    fun = in_input_dtype(on_floats)
    fun.nin = 2
    return primitive(fun, name, mp=mpmath_only(name, on_mpmath), kind="elementwise")


# The standard t log-density of (z, df) and its two slopes, each a primitive: as a composite of gammaln and
# log1p its value and its slope in df would each cancel to nothing at df = 1e15 (an everyday Gaussian limit).
t_log_density = _t_primitive("t_log_density", _t_log_density_float, _t_log_density_mp)
t_slope_df = _t_primitive("t_slope_df", _t_slope_df_float, _t_slope_df_mp)


def t_slope_z(z, df):
    """d/dz of the standard t log-density: -(df + 1) z / (df + z^2), written so df = inf gives the normal's -z."""
    return -(1 + 1 / df) * z / (1 + z * z / df)


def _t_slope_df_in_z(z, df):
    """d/dz of `t_slope_df`: z (1 - z^2) / (df + z^2)^2."""
    return z * (1 - z * z) / ((df + z * z) * (df + z * z))


def _t_slope_df_in_df(z, df):
    """d/d(df) of `t_slope_df` (a second derivative, by its terms: they cancel at large df, as any composite's would)."""
    z2 = z * z
    spread = df + z2
    pull = (df + 1) * z2 / (2 * df * spread)
    return ((polygamma(1, (df + 1) / 2) - polygamma(1, df / 2)) / 4 + 1 / (2 * df * df) + z2 / (2 * df * spread)
            + pull * (1 / (df + 1) - 1 / df - 1 / spread))


defvjp(t_slope_df, lambda g, ans, z, df: unbroadcast(g * _t_slope_df_in_z(z, df), z),
       lambda g, ans, z, df: unbroadcast(g * _t_slope_df_in_df(z, df), df))
defjvp(t_slope_df, lambda t, ans, z, df: t * _t_slope_df_in_z(z, df), lambda t, ans, z, df: t * _t_slope_df_in_df(z, df))
defvjp(t_log_density, lambda g, ans, z, df: unbroadcast(g * t_slope_z(z, df), z),
       lambda g, ans, z, df: unbroadcast(g * t_slope_df(z, df), df))
defjvp(t_log_density, lambda t, ans, z, df: t * t_slope_z(z, df), lambda t, ans, z, df: t * t_slope_df(z, df))


def binom(n, k):
    """``scipy.special.binom``: the binomial coefficient of real ``n`` and ``k``, 1 / ((n + 1) B(n - k + 1, k + 1))."""
    return 1 / ((n + 1) * beta(n - k + 1, k + 1))


def _comb(N, k, repetition=False):
    """``scipy.special.comb``'s float form: N choose k (N + k - 1 choose k with ``repetition``), and 0 where k exceeds
    N or either is negative, as SciPy answers there (the binomial there moved to 1 choose 0, finite)."""
    if repetition:
        N = N + k - 1
    outside = raw(logical_or(logical_or(less(N, 0), less(k, 0)), less(N, k)))
    return where(outside, 0.0, binom(where(outside, 1.0, N), where(outside, 0.0, k)))


# The functions of ``gradcli.scipy.special`` that gradcli composes where SciPy has its own code (a ufunc's C
# loop, or a Python function of its own): in a float dtype each answers SciPy's number (`scipy_valued`).
SCIPY_VALUED = {
    name: scipy_valued(name, composite) for name, composite in {
        "expit": sigmoid, "logit": logit, "log_expit": log_expit, "ndtr": ndtr, "entr": entr, "rel_entr": rel_entr,
        "kl_div": kl_div, "softmax": softmax, "log_softmax": log_softmax, "logsumexp": logsumexp,
        "multigammaln": multigammaln, "binom": binom, "comb": _comb,
    }.items()
}


def comb(N, k, *, exact=False, repetition=False):
    """``scipy.special.comb``: with ``exact``, SciPy's own Python integer (of integers: nothing to differentiate);
    else the float binomial coefficient, SciPy's number in a float dtype."""
    if exact:
        return _scipy_function("comb")(raw(N), raw(k), exact=True, repetition=repetition)
    return SCIPY_VALUED["comb"](N, k, repetition=repetition)


# -- the Fresnel integrals and Dawson's integral ------------------------------------------------------------

def _fresnel_ball(part):
    """C (``part`` "c") or S ("s") on balls, in SciPy's convention: the integrals of cos and sin of pi t^2 / 2."""
    return lambda x: getattr(x, f"fresnel_{part}")(normalized=True)


def _dawsn_ball(x):
    """D(x) = sqrt(pi)/2 e^(-x^2) erfi(x) on balls short of `_FAR`; past it flint's erfi has no digits (an
    enclosure of everything at 1e100), so there mpmath's path takes the asymptotic series."""
    if not abs(x) < _FAR:
        raise ArithmeticError("Dawson's integral on a ball past 2^16")
    return type(x).pi().sqrt() / 2 * (-x * x).exp() * x.erfi()


def _dawsn_mp(x):
    """Dawson's integral D(x) = e^(-x^2) int_0^x e^(t^2) dt on mpmath numbers (mpmath has none of its own).

    Short of `_FAR` as sqrt(pi)/2 e^(-x^2) erfi(x), with the bits e^(-x^2) loses to the rounding of x^2; past it
    the asymptotic series D(x) = 1/(2x) sum_k (2k-1)!! / (2x^2)^k, whose terms fall by 2x^2 >= 2^33 each (mpmath's
    erfi answers a wrong number of 1e111106836 digits at x = 1e300)."""
    mpmath = loaded_mpmath()
    if x == 0 or not mpmath.isfinite(x):
        return 0 * x if mpmath.isfinite(x) else 1 / x  # 0 at 0 and at both infinities, NaN at NaN
    if abs(x) >= _FAR:
        step = 1 / (2 * x * x)
        total = term = mpmath.mpf(1)
        k = 1
        while abs(term) > mpmath.eps:
            term = term * (2 * k - 1) * step
            total += term
            k += 1
        return total / (2 * x)
    with mpmath.extraprec(20 + 2 * max(0, int(mpmath.log(abs(x), 2)))):
        value = mpmath.sqrt(mpmath.pi) / 2 * mpmath.exp(-x * x) * mpmath.erfi(x)
    return +value


_BALLS.update({"fresnel_c": _fresnel_ball("c"), "fresnel_s": _fresnel_ball("s"), "dawsn": _dawsn_ball})
_JET_SLOPES.update({
    "fresnel_c": lambda answer, x: (x * x / 2).cos_pi(),
    "fresnel_s": lambda answer, x: (x * x / 2).sin_pi(),
    "dawsn": lambda answer, x: 1 - 2 * x * answer,
})
_SPECIAL_MP["dawsn"] = _dawsn_mp

# The Fresnel integrals, SciPy's fresnel (the pair S, C) as two functions, and Dawson's integral: TensorFlow's
# FresnelCos, FresnelSin and Dawsn replay as them.
fresnel_c = primitive(_pair_part("fresnel", 1, "fresnel_c"), "fresnel_c",
                      mp=_on_balls_too("fresnel_c", mpmath_only("fresnel_c", lambda x: loaded_mpmath().fresnelc(x))),
                      kind="elementwise")
fresnel_s = primitive(_pair_part("fresnel", 0, "fresnel_s"), "fresnel_s",
                      mp=_on_balls_too("fresnel_s", mpmath_only("fresnel_s", lambda x: loaded_mpmath().fresnels(x))),
                      kind="elementwise")
dawsn = _with_mpmath("dawsn")


def _half_pi_square(x):
    """pi x^2 / 2, the phase of the Fresnel integrals' slopes, as pi r / 2 with r = x^2 less a multiple of 4.

    In a float dtype pi x^2 / 2 itself is rounded: at x = 1e5 it is 5e9 pi off by 1e-6, where sin is exactly 0.
    There x = hi + lo with hi of half the mantissa's bits (Veltkamp's split), so that hi^2 and 2 hi lo are exact
    products, each less its nearest multiple of 4 exactly, and lo^2 is below x^2's last bit: r keeps x^2's phase
    to a rounding of r, and its slope is still 2x. Past 2^(mantissa + 1) x is an even integer, r = 0.
    """
    half_pi = constant("pi", x, 0.5)
    if high_precision(x) is not None:
        return half_pi * x * x
    value = np.asarray(raw(x))
    bits = np.finfo(value.dtype).nmant + 1
    even = np.abs(value) >= 2.0 ** bits
    tame = np.where(even, 0, value)
    spread = tame * (2.0 ** ((bits + 1) // 2) + 1)
    hi = (spread - (spread - tame)).astype(value.dtype)
    lo = where(even, 0, x) - hi
    square, cross = hi * hi, 2 * hi * (tame - hi)
    return half_pi * ((square - 4 * np.round(square / 4)) + (2 * hi * lo - 4 * np.round(cross / 4)) + lo * lo)


def _dawsn_slope(ans, x):
    """D'(x) = 1 - 2 x D(x), whose terms cancel to -1/(2x^2) far out.

    In a float dtype, from |x| = 10 on, it is the asymptotic series -sum_k (2k-1)!! u^k, u = 1/(2x^2), k = 1..20
    (its 21st term is 1e-20 of the first at |x| = 10, less beyond): at x = 1e8 the difference 1 - 2xD is 0 or an
    ulp of 1, where D' is -5e-17. At the working precision the same series from `_FAR` on, where D is its own
    series' first term 1/(2x) and 1 - 2xD an exact 0 at every precision short of x^2's bits (two precisions agreeing
    on a slope that is not 0); short of it the formula, which loses at most 2 log2(_FAR) bits to the cancellation.
    """
    direct = 1 - 2 * x * ans
    mp = is_mp_value(raw(ans))
    cut = _FAR if mp else 10
    near = less(absolute(x), cut)
    far = where(near, cut, x)  # each branch finite where the other is taken
    u = 0.5 / far / far  # not 1 / (2 far^2): that overflows far out, where u is a harmless 0
    term = total = u
    # past _FAR each term is below 2^-33 (2k - 1) of the one before: prec/20 terms reach the working precision
    for k in range(2, loaded_mpmath().mp.prec // 20 + 2 if mp else 21):
        term = term * (2 * k - 1) * u
        total = total + term
    return where(near, direct, -total)


def fresnel(x):
    """The Fresnel integrals (S(x), C(x)), the pair in SciPy's order."""
    return fresnel_s(x), fresnel_c(x)


defvjp(fresnel_c, lambda g, ans, x: g * cos(_half_pi_square(x)))
defvjp(fresnel_s, lambda g, ans, x: g * sin(_half_pi_square(x)))
defvjp(dawsn, lambda g, ans, x: g * _dawsn_slope(ans, x))


# -- Airy's functions ---------------------------------------------------------------------------------------------
# SciPy's airy (Ai, Ai', Bi, Bi') as four functions; PyTorch's special_airy_ai replays as airy_ai. Each one's slope is
# the next: Ai' and Bi', then, by Airy's equation y'' = x y, x Ai and x Bi.

def _airy_part(name, index, function, derivative):
    """The primitive of one of SciPy's four Airy answers: SciPy's number in a float dtype, flint's ball
    (``arb.<function>(derivative=...)``) or mpmath's ``airyai``/``airybi`` on exact numbers."""
    _BALLS[name] = lambda x: getattr(x, function)(derivative=derivative)
    on_mpmath = mpmath_only(name, lambda x: getattr(loaded_mpmath(), function.replace("_", ""))(x, derivative=derivative))
    return primitive(_pair_part("airy", index, name), name, mp=_on_balls_too(name, on_mpmath), kind="elementwise")


_JET_SLOPES.update({
    "airy_ai": lambda answer, x: x.airy_ai(derivative=1),
    "airy_aip": lambda answer, x: x * x.airy_ai(),
    "airy_bi": lambda answer, x: x.airy_bi(derivative=1),
    "airy_bip": lambda answer, x: x * x.airy_bi(),
})
airy_ai = _airy_part("airy_ai", 0, "airy_ai", 0)
airy_aip = _airy_part("airy_aip", 1, "airy_ai", 1)
airy_bi = _airy_part("airy_bi", 2, "airy_bi", 0)
airy_bip = _airy_part("airy_bip", 3, "airy_bi", 1)


def airy(x):
    """Airy's functions and their slopes (Ai(x), Ai'(x), Bi(x), Bi'(x)), in SciPy's order."""
    return airy_ai(x), airy_aip(x), airy_bi(x), airy_bip(x)


defvjp(airy_ai, lambda g, ans, x: g * airy_aip(x))
defvjp(airy_aip, lambda g, ans, x: g * x * airy_ai(x))
defvjp(airy_bi, lambda g, ans, x: g * airy_bip(x))
defvjp(airy_bip, lambda g, ans, x: g * x * airy_bi(x))
