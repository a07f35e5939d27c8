"""A user's JAX code, sixth round: probability (jax.scipy.stats' Poisson, truncated normal and multivariate normal, the
probit, a Gaussian mixture through logsumexp with weights), learning losses (label smoothing, InfoNCE at a small
temperature, KL between Gaussians with tiny scales, an ELBO with the reparameterisation trick), RMS norm at tiny
inputs, masked attention and jax.nn's where= mask, a jitted cosine-annealing schedule and a Black-Scholes delta."""

import jax
import jax.numpy as jnp
import numpy as np
from jax.scipy.special import gammaln, logsumexp
from jax.scipy.stats import multivariate_normal, norm, poisson, truncnorm

K = np.array([0.0, 3.0])


def poisson_lp(mu):
    return jnp.sum(poisson.logpmf(K, mu))


def lgamma_far(x):
    return jnp.sum(gammaln(x))


MEAN = np.array([1.0, -2.0])
COV = np.array([[2.0, 0.5], [0.5, 1.0]])


def mvn_lp(x):
    return multivariate_normal.logpdf(x, MEAN, COV)


def mvn_chol(x):
    # the same density by hand, through a Cholesky factor
    chol = jnp.linalg.cholesky(COV)
    z = jax.scipy.linalg.solve_triangular(chol, x - MEAN, lower=True)
    return -0.5 * jnp.dot(z, z) - jnp.sum(jnp.log(jnp.diag(chol))) - jnp.log(2.0 * jnp.pi)


def mixture_ll(x):
    means, scales = jnp.array([0.0, 1.0]), jnp.array([1.0, 2.0])
    log_pdf = norm.logpdf(x, means, scales)
    return logsumexp(log_pdf, b=jnp.array([0.3, 0.7]))


def smoothed_ce(logits):
    eps, label = 0.1, 0
    log_p = jax.nn.log_softmax(logits)
    target = jax.nn.one_hot(label, logits.shape[0]) * (1.0 - eps) + eps / logits.shape[0]
    return -jnp.sum(target * log_p)


SIMS = np.array([0.9, 0.5, 0.1])


def info_nce(tau):
    return -jax.nn.log_softmax(SIMS / tau)[0]


def info_nce_naive(tau):
    e = jnp.exp(SIMS / tau)
    return -jnp.log(e[0] / jnp.sum(e))


def kl_gauss(s):
    # KL(N(0, s1) || N(0, s2)) with both scales learned
    s1, s2 = s[0], s[1]
    return jnp.log(s2 / s1) + s1 ** 2 / (2.0 * s2 ** 2) - 0.5


def kl_gauss_log(log_s1):
    log_s2 = -459.0
    return log_s2 - log_s1 + 0.5 * jnp.exp(2.0 * (log_s1 - log_s2)) - 0.5


def elbo(params, eps):
    sigma = jnp.exp(params["log_sigma"])
    z = params["mu"] + sigma * eps
    log_p = -0.5 * z ** 2
    log_q = -0.5 * eps ** 2 - params["log_sigma"]
    return jnp.mean(log_p - log_q)


def elbo_args():
    params = {"mu": np.array([0.5, -1.0]), "log_sigma": np.array([-700.0, 2.0])}
    return params, np.array([1.5, -0.25])


W = np.array([1.0, 2.0, 4.0])


def rms_norm(x):
    return jnp.sum(W * x / jnp.sqrt(jnp.mean(x * x) + 1e-6))


MASK = np.array([True, True, False])
VALUES = np.array([1.0, 2.0, 3.0])


def attention(scores):
    p = jax.nn.softmax(jnp.where(MASK, scores, -jnp.inf))
    return jnp.sum(p * VALUES)


@jax.jit
def cosine_lr(t):
    total, lo, hi = 100.0, 1e-5, 1e-1
    return jnp.sum(lo + 0.5 * (hi - lo) * (1.0 + jnp.cos(jnp.pi * t / total)))


def bs_call(s):
    k, r, sigma, t = 1000.0, 0.01, 0.2, 1.0
    d1 = (jnp.log(s / k) + (r + 0.5 * sigma ** 2) * t) / (sigma * jnp.sqrt(t))
    d2 = d1 - sigma * jnp.sqrt(t)
    return jnp.sum(s * norm.cdf(d1) - k * jnp.exp(-r * t) * norm.cdf(d2))


def truncated(x):
    # N(0, 1) truncated to [10, 11]: a mass of 7.6e-24 that 1 - 1 would lose
    return jnp.sum(truncnorm.logpdf(x, 10.0, 11.0))


def probit(p):
    return jnp.sum(jax.scipy.special.ndtri(p))


def log_softmax_where(x):
    # jax.nn's own mask argument in place of a -inf fill
    return jax.nn.log_softmax(x, where=MASK)[0]
