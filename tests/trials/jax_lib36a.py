"""A user's JAX code, thirty-sixth round (first part): radio channels (a Rician envelope's log-density by log(i0),
whose Bessel function overflows, and by i0e; its mean by the Laguerre form in i0/i1 and in i0e/i1e; a Nakagami
log-density by gammaln in its shape m far out, where log m - digamma(m) cancels; a custom_jvp log I0 right and with
its division by I0 forgotten), flood frequency (the generalised extreme value log-density in its shape xi near and at
the Gumbel limit: naive, by log1p behind one where and behind a double where, and by lax.cond; a 100-year return
level naive and by expm1; a GEV fitted to annual maxima from a parameter tree), teletraffic (Erlang's blocking
probability by its recursion in lax.fori_loop, by powers over factorials that overflow, by jax.scipy.stats.poisson,
and behind a custom_vjp with dB/da = B (n/a - 1 + B) right and with a sign slipped; Erlang C; waiting times in a
queue by Lindley's recursion in lax.scan, at a customer who arrives just as the server frees), biodiversity (Hill
numbers of order q near q = 1, where (sum p^q)^(1/(1 - q)) loses its digits, by logsumexp, which does not help, and
with the Shannon limit's series behind a double where), room acoustics (Eyring's reverberation time by log(1 - alpha)
and by log1p, at a nearly reflecting and a fully absorbing room) and jax.nn's selu, celu, soft_sign and hard_tanh at
their switches, a vmapped per-sample score."""

import math

import jax
import jax.numpy as jnp
from jax.scipy.special import digamma, gammaln, i0, i0e, i1, i1e
from jax.scipy.stats import poisson

# --- radio channels --------------------------------------------------------------------------------------------------


def rice_logpdf(x, nu):
    """Log-density of a Rician envelope x with line-of-sight amplitude nu and unit scatter."""
    return jnp.log(x) - (x ** 2 + nu ** 2) / 2.0 + jnp.log(i0(x * nu))


def rice_logpdf_stable(x, nu):
    """The same with the exponentially scaled Bessel function: e^(-x nu) I0(x nu)."""
    return jnp.log(x) - (x - nu) ** 2 / 2.0 + jnp.log(i0e(x * nu))


def rice_mean(nu):
    """The Rician mean sqrt(pi/2) L_1/2(-nu^2/2), by the Laguerre function's Bessel form."""
    t = nu ** 2 / 2.0
    return math.sqrt(math.pi / 2.0) * jnp.exp(-t / 2.0) * ((1.0 + t) * i0(t / 2.0) + t * i1(t / 2.0))


def rice_mean_stable(nu):
    t = nu ** 2 / 2.0
    return math.sqrt(math.pi / 2.0) * ((1.0 + t) * i0e(t / 2.0) + t * i1e(t / 2.0))


def nakagami_logpdf(m):
    """Nakagami-m log-density of a unit envelope at unit spread Omega, in its fading figure m."""
    x, omega = 1.0, 1.0
    return (math.log(2.0) + m * jnp.log(m) - gammaln(m) - m * math.log(omega)
            + (2.0 * m - 1.0) * math.log(x) - m * x ** 2 / omega)


def nakagami_score(m):
    """The shape's score written out: log m + 1 - digamma(m) - log Omega + 2 log x - x^2 / Omega at x = Omega = 1."""
    return jnp.log(m) + 1.0 - digamma(m) - 1.0


@jax.custom_jvp
def log_i0(x):
    return jnp.abs(x) + jnp.log(i0e(x))


@log_i0.defjvp
def _log_i0_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return log_i0(x), t * i1e(x) / i0e(x)


@jax.custom_jvp
def log_i0_bad(x):
    return jnp.abs(x) + jnp.log(i0e(x))


@log_i0_bad.defjvp
def _log_i0_bad_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return log_i0_bad(x), t * i1e(x)


def rice_loglik(nu):
    """A Rician log-likelihood of three envelopes, through the custom log I0."""
    xs = jnp.array([0.8, 1.7, 2.4])
    return jnp.sum(jnp.log(xs) - (xs ** 2 + nu ** 2) / 2.0 + log_i0(xs * nu))


