"""A user's plain NumPy code, eighty-ninth round (d): Black-Scholes call and put with the normal CDF by
scipy.special.erf (the put by cdf(-d) and by 1 - cdf(d)), Bachelier's normal model, Hagan's SABR implied volatility,
a digital payoff smoothed by a hand-written sigmoid 1 / (1 + exp(-x)), expected shortfall by np.sort, realized
variance of log-returns, and the Kelly growth rate."""

import numpy as np
from scipy.special import erf

RATE = 0.05
STRIKE = 100.0
SABR_T = 1.0
RETURNS = np.array([0.05, -0.03, 0.12, -0.08])


def _phi(x):
    return 0.5 * (1 + erf(x / np.sqrt(2)))


def _d1_d2(s, k, sigma, t):
    vol_sqrt_t = sigma * np.sqrt(t)
    d1 = (np.log(s / k) + (RATE + 0.5 * sigma ** 2) * t) / vol_sqrt_t
    return d1, d1 - vol_sqrt_t


def bs_call(s, k, sigma, t):
    d1, d2 = _d1_d2(s, k, sigma, t)
    return s * _phi(d1) - k * np.exp(-RATE * t) * _phi(d2)


def bs_put(s, k, sigma, t):
    d1, d2 = _d1_d2(s, k, sigma, t)
    return k * np.exp(-RATE * t) * _phi(-d2) - s * _phi(-d1)


def bachelier_call(f, k, sigma, t):
    stdev = sigma * np.sqrt(t)
    d = (f - k) / stdev
    return (f - k) * _phi(d) + stdev * np.exp(-0.5 * d ** 2) / np.sqrt(2 * np.pi)


def sabr_vol(f, k, alpha, beta, rho, nu):
    fk = f * k
    log_fk = np.log(f / k)
    one_b = 1 - beta
    pre = alpha / (fk ** (one_b / 2) * (1 + one_b ** 2 / 24 * log_fk ** 2 + one_b ** 4 / 1920 * log_fk ** 4))
    corr = 1 + (one_b ** 2 / 24 * alpha ** 2 / fk ** one_b + rho * beta * nu * alpha / (4 * fk ** (one_b / 2))
                + (2 - 3 * rho ** 2) / 24 * nu ** 2) * SABR_T
    z = nu / alpha * fk ** (one_b / 2) * log_fk
    x = np.log((np.sqrt(1 - 2 * rho * z + z ** 2) + z - rho) / (1 - rho))
    return pre * (z / x) * corr


def digital(s, eps):
    return 1 / (1 + np.exp(-(s - STRIKE) / eps))


def expected_shortfall(losses):
    return np.mean(np.sort(losses)[-2:])


def realized_var(prices):
    r = np.log(prices[1:] / prices[:-1])
    return np.sum(r ** 2)


def kelly_growth(f):
    return np.mean(np.log(1 + f * RETURNS))
