"""SciPy's integrals of the normal density: Owen's T (``owens_t``) and the Voigt line shape (``voigt_profile``).

Each is a primitive whose value in a float dtype is SciPy's own number and whose
derivatives in every argument are closed forms. Their exact references are
python-flint's balls: Owen's T as a proven integral (``acb.integral``) of its
defining integrand, the Voigt profile from the Faddeeva function
w(z) = e^(-z^2) erfc(-iz) on complex balls, mpmath's erfc where balls cannot
answer (Owen's T on mpmath numbers through its balls). The Voigt profile's
slopes cancel far from its centre: each is computed in mpmath, in a float dtype
too, with the bits the cancellation takes, and on balls from w'(z), the x-slope
exactly 0 at the centre, where the profile is even in x.
"""

from __future__ import annotations

from .core import defjvp, defvjp
from .ops import constant, exp
from .ops_array import unbroadcast
from .ops_bessel_hypergeometric import _scipy_primitive, mpmath_entrywise
from .ops_scipy import _BALLS, _JET_PARTIALS
from .ops_special import erf
from .values import loaded_mpmath


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
    """The mpmath number ``x`` (or a float operand, a literal of the caller's) as the exact ball of it (an infinity as
    flint's)."""
    if not mpmath.isfinite(x):
        return flint.arb(float(x))
    sign, man, exp, _ = mpmath.mpf(x)._mpf_
    return flint.arb((-1) ** sign * int(man)) * flint.arb(2) ** int(exp)


def _owens_t_slope_h_ball(answer, h, a):
    return -(-h * h / 2).exp() * (a * h / type(h)(2).sqrt()).erf() / (2 * (2 * type(h).pi()).sqrt())


def _owens_t_slope_a_ball(answer, h, a):
    return (-(h * h + (a * h) ** 2) / 2).exp() / (2 * type(h).pi() * (1 + a * a))


_BALLS["owens_t"] = _owens_t_ball
_JET_PARTIALS["owens_t"] = (_owens_t_slope_h_ball, _owens_t_slope_a_ball)

# Owen's T function T(h, a).
owens_t = _scipy_primitive("owens_t", 2, _owens_t_mp)


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
# a Cauchy density of half-width g. From w'(z) = -2 z w(z) + 2i / sqrt(pi): V_x = Re w'(z) / (2 s^2 sqrt(pi)),
# V_g = -Im w'(z) / (2 s^2 sqrt(pi)), and V(tx, ts, tg) = V / t gives s V_s = -(V + x V_x + g V_g). Far out (s small
# beside |x + i g|) w'(z) is the difference of two numbers near 2i / sqrt(pi) that agree to |z|^2, and V_s a sum
# of terms near V that cancel to as much again: in a float dtype no formula of floats keeps them, so each slope is
# its own primitive computed entry by entry in mpmath with the bits the cancellations take (`mpmath_entrywise`). At
# s = 0 V is the Cauchy density g / (pi (x^2 + g^2)), even in s.

def _faddeeva_mp(x, sigma, gamma):
    """w(z) / (s sqrt(2 pi)) on mpmath numbers, and z; at s = 0 the Cauchy form (g + i x) / (pi (x^2 + g^2))."""
    mpmath = loaded_mpmath()
    if sigma == 0:
        return mpmath.mpc(gamma, x) / (mpmath.pi * (x * x + gamma * gamma)), None
    z = mpmath.mpc(x, gamma) / (sigma * mpmath.sqrt(2))
    w = _faddeeva_far(mpmath, z)
    if w is None and z.imag < 0:  # s < 0: by w(z) = 2 e^(-z^2) - w(-z), -z far out in the upper half-plane
        reflected = _faddeeva_far(mpmath, -z)
        w = None if reflected is None else 2 * mpmath.exp(-z * z) - reflected
    if w is None:
        w = mpmath.exp(-z * z) * mpmath.erfc(-1j * z)
    return w / (sigma * mpmath.sqrt(2 * mpmath.pi)), z


