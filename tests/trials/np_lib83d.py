"""A user's plain NumPy code, eighty-third round (d): a VAE's ELBO terms as an evaluation script computes them
(the log-likelihood bound of a trained model on held-out data): the Gaussian KL, the Bernoulli log-likelihood by
scipy.special.expit and by scipy.special.log_expit, the Gaussian decoder with a learned variance, the IWAE bound by
scipy.special.logsumexp and by log(mean(exp)), a KL between categoricals by scipy.special.xlogy, the Kumaraswamy
reparameterisation."""

import numpy as np
from scipy.special import expit, log_expit, logsumexp, xlogy

X_BIN = np.array([1.0, 0.0, 1.0])
X_REAL = np.array([0.3, -0.2])
U_NOISE = np.array([0.0, 0.3])


def gauss_kl(mu, logvar):
    return -0.5 * np.sum(1 + logvar - mu ** 2 - np.exp(logvar))


def bern_ll_probs(logits):
    p = expit(logits)
    return np.sum(X_BIN * np.log(p) + (1 - X_BIN) * np.log(1 - p))


def bern_ll_logits(logits):
    return np.sum(X_BIN * log_expit(logits) + (1 - X_BIN) * log_expit(-logits))


def gauss_nll_var(x_hat, var):
    return 0.5 * np.sum(np.log(2 * np.pi) + np.log(var) + (X_REAL - x_hat) ** 2 / var)


def iwae_bound(logw):
    return logsumexp(logw) - np.log(len(logw))


def iwae_naive(logw):
    return np.log(np.mean(np.exp(logw)))


def cat_kl(q, p):
    return np.sum(xlogy(q, q) - xlogy(q, p))


def kumaraswamy_latent(a, b):
    x = (1 - (1 - U_NOISE) ** (1 / b)) ** (1 / a)
    return np.sum(x * X_REAL)
