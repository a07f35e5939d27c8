"""Round 62d (plain NumPy): probabilistic modelling and linear algebra as legacy NumPy code writes them: a Gaussian
log-density by its standardised residual and by its variance, np.linalg.slogdet, np.linalg.cholesky with a
triangular solve (a multivariate normal log-density), np.linalg.inv of a near-singular matrix."""

import numpy as np


def gauss_logpdf(x, mu, log_s):
    z = (x - mu) / np.exp(log_s)
    return -0.5 * z ** 2 - log_s


def gauss_logpdf_var(x, mu, log_s):
    var = np.exp(log_s) ** 2
    return -((x - mu) ** 2) / (2 * var) - log_s


def slogdet_loss(a):
    sign, logabsdet = np.linalg.slogdet(a)
    return logabsdet


def mvn_chol(x, s):
    chol = np.linalg.cholesky(s)
    z = np.linalg.solve(chol, x)
    return -0.5 * np.sum(z ** 2) - np.sum(np.log(np.diag(chol)))


def inv_sum(a):
    return np.sum(np.linalg.inv(a))


def vae_kl(mu, logvar):
    return 0.5 * np.sum(mu ** 2 + np.exp(logvar) - 1.0 - logvar)


def mvn_slogdet(x, s):
    sign, logdet = np.linalg.slogdet(s)
    return -0.5 * x @ np.linalg.solve(s, x) - 0.5 * logdet