def rice_loglik_bad(nu):
    xs = jnp.array([0.8, 1.7, 2.4])
    return jnp.sum(jnp.log(xs) - (xs ** 2 + nu ** 2) / 2.0 + log_i0_bad(xs * nu))


# --- flood frequency -------------------------------------------------------------------------------------------------

FLOOD = 1.5  # a standardised annual maximum


def gev_logpdf(xi):
    """GEV log-density of the standardised flood in its shape xi, as the hydrology notes write it."""
    t = 1.0 + xi * FLOOD
    return -(1.0 + 1.0 / xi) * jnp.log(t) - t ** (-1.0 / xi)


def gev_logpdf_where(xi):
    """log1p and the Gumbel limit at xi = 0 by one where."""
    y = jnp.where(xi == 0.0, FLOOD, jnp.log1p(xi * FLOOD) / xi)
    return -y - xi * y - jnp.exp(-y)


def gev_logpdf_safe(xi):
    """The double where: the idle branch sees xi = 1 and the Gumbel limit's series near 0."""
    small = jnp.abs(xi) < 1e-6
    safe = jnp.where(small, 1.0, xi)
    series = FLOOD * (1.0 - xi * FLOOD / 2.0 + (xi * FLOOD) ** 2 / 3.0)
    y = jnp.where(small, series, jnp.log1p(safe * FLOOD) / safe)
    return -y - xi * y - jnp.exp(-y)


def gev_logpdf_cond(xi):
    """Gumbel exactly at 0 by lax.cond, log1p elsewhere."""
    y = jax.lax.cond(xi == 0.0, lambda s: FLOOD + 0.0 * s, lambda s: jnp.log1p(s * FLOOD) / s, xi)
    return -y - xi * y - jnp.exp(-y)


def return_level(xi, mu=120.0, sigma=35.0):
    """The 100-year flood in m^3/s: mu - sigma / xi (1 - y^-xi), y = -log(1 - 1/100)."""
    y = -jnp.log(1.0 - 0.01)
    return mu - sigma / xi * (1.0 - y ** (-xi))


def return_level_expm1(xi, mu=120.0, sigma=35.0):
    y = -jnp.log1p(-0.01)
    return mu + sigma * jnp.expm1(-xi * jnp.log(y)) / xi


def gev_fit(params, maxima):
    """Negative GEV log-likelihood of annual maxima (m^3/s) in (location, log scale, shape)."""
    z = (maxima - params["loc"]) / jnp.exp(params["log_scale"])
    xi = params["shape"]
    y = jnp.log1p(xi * z) / xi
    return jnp.sum(params["log_scale"] + (1.0 + xi) * y + jnp.exp(-y))


def gev_args():
    maxima = jnp.array([96.0, 143.0, 121.0, 188.0, 110.0, 132.0, 167.0, 101.0, 154.0, 126.0])
    return {"loc": 125.0, "log_scale": math.log(30.0), "shape": 0.1}, maxima


def gev_scores(xis):
    """The sum of per-sample scores d/dxi log f at each shape, by jax.vmap of jax.grad."""
    return jnp.sum(jax.vmap(jax.grad(gev_logpdf_safe))(xis))


# --- teletraffic -----------------------------------------------------------------------------------------------------

SERVERS = 50


def erlang_b(traffic):
    """Blocking probability of SERVERS trunks offered `traffic` erlangs, by the standard recursion."""
    def step(k, b):
        return traffic * b / (k + traffic * b)

    return jax.lax.fori_loop(1, SERVERS + 1, step, jnp.ones_like(traffic))


def erlang_b_power(traffic, servers=150):
    """a^n / n! over sum_k a^k / k!, as the textbook writes it."""
    k = jnp.arange(servers + 1.0)
    terms = traffic ** k / jnp.exp(gammaln(k + 1.0))
    return terms[-1] / jnp.sum(terms)


