"""SciPy's integrals of the normal density: Owen's T (``owens_t``) and the Voigt line shape (``voigt_profile``).

Each is a primitive whose value in a float dtype is SciPy's own number and whose
derivatives in every argument are closed forms. Their exact references are
python-flint's balls: Owen's T as a proven integral (``acb.integral``) of its
defining integrand, the Voigt profile from the Faddeeva function
w(z) = e^(-z^2) erfc(-iz) on complex balls; mpmath's quadrature and erfc
where balls cannot answer (Owen's T on mpmath numbers through its balls).
"""

from __future__ import annotations

import numpy as np

from .core import defjvp, defvjp
from .ops import constant, equal, exp, where
from .ops_array import unbroadcast
from .ops_scipy import _BALLS, _JET_PARTIALS, _on_balls_too
from .ops_special import _scipy_function, erf, mpmath_only
from .tracer import primitive
from .values import in_input_dtype, loaded_mpmath


def _elementwise(fun, name, nin, on_mpmath):
    """The primitive ``name`` of ``nin`` arguments: ``fun``'s number in the arguments' dtype, flint's ball
    (`_BALLS`) or ``on_mpmath`` at high precision."""
    fun = in_input_dtype(fun)
    fun.nin = nin  # the catalogue reads the arity here, as on a ufunc
    return primitive(fun, name, mp=_on_balls_too(name, mpmath_only(name, on_mpmath)), kind="elementwise")


# -- Owen's T ------------------------------------------------------------------------------------------------------
# T(h, a) = 1/(2 pi) int_0^a e^(-h^2 (1 + t^2) / 2) / (1 + t^2) dt: even in h, odd in a. For |a| <= 1 the integral
# itself, its factor e^(-h^2/2) taken out so that h = 1e3 (T = 1e-217151) keeps its exponent; for |a| > 1 Owen's
# reflection T(h, a) = (Q(h) + Q(a h)) / 2 - Q(h) Q(a h) - T(a h, 1/a), Q the normal tail, whose integrand is no
# narrow peak at a = 1e10 and whose limit at a = inf is Q(h) / 2.

def _owens_t_ball(h, a):
    """T(h, a) on balls (a ball of a proven sign: else mpmath's path)."""
    if not (a >= 0 or a <= 0):
        raise ArithmeticError("owens_t's ball of a around 0")
    h = abs(h)
    if a < 0:
        return -_owens_t_ball(h, -a)
    if a <= 1:
        return _owens_t_inner_ball(h, a)
    if not a > 1:
        raise ArithmeticError("owens_t's ball of a around 1")
    if not a.is_finite():
        return _tail_ball(h) / 2
    qh, qa = _tail_ball(h), _tail_ball(a * h)
    return (qh + qa) / 2 - qh * qa - _owens_t_inner_ball(a * h, 1 / a)


def _tail_ball(t):
    """The normal tail Q(t) = erfc(t / sqrt 2) / 2."""
    return (t / type(t)(2).sqrt()).erfc() / 2


def _owens_t_inner_ball(h, a):
    """T(h, a) for h >= 0 and 0 <= a <= 1 as flint's proven integral. Of arguments with a radius (a reflected a h, a
    jet's shifted point) its value at their midpoints, widened by the mean value theorem with each partial bounded
    over the whole box: flint's integral of an integrand carrying a radius subdivides for seconds towards a
    tolerance the radius never lets it reach."""
    import flint  # lazy: a ball is here, so flint is loaded

    if h.rad() != 0 or a.rad() != 0:
        spread = abs(_owens_t_slope_h_ball(None, h, a)) * h.rad() + abs(_owens_t_slope_a_ball(None, h, a)) * a.rad()
        return _owens_t_inner_ball(h.mid(), a.mid()) + type(h)(0, spread.upper())
    if a.is_zero():
        return type(a)(0)
    half = h * h / 2

    def integrand(t, analytic):  # meromorphic: its poles at +-i make the ball non-finite by themselves
        return (-half * t * t).exp() / (1 + t * t)

    integral = flint.acb.integral(integrand, 0, a).real
    return (-half).exp() * integral / (2 * type(h).pi())


def _owens_t_mp(h, a):
    """T(h, a) on mpmath numbers: each exact as a ball, the answer the midpoint of `_owens_t_ball`'s enclosure at 30
    bits more than mpmath's (mpmath's own quadrature of the integrand costs a second a point in the differences'
    noise estimate, which calls it dozens of times)."""
    import flint  # lazy: the exact reference's balls, loaded with it

    mpmath = loaded_mpmath()
    if mpmath.isnan(h) or mpmath.isnan(a):
        return mpmath.nan
    with flint.ctx.workprec(mpmath.mp.prec + 30):
        answer = _owens_t_ball(_exact_ball(flint, mpmath, h), _exact_ball(flint, mpmath, a))
        man, exp = answer.mid().man_exp()
    return mpmath.mpf((int(man), int(exp)))


