"""A user's plain NumPy and SciPy code, round 41c: Ewens's sampling formula by gammaln, the Jeffreys prior of a gamma
shape by polygamma, a Gaussian copula by scipy.stats.norm.ppf, the normal-inverse Gaussian log-density by kv and kve,
an order statistic's log-survival by betainc, Ricker's MSY by lambertw, a Boltzmann policy by softmax, huber, a binary
symmetric channel's capacity by xlogy and xlog1py, a chi-square log p-value by chi2.logsf, and a gamma quantile by
gammaincinv (which gradcli.scipy lacks)."""

import numpy as np
from scipy import special
from scipy.special import betainc, gammaln, kv, kve, lambertw, softmax
from scipy.stats import chi2, norm

N_GENES = 20


def ewens_loglik(theta, k):
    return np.sum(k * np.log(theta) + gammaln(theta) - gammaln(theta + N_GENES))


def ewens_loglik_shifted(theta, k):
    return np.sum((k - 1) * np.log(theta) + gammaln(theta + 1) - gammaln(theta + N_GENES))


def jeffreys_gamma_shape(a):
    return np.sum(0.5 * np.log(a * special.polygamma(1, a) - 1))


def gaussian_copula_logpdf(u, v, rho):
    x, y = norm.ppf(u), norm.ppf(v)
    return -0.5 * np.log(1 - rho ** 2) - (rho ** 2 * (x ** 2 + y ** 2) - 2 * rho * x * y) / (2 * (1 - rho ** 2))


ALPHA, BETA, DELTA, MU = 2.0, 0.5, 1.0, 0.0


def nig_logpdf_naive(x):
    q = np.sqrt(DELTA ** 2 + (x - MU) ** 2)
    gamma = np.sqrt(ALPHA ** 2 - BETA ** 2)
    return np.sum(np.log(ALPHA * DELTA * kv(1, ALPHA * q) / (np.pi * q)) + DELTA * gamma + BETA * (x - MU))


def nig_logpdf(x):
    q = np.hypot(DELTA, x - MU)
    gamma = np.sqrt(ALPHA ** 2 - BETA ** 2)
    return np.sum(np.log(ALPHA * DELTA / np.pi) + np.log(kve(1, ALPHA * q)) - ALPHA * q - np.log(q)
                  + DELTA * gamma + BETA * (x - MU))


def order_stat_log_sf_naive(x):
    return np.sum(np.log1p(-betainc(3, 3, x)))


def order_stat_log_sf(x):
    return np.sum(np.log(betainc(3, 3, 1 - x)))


def msy_harvest_rate_log(log_alpha):
    return np.sum(1 - lambertw(np.exp(1 - log_alpha)).real)


Q_VALUES = np.array([1.0, 0.5, -1.0])


def greedy_share(tau):
    return softmax(Q_VALUES / tau)[0]


def huber_total(r):
    return np.sum(special.huber(1.0, r))


def bsc_capacity(p):
    return np.sum(1 + (special.xlogy(p, p) + special.xlog1py(1 - p, -p)) / np.log(2))


def log_p_value(stat):
    return np.sum(chi2.logsf(stat, 10))


def gamma_quantile(p):
    return np.sum(special.gammaincinv(2.0, p))
