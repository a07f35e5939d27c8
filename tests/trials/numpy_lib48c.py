"""A user's plain NumPy and SciPy code, round 48c: the logistic growth curve, Weibull unreliability by np.exp and
np.expm1, a B-life by np.log, the binary entropy as printed and by scipy.special's xlogy / xlog1py, Renyi's entropy by
scipy.special.logsumexp, Arrhenius' rate, the activation energy from two temperatures, Omori's cumulative count and a
truncated Gutenberg-Richter CDF by np.expm1."""

import numpy as np
from scipy import special

CARRYING = 1000.0
GROWTH = 0.5
SCALE_H = 1000.0
SHAPE = 1.5
PROBS = np.array([0.2, 0.3, 0.5])


def logistic_growth(n0, t):
    e = np.exp(GROWTH * t)
    return CARRYING * n0 * e / (CARRYING + n0 * (e - 1))


def weibull_unreliability(t):
    return 1 - np.exp(-((t / SCALE_H) ** SHAPE))


def weibull_unreliability_expm1(t):
    return -np.expm1(-((t / SCALE_H) ** SHAPE))


def b_life(p):
    return SCALE_H * (-np.log(1 - p)) ** (1 / SHAPE)


def binary_entropy(p):
    return -p * np.log(p) - (1 - p) * np.log(1 - p)


def binary_entropy_xlogy(p):
    return -special.xlogy(p, p) - special.xlog1py(1 - p, -p)


def renyi_entropy(alpha):
    return special.logsumexp(alpha * np.log(PROBS)) / (1 - alpha)


def arrhenius(temp):
    return 1e13 * np.exp(-150000.0 / (8.314 * temp))


def activation_energy(t1, t2):
    return 8.314 * 2.0 / (1 / t1 - 1 / t2)


def omori_count(t, p):
    return 100.0 * (0.05 ** (1 - p) - (0.05 + t) ** (1 - p)) / (p - 1)


def gr_truncated_cdf_expm1(m, m_max):
    beta = 2.302585092994046
    return np.expm1(-beta * (m - 2.0)) / np.expm1(-beta * (m_max - 2.0))
