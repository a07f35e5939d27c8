"""A user's JAX code, eighty-fourth round (d): mixture models and soft clustering on tiny inputs (three 1-D points, two
or three components). A Gaussian mixture's log-likelihood by jax.nn.logsumexp over components with the weights by
jax.nn.log_softmax and the densities by jax.scipy.stats.norm.logpdf (scale exp(log_sigma)), the naive
log(sum(w * pdf)), the same from a scale given directly with jax.scipy.special.logsumexp, a component switched off by
a -inf logit (log of softmax and log_softmax), one EM step's mean update (plain, and guarded by + 1e-10), soft k-means
by jax.nn.softmax and by hand at a temperature near 0, hard k-means by min and by argmin over centres, a Student-t
mixture by jax.scipy.stats.t.logpdf and a t likelihood in its degrees of freedom, a mixture of Bernoullis by xlogy and
written with log, and a Dirichlet prior's log-density on the mixture weights."""

import jax
import jax.numpy as jnp
from jax.scipy.special import gammaln, logsumexp, xlogy
from jax.scipy.stats import norm, t

X = jnp.array([0.5, -1.0, 2.0])  # three 1-D data points
X_BIN = jnp.array([[1.0, 0.0, 1.0], [0.0, 0.0, 1.0]])  # two binary points of three dimensions
ACTIVE = jnp.array([True, True, False])  # the third component is switched off
DF = 3.0  # the Student-t components' degrees of freedom
ALPHA = jnp.array([1.0, 2.0, 3.0])  # a Dirichlet prior on three weights (a flat first one)


# ------------------------------------------------------------------------------------------------- Gaussian mixtures
def gmm_loglik(logits, mu, log_sigma):
    """sum_i log sum_k pi_k N(x_i; mu_k, sigma_k^2), in log space."""
    logw = jax.nn.log_softmax(logits)
    lp = norm.logpdf(X[:, None], mu, jnp.exp(log_sigma))
    return jnp.sum(jax.nn.logsumexp(logw + lp, axis=1))


def gmm_loglik_naive(logits, mu, log_sigma):
    """The same from densities, as the textbook formula reads."""
    w = jax.nn.softmax(logits)
    p = norm.pdf(X[:, None], mu, jnp.exp(log_sigma))
    return jnp.sum(jnp.log(jnp.sum(w * p, axis=1)))


def gmm_loglik_scale(logits, mu, sigma):
    """The scales as parameters themselves (kept positive elsewhere)."""
    lp = norm.logpdf(X[:, None], mu, sigma) + jax.nn.log_softmax(logits)
    return jnp.sum(logsumexp(lp, axis=1))


def gmm_masked(logits, mu, log_sigma):
    """Three components, the third switched off by a -inf logit; the log of the softmax weights."""
    w = jax.nn.softmax(jnp.where(ACTIVE, logits, -jnp.inf))
    lp = norm.logpdf(X[:, None], mu, jnp.exp(log_sigma))
    return jnp.sum(jax.nn.logsumexp(jnp.log(w) + lp, axis=1))


def gmm_masked_logsoftmax(logits, mu, log_sigma):
    """The same with jax.nn.log_softmax of the masked logits."""
    logw = jax.nn.log_softmax(jnp.where(ACTIVE, logits, -jnp.inf))
    lp = norm.logpdf(X[:, None], mu, jnp.exp(log_sigma))
    return jnp.sum(jax.nn.logsumexp(logw + lp, axis=1))


# ------------------------------------------------------------------------------------------------- EM, unrolled
def em_means(logits, mu, log_sigma):
    """One EM step: responsibilities, then the new means; the loss reads their squares."""
    lp = jax.nn.log_softmax(logits) + norm.logpdf(X[:, None], mu, jnp.exp(log_sigma))
    r = jax.nn.softmax(lp, axis=1)
    nk = jnp.sum(r, axis=0)
    mu_new = jnp.sum(r * X[:, None], axis=0) / nk
    return jnp.sum(mu_new ** 2)


def em_means_guarded(logits, mu, log_sigma):
    """The same step with the usual + 1e-10 in the denominator."""
    lp = jax.nn.log_softmax(logits) + norm.logpdf(X[:, None], mu, jnp.exp(log_sigma))
    r = jax.nn.softmax(lp, axis=1)
    mu_new = jnp.sum(r * X[:, None], axis=0) / (jnp.sum(r, axis=0) + 1e-10)
    return jnp.sum(mu_new ** 2)


# ------------------------------------------------------------------------------------------------- k-means
def soft_kmeans(centres, tau):
    """Soft k-means: responsibilities softmax(-d / tau), the loss sum r d."""
    d = (X[:, None] - centres) ** 2
    r = jax.nn.softmax(-d / tau, axis=1)
    return jnp.sum(r * d)


def soft_kmeans_hand(centres, tau):
    d = (X[:, None] - centres) ** 2
    e = jnp.exp(-d / tau)
    r = e / jnp.sum(e, axis=1, keepdims=True)
    return jnp.sum(r * d)


def kmeans_loss(centres):
    """Hard k-means: each point's squared distance to its nearest centre."""
    d = (X[:, None] - centres) ** 2
    return jnp.sum(jnp.min(d, axis=1))


def kmeans_argmin(centres):
    d = (X[:, None] - centres) ** 2
    nearest = centres[jnp.argmin(d, axis=1)]
    return jnp.sum((X - nearest) ** 2)


# ------------------------------------------------------------------------------------------------- Student-t
def t_mixture(logits, mu, log_sigma):
    lp = t.logpdf(X[:, None], DF, mu, jnp.exp(log_sigma)) + jax.nn.log_softmax(logits)
    return jnp.sum(logsumexp(lp, axis=1))


def t_loglik_df(df, mu):
    """One Student-t component fitted in its degrees of freedom too."""
    return jnp.sum(t.logpdf(X, df, mu, 1.0))


# ------------------------------------------------------------------------------------------------- Bernoulli mixtures
def bern_mixture(logits, p):
    """log sum_k pi_k prod_d p_kd^x_d (1 - p_kd)^(1 - x_d), by xlogy (0 log 0 = 0)."""
    ll = jnp.sum(xlogy(X_BIN[:, None, :], p) + xlogy(1 - X_BIN[:, None, :], 1 - p), axis=-1)
    return jnp.sum(logsumexp(ll + jax.nn.log_softmax(logits), axis=1))


def bern_mixture_log(logits, p):
    """The same written with log."""
    ll = jnp.sum(X_BIN[:, None, :] * jnp.log(p) + (1 - X_BIN[:, None, :]) * jnp.log(1 - p), axis=-1)
    return jnp.sum(logsumexp(ll + jax.nn.log_softmax(logits), axis=1))


# ------------------------------------------------------------------------------------------------- Dirichlet prior
def dirichlet_logpdf(w, alpha):
    return gammaln(jnp.sum(alpha)) - jnp.sum(gammaln(alpha)) + jnp.sum((alpha - 1) * jnp.log(w))


def dirichlet_prior(w):
    """The prior ALPHA on the weights, by xlogy (a flat first weight: 0 log w)."""
    return gammaln(jnp.sum(ALPHA)) - jnp.sum(gammaln(ALPHA)) + jnp.sum(xlogy(ALPHA - 1, w))
