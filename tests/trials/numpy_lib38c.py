"""A user's plain NumPy and SciPy code, round 38c: the Snake activation in its frequency, Saha's ionisation fraction,
a Hardy-Weinberg log-likelihood and a LOD score by xlogy, sound levels, the Nelson-Siegel slope loading, a Yukawa pair
energy by np.linalg.norm, the Rayleigh log-cdf and the arithmetic-geometric mean."""

import numpy as np
from scipy import special
from scipy.special import logsumexp


def snake_in_freq(a):
    return np.sum(2.0 + np.sin(2.0 * a) ** 2 / a)


def ionisation_naive(s):
    return np.sum((-s + np.sqrt(s * s + 4 * s)) / 2)


def ionisation(s):
    return np.sum(2 / (1 + np.sqrt(1 + 4 / s)))


def hardy_weinberg_xlogy(p):
    return np.sum(special.xlogy(110.0, p) + special.xlog1py(90.0, -p))


def lod_score(theta):
    return np.sum(special.xlogy(0.0, theta) + special.xlog1py(12.0, -theta)) / np.log(10)


def spl_naive(p):
    return np.sum(10 * np.log10(p ** 2 / 4e-10))


def total_level_naive(levels):
    return 10 * np.log10(np.sum(10 ** (levels / 10)))


def total_level(levels):
    return 10 / np.log(10) * logsumexp(levels * np.log(10) / 10)


def slope_loading_naive(t):
    x = t / 2.0
    return np.sum((1 - np.exp(-x)) / x)


def slope_loading(t):
    return np.sum(special.exprel(-t / 2.0))


def yukawa_pair(x):
    r = np.linalg.norm(x)
    return -np.exp(-r) / r


def rayleigh_log_cdf_naive(x):
    return np.sum(np.log(1 - np.exp(-x ** 2 / 2)))


def rayleigh_log_cdf(x):
    return np.sum(np.log(-np.expm1(-x ** 2 / 2)))


def agm(x):
    return np.sum(special.agm(1.0, x))
