"""A user's plain NumPy code, eighty-first round (d): flow log-likelihoods as an evaluation script computes them. A
standard-normal base by scipy.stats.norm.logpdf; a planar flow's log|1 + u.psi|; the tanh squashing naive and by
np.logaddexp; a logit layer by scipy.special.logit; a radial flow by np.linalg.norm; a 2x2 linear flow by
np.linalg.slogdet."""

import numpy as np
from scipy.special import logit
from scipy.stats import norm


def normal_logp(z):
    return np.sum(norm.logpdf(z))


def planar_logq(z, u):
    w = np.array([1.0, 0.5])
    psi = (1 - np.tanh(w @ z) ** 2) * w
    return np.sum(-0.5 * z ** 2 - 0.5 * np.log(2 * np.pi)) - np.log(np.abs(1 + u @ psi))


def squash_naive(u):
    return np.sum(norm.logpdf(u) - np.log(1 - np.tanh(u) ** 2))


def squash_stable(u):
    return np.sum(norm.logpdf(u) - 2 * (np.log(2) - u - np.logaddexp(0, -2 * u)))


def logit_logp(x):
    return np.sum(norm.logpdf(logit(x)) - np.log(x) - np.log1p(-x))


def radial_logdet(z, alpha, beta):
    r = np.linalg.norm(z - np.array([0.5, -0.5]))
    h = 1 / (alpha + r)
    return np.log(1 + beta * h) + np.log(1 + beta * h - beta * r / (alpha + r) ** 2)


def linear_slogdet(W):
    sign, logabsdet = np.linalg.slogdet(W)
    z = W @ np.array([0.4, -0.7])
    return np.sum(-0.5 * z ** 2 - 0.5 * np.log(2 * np.pi)) + logabsdet


def linear_eig(W):
    z = W @ np.array([0.4, -0.7])
    return np.sum(-0.5 * z ** 2 - 0.5 * np.log(2 * np.pi)) + np.sum(np.log(np.abs(np.linalg.eigvals(W))))
