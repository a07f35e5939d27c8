"""A user's plain NumPy code, ninety-ninth round (d): hyperbolic and manifold embeddings written out: the Poincare-ball
distance with np.arccosh, the logarithmic map at 0 guarded by np.where, the Lorentz distance, the sphere's arccos
geodesic clipped by np.clip, and a von Mises-Fisher log-normaliser with scipy.special.i0e."""

import numpy as np
from scipy.special import i0e

W2 = np.array([0.5, -0.25])


def poincare_dist(u, v):
    sq = np.sum((u - v) ** 2)
    den = (1 - np.sum(u ** 2)) * (1 - np.sum(v ** 2))
    return np.arccosh(1 + 2 * sq / den)


def logmap0_where(x):
    n = np.linalg.norm(x)
    return np.sum(W2 * np.where(n > 0, np.arctanh(n) * x / n, x))


def lorentz_dist(a, b):
    x0 = np.sqrt(1 + np.sum(a ** 2))
    y0 = np.sqrt(1 + np.sum(b ** 2))
    return np.arccosh(x0 * y0 - np.dot(a, b))


def sphere_dist(x, y):
    c = np.dot(x / np.linalg.norm(x), y / np.linalg.norm(y))
    return np.arccos(np.clip(c, -1.0, 1.0))


def vmf_lognorm2(kappa):
    return -np.log(2 * np.pi) - (np.log(i0e(kappa)) + kappa)
