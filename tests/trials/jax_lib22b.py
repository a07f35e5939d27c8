"""A user's JAX code, twenty-second round (second half): a warmup-then-cosine learning-rate schedule, Rodrigues'
rotation of a vector by an axis-angle, a linear recurrence by lax.associative_scan, a kernel two-sample statistic (MMD),
a Gaussian process's marginal likelihood by Cholesky with jitter, the Lorenz system integrated by RK4 inside
lax.fori_loop, a GARCH volatility filter by lax.scan, matrix powers and expm, standardisation by jnp.std, the
generalised normal's and the negative binomial's log-densities, a zero-inflated Poisson, the von Mises-Fisher normaliser
in three dimensions, jnp.cbrt, jnp.logaddexp2, jax.scipy.special.exp1, jax.nn.squareplus and relu6, cosine similarity
and a triplet margin loss, a median and a pinball loss."""

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.scipy import stats
from jax.scipy.linalg import expm, solve_triangular
from jax.scipy.special import exp1, gammaln

# --- optimisation schedules -------------------------------------------------------------------------------------------


def warmup_cosine_lr(step):
    """optax-style: linear warmup to the peak over 100 steps, then cosine decay to 0 at step 1000."""
    peak, warmup, total = 1e-3, 100.0, 1000.0
    ramp = peak * step / warmup
    progress = (step - warmup) / (total - warmup)
    decay = 0.5 * peak * (1 + jnp.cos(jnp.pi * progress))
    return jnp.where(step < warmup, ramp, decay)


# --- geometry ---------------------------------------------------------------------------------------------------------


def rodrigues_naive(w):
    """Rotate a fixed vector by the axis-angle w (Rodrigues' formula) and project it on a fixed direction."""
    v = jnp.array([1.0, 2.0, -0.5])
    c = jnp.array([0.3, -1.0, 2.0])
    theta = jnp.sqrt(jnp.sum(w * w))
    k = w / theta
    rotated = (v * jnp.cos(theta) + jnp.cross(k, v) * jnp.sin(theta)
               + k * jnp.dot(k, v) * (1 - jnp.cos(theta)))
    return jnp.dot(c, rotated)


def rodrigues_safe(w):
    """The same rotation by the double-where pattern: a small angle takes the first-order Taylor form."""
    v = jnp.array([1.0, 2.0, -0.5])
    c = jnp.array([0.3, -1.0, 2.0])
    sq = jnp.sum(w * w)
    small = sq < 1e-12
    theta = jnp.sqrt(jnp.where(small, 1.0, sq))
    k = w / theta
    big = (v * jnp.cos(theta) + jnp.cross(k, v) * jnp.sin(theta)
           + k * jnp.dot(k, v) * (1 - jnp.cos(theta)))
    taylor = v + jnp.cross(w, v)
    return jnp.dot(c, jnp.where(small, taylor, big))


def cosine_similarity(x):
    """Cosine of the angle between x and a fixed vector."""
    y = jnp.array([1.0, -2.0, 2.0])
    return jnp.dot(x, y) / (jnp.linalg.norm(x) * jnp.linalg.norm(y))


def triplet_margin(anchor):
    """The triplet loss max(|a - p| - |a - n| + 1, 0) with fixed positive and negative."""
    positive = jnp.array([1.0, 0.0])
    negative = jnp.array([0.0, 1.0])
    d_pos = jnp.linalg.norm(anchor - positive)
    d_neg = jnp.linalg.norm(anchor - negative)
    return jax.nn.relu(d_pos - d_neg + 1.0)


# --- sparse and robust -----------------------------------------------------------------------------------------------


def scanned_ema_total(gamma):
    """The sum of the states of h_t = gamma h_(t-1) + r_t over fixed rewards, by lax.associative_scan on the
    recurrence's (multiplier, offset) pairs."""
    rewards = jnp.array([1.0, -0.5, 2.0, 0.25, 3.0])
    multipliers = gamma * jnp.ones_like(rewards)

    def combine(earlier, later):
        a1, b1 = earlier
        a2, b2 = later
        return a1 * a2, a2 * b1 + b2
    _, states = lax.associative_scan(combine, (multipliers, rewards))
    return jnp.sum(states)


def median_loss(x):
    """The squared median of the residuals against fixed targets."""
    return jnp.median(x - jnp.array([0.0, 1.0, 2.0])) ** 2


def pinball_loss(pred):
    """The quantile (pinball) loss at q = 0.9 against fixed targets."""
    target = jnp.array([1.0, 2.0])
    diff = target - pred
    return jnp.sum(jnp.maximum(0.9 * diff, (0.9 - 1) * diff))


