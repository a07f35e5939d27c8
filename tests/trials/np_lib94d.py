"""A user's plain NumPy code, ninety-fourth round (d): the Cox partial likelihood (naive, and by
np.logaddexp.accumulate on the reversed scores), Breslow's ties by a risk-set matrix, a Weibull negative
log-likelihood, a discrete-time hazard with a hand-written sigmoid, a Hawkes process (its compensator in closed form,
and by scipy.integrate.quad), and a Poisson process through np.logaddexp(0, z)."""

import numpy as np
from scipy.integrate import quad

TIMES = np.array([1.0, 2.0, 3.0, 4.0])
EVENTS = np.array([1.0, 0.0, 1.0, 1.0])
TIMES_TIE = np.array([1.0, 2.0, 3.0, 3.0])
W_TIMES = np.array([0.5, 2.0, 1.5, 3.0])
W_EVENTS = np.array([1.0, 0.0, 1.0, 0.0])
W_TIMES0 = np.array([0.5, 2.0, 0.0, 3.0])
W_EVENTS0 = np.array([1.0, 0.0, 0.0, 0.0])
SURVIVED = np.array([1.0, 1.0, 0.0])
DIED = np.array([0.0, 0.0, 1.0])
EV = np.array([0.5, 1.25, 2.0])
HORIZON = 3.0
COUNTS = np.array([2.0, 0.0, 1.0])
DT = 0.5


def cox_naive(r):
    log_risk = np.log(np.cumsum(np.exp(r)[::-1])[::-1])
    return -np.sum((r - log_risk) * EVENTS) / EVENTS.sum()


def cox_accumulate(r):
    log_risk = np.logaddexp.accumulate(r[::-1])[::-1]
    return -np.sum((r - log_risk) * EVENTS) / EVENTS.sum()


def cox_breslow(r):
    at_risk = TIMES_TIE[None, :] >= TIMES_TIE[:, None]
    risk = at_risk @ np.exp(r)
    return -np.sum((r - np.log(risk)) * EVENTS) / EVENTS.sum()


def weibull_nll(k, lam):
    log_h = np.log(k / lam) + (k - 1.0) * np.log(W_TIMES / lam)
    return -np.sum(W_EVENTS * log_h) + np.sum((W_TIMES / lam) ** k)


def weibull_nll_zero(k, lam):
    log_h = np.log(k / lam) + (k - 1.0) * np.log(W_TIMES0 / lam)
    return -np.sum(np.where(W_EVENTS0 > 0, log_h, 0.0)) + np.sum((W_TIMES0 / lam) ** k)


def discrete_naive(z):
    h = 1.0 / (1.0 + np.exp(-z))
    return -np.sum(SURVIVED * np.log(1 - h) + DIED * np.log(h))


def hawkes_nll(mu, alpha, beta):
    ll = 0.0
    for i, t in enumerate(EV):
        ll += np.log(mu + alpha * np.sum(np.exp(-beta * (t - EV[:i]))))
    compensator = mu * HORIZON + alpha / beta * np.sum(1 - np.exp(-beta * (HORIZON - EV)))
    return -(ll - compensator)


def hawkes_quad(mu, alpha, beta):
    """The compensator by numerical integration of the intensity."""
    def intensity(s):
        return mu + alpha * np.sum(np.where(EV < s, np.exp(-beta * (s - EV)), 0.0))
    ll = sum(np.log(intensity(t)) for t in EV)
    compensator, _ = quad(intensity, 0.0, HORIZON, points=list(EV))
    return -(ll - compensator)


def poisson_softplus(z):
    lam = np.logaddexp(0.0, z)
    return -np.sum(COUNTS * np.log(lam) - lam * DT)