def _exact_ball(flint, mpmath, x):
    """The mpmath number ``x`` as the exact ball of it (an infinity as flint's)."""
    if not mpmath.isfinite(x):
        return flint.arb(float(x))
    sign, man, exp, _ = x._mpf_
    return flint.arb((-1) ** sign * int(man)) * flint.arb(2) ** int(exp)


def _owens_t_slope_h_ball(answer, h, a):
    return -(-h * h / 2).exp() * (a * h / type(h)(2).sqrt()).erf() / (2 * (2 * type(h).pi()).sqrt())


def _owens_t_slope_a_ball(answer, h, a):
    return (-(h * h + (a * h) ** 2) / 2).exp() / (2 * type(h).pi() * (1 + a * a))


_BALLS["owens_t"] = _owens_t_ball
_JET_PARTIALS["owens_t"] = (_owens_t_slope_h_ball, _owens_t_slope_a_ball)

# Owen's T function T(h, a).
owens_t = _elementwise(_scipy_function("owens_t"), "owens_t", 2, _owens_t_mp)


def _owens_t_slope_h(h, a):
    """dT/dh = -phi(h) erf(a h / sqrt 2) / 2."""
    return -exp(-h * h / 2) * erf(a * h * constant("1/sqrt(2)", h)) * constant("1/sqrt(2pi)", h, 0.5)


def _owens_t_slope_a(h, a):
    """dT/da = e^(-h^2 (1 + a^2) / 2) / (2 pi (1 + a^2)), its exponent as h^2 + (a h)^2: 0, not NaN, at h = 0 and
    a = 1e200."""
    ah = a * h
    return exp(-(h * h + ah * ah) / 2) / ((1 + a * a) * constant("2pi", h))


defvjp(owens_t, lambda g, ans, h, a: unbroadcast(g * _owens_t_slope_h(h, a), h),
       lambda g, ans, h, a: unbroadcast(g * _owens_t_slope_a(h, a), a))
defjvp(owens_t, lambda t, ans, h, a: t * _owens_t_slope_h(h, a), lambda t, ans, h, a: t * _owens_t_slope_a(h, a))


# -- the Voigt profile ---------------------------------------------------------------------------------------------
# V(x, s, g) = Re w(z) / (s sqrt(2 pi)), z = (x + i g) / (s sqrt 2): a normal density of deviation s convolved with
# a Cauchy density of half-width g. Its companion L = Im w(z) / (s sqrt(2 pi)) (the dispersion) is the other half of
# its slopes: w'(z) = -2 z w(z) + 2i / sqrt(pi) gives V_x = -(x V - g L) / s^2 and V_g = (x L + g V) / s^2 - 1/(pi s^2),
# L_x = -V_g and L_g = V_x (Cauchy-Riemann), and V(tx, ts, tg) = V / t gives s V_s = -(V + x V_x + g V_g). At s = 0
# both are the Cauchy forms g / (pi r) and x / (pi r), r = x^2 + g^2, with slope 0 in s (even in s there).

def _faddeeva_float(x, sigma, gamma):
    """w(z) / (s sqrt(2 pi)) in float64 or wider, from SciPy's wofz."""
    wofz = _scipy_function("wofz")
    x, sigma, gamma = np.broadcast_arrays(*(np.asarray(v, dtype=np.result_type(v, np.float64)) for v in (x, sigma, gamma)))
    with np.errstate(all="ignore"):
        z = (x + 1j * gamma) / (sigma * np.sqrt(2.0))
        return wofz(z) / (sigma * np.sqrt(2 * np.pi))


def _voigt_dispersion_float(x, sigma, gamma):
    """Im w(z) / (s sqrt(2 pi)); at s = 0 the Cauchy form x / (pi (x^2 + g^2))."""
    with np.errstate(all="ignore"):
        cauchy = np.asarray(x) / (np.pi * (np.square(x) + np.square(gamma)))
        return np.where(np.asarray(sigma) == 0, cauchy, _faddeeva_float(x, sigma, gamma).imag)[()]


