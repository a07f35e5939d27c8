"""A user's plain NumPy and SciPy code, thirty-sixth round (first part), written as legacy code is: a Rician
envelope's log-density by scipy.special.i0 and i0e and by scipy.stats.rice; the generalised extreme value distribution
by scipy.stats.genextreme (SciPy's shape c = -xi) and written out with a Python branch onto the Gumbel limit; a
100-year return level naive, by np.expm1 and by scipy.special's expm1 and log1p; Erlang's blocking probability by its
recursion in a for loop, by powers over math.factorial, by scipy.stats.poisson and by scipy.special.pdtr; Lindley's
queue by Python's max in a loop; Hill numbers with a Python branch onto the Shannon entropy by scipy.special.entr at
q == 1; Eyring's reverberation time by log(1 - alpha) and log1p."""

import math

import numpy as np
import scipy.special
from scipy import stats
from scipy.special import i0, i0e

# --- radio channels --------------------------------------------------------------------------------------------------


def rice_logpdf(x, nu):
    return np.log(x) - (x ** 2 + nu ** 2) / 2 + np.log(i0(x * nu))


def rice_logpdf_stable(x, nu):
    return np.log(x) - (x - nu) ** 2 / 2 + np.log(i0e(x * nu))


def rice_logpdf_stats(x, nu):
    return stats.rice.logpdf(x, nu)


def rice_pdf_stats(x, nu):
    """The density with a scatter of 2."""
    return stats.rice.pdf(x, nu / 2, scale=2.0)


# --- flood frequency -------------------------------------------------------------------------------------------------


def gev_logpdf_stats(xi):
    """The flood of 1.5 standardised: SciPy's shape is c = -xi."""
    return stats.genextreme.logpdf(1.5, -xi)


def gev_cdf_stats(x, xi):
    return stats.genextreme.cdf(x, -xi, loc=120.0, scale=35.0)


def gev_logsf_stats(x, c):
    return stats.genextreme.logsf(x, c)


def gev_logpdf(xi):
    z = 1.5
    if xi == 0:
        return -z - np.exp(-z)
    y = np.log1p(xi * z) / xi
    return -y - xi * y - np.exp(-y)


def return_level(xi):
    y = -np.log(1 - 0.01)
    return 120.0 - 35.0 / xi * (1 - y ** (-xi))


def return_level_expm1(xi):
    y = -np.log1p(-0.01)
    return 120.0 + 35.0 * np.expm1(-xi * np.log(y)) / xi


def return_level_special(xi):
    y = -scipy.special.log1p(-0.01)
    return 120.0 + 35.0 * scipy.special.expm1(-xi * np.log(y)) / xi


# --- teletraffic -----------------------------------------------------------------------------------------------------


def erlang_b(traffic, servers=50):
    b = 1.0
    for k in range(1, servers + 1):
        b = traffic * b / (k + traffic * b)
    return b


def erlang_b_factorial(traffic):
    n = 150
    top = traffic ** n / math.factorial(n)
    return top / sum(traffic ** k / math.factorial(k) for k in range(n + 1))


def erlang_b_poisson(traffic):
    return stats.poisson.pmf(50, traffic) / stats.poisson.cdf(50, traffic)


def erlang_b_pdtr(traffic):
    return stats.poisson.pmf(50, traffic) / scipy.special.pdtr(50, traffic)


def lindley_waits(service):
    gaps = [1.0, 0.5, 2.0, 0.25, 1.5]
    wait, total = 0.0, 0.0
    for s, a in zip(service, gaps):
        wait = max(0.0, wait + s - a)
        total += wait
    return total


# --- biodiversity ----------------------------------------------------------------------------------------------------


P = np.array([0.5, 0.25, 0.25])


def hill_number(q):
    if q == 1:
        return np.exp(np.sum(scipy.special.entr(P)))
    return np.sum(P ** q) ** (1 / (1 - q))


# --- room acoustics --------------------------------------------------------------------------------------------------


def eyring_time(alpha):
    return 0.161 * 200.0 / (-220.0 * np.log(1 - alpha))


def eyring_time_log1p(alpha):
    return 0.161 * 200.0 / (-220.0 * np.log1p(-alpha))