def relu6_sum(x):
    return jnp.sum(jax.nn.relu6(x) * jnp.array([1.0, 2.0])[: x.shape[0]])


def squareplus_sum(x):
    """jax.nn.squareplus: (x + sqrt(x^2 + 4)) / 2."""
    return jnp.sum(jax.nn.squareplus(x))


# --- kernels and Gaussian processes ----------------------------------------------------------------------------------


def mmd_rbf(x):
    """The biased MMD^2 between samples x and fixed samples y under an RBF kernel of width 1."""
    y = jnp.array([0.0, 0.5, 2.0])

    def k(a, b):
        return jnp.exp(-0.5 * (a[:, None] - b[None, :]) ** 2)
    return jnp.mean(k(x, x)) + jnp.mean(k(y, y)) - 2 * jnp.mean(k(x, y))


def gp_neg_log_marginal(log_lengthscale):
    """The GP negative log marginal likelihood of fixed data under an RBF kernel, Cholesky with 1e-6 jitter."""
    xs = jnp.array([0.0, 0.7, 1.5, 3.0])
    ys = jnp.array([0.2, -0.4, 0.9, 0.1])
    ell = jnp.exp(log_lengthscale)
    K = jnp.exp(-0.5 * ((xs[:, None] - xs[None, :]) / ell) ** 2) + 1e-6 * jnp.eye(4)
    L = jnp.linalg.cholesky(K)
    alpha = solve_triangular(L, ys, lower=True)
    return 0.5 * jnp.dot(alpha, alpha) + jnp.sum(jnp.log(jnp.diag(L))) + 2 * jnp.log(2 * jnp.pi)


# --- dynamics ---------------------------------------------------------------------------------------------------------


def lorenz_rk4(sigma):
    """The x coordinate of the Lorenz system after 20 RK4 steps of 0.01 from (1, 1, 1), rho = 28, beta = 8/3."""
    def f(s):
        x, y, z = s[0], s[1], s[2]
        return jnp.stack([sigma * (y - x), x * (28.0 - z) - y, x * y - 8.0 / 3.0 * z])

    def step(_, s):
        h = 0.01
        k1 = f(s)
        k2 = f(s + h / 2 * k1)
        k3 = f(s + h / 2 * k2)
        k4 = f(s + h * k3)
        return s + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
    final = lax.fori_loop(0, 20, step, jnp.ones(3, dtype=jnp.result_type(sigma)))
    return final[0]


def garch_nll(params):
    """The Gaussian negative log-likelihood of fixed returns under GARCH(1, 1): params = (omega, alpha, beta)."""
    returns = jnp.array([0.01, -0.02, 0.015, -0.005, 0.03])
    omega, alpha, beta = params[0], params[1], params[2]

    def step(var, r):
        nll = 0.5 * (jnp.log(2 * jnp.pi * var) + r * r / var)
        return omega + alpha * r * r + beta * var, nll
    _, terms = lax.scan(step, jnp.var(returns), returns)
    return jnp.sum(terms)


# --- linear algebra ---------------------------------------------------------------------------------------------------


def power_trace(a):
    """tr(A^5) by jnp.linalg.matrix_power."""
    return jnp.trace(jnp.linalg.matrix_power(a, 5))


def expm_trace(a):
    """tr(expm(A))."""
    return jnp.trace(expm(a))


def standardized_score(x):
    """(x - mean) / std (jnp.std, ddof 0), dotted with fixed weights."""
    w = jnp.array([1.0, 0.0, -1.0])
    return jnp.dot(w, (x - jnp.mean(x)) / jnp.std(x))


# --- distributions ----------------------------------------------------------------------------------------------------


def gennorm_nll(beta):
    """The generalised normal's negative log-likelihood of fixed data, as a function of its shape."""
    data = jnp.array([0.0, 0.5, -1.5])
    return -jnp.sum(stats.gennorm.logpdf(data, beta))


def negbin_nll(r):
    """The negative binomial (mean 2.5, dispersion r) negative log-likelihood of fixed counts, by gammaln."""
    counts = jnp.array([0.0, 3.0, 7.0])
    mu = 2.5
    logp = (gammaln(counts + r) - gammaln(r) - gammaln(counts + 1)
            + r * jnp.log(r / (r + mu)) + counts * jnp.log(mu / (r + mu)))
    return -jnp.sum(logp)


