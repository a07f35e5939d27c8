"""A user's plain NumPy code, ninety-first round (d): causal inference and off-policy estimation: inverse propensity
weights with e = 1 / (1 + exp(-logit)) (bare and np.clip'ped), the self-normalised estimator, AIPW, the propensity
model's loss by np.logaddexp and by the naive log(sigmoid), the effective sample size, importance ratios pi / mu in
probability and in log space, per-decision products by np.cumprod, V-trace's truncated ratios by np.minimum, an uplift
model, a propensity by scipy.stats.logistic.cdf and one calibrated by scipy.optimize.brentq."""

import numpy as np
from scipy.special import expit
from scipy.optimize import brentq
from scipy.stats import logistic

T = np.array([1.0, 0.0, 1.0])
Y = np.array([2.0, 0.5, 1.5])
R = np.array([1.0, 0.5, 2.0])
GAMMA = 0.5
EPS = 0.01


def sigmoid(z):
    return 1.0 / (1.0 + np.exp(-z))


# ----------------------------------------------------------------------------------------- propensity weighting
def ipw_ate(logit):
    e = sigmoid(logit)
    return np.mean(T * Y / e - (1 - T) * Y / (1 - e))


def ipw_weights(logit):
    e = expit(logit)
    w = T / e + (1 - T) / (1 - e)
    return np.sum(w * Y)


def ipw_clipped(logit):
    e = np.clip(sigmoid(logit), EPS, 1 - EPS)
    return np.mean(T * Y / e - (1 - T) * Y / (1 - e))


def snipw(w):
    return np.sum(w * Y) / np.sum(w)


def aipw(logit, m1, m0):
    e = sigmoid(logit)
    psi = m1 - m0 + T * (Y - m1) / e - (1 - T) * (Y - m0) / (1 - e)
    return np.mean(psi)


def bce_stable(logit):
    return np.mean(np.logaddexp(0.0, logit) - T * logit)


def bce_naive(logit):
    p = sigmoid(logit)
    return -np.mean(T * np.log(p) + (1 - T) * np.log(1 - p))


def ess(w):
    return np.sum(w) ** 2 / np.sum(w ** 2)


# ----------------------------------------------------------------------------------------- off-policy evaluation
def is_return(pi, mu):
    return np.sum(pi / mu * R)


def ratio_probs(log_pi, log_mu):
    return np.sum(np.exp(log_pi) / np.exp(log_mu) * R)


def ratio_logspace(log_pi, log_mu):
    return np.sum(np.exp(log_pi - log_mu) * R)


def per_decision(pi, mu):
    rho = np.cumprod(pi / mu)
    disc = GAMMA ** np.arange(3)
    return np.sum(disc * rho * R)


def vtrace(log_rho, v):
    rho = np.exp(log_rho)
    rho_c = np.minimum(1.0, rho)
    c = np.minimum(1.0, rho)
    delta = rho_c * (R + GAMMA * v[1:] - v[:-1])
    acc = 0.0
    total = 0.0
    for s in (2, 1, 0):
        acc = delta[s] + GAMMA * c[s] * acc
        total = total + v[s] + acc
    return total


# ----------------------------------------------------------------------------------------- uplift
def uplift(z1, z0):
    return np.sum(sigmoid(z1) - sigmoid(z0))


def uplift_abs(z1, z0):
    return np.sum(np.abs(sigmoid(z1) - sigmoid(z0)))


def ipw_stats(logit):
    """The propensity by scipy.stats' logistic distribution function."""
    e = logistic.cdf(logit)
    return np.mean(T * Y / e - (1 - T) * Y / (1 - e))


def ipw_calibrated(logit):
    """The propensity's intercept calibrated so that its mean matches the treated share (a root by scipy)."""
    shift = brentq(lambda b: np.mean(expit(logit + b)) - np.mean(T), -20.0, 20.0)
    e = expit(logit + shift)
    return np.mean(T * Y / e - (1 - T) * Y / (1 - e))


def snipw_exp(log_w):
    w = np.exp(log_w)
    return np.sum(w * Y) / np.sum(w)


def snipw_softmax(log_w):
    w = np.exp(log_w - np.max(log_w))
    return np.sum(w * Y) / np.sum(w)


def snipw_guarded(w):
    """The Hajek estimate, 0 where no unit has weight (NumPy's divide with where=)."""
    s = np.sum(w)
    return np.divide(np.sum(w * Y), s, out=np.zeros(()), where=s > 0)