def _faddeeva_far(mpmath, z):
    """w(z) for Im z > 0 far from 0 by its expansion (i / (pi z)) sum Gamma(k + 1/2) / z^(2k), or None where that
    cannot reach the working precision. mpmath's exp(-z^2) erfc(-iz) there multiplies two numbers of size
    e^(+-|z|^2) whose errors swamp their product (at s = 1e-30 beside x = 0.5 it gives V_s = 7e-9 for 2.7e-30).
    w(z) = (i / pi) int e^(-t^2) / (z - t) dt and |z - t| >= Im z bound what the terms past k leave by
    Gamma(k + 1/2) / (pi Im z |z|^(2k)), held below 2^-(prec + 20) of Re w's size Im z / (sqrt(pi) |z|^2)."""
    y, size = z.imag, abs(z)
    if y <= 0:
        return None
    tolerance = mpmath.ldexp(y / (size * size), -(mpmath.mp.prec + 20)) * mpmath.pi * y
    inverse_square, weight, power, total = 1 / (z * z), mpmath.sqrt(mpmath.pi), mpmath.mpf(1), mpmath.mpc(0)
    term, k = mpmath.mpc(1), 0
    while weight * power > tolerance:  # Gamma(k + 1/2) / |z|^(2k), the bound times pi Im z
        if k + 1 > size * size:  # the terms grow from here on: the expansion stops short of the precision
            return None
        total += weight * term
        weight *= k + mpmath.mpf(1) / 2
        term *= inverse_square
        power /= size * size
        k += 1
    return 1j * total / (mpmath.pi * z)


def _voigt_slopes_mp(x, sigma, gamma):
    """(V_x, V_s, V_g) on mpmath numbers, with 4 log2 |z| + 30 bits more for their cancellations."""
    mpmath = loaded_mpmath()
    if any(mpmath.isnan(a) for a in (x, sigma, gamma)):
        return mpmath.nan, mpmath.nan, mpmath.nan
    if sigma == 0:
        r = x * x + gamma * gamma
        return -2 * x * gamma / (mpmath.pi * r * r), mpmath.mpf(0), (x * x - gamma * gamma) / (mpmath.pi * r * r)
    size = abs(mpmath.mpc(x, gamma) / sigma)
    # V_x is odd in x: near x = 0 it is x times a number of the size of w, and the bits of x / |x + i g| are lost too
    near_centre = 0 if x == 0 else max(0, int(mpmath.log(abs(mpmath.mpc(x, gamma)) / abs(x), 2)))
    with mpmath.extraprec(4 * max(0, int(mpmath.log(size + 1, 2))) + near_centre + 30):
        w, z = _faddeeva_mp(x, sigma, gamma)
        slope = (-2 * z * w + 2j / (sigma * mpmath.pi * mpmath.sqrt(2))) / (sigma * mpmath.sqrt(2))
        along_x, along_gamma = slope.real, -slope.imag
        along_sigma = -(w.real + x * along_x + gamma * along_gamma) / sigma
    return +along_x, +along_sigma, +along_gamma


def _voigt_ball(x, sigma, gamma):
    """V on balls from the Faddeeva function on complex balls; s = 0 exactly the Cauchy density, a ball of s around
    0 mpmath's path."""
    if sigma.is_zero():
        return gamma / (type(x).pi() * (x * x + gamma * gamma))
    w, _ = _faddeeva_ball(x, sigma, gamma)
    return w.real / (sigma * (2 * type(x).pi()).sqrt())


def _faddeeva_ball(x, sigma, gamma):
    """w(z) and z on complex balls, z = (x + i g) / (s sqrt 2); a ball of s around 0 mpmath's path."""
    import flint  # lazy: a ball is here, so flint is loaded

    if sigma.contains(0):
        raise ArithmeticError("voigt's ball of sigma around 0")
    z = flint.acb(x, gamma) / (sigma * type(x)(2).sqrt())
    return (-z * z).exp() * (-flint.acb(0, 1) * z).erfc(), z


# V is even in x, so V_x is odd: the x-slope is x times V_x / x, an even function whose value at x = 0 is V_xx there,
# Re w''(z) / (2 sqrt 2 s^3 sqrt(pi)) with w'' = -2 w - 2 z w'. Written as that product, a proof of a 0 reads the
# slope at the centre as 0 times a number, exactly 0, where a ball or mpmath only comes within 2^-prec of it.

def _voigt_slope_x_over_x_mp(x, sigma, gamma):
    """V_x / x on mpmath numbers, V_xx at x = 0."""
    mpmath = loaded_mpmath()
    if any(mpmath.isnan(a) for a in (x, sigma, gamma)):
        return mpmath.nan
    if sigma == 0:
        r = x * x + gamma * gamma
        return -2 * gamma / (mpmath.pi * r * r)
    if x != 0:
        return _voigt_slopes_mp(x, sigma, gamma)[0] / x
    with mpmath.extraprec(30):
        w, z = _faddeeva_mp(x, sigma, gamma)  # w(z) / (s sqrt(2 pi)), z = i g / (s sqrt 2)
        slope = -2 * z * w + 2j / (sigma * mpmath.pi * mpmath.sqrt(2))  # w'(z) / (s sqrt(2 pi))
        answer = (-2 * w - 2 * z * slope).real / (2 * sigma * sigma)
    return +answer


