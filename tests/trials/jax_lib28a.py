"""A user's JAX code, twenty-eighth round (first third): robotics (the translation of SE(3)'s exponential map by
Rodrigues' V matrix near the identity, naive, with a Taylor switch, and with a custom_jvp whose slope is the series'
first term), pharmacokinetics (Bateman's one-compartment oral dose at ka = ke, naive and by expm1 with a where),
queueing (Erlang's loss formula by a recursion in jax.lax.fori_loop, by powers and factorials, by logsumexp, and a
custom_vjp whose backward forgets a term), signal processing on power spectra (the log-spectral distance, the
Itakura-Saito divergence, the spectral flatness), geostatistics (variogram fits in log space with a Gaussian model by
1 - exp and by expm1, a spherical model at its range, ordinary kriging by jnp.linalg.solve), special relativity (the
Lorentz factor near c by 1 - v^2 and by (1 - v)(1 + v), the log of the kinetic energy at 1e-5 c, rapidity, velocity
addition, a custom_jvp of the Lorentz factor with a sign slip), biochemistry (Hill's equation at a cooperativity of
1024, by powers and by a sigmoid of logs), graphics (the GGX normal distribution at a mirror's roughness, by the
textbook denominator and by a factored one) and a mixture density network's likelihood far from its means."""

import jax
import jax.numpy as jnp
from jax.scipy.special import gammaln, logsumexp

# --- robotics: SE(3) ------------------------------------------------------------------------------------------------

RHO = (1.0, 2.0, 3.0)


def _hat(w):
    return jnp.array([[0.0, -w[2], w[1]], [w[2], 0.0, -w[0]], [-w[1], w[0], 0.0]])


def _se3_translation(w, a, b):
    """The sum of V rho, V = I + a W + b W^2."""
    big_w = _hat(w)
    rho = jnp.array(RHO, dtype=w.dtype)
    v = jnp.eye(3, dtype=w.dtype) + a * big_w + b * (big_w @ big_w)
    return jnp.sum(v @ rho)


def se3_translation(w):
    """The translation of exp([w, rho]) in SE(3), V's coefficients from Barfoot's book as printed."""
    theta = jnp.linalg.norm(w)
    a = (1.0 - jnp.cos(theta)) / theta ** 2
    b = (theta - jnp.sin(theta)) / theta ** 3
    return _se3_translation(w, a, b)


def se3_translation_taylor(w):
    """The same with the series below theta^2 = 1e-6 (the square root and divisions kept off the small branch)."""
    theta_sq = jnp.sum(w * w)
    small = theta_sq < 1e-6
    safe_sq = jnp.where(small, 1.0, theta_sq)
    theta = jnp.sqrt(safe_sq)
    a = jnp.where(small, 0.5 - theta_sq / 24.0, (1.0 - jnp.cos(theta)) / safe_sq)
    b = jnp.where(small, 1.0 / 6.0 - theta_sq / 120.0, (theta - jnp.sin(theta)) / (safe_sq * theta))
    return _se3_translation(w, a, b)


@jax.custom_jvp
def one_minus_cos_over_sq(theta_sq):
    """(1 - cos theta) / theta^2 as a function of theta^2, with the series at 0."""
    safe = jnp.where(theta_sq < 1e-6, 1.0, theta_sq)
    return jnp.where(theta_sq < 1e-6, 0.5 - theta_sq / 24.0, (1.0 - jnp.cos(jnp.sqrt(safe))) / safe)


@one_minus_cos_over_sq.defjvp
def _one_minus_cos_jvp(primals, tangents):
    (theta_sq,), (dt,) = primals, tangents
    return one_minus_cos_over_sq(theta_sq), -dt / 24.0  # the series' slope


