"""A user's plain NumPy and SciPy code, round 39c: Erlang's loss formula, Fermi-Dirac and Bose-Einstein occupations,
Planck's density, Langevin's function, a Bernoulli KL divergence, the haversine distance, log K0, log_ndtr and a free
energy by logsumexp."""

import numpy as np
from scipy import special
from scipy.special import logsumexp


def erlang_b(a):
    b = 1.0
    for k in range(1, 11):
        b = a * b / (k + a * b)
    return np.sum(b)


def fermi_dirac_naive(e):
    return np.sum(1 / (np.exp(e) + 1))


def fermi_dirac(e):
    return np.sum(special.expit(-e))


def bose_einstein(e):
    return np.sum(1 / np.expm1(e))


def planck(x):
    return np.sum(x ** 3 / np.expm1(x))


def langevin_naive(x):
    return np.sum(1 / np.tanh(x) - 1 / x)


def bernoulli_kl(p):
    return np.sum(special.xlogy(p, p / 0.25) + special.xlogy(1 - p, (1 - p) / 0.75))


def haversine(x):
    lat1, lon1, lat2, lon2 = x
    h = np.sin((lat2 - lat1) / 2) ** 2 + np.cos(lat1) * np.cos(lat2) * np.sin((lon2 - lon1) / 2) ** 2
    return 2 * np.arcsin(np.sqrt(h))


def log_bessel_k0(x):
    return np.sum(np.log(special.kve(0, x)) - x)


def log_normal_cdf(x):
    return np.sum(special.log_ndtr(x))


def free_energy(e):
    return -logsumexp(-e)