def _voigt_slope_x_over_x_ball(x, sigma, gamma):
    """V_x / x on balls (V_xx at an exact x = 0); a ball of x around 0 but not 0 mpmath's path."""
    import flint  # lazy: a ball is here, so flint is loaded

    pi = type(x).pi()
    if sigma.is_zero():
        r = x * x + gamma * gamma
        return -2 * gamma / (pi * r * r)
    if x.contains(0) and not x.is_zero():
        raise ArithmeticError("voigt's x-slope over x on a ball of x around 0")
    w, z = _faddeeva_ball(x, sigma, gamma)
    first = -2 * z * w + 2 * flint.acb(0, 1) / pi.sqrt()
    if x.is_zero():
        return (-2 * w - 2 * z * first).real / (2 * type(x)(2).sqrt() * sigma ** 3 * pi.sqrt())
    return first.real / (2 * sigma * sigma * pi.sqrt() * x)


def _voigt_first_ball(x, sigma, gamma):
    """w'(z) / (2 s^2 sqrt(pi)), its real part V_x and its imaginary part -V_g, on balls."""
    import flint  # lazy: a ball is here, so flint is loaded

    pi = type(x).pi()
    w, z = _faddeeva_ball(x, sigma, gamma)
    return (-2 * z * w + 2 * flint.acb(0, 1) / pi.sqrt()) / (2 * sigma * sigma * pi.sqrt())


def _voigt_slope_x_ball(answer, x, sigma, gamma):
    """V_x on balls: exactly 0 at an exact x = 0, where V, even in x, has its peak."""
    if x.is_zero():
        return type(x)(0)
    if sigma.is_zero():
        r = x * x + gamma * gamma
        return -2 * x * gamma / (type(x).pi() * r * r)
    return _voigt_first_ball(x, sigma, gamma).real


def _voigt_slope_gamma_ball(answer, x, sigma, gamma):
    """V_g on balls."""
    if sigma.is_zero():
        r = x * x + gamma * gamma
        return (x * x - gamma * gamma) / (type(x).pi() * r * r)
    return -_voigt_first_ball(x, sigma, gamma).imag


def _voigt_slope_sigma_ball(answer, x, sigma, gamma):
    """V_s = -(V + x V_x + g V_g) / s on balls (V(tx, ts, tg) = V / t); 0 at s = 0, where V is even in s."""
    if sigma.is_zero():
        return type(x)(0)
    return -(answer + x * _voigt_slope_x_ball(answer, x, sigma, gamma)
             + gamma * _voigt_slope_gamma_ball(answer, x, sigma, gamma)) / sigma


_BALLS["voigt_profile"] = _voigt_ball
_BALLS["voigt_profile_slope_x_over_x"] = _voigt_slope_x_over_x_ball
_JET_PARTIALS["voigt_profile"] = (_voigt_slope_x_ball, _voigt_slope_sigma_ball, _voigt_slope_gamma_ball)

# The Voigt profile V(x, sigma, gamma) (SciPy's), and its three slopes, each a first derivative only.
voigt_profile = _scipy_primitive("voigt_profile", 3, lambda x, s, g: _faddeeva_mp(x, s, g)[0].real)
voigt_slope_x_over_x = mpmath_entrywise("voigt_profile_slope_x_over_x", _voigt_slope_x_over_x_mp, 3)
voigt_slopes = [lambda x, s, g: x * voigt_slope_x_over_x(x, s, g)] + [
    mpmath_entrywise(f"voigt_profile_slope_{argument}", lambda x, s, g, k=k: _voigt_slopes_mp(x, s, g)[k], 3)
    for k, argument in ((1, "sigma"), (2, "gamma"))]
defvjp(voigt_profile, *(lambda g, ans, x, s, gm, k=k: unbroadcast(g * voigt_slopes[k](x, s, gm), (x, s, gm)[k])
                        for k in range(3)))
defjvp(voigt_profile, *(lambda t, ans, x, s, gm, k=k: t * voigt_slopes[k](x, s, gm) for k in range(3)))
