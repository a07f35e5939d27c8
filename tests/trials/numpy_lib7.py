"""A user's plain NumPy and SciPy numerics, seventh round: survival and reliability log-likelihoods (log-logistic,
Gompertz, Weibull with censoring), special-function code (a Stirling series by hand, log binomial coefficients and
log Beta through gammaln at large arguments), numerically careful statistics (Pearson's correlation at collinear data,
the log of a standard deviation at tiny data), base-2 log-sum-exp and SciPy's kl_div at a subnormal point."""

import numpy as np
from scipy.special import betaln, gammaln, kl_div

ALPHA, BETA = 2.0, 3.0


def loglogistic_naive(x):
    # log-logistic log density, as the textbook writes it
    z = x / ALPHA
    return np.sum(np.log(BETA / ALPHA) + (BETA - 1.0) * np.log(z) - 2.0 * np.log1p(z ** BETA))


def loglogistic_stable(x):
    # the same density with the tail term in logs: log1p(z^beta) = logaddexp(0, beta log z)
    log_z = np.log(x / ALPHA)
    return np.sum(np.log(BETA / ALPHA) + (BETA - 1.0) * log_z - 2.0 * np.logaddexp(0.0, BETA * log_z))


ETA, B = 1e-300, 1.0


def gompertz_naive(x):
    # Gompertz log density with a tiny shape eta: log(b eta) + eta + b x - eta e^(b x)
    return np.sum(np.log(B * ETA) + ETA + B * x - ETA * np.exp(B * x))


def gompertz_stable(x):
    # eta e^(b x) as one exponential of a sum: finite wherever the density's term is
    return np.sum(np.log(B * ETA) + ETA + B * x - np.exp(np.log(ETA) + B * x))


def weibull_censored(k):
    # Weibull log-likelihood in the shape k; the last two observations are right-censored
    x = np.array([0.5, 2.0, 3.0, 1e-3])
    event = np.array([1.0, 1.0, 0.0, 0.0])
    lam = 1.5
    z = x / lam
    log_pdf = np.log(k / lam) + (k - 1.0) * np.log(z)
    return np.sum(event * log_pdf) - np.sum(z ** k)


def stirling(n):
    # log Gamma(n) by its Stirling series, three correction terms
    return np.sum((n - 0.5) * np.log(n) - n + 0.5 * np.log(2.0 * np.pi) + 1.0 / (12.0 * n) - 1.0 / (360.0 * n ** 3))


def log_binom(n):
    # log C(n, 3) by gammaln: the difference of two numbers near n log n
    k = 3.0
    return gammaln(n + 1.0) - gammaln(k + 1.0) - gammaln(n - k + 1.0)


def log_beta(a):
    return np.sum(betaln(a, 2.0))


Y = np.array([3.0, 5.0, 7.0, 9.0])


def pearson(x):
    # Pearson's correlation of x with Y, written out
    dx, dy = x - np.mean(x), Y - np.mean(Y)
    return np.sum(dx * dy) / np.sqrt(np.sum(dx * dx) * np.sum(dy * dy))


def log_std(x):
    return np.log(np.std(x))


def lse2(x):
    # base-2 log-sum-exp of each entry against its negative
    return np.sum(np.logaddexp2(x, -x))


Q = np.array([0.5, 0.25])


def kl_div_sum(p):
    return np.sum(kl_div(p, Q))
