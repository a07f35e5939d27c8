"""A user's plain NumPy and SciPy code, round 35c: a pendulum's energy and period, Elo's expected score, combined
magnitudes, the inverse Butler-Volmer overpotential, a Poisson tail, the reciprocal gamma function, Carlson's R_C, a
log-norm and a softmax entropy."""

import numpy as np
from scipy import special


def pendulum_energy_naive(theta):
    return np.sum(1 - np.cos(theta))


def pendulum_energy(theta):
    return np.sum(-special.cosm1(theta))


def pendulum_period(amplitude):
    return np.sum(4 * special.ellipk(np.sin(amplitude / 2) ** 2))


def elo_expected_naive(diff):
    return np.sum(1 / (1 + 10 ** (-diff / 400)))


def elo_expected(diff):
    return np.sum(special.expit(diff * np.log(10.0) / 400))


def combined_magnitude_naive(m):
    return -2.5 * np.log10(np.sum(10 ** (-0.4 * m)))


def combined_magnitude(m):
    return -2.5 / np.log(10.0) * special.logsumexp(-0.4 * np.log(10.0) * m)


def overpotential_naive(current):
    x = current / 2e-3
    return np.sum(2 / 38.92 * np.log(x + np.sqrt(x ** 2 + 1)))


def overpotential(current):
    return np.sum(2 / 38.92 * np.arcsinh(current / 2e-3))


def poisson_tail(rate):
    return np.sum(special.pdtrc(3, rate))


def reciprocal_gamma(x):
    return np.sum(special.rgamma(x))


def carlson_rc(x, y):
    return np.sum(special.elliprc(x, y))


def log_norm(x):
    return np.log(np.linalg.norm(x))


def softmax_entropy_naive(z):
    p = special.softmax(z)
    return -np.sum(p * np.log(p))
