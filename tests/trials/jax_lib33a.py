"""A user's JAX code, thirty-third round (first part): quantitative finance (Vasicek's zero-coupon log price as the
mean reversion fades, a Merton jump-diffusion call as a Poisson-weighted series of Black-Scholes prices with gammaln
weights, a Monte Carlo forward price by the reparameterisation trick with a fixed key), chemistry (the pH of a weak
acid by the quadratic formula, naive and in conjugate form, and from the full charge balance by Newton in a
lax.while_loop under lax.custom_root, right and with its tangent solve at the wrong point, and by fori_loop; a
Michaelis-Menten elasticity taken by jax.grad inside the loss), survival analysis (a mixture cure model's log
survival, naive and by logaddexp of log-sigmoids; log(e^a - e^c) by logsumexp with signed b= and naively),
astronomy (the combined magnitude of two faint stars, naive and by logsumexp), ecology (a Ricker population stepped by
fori_loop, its growth rate fitted from a parameter tree), hydrogeology (Theis' drawdown by jax.scipy.special.exp1, its
log at early times), and jax.scipy.stats.gamma.logsf in its far tail."""

import math

import jax
import jax.numpy as jnp
import numpy as np
from jax.scipy.special import exp1, gammaln
from jax.scipy.stats import gamma, norm

# --- quantitative finance --------------------------------------------------------------------------------------------

R0 = 0.03  # short rate today
THETA = 0.05  # long-run mean
SIGMA_R = 0.01  # rate volatility


def vasicek_log_price(a, t):
    """Log price of a zero-coupon bond maturing at t under Vasicek's model with mean-reversion speed a."""
    b = (1.0 - jnp.exp(-a * t)) / a
    return (THETA - SIGMA_R ** 2 / (2.0 * a ** 2)) * (b - t) - SIGMA_R ** 2 * b ** 2 / (4.0 * a) - b * R0


SPOT, STRIKE, EXPIRY, RATE = 100.0, 110.0, 0.5, 0.02
JUMP_MEAN, JUMP_VOL = -0.1, 0.15  # of the log jump size
TERMS = 25


def black_scholes_call(s, k, t, r, vol):
    d1 = (jnp.log(s / k) + (r + 0.5 * vol ** 2) * t) / (vol * jnp.sqrt(t))
    d2 = d1 - vol * jnp.sqrt(t)
    return s * norm.cdf(d1) - k * jnp.exp(-r * t) * norm.cdf(d2)


def merton_call(sigma, lam):
    """Merton's jump-diffusion call: Black-Scholes prices weighted by the Poisson number of jumps, 25 terms."""
    kappa = jnp.exp(JUMP_MEAN + 0.5 * JUMP_VOL ** 2) - 1.0
    lam_t = lam * (1.0 + kappa) * EXPIRY
    n = jnp.arange(TERMS, dtype=sigma.dtype)
    weights = jnp.exp(-lam_t + n * jnp.log(lam_t) - gammaln(n + 1.0))
    rates = RATE - lam * kappa + n * jnp.log1p(kappa) / EXPIRY
    vols = jnp.sqrt(sigma ** 2 + n * JUMP_VOL ** 2 / EXPIRY)
    return jnp.sum(weights * black_scholes_call(SPOT, STRIKE, EXPIRY, rates, vols))


def mc_forward_price(mu, sigma):
    """Monte Carlo mean of a lognormal price, six draws from a fixed key (the reparameterisation trick)."""
    eps = jax.random.normal(jax.random.PRNGKey(7), (6,), dtype=mu.dtype)
    return jnp.mean(SPOT * jnp.exp(mu + sigma * eps))


# --- chemistry -------------------------------------------------------------------------------------------------------

KW = 1e-14


def ph_weak_acid(conc, ka):
    """pH of a weak acid from the quadratic h^2 + Ka h - Ka C = 0 (water's own ions neglected)."""
    h = (-ka + jnp.sqrt(ka * ka + 4.0 * ka * conc)) / 2.0
    return -jnp.log10(h)


def ph_weak_acid_conjugate(conc, ka):
    """The same root written without the subtraction."""
    h = 2.0 * ka * conc / (ka + jnp.sqrt(ka * ka + 4.0 * ka * conc))
    return -jnp.log10(h)


def _charge_balance(conc, ka):
    def residual(p):
        h = 10.0 ** -p
        return h - ka * conc / (ka + h) - KW / h
    return residual


def _newton_while(f, p0):
    def body(state):
        p, _ = state
        step = f(p) / jax.grad(f)(p)
        return p - step, step

    def not_done(state):
        return jnp.abs(state[1]) > 1e-13

    p, _ = jax.lax.while_loop(not_done, body, (p0, jnp.ones_like(p0)))
    return p


