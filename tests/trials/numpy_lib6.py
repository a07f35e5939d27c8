"""A user's plain NumPy and SciPy numerics, sixth round: probability (Poisson, negative binomial and Dirichlet log
densities by hand and through scipy.stats, a log-normal, a Gaussian mixture through weighted logsumexp, a truncated
normal's log normaliser), finance (bond prices at tiny rates, an annuity factor, log-returns) and physics (Planck's
law at both limits, Arrhenius rates)."""

import numpy as np
import scipy.stats
from scipy.special import gammaln, log_ndtr, logsumexp, ndtr, xlog1py, xlogy

K = np.array([0.0, 3.0])


def poisson_lp(mu):
    return np.sum(scipy.stats.poisson.logpmf(K, mu))


def poisson_by_hand(mu):
    return np.sum(xlogy(K, mu) - mu - gammaln(K + 1.0))


def negbin_lp(r):
    # log NB(k; r, p) with k = 5 failures and p = 0.25, in r
    k, p = 5.0, 0.25
    return np.sum(gammaln(k + r) - gammaln(r) - gammaln(k + 1.0) + r * np.log(p) + xlog1py(k, -p))


ALPHA = np.array([2.0, 0.5, 1.0])


def dirichlet_lp(x):
    return gammaln(np.sum(ALPHA)) - np.sum(gammaln(ALPHA)) + np.sum(xlogy(ALPHA - 1.0, x))


def dirichlet_alpha(alpha):
    x = np.array([0.2, 0.3, 0.5])
    return gammaln(np.sum(alpha)) - np.sum(gammaln(alpha)) + np.sum((alpha - 1.0) * np.log(x))


MEANS = np.array([0.0, 1.0])
SCALES = np.array([1.0, 2.0])
WEIGHTS = np.array([0.3, 0.7])


def mixture_ll(x):
    z = (x - MEANS) / SCALES
    log_pdf = -0.5 * z * z - np.log(SCALES) - 0.5 * np.log(2.0 * np.pi)
    return logsumexp(log_pdf, b=WEIGHTS)


def truncnorm_naive(b, a):
    # log of the mass of N(0, 1) on [a, b]
    return np.log(ndtr(b) - ndtr(a))


def truncnorm_stable(b):
    # the same mass by the upper tails, in logs
    upper, lower = log_ndtr(-10.0), log_ndtr(-b)
    return upper + np.log(-np.expm1(lower - upper))


def bond_price(r):
    n = np.arange(1.0, 11.0)
    return np.sum(5.0 * (1.0 + r) ** -n) + 100.0 * (1.0 + r) ** -10.0


def annuity(r):
    return (1.0 - (1.0 + r) ** -10.0) / r


def log_return_ratio(p):
    return np.sum(np.log(p[1:] / p[:-1]))


def log_return_diff(p):
    return np.sum(np.diff(np.log(p)))


def planck(x):
    return np.sum(x ** 3 / np.expm1(x))


def planck_wien(x):
    return np.sum(x ** 3 * np.exp(-x) / -np.expm1(-x))


def arrhenius(t):
    return np.sum(2.0 * np.exp(-1.0 / t))


def nbinom_lp(p):
    return np.sum(scipy.stats.nbinom.logpmf(np.array([0.0, 5.0]), 3.0, p))


def lognorm_lp(x):
    return np.sum(scipy.stats.lognorm.logpdf(x, 0.5))
