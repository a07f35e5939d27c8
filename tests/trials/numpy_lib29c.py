"""A user's plain NumPy and SciPy code, round 29c: a low-temperature free energy by np.exp and by
scipy.special.logsumexp, a Bernoulli KL divergence by scipy.special.rel_entr, the Gaussian tail by erfc and by erfcx,
a great-circle distance by haversine, sRGB's encoding by np.where, a doubling time by np.log and np.log1p, and log
gamma at tiny arguments."""

import numpy as np
from scipy import special
from scipy.special import erfc, erfcx, logsumexp

EARTH_RADIUS = 6371.0


def free_energy_naive(energy, kt):
    return -kt * np.log(np.sum(np.exp(-energy / kt)))


def free_energy(energy, kt):
    return -kt * logsumexp(-energy / kt)


def bernoulli_kl(p, q):
    return np.sum(special.rel_entr(p, q) + special.rel_entr(1 - p, 1 - q))


def gaussian_log_tail_naive(x):
    return np.sum(np.log(0.5 * erfc(x / np.sqrt(2))))


def gaussian_log_tail(x):
    t = x / np.sqrt(2)
    return np.sum(np.log(0.5 * erfcx(t)) - t ** 2)


def haversine(lat1, lon1, lat2, lon2):
    dlat = lat2 - lat1
    dlon = lon2 - lon1
    a = np.sin(dlat / 2) ** 2 + np.cos(lat1) * np.cos(lat2) * np.sin(dlon / 2) ** 2
    return np.sum(2 * EARTH_RADIUS * np.arcsin(np.sqrt(a)))


def linear_to_srgb(lin):
    return np.sum(np.where(lin <= 0.0031308, 12.92 * lin, 1.055 * np.power(lin, 1 / 2.4) - 0.055))


def doubling_time_naive(r):
    return np.sum(np.log(2) / np.log(1 + r))


def doubling_time(r):
    return np.sum(np.log(2) / np.log1p(r))


def log_gamma_sum(x):
    return np.sum(special.gammaln(x))
