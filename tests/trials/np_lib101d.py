"""A user's plain NumPy code, hundred-and-first round (d): robust losses written out with numpy: Huber by np.where,
log(cosh), Charbonnier, Barron's general loss as the paper's equation reads, Huber's IRLS weights psi(r) / r by
np.clip, Geman-McClure, and the MAD scale by np.median."""

import numpy as np

DELTA = 1.0
W = np.array([0.5, -0.25, 1.0, 0.75])


def huber(r):
    a = np.abs(r)
    return np.sum(np.where(a <= DELTA, 0.5 * r ** 2, DELTA * (a - 0.5 * DELTA)))


def log_cosh(r):
    return np.sum(np.log(np.cosh(r)))


def charbonnier_eps(r, eps):
    return np.sum(np.sqrt(r ** 2 + eps ** 2))


def barron_naive(x, alpha, c):
    b = np.abs(alpha - 2)
    return np.sum(b / alpha * (((x / c) ** 2 / b + 1) ** (alpha / 2) - 1))


def irls_weights(r):
    psi = np.clip(r, -DELTA, DELTA)
    return np.sum(W[: r.shape[0]] * psi / r)


def geman_mcclure(r, c):
    z = (r / c) ** 2
    return np.sum(2 * z / (z + 4))


def mad_scale(r):
    return 1.4826 * np.median(np.abs(r - np.median(r)))