def erlang_b_poisson(traffic):
    """The same by the Poisson distribution: pmf(n) / cdf(n)."""
    return jnp.exp(poisson.logpmf(SERVERS, traffic) - jnp.log(poisson.cdf(SERVERS, traffic)))


@jax.custom_vjp
def erlang_b_rule(traffic):
    return erlang_b(traffic)


def _erlang_fwd(traffic):
    b = erlang_b(traffic)
    return b, (b, traffic)


def _erlang_bwd(saved, g):
    b, a = saved
    return (g * b * (SERVERS / a - 1.0 + b),)


erlang_b_rule.defvjp(_erlang_fwd, _erlang_bwd)


@jax.custom_vjp
def erlang_b_rule_bad(traffic):
    return erlang_b(traffic)


def _erlang_bad_fwd(traffic):
    b = erlang_b(traffic)
    return b, (b, traffic)


def _erlang_bad_bwd(saved, g):
    b, a = saved
    return (g * b * (SERVERS / a + 1.0 - b),)


erlang_b_rule_bad.defvjp(_erlang_bad_fwd, _erlang_bad_bwd)


def erlang_c(traffic):
    """Probability of waiting: B / (1 - rho (1 - B)), rho = a / n."""
    b = erlang_b(traffic)
    return b / (1.0 - traffic / SERVERS * (1.0 - b))


def lindley_waits(service):
    """Total waiting time of five customers by Lindley's recursion W' = max(0, W + S - A)."""
    gaps = jnp.array([1.0, 0.5, 2.0, 0.25, 1.5])

    def customer(wait, s_and_a):
        s, a = s_and_a
        nxt = jnp.maximum(0.0, wait + s - a)
        return nxt, nxt

    _, waits = jax.lax.scan(customer, 0.0, (service, gaps))
    return jnp.sum(waits)


# --- biodiversity ----------------------------------------------------------------------------------------------------


ABUNDANCE = jnp.array([0.5, 0.25, 0.25])  # relative abundances of three species


def hill_number(q):
    """Hill's effective number of species of order q."""
    return jnp.sum(ABUNDANCE ** q) ** (1.0 / (1.0 - q))


def hill_number_lse(q):
    """The same in log space, as a careful user writes it."""
    return jnp.exp(jax.scipy.special.logsumexp(q * jnp.log(ABUNDANCE)) / (1.0 - q))


def hill_number_safe(q):
    """Near q = 1 the Shannon limit exp(H - (q - 1) V / 2), V the variance of log p; the idle branch sees q = 2."""
    near = jnp.abs(q - 1.0) < 1e-6
    safe = jnp.where(near, 2.0, q)
    logp = jnp.log(ABUNDANCE)
    shannon = -jnp.sum(ABUNDANCE * logp)
    spread = jnp.sum(ABUNDANCE * logp ** 2) - shannon ** 2
    general = jnp.log(jnp.sum(ABUNDANCE ** safe)) / (1.0 - safe)
    return jnp.exp(jnp.where(near, shannon - (q - 1.0) * spread / 2.0, general))


def simpson_diversity(p):
    """The inverse Simpson index, Hill's number of order 2, in the abundances."""
    return 1.0 / jnp.sum(p ** 2)


# --- room acoustics --------------------------------------------------------------------------------------------------

VOLUME, SURFACE = 200.0, 220.0  # m^3, m^2


def eyring_time(alpha):
    """Eyring's reverberation time (s) of a room whose walls absorb a fraction alpha."""
    return 0.161 * VOLUME / (-SURFACE * jnp.log(1.0 - alpha))


def eyring_time_log1p(alpha):
    return 0.161 * VOLUME / (-SURFACE * jnp.log1p(-alpha))


# --- activations at their switches ------------------------------------------------------------------------------------


def selu_at(x):
    return jnp.sum(jax.nn.selu(x))


def celu_at(x):
    return jnp.sum(jax.nn.celu(x, alpha=0.5))


def soft_sign_at(x):
    return jnp.sum(jax.nn.soft_sign(x))


def hard_tanh_at(x):
    return jnp.sum(jax.nn.hard_tanh(x))
