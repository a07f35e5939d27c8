"""A user's plain NumPy / SciPy code, eighty-fourth round (d): an evaluation script's mixture likelihoods on three 1-D
points: a Gaussian mixture's log-likelihood by scipy.special.logsumexp with scipy.stats.norm.logpdf, the naive log of
scipy.stats.norm.pdf summed, one EM step's mean update, hard k-means by np.min, a Student-t mixture by
scipy.stats.t.logpdf, a mixture of Bernoullis by scipy.special.xlogy, and a Dirichlet prior by gammaln."""

import numpy as np
from scipy.special import gammaln, logsumexp, softmax, xlogy
from scipy.stats import norm, t

X = np.array([0.5, -1.0, 2.0])
X_BIN = np.array([[1.0, 0.0, 1.0], [0.0, 0.0, 1.0]])
DF = 3.0


def _log_softmax(v):
    return v - logsumexp(v)


def gmm_loglik(logits, mu, log_sigma):
    lp = norm.logpdf(X[:, None], mu, np.exp(log_sigma)) + _log_softmax(logits)
    return np.sum(logsumexp(lp, axis=1))


def gmm_loglik_naive(logits, mu, log_sigma):
    p = norm.pdf(X[:, None], mu, np.exp(log_sigma))
    return np.sum(np.log(np.sum(softmax(logits) * p, axis=1)))


def em_means(logits, mu, log_sigma):
    lp = norm.logpdf(X[:, None], mu, np.exp(log_sigma)) + _log_softmax(logits)
    r = np.exp(lp - logsumexp(lp, axis=1, keepdims=True))
    mu_new = np.sum(r * X[:, None], axis=0) / np.sum(r, axis=0)
    return np.sum(mu_new ** 2)


def kmeans_loss(centres):
    return np.sum(np.min((X[:, None] - centres) ** 2, axis=1))


def t_mixture(logits, mu, log_sigma):
    lp = t.logpdf(X[:, None], DF, mu, np.exp(log_sigma)) + _log_softmax(logits)
    return np.sum(logsumexp(lp, axis=1))


def bern_mixture(logits, p):
    ll = np.sum(xlogy(X_BIN[:, None, :], p) + xlogy(1 - X_BIN[:, None, :], 1 - p), axis=-1)
    return np.sum(logsumexp(ll + _log_softmax(logits), axis=1))


def dirichlet_logpdf(w, alpha):
    return gammaln(np.sum(alpha)) - np.sum(gammaln(alpha)) + np.sum((alpha - 1) * np.log(w))
