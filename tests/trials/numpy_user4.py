"""A user's plain NumPy and SciPy code, fourth round: slogdet, cumsum and cumprod, var and std at constant data,
xlog1py, log_expit, the normal's logpdf and logcdf, gammaln and digamma, where with broadcasting, and sorting."""

import numpy as np
import scipy.special
import scipy.stats


def logdet(b):
    sign, value = np.linalg.slogdet(b)
    return value


def cum_sq(x):
    return np.sum(np.cumsum(x) ** 2)


def cum_prod(x):
    return np.sum(np.cumprod(x))


def variance(x):
    return np.var(x)


def spread(x):
    return np.std(x)


def xl1p(y):
    return np.sum(scipy.special.xlog1py(np.array([0.0, 2.0]), y))


def log_expit(x):
    return np.sum(scipy.special.log_expit(x))


def normal_lp(x):
    return np.sum(scipy.stats.norm.logpdf(x, loc=1.0, scale=0.5) + scipy.stats.norm.logcdf(x))


def gammas(x):
    return np.sum(scipy.special.gammaln(x) + scipy.special.digamma(x))


Y = np.array([0.5, 1.5, 2.5])


def hinge_pairs(x):
    return np.sum(np.where(x[:, None] > Y[None, :], x[:, None] - Y, 0.0) ** 2)


def trimmed_mean(x):
    return np.mean(np.sort(x)[1:-1])


def sorted_range(x):
    s = np.sort(x)
    return s[-1] - s[0]


def hand_xent(x):
    e = np.exp(x)
    return -np.log(e[0] / np.sum(e))


def log1mexp(x):
    return np.sum(np.log(1.0 - np.exp(x)))


def spectral(b):
    return np.linalg.norm(b, ord=2)
