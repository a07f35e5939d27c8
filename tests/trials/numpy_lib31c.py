"""A user's plain NumPy and SciPy code, round 31c: a Schottky heat capacity, a three-level free energy by
np.log(np.sum(np.exp)) and by scipy.special.logsumexp, Planck's mean energy by np.expm1, a skin depth, Kepler's third
law, K(m) next to m = 1 by ellipk and by ellipkm1, Dawson's integral, np.sinc at subnormals, SciPy's pseudo-Huber loss,
and a norm scaled by its largest entry."""

import numpy as np
from scipy import special

MU0 = 4e-7 * np.pi
LEVELS = np.array([-1.0, 0.0, 2.0])


def schottky_heat_capacity(x):
    return np.sum(x ** 2 * np.exp(x) / (1 + np.exp(x)) ** 2)


def free_energy_naive(beta):
    return -np.log(np.sum(np.exp(-beta * LEVELS))) / beta


def free_energy(beta):
    return -special.logsumexp(-beta * LEVELS) / beta


def planck_mean_energy(x):
    return np.sum(x / np.expm1(x))


def skin_depth_naive(rho, omega):
    return np.sum(np.sqrt(2 * rho / (omega * MU0)))


def orbital_period_naive(a, mu):
    return np.sum(2 * np.pi * np.sqrt(a ** 3 / mu))


def orbital_period(a, mu):
    return np.sum(2 * np.pi * a * np.sqrt(a / mu))


def ellipk_near_one(q):
    return np.sum(special.ellipk(1 - q))


def ellipkm1_near_one(q):
    return np.sum(special.ellipkm1(q))


def dawson_sum(x):
    return np.sum(special.dawsn(x))


def sinc_sum(x):
    return np.sum(np.sinc(x))


def pseudo_huber_scipy(delta, r):
    return np.sum(special.pseudo_huber(delta, r))


def norm_by_scaling(x):
    scale = np.max(np.abs(x))
    return scale * np.sqrt(np.sum((x / scale) ** 2))


def einstein_heat_capacity(x):
    return np.sum(x ** 2 * np.exp(x) / np.expm1(x) ** 2)


def hohmann_first_burn_naive(r1, r2):
    return np.sum(np.sqrt(1 / r1) * (np.sqrt(2 * r2 / (r1 + r2)) - 1))


def soft_bound(x):
    return np.sum(np.clip(x * 1e300, -1.0, 1.0))