def _faddeeva_ball(x, sigma, gamma):
    """w(z) / (s sqrt(2 pi)) on complex balls; s = 0 exactly: None (the caller's Cauchy form)."""
    import flint  # lazy: a ball is here, so flint is loaded

    if sigma.is_zero():
        return None
    if sigma.contains(0):
        raise ArithmeticError("voigt's ball of sigma around 0")
    z = flint.acb(x, gamma) / (sigma * type(x)(2).sqrt())
    return (-z * z).exp() * (-flint.acb(0, 1) * z).erfc() / (sigma * (2 * type(x).pi()).sqrt())


def _voigt_ball(x, sigma, gamma):
    w = _faddeeva_ball(x, sigma, gamma)
    return gamma / (type(x).pi() * (x * x + gamma * gamma)) if w is None else w.real


def _voigt_dispersion_ball(x, sigma, gamma):
    w = _faddeeva_ball(x, sigma, gamma)
    return x / (type(x).pi() * (x * x + gamma * gamma)) if w is None else w.imag


def _faddeeva_mp(x, sigma, gamma):
    mpmath = loaded_mpmath()
    if sigma == 0:
        return mpmath.mpc(gamma, x) / (mpmath.pi * (x * x + gamma * gamma))
    z = mpmath.mpc(x, gamma) / (sigma * mpmath.sqrt(2))
    return mpmath.exp(-z * z) * mpmath.erfc(-1j * z) / (sigma * mpmath.sqrt(2 * mpmath.pi))


_BALLS.update({"voigt_profile": _voigt_ball, "voigt_dispersion": _voigt_dispersion_ball})

# The Voigt profile V(x, sigma, gamma) (SciPy's), and its dispersion companion L (no SciPy name: its slopes' half).
voigt_profile = _elementwise(_scipy_function("voigt_profile"), "voigt_profile", 3,
                             lambda x, s, g: _faddeeva_mp(x, s, g).real)
voigt_dispersion = _elementwise(_voigt_dispersion_float, "voigt_dispersion", 3,
                                lambda x, s, g: _faddeeva_mp(x, s, g).imag)


def _voigt_slopes(x, sigma, gamma, v, w):
    """(d/dx, d/dsigma, d/dgamma) of V, from V and L (``v``, ``w``); at sigma = 0 the Cauchy density's, slope 0 in s.
    Neither branch of a `where` divides by 0 where the other is taken."""
    cauchy = equal(sigma, 0)
    s = where(cauchy, 1, sigma)
    r = where(cauchy, x * x + gamma * gamma, 1)
    inverse_pi = constant("1/pi", x)
    slope_x = where(cauchy, -2 * x * gamma * inverse_pi / (r * r), -(x * v - gamma * w) / (s * s))
    slope_gamma = where(cauchy, (x * x - gamma * gamma) * inverse_pi / (r * r),
                        (x * w + gamma * v - inverse_pi) / (s * s))
    slope_sigma = where(cauchy, 0 * v, -(v + x * slope_x + gamma * slope_gamma) / s)
    return slope_x, slope_sigma, slope_gamma


def _dispersion_slopes(x, sigma, gamma, v, w):
    """(d/dx, d/dsigma, d/dgamma) of L: L_x = -V_g, L_g = V_x, s L_s = -(L + x L_x + g L_g); 0 in s at s = 0."""
    slope_x, _, slope_gamma = _voigt_slopes(x, sigma, gamma, v, w)
    cauchy = equal(sigma, 0)
    s = where(cauchy, 1, sigma)
    along_sigma = where(cauchy, 0 * w, -(w - x * slope_gamma + gamma * slope_x) / s)
    return -slope_gamma, along_sigma, slope_x


def _rules(slopes, companion, ours_first):
    """The three VJP and JVP rules of V (``ours_first``) or L from `slopes`, reading the other of the pair."""

    def pair(ans, x, sigma, gamma):
        other = companion(x, sigma, gamma)
        return (ans, other) if ours_first else (other, ans)

    def vjp(i, argument):
        return lambda g, ans, x, s, gm: unbroadcast(g * slopes(x, s, gm, *pair(ans, x, s, gm))[i], (x, s, gm)[argument])

    def jvp(i):
        return lambda t, ans, x, s, gm: t * slopes(x, s, gm, *pair(ans, x, s, gm))[i]

    return [vjp(i, i) for i in range(3)], [jvp(i) for i in range(3)]


_profile_vjps, _profile_jvps = _rules(_voigt_slopes, voigt_dispersion, True)
_dispersion_vjps, _dispersion_jvps = _rules(_dispersion_slopes, voigt_profile, False)
defvjp(voigt_profile, *_profile_vjps)
defjvp(voigt_profile, *_profile_jvps)
defvjp(voigt_dispersion, *_dispersion_vjps)
defjvp(voigt_dispersion, *_dispersion_jvps)