def se3_translation_custom(w):
    """V's first coefficient by the custom_jvp above, the second by the series switch."""
    theta_sq = jnp.sum(w * w)
    small = theta_sq < 1e-6
    safe_sq = jnp.where(small, 1.0, theta_sq)
    theta = jnp.sqrt(safe_sq)
    b = jnp.where(small, 1.0 / 6.0 - theta_sq / 120.0, (theta - jnp.sin(theta)) / (safe_sq * theta))
    return _se3_translation(w, one_minus_cos_over_sq(theta_sq), b)


# --- pharmacokinetics -----------------------------------------------------------------------------------------------

DOSE, VOLUME, T_OBS = 100.0, 20.0, 3.0


def oral_concentration(ka, ke):
    """Bateman's concentration after an oral dose, D ka / (V (ka - ke)) (e^(-ke t) - e^(-ka t))."""
    return DOSE * ka / (VOLUME * (ka - ke)) * (jnp.exp(-ke * T_OBS) - jnp.exp(-ka * T_OBS))


def oral_concentration_stable(ka, ke):
    """The same as D ka t e^(-ke t) / V times (1 - e^(-u)) / u, u = (ka - ke) t, by expm1, its limit 1 at u = 0."""
    u = (ka - ke) * T_OBS
    zero = u == 0.0
    safe = jnp.where(zero, 1.0, u)
    ratio = jnp.where(zero, 1.0, -jnp.expm1(-safe) / safe)
    return DOSE * ka * T_OBS * jnp.exp(-ke * T_OBS) / VOLUME * ratio


def oral_log_likelihood(log_ka, log_ke):
    """A Gaussian log-likelihood of three measured concentrations, parameters on the log scale."""
    ka, ke = jnp.exp(log_ka), jnp.exp(log_ke)
    total = 0.0
    for t, c in ((0.5, 2.1), (2.0, 3.4), (8.0, 1.2)):
        pred = DOSE * ka / (VOLUME * (ka - ke)) * (jnp.exp(-ke * t) - jnp.exp(-ka * t))
        total = total - 0.5 * (pred - c) ** 2 / 0.04
    return total


# --- queueing: Erlang's loss formula --------------------------------------------------------------------------------

SERVERS = 30


def erlang_b(load):
    """Erlang B for 30 servers by the recursion B_k = A B_{k-1} / (k + A B_{k-1})."""
    def body(k, b):
        return load * b / (k + load * b)
    return jax.lax.fori_loop(1, SERVERS + 1, body, jnp.ones_like(load))


def erlang_b_naive(load):
    """Erlang B from its definition, (A^c / c!) / sum_k A^k / k!."""
    k = jnp.arange(SERVERS + 1.0)
    terms = load ** k / jnp.exp(gammaln(k + 1.0))
    return terms[-1] / jnp.sum(terms)


def erlang_b_log(load):
    """Erlang B by logsumexp of the terms' logs."""
    k = jnp.arange(SERVERS + 1.0)
    log_terms = k * jnp.log(load) - gammaln(k + 1.0)
    return jnp.exp(log_terms[-1] - logsumexp(log_terms))


@jax.custom_vjp
def erlang_b_custom(load):
    """Erlang B by its recursion, the load's slope written by hand."""
    return erlang_b(load)


def _erlang_fwd(load):
    b = erlang_b(load)
    return b, (load, b)


def _erlang_bwd(res, g):
    load, b = res
    return (g * b * (SERVERS / load - 1.0),)  # dB/dA = B (c / A - 1 + B): the + B is missing


erlang_b_custom.defvjp(_erlang_fwd, _erlang_bwd)


def erlang_c(load):
    """Erlang C (the probability of waiting) from Erlang B, rho = A / c."""
    b = erlang_b(load)
    rho = load / SERVERS
    return b / (1.0 - rho * (1.0 - b))


# --- signal processing on power spectra -----------------------------------------------------------------------------


def log_spectral_distance(p, q):
    """The log-spectral distance in decibels, sqrt(mean((10 log10(p / q))^2))."""
    d = 10.0 * jnp.log10(p / q)
    return jnp.sqrt(jnp.mean(d ** 2))