def ph_charge_balance(conc, ka):
    """pH from the full charge balance [H+] = [A-] + [OH-], Newton in pH by a while_loop, slopes implicit."""
    return jax.lax.custom_root(_charge_balance(conc, ka), jnp.full_like(conc, 7.0), _newton_while,
                               lambda g, y: y / g(1.0))


def ph_charge_balance_off(conc, ka):
    """The same, the tangent solve reading the residual's slope at pH 7 instead of at the root."""
    residual = _charge_balance(conc, ka)
    return jax.lax.custom_root(residual, jnp.full_like(conc, 7.0), _newton_while,
                               lambda g, y: y / jax.grad(residual)(7.0 * jnp.ones_like(y)))


def ph_charge_balance_unrolled(conc, ka):
    """The same by 30 Newton steps in a fori_loop from the weak-acid estimate, differentiated through the steps."""
    f = _charge_balance(conc, ka)
    return jax.lax.fori_loop(0, 30, lambda i, p: p - f(p) / jax.grad(f)(p), -0.5 * jnp.log10(ka * conc))


VMAX = 2.5


def mm_elasticity(log_s, log_km):
    """The Michaelis-Menten rate's elasticity d log v / d log S, by jax.grad of the log rate."""
    km = jnp.exp(log_km)

    def log_rate(ls):
        s = jnp.exp(ls)
        return jnp.log(VMAX * s / (km + s))

    return jax.grad(log_rate)(log_s)


# --- survival analysis -----------------------------------------------------------------------------------------------

FOLLOW_UP = 30.0  # months


def cure_log_survival(b, k):
    """Log survival at 30 months of a mixture cure model: cured share sigmoid(b), the rest Weibull(k, 1)."""
    cured = jax.nn.sigmoid(b)
    return jnp.log(cured + (1.0 - cured) * jnp.exp(-FOLLOW_UP ** k))


def cure_log_survival_stable(b, k):
    """The same in log space."""
    return jnp.logaddexp(jax.nn.log_sigmoid(b), jax.nn.log_sigmoid(-b) - FOLLOW_UP ** k)


def log_excess(a, c):
    """log(e^a - e^c) by logsumexp with signed weights."""
    return jax.nn.logsumexp(jnp.stack([a, c]), b=jnp.array([1.0, -1.0]))


def log_excess_naive(a, c):
    return jnp.log(jnp.exp(a) - jnp.exp(c))


# --- astronomy -------------------------------------------------------------------------------------------------------


def combined_magnitude(m):
    """The apparent magnitude of unresolved stars: fluxes 10^(-0.4 m) added."""
    return -2.5 * jnp.log10(jnp.sum(10.0 ** (-0.4 * m)))


def combined_magnitude_stable(m):
    """The same by logsumexp of the log fluxes."""
    ln10 = math.log(10.0)
    return -2.5 / ln10 * jax.scipy.special.logsumexp(-0.4 * ln10 * m)


# --- ecology ---------------------------------------------------------------------------------------------------------


def ricker_population(r):
    """The population after 40 years of the Ricker map x <- x exp(r (1 - x)), from 0.2 of carrying capacity."""
    return jax.lax.fori_loop(0, 40, lambda i, x: x * jnp.exp(r * (1.0 - x)), 0.2 * jnp.ones_like(r))


def ricker_fit(params, counts):
    """Squared error of log counts against a Ricker model with rate exp(log_r) and start x0."""
    r = jnp.exp(params["log_r"])

    def step(x, _):
        nxt = x * jnp.exp(r * (1.0 - x))
        return nxt, nxt

    _, path = jax.lax.scan(step, params["x0"], None, length=counts.shape[0])
    return jnp.sum((jnp.log(path) - jnp.log(counts)) ** 2)


def ricker_fit_args():
    return ({"log_r": math.log(0.8), "x0": 0.3}, np.array([0.4, 0.55, 0.7, 0.8, 0.9]))


# --- hydrogeology ----------------------------------------------------------------------------------------------------

PUMPING = 0.01  # m^3/s
RADIUS = 10.0  # m to the observation well


def theis_drawdown(transmissivity, storativity, t=3600.0):
    """Drawdown at the observation well after t seconds of pumping (Theis)."""
    u = RADIUS ** 2 * storativity / (4.0 * transmissivity * t)
    return PUMPING / (4.0 * math.pi * transmissivity) * exp1(u)


def log_drawdown(t):
    """Log drawdown at time t, transmissivity 1e-3 m^2/s and storativity 1e-4."""
    u = RADIUS ** 2 * 1e-4 / (4.0 * 1e-3 * t)
    return jnp.log(PUMPING / (4.0 * math.pi * 1e-3) * exp1(u))


# --- distributions ---------------------------------------------------------------------------------------------------


def gamma_log_tail(x):
    """Log probability that a gamma(3) waiting time exceeds x."""
    return gamma.logsf(x, 3.0)