def zip_zero_naive(params):
    """log P(0) of a zero-inflated Poisson: log(pi + (1 - pi) exp(-lam)), pi = sigmoid(logit), lam = exp(log_rate)."""
    pi = jax.nn.sigmoid(params[0])
    lam = jnp.exp(params[1])
    return jnp.log(pi + (1 - pi) * jnp.exp(-lam))


def zip_zero(params):
    """The same log-probability by logaddexp of log-space terms."""
    log_pi = jax.nn.log_sigmoid(params[0])
    log_not_pi = jax.nn.log_sigmoid(-params[0])
    return jnp.logaddexp(log_pi, log_not_pi - jnp.exp(params[1]))


def vmf_log_norm_naive(kappa):
    """log C_3(kappa) = log kappa - log(4 pi) - log sinh(kappa): the von Mises-Fisher normaliser on the sphere."""
    return jnp.log(kappa) - jnp.log(4 * jnp.pi) - jnp.log(jnp.sinh(kappa))


def vmf_log_norm(kappa):
    """The same normaliser with log sinh(k) = k + log1p(-exp(-2k)) - log 2."""
    log_sinh = kappa + jnp.log1p(-jnp.exp(-2 * kappa)) - jnp.log(2.0)
    return jnp.log(kappa) - jnp.log(4 * jnp.pi) - log_sinh


# --- elementwise ------------------------------------------------------------------------------------------------------


def cbrt_sum(x):
    return jnp.sum(jnp.cbrt(x))


def logaddexp2_sum(x):
    """log2(2^x0 + 2^x1) summed over rows."""
    return jnp.sum(jnp.logaddexp2(x[0], x[1]))


def exp1_sum(x):
    """E1, the exponential integral, summed."""
    return jnp.sum(exp1(x))


def log1mexp_naive(x):
    """log(1 - exp(-x)) for x > 0, as written from the formula."""
    return jnp.sum(jnp.log(1 - jnp.exp(-x)))


# --- a pytree of hyperparameters --------------------------------------------------------------------------------------


def gp_hyper_nll(params, xs, ys):
    """The GP negative log marginal likelihood with a learned lengthscale and noise: params is a dict of scalars."""
    ell = jnp.exp(params["log_lengthscale"])
    noise = jnp.exp(2 * params["log_noise"])
    K = jnp.exp(-0.5 * ((xs[:, None] - xs[None, :]) / ell) ** 2) + noise * jnp.eye(xs.shape[0])
    L = jnp.linalg.cholesky(K)
    alpha = solve_triangular(L, ys, lower=True)
    return 0.5 * jnp.dot(alpha, alpha) + jnp.sum(jnp.log(jnp.diag(L)))


def gp_hyper_args():
    """One point: the hyperparameters, then the data."""
    params = {"log_lengthscale": jnp.array(0.0), "log_noise": jnp.array(-1.0)}
    return params, jnp.array([0.0, 0.7, 1.5, 3.0]), jnp.array([0.2, -0.4, 0.9, 0.1])


def gp_hyper_tiny_noise_args():
    """The noise e^-400: the kernel matrix of distinct points is still positive definite."""
    params = {"log_lengthscale": jnp.array(0.0), "log_noise": jnp.array(-400.0)}
    return params, jnp.array([0.0, 0.7, 1.5, 3.0]), jnp.array([0.2, -0.4, 0.9, 0.1])


def logistic_log_terms(x):
    """jax.scipy.stats.logistic's logpdf, and the logs of its cdf and sf (it has no logcdf), summed."""
    return jnp.sum(stats.logistic.logpdf(x) + jnp.log(stats.logistic.cdf(x)) + jnp.log(stats.logistic.sf(x)))


def matrix_inverse_square_trace(a):
    """tr(A^-2) by jnp.linalg.matrix_power with a negative exponent."""
    return jnp.trace(jnp.linalg.matrix_power(a, -2))


def logistic_log_cdf(x):
    """The log of the standard logistic's cdf, summed."""
    return jnp.sum(jnp.log(stats.logistic.cdf(x)))


def sparse_plus_sum(x):
    """jax.nn.sparse_plus: 0, (x + 1)^2 / 4, x, joined at -1 and 1 with matching slopes."""
    return jnp.sum(jax.nn.sparse_plus(x))


def sparse_sigmoid_sum(x):
    """jax.nn.sparse_sigmoid: 0, (x + 1) / 2, 1, joined at -1 and 1 with slopes that jump."""
    return jnp.sum(jax.nn.sparse_sigmoid(x))


def hard_swish_sum(x):
    return jnp.sum(jax.nn.hard_swish(x))