def itakura_saito(p, q):
    """The Itakura-Saito divergence, sum(p / q - log(p / q) - 1)."""
    r = p / q
    return jnp.sum(r - jnp.log(r) - 1.0)


def spectral_flatness(p):
    """Wiener entropy: the geometric over the arithmetic mean of a power spectrum."""
    return jnp.exp(jnp.mean(jnp.log(p))) / jnp.mean(p)


# --- geostatistics --------------------------------------------------------------------------------------------------

LAGS = (0.001, 0.01, 0.1, 1.0)
SEMIVARIANCE = (3e-8, 2e-6, 3e-4, 0.5)


def gaussian_variogram_log_fit(rng):
    """Least squares in log space of the Gaussian variogram 1 - exp(-(h / r)^2) against the empirical one."""
    total = 0.0
    for h, g in zip(LAGS, SEMIVARIANCE):
        model = 1.0 - jnp.exp(-(h / rng) ** 2)
        total = total + (jnp.log(model) - jnp.log(g)) ** 2
    return total


def gaussian_variogram_log_fit_expm1(rng):
    """The same fit with the model by -expm1."""
    total = 0.0
    for h, g in zip(LAGS, SEMIVARIANCE):
        model = -jnp.expm1(-(h / rng) ** 2)
        total = total + (jnp.log(model) - jnp.log(g)) ** 2
    return total


SPHERE_LAGS = (0.5, 1.0, 2.0, 3.0)
SPHERE_SEMIVARIANCE = (0.35, 0.62, 0.97, 1.02)


def spherical_variogram_fit(rng):
    """Least squares of the spherical variogram, 1.5 h / r - 0.5 (h / r)^3 inside the range and 1 past it."""
    total = 0.0
    for h, g in zip(SPHERE_LAGS, SPHERE_SEMIVARIANCE):
        s = h / rng
        model = jnp.where(h < rng, 1.5 * s - 0.5 * s ** 3, 1.0)
        total = total + (model - g) ** 2
    return total


SITES = (0.0, 1.0, 2.5)
VALUES = (1.2, 0.4, -0.3)


def kriging_prediction(rng):
    """Ordinary kriging at x = 1.7 with the exponential covariance e^(-|d| / r), by the bordered system."""
    sites = jnp.array(SITES, dtype=rng.dtype)
    cov = jnp.exp(-jnp.abs(sites[:, None] - sites[None, :]) / rng)
    n = len(SITES)
    system = jnp.ones((n + 1, n + 1), dtype=rng.dtype).at[:n, :n].set(cov).at[n, n].set(0.0)
    rhs = jnp.append(jnp.exp(-jnp.abs(sites - 1.7) / rng), 1.0)
    weights = jnp.linalg.solve(system, rhs)[:n]
    return jnp.dot(weights, jnp.array(VALUES, dtype=rng.dtype))


# --- special relativity (speeds in units of c) ----------------------------------------------------------------------


def lorentz_factor(v):
    """The Lorentz factors of speeds v, summed: 1 / sqrt(1 - v^2)."""
    return jnp.sum(1.0 / jnp.sqrt(1.0 - v ** 2))


def lorentz_factor_factored(v):
    """The same by 1 / sqrt((1 - v)(1 + v))."""
    return jnp.sum(1.0 / jnp.sqrt((1.0 - v) * (1.0 + v)))


def log_kinetic_energy(v):
    """The log of the kinetic energy per unit rest energy, log(gamma - 1)."""
    return jnp.sum(jnp.log(1.0 / jnp.sqrt(1.0 - v ** 2) - 1.0))


def log_kinetic_energy_stable(v):
    """The same as log(v^2 / (s (1 + s))), s = sqrt((1 - v)(1 + v))."""
    s = jnp.sqrt((1.0 - v) * (1.0 + v))
    return jnp.sum(2.0 * jnp.log(jnp.abs(v)) - jnp.log(s) - jnp.log1p(s))


