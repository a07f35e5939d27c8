"""A user's plain NumPy and SciPy code, nineteenth round: compound interest towards its continuous limit, the
relativistic Doppler factor, the Einstein solid's heat capacity, a polygon's area by the shoelace formula, realised
volatility from log returns, spherical interpolation of quaternions (with the usual fallback to a linear blend picked
by np.where), the Skellam log-probability by Bessel functions plain and scaled, and a Poisson log-CDF by pdtr."""

import numpy as np
from scipy import special, stats

# --- finance ----------------------------------------------------------------------------------------------------------

PERIODS_PER_YEAR = 1e12
YEARS = 10.0


def compound_naive(r):
    """Growth of 1 at rate r compounded PERIODS_PER_YEAR times a year for YEARS years."""
    return np.sum((1.0 + r / PERIODS_PER_YEAR) ** (PERIODS_PER_YEAR * YEARS))


def compound(r):
    return np.sum(np.exp(PERIODS_PER_YEAR * YEARS * np.log1p(r / PERIODS_PER_YEAR)))


def realised_volatility(prices):
    """sqrt of the summed squared log returns."""
    returns = np.diff(np.log(prices))
    return np.sqrt(np.sum(returns ** 2))


# --- physics ----------------------------------------------------------------------------------------------------------


def doppler_naive(beta):
    """The relativistic Doppler factor gamma (1 + beta) for a source approaching at beta = v / c."""
    gamma = 1.0 / np.sqrt(1.0 - beta ** 2)
    return np.sum(gamma * (1.0 + beta))


def doppler(beta):
    return np.sum(np.sqrt((1.0 + beta) / (1.0 - beta)))


def einstein_naive(x):
    """The Einstein solid's heat capacity per 3Nk, x = theta_E / T."""
    ex = np.exp(x)
    return np.sum(x ** 2 * ex / (ex - 1.0) ** 2)


def einstein(x):
    """The same as (x / 2)^2 / sinh(x / 2)^2."""
    half = 0.5 * x
    return np.sum((half / np.sinh(half)) ** 2)


# --- geometry ---------------------------------------------------------------------------------------------------------


def polygon_area(x, y):
    return 0.5 * np.abs(np.dot(x, np.roll(y, -1)) - np.dot(np.roll(x, -1), y))


Q_START = np.array([1.0, 0.0, 0.0, 0.0])
Q_END = np.array([0.6, 0.8, 0.0, 0.0])
WEIGHTS = np.array([0.5, -1.0, 2.0, 0.25])


def _slerp(q0, q1, t):
    dot = np.clip(np.dot(q0, q1), -1.0, 1.0)
    theta = np.arccos(dot)
    s = np.sin(theta)
    spherical = (np.sin((1.0 - t) * theta) * q0 + np.sin(t * theta) * q1) / s
    linear = (1.0 - t) * q0 + t * q1
    linear = linear / np.linalg.norm(linear)
    return np.where(dot > 0.9995, linear, spherical)


def slerp_score(t):
    """A weighted read-out of the rotation interpolated between two quaternions."""
    return np.dot(_slerp(Q_START, Q_END, t), WEIGHTS)


def slerp_score_still(t):
    """The same between a quaternion and itself (the object does not turn)."""
    return np.dot(_slerp(Q_START, Q_START, t), WEIGHTS)


# --- count distributions ----------------------------------------------------------------------------------------------

SKELLAM_K = 3


def skellam_logpmf_naive(mu1, mu2):
    """log P(N1 - N2 = k) for independent Poisson counts with means mu1, mu2."""
    z = 2.0 * np.sqrt(mu1 * mu2)
    return -(mu1 + mu2) + 0.5 * SKELLAM_K * np.log(mu1 / mu2) + np.log(special.iv(SKELLAM_K, z))


def skellam_logpmf(mu1, mu2):
    z = 2.0 * np.sqrt(mu1 * mu2)
    return -(mu1 + mu2) + 0.5 * SKELLAM_K * np.log(mu1 / mu2) + np.log(special.ive(SKELLAM_K, z)) + z


POISSON_K = 5


def poisson_log_cdf(lam):
    """log P(N <= 5) for N ~ Poisson(lam)."""
    return np.sum(np.log(special.pdtr(POISSON_K, lam)))


def poisson_log_cdf_stats(lam):
    """The same through scipy.stats."""
    return np.sum(stats.poisson.logcdf(POISSON_K, lam))


# --- elliptic integrals, distribution functions and Bessel functions -----------------------------------------------


def pendulum_period(theta0):
    """The period of a pendulum of unit length and g = 9.81 at amplitude theta0 (radians), by the complete elliptic
    integral K(m), m = sin^2(theta0 / 2)."""
    return np.sum(4.0 * special.ellipk(np.sin(theta0 / 2.0) ** 2) / np.sqrt(9.81))


def chi2_pvalue(stat):
    """The upper tail of a chi-square with 3 degrees of freedom."""
    return np.sum(special.chdtrc(3.0, stat))


def matern_kernel(r):
    """The Matern kernel of smoothness 2.5 at distances r > 0, by the modified Bessel function K_nu."""
    nu = 2.5
    z = np.sqrt(2.0 * nu) * r
    return np.sum(2.0 ** (1.0 - nu) / special.gamma(nu) * z ** nu * special.kv(nu, z))


# --- the angle between two vectors and a table lookup ---------------------------------------------------------------


def angle_acos(u, v):
    """The angle between u and v by the arccosine of their normalised dot product."""
    return np.arccos(np.dot(u, v) / (np.linalg.norm(u) * np.linalg.norm(v)))


def angle_atan2(u, v):
    """The same by atan2(|u x v|, u . v)."""
    return np.arctan2(np.linalg.norm(np.cross(u, v)), np.dot(u, v))


KNOTS = np.array([0.0, 1.0, 2.0, 3.0])
TABLE = np.array([0.0, 1.0, 4.0, 9.0])


def table_energy(x):
    """A tabulated potential, linearly interpolated."""
    return np.sum(np.interp(x, KNOTS, TABLE))
