"""A user's plain NumPy and SciPy code, round 30c: a Breit-Wigner line shape, cosine similarity and the angle between
vectors by np.linalg.norm, np.arccos and np.arctan2, PyTorch's thresholded softplus written with np.where, a Gumbel
log density, a binary entropy by scipy.special.entr, and the Beta(2, 3) distribution's log tails by betainc."""

import numpy as np
from scipy import special


def breit_wigner(e, e0, gamma):
    half = gamma / 2
    return np.sum(half ** 2 / ((e - e0) ** 2 + half ** 2))


def cosine_similarity(x, y):
    return np.dot(x, y) / (np.linalg.norm(x) * np.linalg.norm(y))


def angle_by_arccos(u, v):
    return np.arccos(np.dot(u, v) / (np.linalg.norm(u) * np.linalg.norm(v)))


def angle_by_arctan2(u, v):
    return np.arctan2(np.abs(u[0] * v[1] - u[1] * v[0]), np.dot(u, v))


def threshold_softplus(x):
    return np.sum(np.where(x > 20, x, np.log1p(np.exp(x))))


def gumbel_log_density(x, mu, beta):
    z = (x - mu) / beta
    return np.sum(-(z + np.exp(-z)) - np.log(beta))


def binary_entropy(p):
    return np.sum(special.entr(p) + special.entr(1 - p))


def log_beta_survival_naive(x):
    return np.sum(np.log(1.0 - special.betainc(2.0, 3.0, x)))


def log_beta_survival(x):
    return np.sum(np.log(special.betainc(3.0, 2.0, 1.0 - x)))


def gaussian_overlap(x):
    return np.sum(np.exp(-x * x))
