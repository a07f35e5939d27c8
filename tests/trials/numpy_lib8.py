"""A user's plain NumPy code, eighth round: normalisation layers at constant or zero rows, smooth-L1 at its switch,
KL between Gaussians with tiny scales, a Poisson fit at its optimum with large counts, mixture log-likelihoods with a
zero-weight component, a low-temperature softmax, a log-determinant of a near-singular matrix and a von Mises
density through np.i0."""

import numpy as np

GAIN = np.array([1.0, -2.0, 0.5])
COUNTS = np.array([3e8, 2e6])
WEIGHTS = np.array([0.0, 0.3, 0.7])
MEANS = np.array([0.0, 1.0, -1.0])
COST = np.array([1.0, 3.0, -2.0])


def smooth_l1(r):
    beta = 0.5
    per = np.where(np.abs(r) < beta, 0.5 * r ** 2 / beta, np.abs(r) - 0.5 * beta)
    return np.mean(per)


def rms_norm(x):
    scale = np.sqrt(np.mean(x ** 2) + 1e-6)
    return np.sum(GAIN * x / scale)


def layer_norm(x):
    mu = np.mean(x)
    var = np.mean((x - mu) ** 2)
    return np.sum(GAIN * (x - mu) / np.sqrt(var + 1e-5))


def kl_normal(mu1, s1, mu2, s2):
    # KL(N(mu1, s1^2) || N(mu2, s2^2)) as the textbook writes it
    return np.log(s2 / s1) + (s1 ** 2 + (mu1 - mu2) ** 2) / (2 * s2 ** 2) - 0.5


def kl_normal_log(mu1, log_s1, mu2, log_s2):
    # the same KL on log-scales: the variance ratio as one exponential
    return log_s2 - log_s1 + 0.5 * (np.exp(2 * (log_s1 - log_s2)) + (mu1 - mu2) ** 2 * np.exp(-2 * log_s2)) - 0.5


def poisson_log_rate(lr):
    # Poisson NLL in the log-rate, constant terms dropped
    return np.sum(np.exp(lr) - COUNTS * lr)


def mixture_naive(x):
    dens = WEIGHTS * np.exp(-0.5 * (x - MEANS) ** 2) / np.sqrt(2 * np.pi)
    return np.log(np.sum(dens))


def mixture_lse(x):
    # log-weights of the zero-weight component are -inf: logsumexp skips them
    a = np.log(WEIGHTS) - 0.5 * (x - MEANS) ** 2 - 0.5 * np.log(2 * np.pi)
    m = np.max(a)
    return m + np.log(np.sum(np.exp(a - m)))


def tempered_softmax(z):
    tau = 1e-3
    y = np.exp(z / tau - np.max(z / tau))
    y = y / np.sum(y)
    return np.sum(COST * y)


def naive_tempered_softmax(z):
    tau = 1e-3
    y = np.exp(z / tau) / np.sum(np.exp(z / tau))
    return np.sum(COST * y)


def logdet(a):
    sign, value = np.linalg.slogdet(a)
    return value


def von_mises_lp(kappa):
    x = np.array([0.3, -1.2])
    return np.sum(kappa * np.cos(x) - np.log(2 * np.pi * np.i0(kappa)))


def focal(z):
    p = 1.0 / (1.0 + np.exp(-z))
    return -np.sum((1.0 - p) ** 2 * np.log(p))
