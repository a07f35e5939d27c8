"""A user's plain NumPy and SciPy code, round 28c: Kimura's fixation probability by np.exp and by np.expm1, the Hill
equation by powers and by scipy.special.expit, a Fermi-Dirac occupation by np.exp at a tiny temperature, Erlang's B
formula by the recursion in a Python loop, and a Bose-Einstein log-occupation by np.expm1."""

import numpy as np
from scipy.special import expit

POPULATION = 100.0


def fixation_probability_naive(s):
    return np.sum((1.0 - np.exp(-2.0 * s)) / (1.0 - np.exp(-4.0 * POPULATION * s)))


def fixation_probability(s):
    return np.sum(np.expm1(-2.0 * s) / np.expm1(-4.0 * POPULATION * s))


def hill_by_powers(x, k, n):
    return np.sum(x ** n / (k ** n + x ** n))


def hill(x, k, n):
    return np.sum(expit(n * (np.log(x) - np.log(k))))


def fermi_dirac_naive(energy, mu, kt):
    return np.sum(1.0 / (np.exp((energy - mu) / kt) + 1.0))


def erlang_b(traffic):
    blocking = 1.0
    for servers in range(1, 6):
        blocking = traffic * blocking / (servers + traffic * blocking)
    return np.sum(blocking)


def bose_einstein_log(x):
    return np.sum(-np.log(np.expm1(x)))
