"""A user's plain NumPy and SciPy code, thirty-seventh round (first part), written as legacy code is: Kepler's
equation by Newton in a while loop stopping on float() of the step, the true anomaly by np.arctan2, an orbit's
radii filled in a loop; the non-rectangular hyperbola by np.sqrt, Farquhar's co-limitation by Python's min and by
np.minimum; d' by scipy.stats.norm.ppf and scipy.special.ndtri, a Weibull psychometric function by
scipy.stats.weibull_min.cdf and a logistic one by scipy.stats.logistic; Haldane's and Kosambi's map functions by
np.log1p and np.arctanh, a LOD score by scipy.special.xlogy with a binomial coefficient by scipy.special.comb; a
slab's transmission by scipy.special.expn, the logarithmic integral by scipy.special.expi; a gamma shape's Fisher
information by scipy.special.polygamma."""

import math

import numpy as np
import scipy.special
from scipy import stats
from scipy.special import expi, expn, ndtri, polygamma, xlogy

# --- orbital mechanics -----------------------------------------------------------------------------------------------


def eccentric_anomaly(M, e):
    E = M + e * np.sin(M)
    while True:
        step = (E - e * np.sin(E) - M) / (1 - e * np.cos(E))
        E = E - step
        if abs(float(step)) < 1e-15:
            break
    return E


def true_anomaly(E, e):
    return 2 * np.arctan2(np.sqrt(1 + e) * np.sin(E / 2), np.sqrt(1 - e) * np.cos(E / 2))


def radii(e):
    """The radii at four mean anomalies, summed, as an array filled in a loop."""
    Ms = [0.5, 1.5, 2.5, 3.5]
    r = np.zeros(len(Ms))
    for i, M in enumerate(Ms):
        r[i] = 1 - e * np.cos(eccentric_anomaly(M, e))
    return r.sum()


# --- leaf photosynthesis ---------------------------------------------------------------------------------------------


def nrh(light, theta):
    alpha, pmax = 0.0625, 25.0
    b = alpha * light + pmax
    return (b - np.sqrt(b ** 2 - 4 * theta * alpha * light * pmax)) / (2 * theta)


def farquhar(ci):
    wc = 60.0 * (ci - 40.0) / (ci + 700.0)
    wj = 120.0 * (ci - 40.0) / (4 * ci + 8 * 40.0)
    return min(wc, wj) - 1.0


def farquhar_np(ci):
    wc = 60.0 * (ci - 40.0) / (ci + 700.0)
    wj = 120.0 * (ci - 40.0) / (4 * ci + 8 * 40.0)
    return np.minimum(wc, wj) - 1.0


# --- psychophysics ---------------------------------------------------------------------------------------------------


def d_prime(hits, false_alarms):
    return stats.norm.ppf(hits) - stats.norm.ppf(false_alarms)


def d_prime_ndtri(hits, false_alarms):
    return ndtri(hits) - ndtri(false_alarms)


def weibull_psi(x, alpha, beta):
    """Two-alternative detection: 1/2 + 1/2 of a Weibull CDF."""
    return 0.5 + 0.5 * stats.weibull_min.cdf(x, beta, scale=alpha)


def logistic_psi(x, threshold, width):
    return stats.logistic.cdf(x, loc=threshold, scale=width)


def logistic_nll(threshold, width):
    levels = np.array([0.0, 0.5, 1.0, 2.0, 4.0])
    correct = np.array([3, 9, 21, 33, 39])
    p = stats.logistic.cdf(levels, loc=threshold, scale=width)
    return -np.sum(correct * np.log(p) + (40 - correct) * np.log(1 - p))


def logistic_nll_logcdf(threshold, width):
    levels = np.array([0.0, 0.5, 1.0, 2.0, 4.0])
    correct = np.array([3, 9, 21, 33, 39])
    return -np.sum(correct * stats.logistic.logcdf(levels, loc=threshold, scale=width)
                   + (40 - correct) * stats.logistic.logsf(levels, loc=threshold, scale=width))


# --- genetic linkage -------------------------------------------------------------------------------------------------


def haldane(r):
    return -0.5 * np.log(1 - 2 * r)


def haldane_log1p(r):
    return -0.5 * np.log1p(-2 * r)


def kosambi(r):
    return 0.5 * np.arctanh(2 * r)


def lod(theta):
    k, n = 3, 20
    return (xlogy(k, theta) + xlogy(n - k, 1 - theta) - n * math.log(0.5)) / math.log(10)


def binomial_loglik(theta):
    """The backcross log-likelihood with its binomial coefficient."""
    k, n = 3, 20
    return np.log(scipy.special.comb(n, k)) + k * np.log(theta) + (n - k) * np.log1p(-theta)


# --- radiative transfer ----------------------------------------------------------------------------------------------


def slab_transmission(tau):
    return 2 * expn(3, tau)


def escape_probability(tau):
    return (1 - 2 * expn(3, tau)) / (2 * tau)


def log_integral(x):
    return expi(np.log(x))


# --- statistics ------------------------------------------------------------------------------------------------------


def gamma_shape_information(k):
    return polygamma(1, k) - 1 / k


# --- a fixed number of Newton steps, as the JAX version takes them ---------------------------------------------------


def radius_fixed_steps(M, e):
    """r / a = 1 - e cos E after 40 Newton steps on Kepler's equation from E = pi."""
    E = np.pi + 0 * M
    for _ in range(40):
        E = E - (E - e * np.sin(E) - M) / (1 - e * np.cos(E))
    return 1 - e * np.cos(E)