def rapidity(v):
    """The rapidities artanh(v), summed."""
    return jnp.sum(jnp.arctanh(v))


def rapidity_by_logs(v):
    """The same as 0.5 log((1 + v) / (1 - v))."""
    return jnp.sum(0.5 * jnp.log((1.0 + v) / (1.0 - v)))


def velocity_addition(u, v):
    """Einstein's sum of two collinear speeds, (u + v) / (1 + u v)."""
    return (u + v) / (1.0 + u * v)


@jax.custom_jvp
def gamma_custom(v):
    """The Lorentz factor with a hand-written tangent."""
    return 1.0 / jnp.sqrt((1.0 - v) * (1.0 + v))


@gamma_custom.defjvp
def _gamma_jvp(primals, tangents):
    (v,), (dv,) = primals, tangents
    g = gamma_custom(v)
    return g, -v * g ** 3 * dv  # d gamma / dv is +v gamma^3


def lorentz_factor_custom(v):
    return jnp.sum(gamma_custom(v))


@jax.custom_jvp
def gamma_custom_right(v):
    """The Lorentz factor with a right hand-written tangent."""
    return 1.0 / jnp.sqrt((1.0 - v) * (1.0 + v))


@gamma_custom_right.defjvp
def _gamma_right_jvp(primals, tangents):
    (v,), (dv,) = primals, tangents
    g = gamma_custom_right(v)
    return g, v * g ** 3 * dv


def lorentz_factor_custom_right(v):
    return jnp.sum(gamma_custom_right(v))


# --- biochemistry: Hill's equation ----------------------------------------------------------------------------------

K_HALF = 2.0


def hill(s, n):
    """The fraction bound, s^n / (K^n + s^n)."""
    return jnp.sum(s ** n / (K_HALF ** n + s ** n))


def hill_sigmoid(s, n):
    """The same as sigmoid(n (log s - log K))."""
    return jnp.sum(jax.nn.sigmoid(n * (jnp.log(s) - jnp.log(K_HALF))))


# --- graphics: the GGX normal distribution --------------------------------------------------------------------------


def ggx_ndf(alpha, n_dot_h):
    """Trowbridge-Reitz's D = a^2 / (pi ((n.h)^2 (a^2 - 1) + 1)^2), a = alpha^2 (Disney's remapping)."""
    a2 = alpha ** 4
    d = n_dot_h ** 2 * (a2 - 1.0) + 1.0
    return a2 / (jnp.pi * d ** 2)


def ggx_ndf_factored(alpha, n_dot_h):
    """The same with the denominator as (n.h)^2 a^2 + (1 - n.h)(1 + n.h)."""
    a2 = alpha ** 4
    d = n_dot_h ** 2 * a2 + (1.0 - n_dot_h) * (1.0 + n_dot_h)
    return a2 / (jnp.pi * d ** 2)


# --- a mixture density network's likelihood -------------------------------------------------------------------------


def mdn_nll(logits, mu, log_sigma):
    """-log sum_k pi_k N(y; mu_k, sigma_k) at y = 0.3, the mixture's densities summed as probabilities."""
    y = 0.3
    pi = jax.nn.softmax(logits)
    sigma = jnp.exp(log_sigma)
    pdf = jnp.exp(-0.5 * ((y - mu) / sigma) ** 2) / (sigma * jnp.sqrt(2.0 * jnp.pi))
    return -jnp.log(jnp.sum(pi * pdf))


def mdn_nll_stable(logits, mu, log_sigma):
    """The same by logsumexp of log_softmax plus the log densities."""
    y = 0.3
    log_pdf = -0.5 * ((y - mu) / jnp.exp(log_sigma)) ** 2 - log_sigma - 0.5 * jnp.log(2.0 * jnp.pi)
    return -logsumexp(jax.nn.log_softmax(logits) + log_pdf)
