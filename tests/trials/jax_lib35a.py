"""A user's JAX code, thirty-fifth round (first part): ocean waves (the linear dispersion relation solved for the
wave number by Newton in a fori_loop, by lax.custom_root and behind custom_vjp implicit rules right and with a sign
slip; the phase speed from deep to very shallow water), map projections (Mercator's northing by log tan, by asinh of
tan and by atanh of sin next to the pole, the inverse Gudermannian latitude far north, a custom_jvp Gudermannian right
and with its slope squared, the scale factors along a track by jax.vmap of jax.grad), filter design (a Butterworth
magnitude in decibels where w^2n overflows and by logaddexp; Chebyshev polynomials by cos(n acos x) / cosh(n acosh x)
behind one where and behind a double where at the band edge, and by their recurrence in a fori_loop), a pendulum's
period by the arithmetic-geometric mean in a fori_loop up to the inverted position, reliability (the inverse Gaussian
CDF whose e^(2 lam / mu) overflows, and in log space; a skew-normal log-density by log(ndtr) and log_ndtr), wind
directions by jax.scipy.stats.wrapcauchy near rho = 1 and laplace at its peak, fisheries (Beverton-Holt recruitment by
lax.scan fitted from a parameter tree), occupancy detection by log(1 - exp) and jax.nn.log1mexp, activations
(jax.nn.hard_swish at its corner, sparse_plus at its seam) and the Davies activity coefficient at zero ionic strength."""

import math

import jax
import jax.numpy as jnp
from jax.scipy.special import log_ndtr, ndtr
from jax.scipy.stats import laplace, norm, wrapcauchy

# --- ocean waves -----------------------------------------------------------------------------------------------------

GRAVITY = 9.81
OMEGA = 2.0 * math.pi / 8.0  # an 8 s swell


def _dispersion(k, depth):
    return GRAVITY * k * jnp.tanh(k * depth) - OMEGA ** 2


def _first_guess(depth):
    """Eckart's guess: deep-water k0 over sqrt(tanh(k0 h))."""
    k0 = OMEGA ** 2 / GRAVITY
    return k0 / jnp.sqrt(jnp.tanh(k0 * depth))


def wavenumber(depth):
    """The wave number k of an 8 s wave in water of the given depth: omega^2 = g k tanh(k h), by 30 Newton steps."""
    def step(i, k):
        f = _dispersion(k, depth)
        slope = GRAVITY * jnp.tanh(k * depth) + GRAVITY * k * depth / jnp.cosh(k * depth) ** 2
        return k - f / slope

    return jax.lax.fori_loop(0, 30, step, _first_guess(depth))


def phase_speed(depth):
    """omega / k."""
    return OMEGA / wavenumber(depth)


def wavenumber_root(depth):
    """The same by lax.custom_root, its slope taken implicitly."""
    def newton(f, k0):
        return jax.lax.fori_loop(0, 30, lambda i, k: k - f(k) / jax.grad(f)(k), k0)

    return jax.lax.custom_root(lambda k: _dispersion(k, depth), _first_guess(depth), newton,
                               lambda g, y: y / jax.grad(g)(1.0))


def _newton_k(depth):
    def step(i, k):
        return k - _dispersion(k, depth) / (GRAVITY * jnp.tanh(k * depth) + GRAVITY * k * depth / jnp.cosh(k * depth) ** 2)

    return jax.lax.fori_loop(0, 30, step, _first_guess(depth))


@jax.custom_vjp
def wavenumber_implicit(depth):
    return _newton_k(depth)


def _implicit_fwd(depth):
    k = _newton_k(depth)
    return k, (k, depth)


def _implicit_bwd(saved, g):
    k, depth = saved
    sech2 = 1.0 / jnp.cosh(k * depth) ** 2
    dk_ddepth = -k * k * sech2 / (jnp.tanh(k * depth) + k * depth * sech2)
    return (g * dk_ddepth,)


wavenumber_implicit.defvjp(_implicit_fwd, _implicit_bwd)


@jax.custom_vjp
def wavenumber_implicit_bad(depth):
    return _newton_k(depth)


def _implicit_bad_fwd(depth):
    k = _newton_k(depth)
    return k, (k, depth)


