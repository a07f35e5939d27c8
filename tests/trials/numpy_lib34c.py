"""A user's plain NumPy and SciPy code, round 34c: the log-mean temperature difference, a counterflow exchanger's
effectiveness, a fin's efficiency, Shockley's diode current, logistic growth, generalised-mean pooling, Atkinson's
index, Hellinger and Jensen-Shannon divergences, a log-logistic log-survival, a Zipf law's normaliser and Theis'
well function."""

import numpy as np
from scipy import special


def lmtd_naive(hot, cold):
    return np.sum((hot - cold) / np.log(hot / cold))


def counterflow_effectiveness(ntu, ratio):
    g = ntu * special.exprel(-ntu * (1 - ratio))
    return np.sum(g / (1 + ratio * g))


def fin_efficiency_naive(m):
    return np.sum(np.tanh(m) / m)


def diode_current_naive(v):
    return np.sum(1e-14 * (np.exp(v) - 1))


def logistic_growth(rate, time):
    return np.sum(1000.0 * special.expit(rate * time - np.log(99.0)))


def gem_pool_naive(x, p):
    return np.mean(x ** p) ** (1 / p)


def gem_pool(x, p):
    return np.exp((special.logsumexp(p * np.log(x)) - np.log(len(x))) / p)


def atkinson_naive(incomes, aversion):
    p = 1 - aversion
    return 1 - np.mean(incomes ** p) ** (1 / p) / np.mean(incomes)


def hellinger(p, q):
    return np.sum((np.sqrt(p) - np.sqrt(q)) ** 2) / 2


def jensen_shannon_entr(p, q):
    return np.sum(special.entr((p + q) / 2) - (special.entr(p) + special.entr(q)) / 2)


def loglogistic_log_survival_naive(t, scale, shape):
    return np.sum(-np.log1p((t / scale) ** shape))


def loglogistic_log_survival(t, scale, shape):
    return np.sum(-np.logaddexp(0.0, shape * np.log(t / scale)))


def zipf_first_share(s):
    return np.sum(1 / special.zeta(s, 1.0))


def theis_well(u):
    return np.sum(special.exp1(u))
