"""A user's plain NumPy and SciPy code, thirty-eighth round (first part), written as legacy code is: a 3PL item by
scipy.special.expit, a Rasch test's log-likelihood filled into an array in a loop, Elo's expected score by 10 **;
van der Waals' pressure with np.where guarding the covolume (both branches evaluated) and the molar volume by Newton
in a while loop on float() of the step; Tsiolkovsky's delta-v by np.log and np.log1p, the propellant a delta-v needs
by 1 - np.exp; a Sersic profile and its enclosed light by scipy.special.gammainc and gammaln; Poisson regression by
scipy.stats.poisson.logpmf and by hand."""

import math

import numpy as np
from scipy import stats
from scipy.special import expit, gammainc, gammaln

# --- item response theory --------------------------------------------------------------------------------------------


def item_3pl(theta, a, b, c):
    return np.log(c + (1 - c) * expit(a * (theta - b)))


def rasch_loglik(theta):
    responses = [1, 0, 1, 1, 0]
    difficulty = [-1.0, 0.5, 0.0, -0.5, 1.5]
    terms = np.zeros(5)
    for i in range(5):
        p = expit(theta - difficulty[i])
        terms[i] = np.log(p) if responses[i] else np.log(1 - p)
    return terms.sum()


def elo_expected(ra, rb):
    return 1 / (1 + 10 ** ((rb - ra) / 400))


# --- real gases ------------------------------------------------------------------------------------------------------

R, A, B = 0.08314, 3.64, 0.04267


def vdw_pressure(V, T):
    return np.where(V > B, R * T / (V - B) - A / V ** 2, np.nan)


def vdw_volume(P, T):
    V = R * T / P + B
    while True:
        f = R * T / (V - B) - A / V ** 2 - P
        step = f / (-R * T / (V - B) ** 2 + 2 * A / V ** 3)
        V = V - step
        if abs(float(step)) < 1e-14:
            break
    return V


# --- rocketry --------------------------------------------------------------------------------------------------------


def delta_v(isp, dry, propellant):
    return isp * 9.80665 * np.log((dry + propellant) / dry)


def delta_v_log1p(isp, dry, propellant):
    return isp * 9.80665 * np.log1p(propellant / dry)


def propellant_needed(dv, wet):
    return wet * (1 - np.exp(-dv / (300 * 9.80665)))


# --- galaxy light profiles -------------------------------------------------------------------------------------------


def sersic(R, n):
    b = 2 * n - 1 / 3 + 4 / (405 * n)
    return np.exp(-b * (R ** (1 / n) - 1))


def sersic_centre_guarded(R, n):
    """The profile with its centre's value written out, as legacy code guards 0 ** (1 / n)."""
    b = 2 * n - 1 / 3 + 4 / (405 * n)
    if R == 0:
        return np.exp(b)
    return np.exp(-b * (R ** (1 / n) - 1))


def enclosed_fraction(R, n):
    b = 2 * n - 1 / 3 + 4 / (405 * n)
    return gammainc(2 * n, b * R ** (1 / n))


def sersic_log_luminosity(n):
    b = 2 * n - 1 / 3 + 4 / (405 * n)
    return math.log(2 * math.pi) + np.log(n) + b - 2 * n * np.log(b) + gammaln(2 * n)


# --- Poisson regression ----------------------------------------------------------------------------------------------


def poisson_nll(w0, w1):
    x = np.array([0.0, 1.0, 2.0])
    y = np.array([0, 3, 7])
    return -np.sum(stats.poisson.logpmf(y, np.exp(w0 + w1 * x)))


def poisson_nll_hand(w0, w1):
    x = np.array([0.0, 1.0, 2.0])
    y = np.array([0.0, 3.0, 7.0])
    eta = w0 + w1 * x
    return np.sum(np.exp(eta) - y * eta + gammaln(y + 1))
