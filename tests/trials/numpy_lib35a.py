"""A user's plain NumPy and SciPy code, thirty-fifth round (first part), written as legacy code is: the wave number
of linear wave theory by Newton in a while loop to a tolerance, and the phase speed from it; Mercator's northing by
log tan, by arcsinh of tan and by arctanh of sin, the inverse latitude by arctan of exp; a Butterworth magnitude in
decibels by log10 of 1 + w^2n and by np.logaddexp; Chebyshev's T_5 by np.where of its trigonometric forms, by a Python
branch and by np.polynomial.chebyshev.chebval; a pendulum's period by the arithmetic-geometric mean in a while loop;
the inverse Gaussian CDF written out with scipy.special.ndtr and by scipy.stats.invgauss; the skew-normal by
log_ndtr and by scipy.stats.skewnorm; a wrapped Cauchy written out near rho = 1; a Laplace gust at its peak by
scipy.stats.laplace; Beverton-Holt recruitment year by year into a list; occupancy detection by log(1 - exp) and by
log(-expm1); the Davies activity coefficient with an early return at zero ionic strength."""

import math

import numpy as np
import scipy.special
from scipy import stats
from scipy.special import log_ndtr, ndtr

# --- ocean waves -----------------------------------------------------------------------------------------------------

G = 9.81
PERIOD = 8.0


def wavenumber(depth):
    """omega^2 = g k tanh(k h) by Newton's method until the step is below 1e-14 of k."""
    omega = 2 * math.pi / PERIOD
    k = omega ** 2 / G / np.sqrt(np.tanh(omega ** 2 / G * depth))
    while True:
        f = G * k * np.tanh(k * depth) - omega ** 2
        df = G * np.tanh(k * depth) + G * k * depth / np.cosh(k * depth) ** 2
        step = f / df
        k = k - step
        if abs(step) < 1e-14 * abs(k):
            return k


def phase_speed(depth):
    return 2 * math.pi / PERIOD / wavenumber(depth)


# --- map projections -------------------------------------------------------------------------------------------------


def mercator_y(lat):
    return np.log(np.tan(np.pi / 4 + lat / 2))


def mercator_asinh(lat):
    return np.arcsinh(np.tan(lat))


def mercator_atanh(lat):
    return np.arctanh(np.sin(lat))


def latitude(y):
    return 2 * np.arctan(np.exp(y)) - np.pi / 2


# --- filter design ---------------------------------------------------------------------------------------------------

N_ORDER = 8


def butterworth_db(w):
    return -10 * np.log10(1 + w ** (2 * N_ORDER))


def butterworth_db_stable(w):
    return -10 / np.log(10) * np.logaddexp(0, 2 * N_ORDER * np.log(w))


def chebyshev_t5(x):
    return np.where(np.abs(x) <= 1, np.cos(5 * np.arccos(x)), np.cosh(5 * np.arccosh(x)))


def chebyshev_t5_branch(x):
    if abs(x) <= 1:
        return np.cos(5 * np.arccos(x))
    return np.cosh(5 * np.arccosh(x))


def chebyshev_t5_chebval(x):
    return np.polynomial.chebyshev.chebval(x, [0, 0, 0, 0, 0, 1])


# --- a pendulum ------------------------------------------------------------------------------------------------------


def pendulum_period(theta0):
    """2 pi / AGM(1, cos(theta0 / 2)), the mean iterated until a and b agree to 1e-15."""
    a, b = 1.0, np.cos(theta0 / 2)
    while abs(a - b) > 1e-15 * a:
        a, b = (a + b) / 2, np.sqrt(a * b)
    return 2 * np.pi / a


# --- reliability -----------------------------------------------------------------------------------------------------


def wald_cdf(x, lam, mu=1.0):
    r = np.sqrt(lam / x)
    return ndtr(r * (x / mu - 1)) + np.exp(2 * lam / mu) * ndtr(-r * (x / mu + 1))


def wald_cdf_stable(x, lam, mu=1.0):
    r = np.sqrt(lam / x)
    return ndtr(r * (x / mu - 1)) + np.exp(2 * lam / mu + log_ndtr(-r * (x / mu + 1)))


def wald_cdf_stats(x, lam, mu=1.0):
    """SciPy's inverse Gaussian: shape mu / lam, scale lam."""
    return stats.invgauss.cdf(x, mu / lam, scale=lam)


def wald_logpdf_stats(x, lam, mu=1.0):
    return stats.invgauss.logpdf(x, mu / lam, scale=lam)


def skewnorm_logpdf(x, alpha):
    return np.log(2) - 0.5 * x ** 2 - 0.5 * np.log(2 * np.pi) + log_ndtr(alpha * x)


def skewnorm_logpdf_stats(x, alpha):
    return stats.skewnorm.logpdf(x, alpha)


def skewnorm_cdf_stats(x, alpha):
    return stats.skewnorm.cdf(x, alpha)


# --- wind ------------------------------------------------------------------------------------------------------------


def wind_loglik(rho, theta=0.0):
    """Wrapped Cauchy log-density of a direction theta about a mean of 0."""
    return np.log(1 - rho ** 2) - np.log(2 * np.pi * (1 + rho ** 2 - 2 * rho * np.cos(theta)))


def gust_loglik(loc):
    return stats.laplace.logpdf(12.0, loc=loc, scale=2.0)


# --- fisheries -------------------------------------------------------------------------------------------------------

OBSERVED = [130.0, 210.0, 300.0, 390.0, 450.0, 520.0, 540.0, 580.0, 590.0, 600.0, 610.0, 605.0]


def beverton_holt(r, k, n0=80.0):
    stock = [n0]
    for year in range(len(OBSERVED)):
        stock.append(r * stock[-1] / (1 + (r - 1) * stock[-1] / k))
    return sum(np.log(n / obs) ** 2 for n, obs in zip(stock[1:], OBSERVED))


# --- occupancy, electrolytes -----------------------------------------------------------------------------------------


def log_detection(rate, effort=2.0):
    return np.log(1 - np.exp(-rate * effort))


def log_detection_expm1(rate, effort=2.0):
    return np.log(-np.expm1(-rate * effort))


def davies_log_gamma(ionic, charge=2):
    if ionic == 0:
        return 0.0
    s = np.sqrt(ionic)
    return -0.509 * charge ** 2 * (s / (1 + s) - 0.3 * ionic)