def _implicit_bad_bwd(saved, g):
    k, depth = saved
    sech2 = 1.0 / jnp.cosh(k * depth) ** 2
    dk_ddepth = k * k * sech2 / (jnp.tanh(k * depth) + k * depth * sech2)
    return (g * dk_ddepth,)


wavenumber_implicit_bad.defvjp(_implicit_bad_fwd, _implicit_bad_bwd)


# --- map projections -------------------------------------------------------------------------------------------------


def mercator_y(lat):
    """Mercator's northing on the unit sphere, as the textbook writes it."""
    return jnp.log(jnp.tan(jnp.pi / 4.0 + lat / 2.0))


def mercator_asinh(lat):
    return jnp.arcsinh(jnp.tan(lat))


def mercator_atanh(lat):
    return jnp.arctanh(jnp.sin(lat))


def latitude(y):
    """The inverse: the latitude of a northing (the Gudermannian function)."""
    return 2.0 * jnp.arctan(jnp.exp(y)) - jnp.pi / 2.0


def latitude_sinh(y):
    return jnp.arctan(jnp.sinh(y))


@jax.custom_jvp
def gudermannian(y):
    return jnp.arctan(jnp.sinh(y))


@gudermannian.defjvp
def _gudermannian_jvp(primals, tangents):
    (y,), (dy,) = primals, tangents
    return gudermannian(y), dy / jnp.cosh(y)


@jax.custom_jvp
def gudermannian_bad(y):
    return jnp.arctan(jnp.sinh(y))


@gudermannian_bad.defjvp
def _gudermannian_bad_jvp(primals, tangents):
    (y,), (dy,) = primals, tangents
    return gudermannian_bad(y), dy / jnp.cosh(y) ** 2


def track_scale(lats):
    """The summed Mercator scale factors sec(lat) along a track: the projection's slope at each point."""
    return jnp.sum(jax.vmap(jax.grad(mercator_asinh))(lats))


# --- filter design ---------------------------------------------------------------------------------------------------

ORDER = 8


def butterworth_db(w):
    """An order-8 Butterworth low-pass magnitude in dB at the normalised frequency w."""
    return -10.0 * jnp.log10(1.0 + w ** (2 * ORDER))


def butterworth_db_stable(w):
    return -10.0 / jnp.log(10.0) * jnp.logaddexp(0.0, 2 * ORDER * jnp.log(w))


def butterworth_log_gain(w):
    """The natural log of the magnitude, -log(1 + w^16) / 2."""
    return -0.5 * jnp.log1p(w ** (2 * ORDER))


def butterworth_log_gain_stable(w):
    return -0.5 * jax.nn.softplus(2 * ORDER * jnp.log(w))


def chebyshev_t5(x):
    """T_5 by its trigonometric forms inside and outside the band."""
    return jnp.where(jnp.abs(x) <= 1.0, jnp.cos(5.0 * jnp.arccos(x)), jnp.cosh(5.0 * jnp.arccosh(x)))


def chebyshev_t5_safe(x):
    """The same with each branch fed a point inside its domain."""
    inside = jnp.abs(x) <= 1.0
    xin = jnp.where(inside, x, 0.0)
    xout = jnp.where(inside, 2.0, x)
    return jnp.where(inside, jnp.cos(5.0 * jnp.arccos(xin)), jnp.cosh(5.0 * jnp.arccosh(xout)))


def chebyshev_t5_recurrence(x):
    """T_5 by T_(k+1) = 2x T_k - T_(k-1)."""
    def step(i, pair):
        previous, current = pair
        return current, 2.0 * x * current - previous

    _, t5 = jax.lax.fori_loop(0, 4, step, (jnp.ones_like(x), x))
    return t5


def chebyshev_filter_log_gain(w, ripple=0.5):
    """log |H| of a type-I Chebyshev filter of order 5: -log(1 + eps^2 T_5(w)^2) / 2."""
    return -0.5 * jnp.log1p(ripple ** 2 * chebyshev_t5_recurrence(w) ** 2)


# --- a pendulum ------------------------------------------------------------------------------------------------------


