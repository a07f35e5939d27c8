"""Round 62d (JAX): probabilistic modelling and linear algebra inside losses as users write them:
jax.scipy.stats.norm.logpdf / logcdf far in the tail, log(norm.cdf) by hand, jax.scipy.special.gammaln and xlogy,
jax.nn.log_sigmoid and log(sigmoid) by hand, a VAE's Gaussian KL term, Gumbel-softmax with fixed noise,
jnp.linalg.slogdet / cholesky / inv, jax.scipy.linalg.solve_triangular, a multivariate normal log-density and a
Gaussian process's negative log marginal likelihood."""

import jax
import jax.numpy as jnp
from jax.scipy.linalg import solve_triangular
from jax.scipy.special import gammaln, xlogy
from jax.scipy.stats import multivariate_normal, norm

GX = jnp.array([0.0, 0.5, 1.5])
GY = jnp.array([0.25, -0.5, 0.75])
NOISE = jnp.array([0.25, -0.5, 0.75])  # a Gumbel draw, held fixed
W3 = jnp.array([1.0, 2.0, 3.0])
COV = jnp.array([[2.0, 0.5], [0.5, 1.0]])


def norm_logpdf(x):
    return jnp.sum(norm.logpdf(x, 0.0, 1.0))


def norm_logcdf(x):
    return jnp.sum(norm.logcdf(x))


def naive_logcdf(x):
    p = norm.cdf(x)
    return jnp.sum(jnp.log(p))


def gammaln_sum(a):
    return jnp.sum(gammaln(a))


def xlogy_cross(p, y):
    return -jnp.sum(xlogy(p, y))


def log_sigmoid_sum(z):
    return jnp.sum(jax.nn.log_sigmoid(z))


def naive_log_sigmoid(z):
    return jnp.sum(jnp.log(jax.nn.sigmoid(z)))


def vae_kl(mu, logvar):
    return 0.5 * jnp.sum(mu ** 2 + jnp.exp(logvar) - 1.0 - logvar)


def gumbel_softmax(logits):
    y = jax.nn.softmax((logits + NOISE) / 0.5)
    return jnp.sum(W3 * y)


def slogdet_loss(a):
    sign, logabsdet = jnp.linalg.slogdet(a)
    return logabsdet


def chol_logdet(a):
    chol = jnp.linalg.cholesky(a)
    return 2.0 * jnp.sum(jnp.log(jnp.diag(chol)))


def inv_sum(a):
    return jnp.sum(jnp.linalg.inv(a))


def mvn_logpdf(x):
    return multivariate_normal.logpdf(x, jnp.zeros(2, x.dtype), COV.astype(x.dtype))


def gp_nll(log_ell, log_noise):
    d = GX[:, None] - GX[None, :]
    k = jnp.exp(-0.5 * d ** 2 / jnp.exp(2.0 * log_ell)) + jnp.exp(log_noise) * jnp.eye(3)
    chol = jnp.linalg.cholesky(k)
    alpha = solve_triangular(chol, GY, lower=True)
    return 0.5 * jnp.sum(alpha ** 2) + jnp.sum(jnp.log(jnp.diag(chol)))


def norm_logpdf_scale(x, log_scale):
    return norm.logpdf(x, 0.0, jnp.exp(log_scale))


def eigh_logdet(a):
    return jnp.sum(jnp.log(jnp.linalg.eigvalsh(a)))


MUS = jnp.array([0.0, 1.0])
WEIGHTS = jnp.array([0.25, 0.75])


def mixture_lse(x):
    return jax.scipy.special.logsumexp(norm.logpdf(x, MUS, 1.0) + jnp.log(WEIGHTS))


def mixture_naive(x):
    return jnp.log(jnp.sum(WEIGHTS * norm.pdf(x, MUS, 1.0)))


def tri_solve(chol):
    x = solve_triangular(chol, jnp.array([1.0, 2.0], chol.dtype), lower=True)
    return jnp.sum(x ** 2)
