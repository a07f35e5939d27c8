"""A user's plain NumPy and SciPy code, round 37c: a Black-Scholes call and its parity form, a digital's log-price,
the focal loss, InfoNCE at a temperature of 1e-3, Holling's type III response, a negative-binomial log-pmf in its
size, the cosine integral and a Voigt line's width."""

import numpy as np
from scipy import special


def _d1_d2(spot):
    d1 = (np.log(spot / 100.0) + 0.07) / 0.2
    return d1, d1 - 0.2


def call_price(spot):
    d1, d2 = _d1_d2(spot)
    return np.sum(spot * special.ndtr(d1) - 100.0 * np.exp(-0.05) * special.ndtr(d2))


def call_by_parity(spot):
    d1, d2 = _d1_d2(spot)
    put = 100.0 * np.exp(-0.05) * special.ndtr(-d2) - spot * special.ndtr(-d1)
    return np.sum(put + spot - 100.0 * np.exp(-0.05))


def digital_log_price_naive(spot):
    return np.sum(np.log(special.ndtr(_d1_d2(spot)[1])))


def digital_log_price(spot):
    return np.sum(special.log_ndtr(_d1_d2(spot)[1]))


def focal_loss_naive(z):
    p = special.expit(z)
    return np.sum(-(1 - p) ** 2 * np.log(p))


def focal_loss(z):
    return np.sum(-special.expit(-z) ** 2 * special.log_expit(z))


def infonce_naive(scores):
    e = np.exp(scores / 1e-3)
    return -np.log(e[0] / np.sum(e))


def infonce(scores):
    return -special.log_softmax(scores / 1e-3)[0]


def holling3_naive(n):
    return np.sum(0.5 * n ** 2 / (1 + n ** 2))


def nb_log_pmf_naive(r):
    return np.sum(special.gammaln(3.0 + r) - special.gammaln(r) + r * np.log(0.3))


def nb_log_pmf(r):
    return np.sum(-np.log(3.0 + r) - special.betaln(r, 4.0) + r * np.log(0.3))


def cosine_integral(x):
    si, ci = special.sici(x)
    return np.sum(ci)


def voigt_in_width(sigma):
    return np.sum(special.voigt_profile(0.5, sigma, 0.1))