def pendulum_period(theta0):
    """The period of a pendulum of unit length in units with g = 1, at amplitude theta0: 2 pi / AGM(1, cos(theta0 / 2))."""
    def step(i, ab):
        a, b = ab
        return (a + b) / 2.0, jnp.sqrt(a * b)

    a, _ = jax.lax.fori_loop(0, 40, step, (jnp.ones_like(theta0), jnp.cos(theta0 / 2.0)))
    return 2.0 * jnp.pi / a


# --- reliability -----------------------------------------------------------------------------------------------------


def wald_cdf(x, lam, mu=1.0):
    """The inverse Gaussian (Wald) CDF of a failure time x, mean mu, shape lam."""
    r = jnp.sqrt(lam / x)
    return ndtr(r * (x / mu - 1.0)) + jnp.exp(2.0 * lam / mu) * ndtr(-r * (x / mu + 1.0))


def wald_cdf_stable(x, lam, mu=1.0):
    """The same with the second term's exponential taken inside the log of its normal tail."""
    r = jnp.sqrt(lam / x)
    return ndtr(r * (x / mu - 1.0)) + jnp.exp(2.0 * lam / mu + log_ndtr(-r * (x / mu + 1.0)))


def skewnorm_logpdf(x, alpha):
    """The skew-normal log-density 2 phi(x) Phi(alpha x)."""
    return jnp.log(2.0) + norm.logpdf(x) + jnp.log(ndtr(alpha * x))


def skewnorm_logpdf_stable(x, alpha):
    return jnp.log(2.0) + norm.logpdf(x) + log_ndtr(alpha * x)


# --- wind directions -------------------------------------------------------------------------------------------------


def wind_loglik(rho):
    """Log-likelihood of a wind direction exactly at the wrapped Cauchy's mean (0 rad), concentration rho."""
    return wrapcauchy.logpdf(0.0, rho)


def wind_loglik_off(rho):
    """The same for a direction 0.5 rad off the mean."""
    return wrapcauchy.logpdf(0.5, rho)


def gust_loglik(loc):
    """A Laplace log-likelihood of a gust of 12 m/s in its location."""
    return laplace.logpdf(12.0, loc=loc, scale=2.0)


# --- fisheries -------------------------------------------------------------------------------------------------------


def beverton_holt(params, counts):
    """Sum of squared log residuals of a Beverton-Holt stock N' = r N / (1 + (r - 1) N / K), 12 years by lax.scan."""
    r, k = jnp.exp(params["log_r"]), jnp.exp(params["log_k"])

    def year(n, observed):
        nxt = r * n / (1.0 + (r - 1.0) * n / k)
        return nxt, jnp.log(nxt / observed) ** 2

    _, squares = jax.lax.scan(year, params["n0"], counts)
    return jnp.sum(squares)


def beverton_args():
    counts = jnp.array([130.0, 210.0, 300.0, 390.0, 450.0, 520.0, 540.0, 580.0, 590.0, 600.0, 610.0, 605.0])
    return {"log_r": math.log(1.8), "log_k": math.log(650.0), "n0": 80.0}, counts


def holling_iii(prey):
    """Holling's type III functional response a N^2 / (1 + a h N^2)."""
    a, h = 0.05, 0.2
    return a * prey ** 2 / (1.0 + a * h * prey ** 2)


# --- occupancy -------------------------------------------------------------------------------------------------------


def log_detection(rate, effort=2.0):
    """Log probability of detecting a species at least once: log(1 - exp(-rate effort))."""
    return jnp.log(1.0 - jnp.exp(-rate * effort))


def log_detection_stable(rate, effort=2.0):
    return jax.nn.log1mexp(rate * effort)


# --- activations and electrolytes ------------------------------------------------------------------------------------


def hard_swish_sum(x):
    return jnp.sum(jax.nn.hard_swish(x))


def sparse_plus_sum(x):
    return jnp.sum(jax.nn.sparse_plus(x))


def davies_log_gamma(ionic, charge=2.0):
    """Davies' log10 activity coefficient of an ion, A = 0.509 at 25 C."""
    s = jnp.sqrt(ionic)
    return -0.509 * charge ** 2 * (s / (1.0 + s) - 0.3 * ionic)
