"""A user's code on gradcli.numpy and gradcli.scipy.special, round 70c: economics and econometrics as applied economists
write it (CRRA utility near c = 0 and with its log limit held as a module constant, CES aggregators toward Leontief
and Cobb-Douglas, Leontief by np.minimum, Cobb-Douglas in logs, present values and the annuity factor in the discount
factor, multinomial and nested logit, probit and Tobit likelihoods by ndtr and log_ndtr, Poisson regression with a
log link, the Gini coefficient by absolute differences and by the Lorenz curve, the Atkinson index near e = 1, a
Bellman backup and its soft version, value iteration, elasticities of inverse demand), checked at ordinary points, at
the limits, at ties and where the naive forms overflow."""

import gradcli.numpy as np
from gradcli.scipy.special import gammaln, log_ndtr, logsumexp, ndtr

GAMMA_LOG = 1.0  # a calibration with log utility
SHARE = 0.3  # the CES / Cobb-Douglas share
T = 10  # the annuity's horizon


# --- utility ----------------------------------------------------------------------------------------------------------

def crra(c, g):
    """CRRA utility (c^(1 - g) - 1) / (1 - g)."""
    return (c ** (1 - g) - 1) / (1 - g)


def crra_calibrated(c):
    """CRRA utility at the calibrated GAMMA_LOG, the log limit taken by np.where."""
    g = GAMMA_LOG
    return np.where(g == 1, np.log(c), (c ** (1 - g) - 1) / (1 - g))


def expected_crra(c, g):
    """Expected CRRA utility over three equally likely states, log utility at g = 1 by np.where."""
    u = np.where(g == 1, np.log(c), (c ** (1 - g) - 1) / (1 - g))
    return np.mean(u)


# --- production -------------------------------------------------------------------------------------------------------

def ces(x, y, r):
    """CES aggregator (a x^r + (1 - a) y^r)^(1/r)."""
    a = SHARE
    return (a * x ** r + (1 - a) * y ** r) ** (1 / r)


def ces_logsumexp(x, y, r):
    """The CES aggregator in logs: exp(logsumexp([log a + r log x, log(1 - a) + r log y]) / r)."""
    a = SHARE
    terms = np.array([np.log(a) + r * np.log(x), np.log(1 - a) + r * np.log(y)])
    return np.exp(logsumexp(terms) / r)


def leontief(x, y):
    """Leontief production min(x / a, y / b)."""
    return np.minimum(x / 0.5, y / 0.25)


def cobb_douglas_log(k, l, a):
    """log output log A + a log K + (1 - a) log L."""
    return np.log(1.5) + a * np.log(k) + (1 - a) * np.log(l)


# --- present values ---------------------------------------------------------------------------------------------------

def present_value(c, b):
    """sum_t b^t c_t."""
    t = np.arange(c.shape[0])
    return np.sum(c * b ** t)


def present_value_cumprod(c, b):
    """sum_t b^t c_t with the discount factors by a cumulative product."""
    steps = np.concatenate([np.ones(1), b * np.ones(c.shape[0] - 1)])
    return np.sum(c * np.cumprod(steps))


def annuity(b):
    """The annuity factor sum_{t<T} b^t = (1 - b^T) / (1 - b)."""
    return (1 - b ** T) / (1 - b)


def annuity_where(b):
    """The annuity factor with its limit T at b = 1 by np.where."""
    return np.where(b == 1, T, (1 - b ** T) / (1 - b))


# --- discrete choice --------------------------------------------------------------------------------------------------

CHOICE = [0, 2]  # the alternative each of two decision makers chose


def mnl_loglik_naive(v):
    """The multinomial logit log-likelihood from utilities v (2 x 3), softmax by hand."""
    p = np.exp(v) / np.sum(np.exp(v), axis=1, keepdims=True)
    return np.log(p[0, CHOICE[0]]) + np.log(p[1, CHOICE[1]])


def mnl_loglik_shifted(v):
    """The same, the utilities shifted by their row maximum first."""
    z = v - np.max(v, axis=1, keepdims=True)
    p = np.exp(z) / np.sum(np.exp(z), axis=1, keepdims=True)
    return np.log(p[0, CHOICE[0]]) + np.log(p[1, CHOICE[1]])


def mnl_loglik_lse(v):
    """The same by logsumexp."""
    return v[0, CHOICE[0]] + v[1, CHOICE[1]] - np.sum(logsumexp(v, axis=1))


def mnl_prob(v):
    """The first decision maker's probability of her choice (shifted softmax)."""
    z = v - np.max(v, axis=1, keepdims=True)
    p = np.exp(z) / np.sum(np.exp(z), axis=1, keepdims=True)
    return p[0, CHOICE[0]]


X_MNL = np.array([[[1.0, 0.5], [0.0, 1.0], [2.0, -1.0]],
                  [[0.5, 0.5], [1.0, 2.0], [-1.0, 0.0]]])  # decision maker x alternative x attribute


def mnl_beta(beta):
    """The MNL log-likelihood in the taste parameters, V = X beta."""
    v = X_MNL @ beta
    return v[0, CHOICE[0]] + v[1, CHOICE[1]] - np.sum(logsumexp(v, axis=1))


def inclusive_naive(v, lam):
    """A nest's inclusive value lam log sum exp(v / lam), by hand."""
    return lam * np.log(np.sum(np.exp(v / lam)))


def inclusive(v, lam):
    """The inclusive value by logsumexp."""
    return lam * logsumexp(v / lam)


def nested_logit_loglik(v, lam):
    """log P(alternative 0) in a nested logit with nests {0, 1} and {2} (the second a degenerate nest)."""
    iv_a = lam * logsumexp(v[:2] / lam)
    iv = np.array([iv_a, v[2]])
    return (v[0] / lam - iv_a / lam) + (iv_a - logsumexp(iv))


# --- limited dependent variables --------------------------------------------------------------------------------------

X_PROBIT = np.array([[1.0, 0.5], [1.0, -1.0], [1.0, 2.0]])
Y_PROBIT = np.array([1.0, 0.0, 1.0])


def probit_naive(beta):
    """The probit log-likelihood by log(ndtr) and log(1 - ndtr)."""
    z = X_PROBIT @ beta
    return np.sum(Y_PROBIT * np.log(ndtr(z)) + (1 - Y_PROBIT) * np.log(1 - ndtr(z)))


def probit(beta):
    """The probit log-likelihood by log_ndtr."""
    z = X_PROBIT @ beta
    return np.sum(Y_PROBIT * log_ndtr(z) + (1 - Y_PROBIT) * log_ndtr(-z))


X_TOBIT = np.array([[1.0, 1.0], [1.0, 0.5], [1.0, -1.0], [1.0, 2.0]])
Y_TOBIT = np.array([0.0, 1.5, 0.0, 2.0])  # censored from below at 0


def tobit_naive(beta, log_s):
    """The Tobit log-likelihood, the censored part as log(ndtr)."""
    s = np.exp(log_s)
    xb = X_TOBIT @ beta
    censored = Y_TOBIT == 0
    ll_c = np.log(ndtr(-xb / s))
    ll_u = -0.5 * np.log(2 * np.pi) - log_s - 0.5 * ((Y_TOBIT - xb) / s) ** 2
    return np.sum(np.where(censored, ll_c, ll_u))


def tobit(beta, log_s):
    """The Tobit log-likelihood by log_ndtr."""
    s = np.exp(log_s)
    xb = X_TOBIT @ beta
    censored = Y_TOBIT == 0
    ll_c = log_ndtr(-xb / s)
    ll_u = -0.5 * np.log(2 * np.pi) - log_s - 0.5 * ((Y_TOBIT - xb) / s) ** 2
    return np.sum(np.where(censored, ll_c, ll_u))


X_POIS = np.array([[1.0, 0.5], [1.0, 1.0], [1.0, 2.0]])
Y_POIS = np.array([1.0, 3.0, 0.0])


def poisson_loglik(beta):
    """The Poisson regression log-likelihood with a log link."""
    eta = X_POIS @ beta
    return np.sum(Y_POIS * eta - np.exp(eta) - gammaln(Y_POIS + 1))


def poisson_loglik_mu(beta):
    """The same through the mean: y log(mu) - mu."""
    mu = np.exp(X_POIS @ beta)
    return np.sum(Y_POIS * np.log(mu) - mu - gammaln(Y_POIS + 1))


# --- inequality -------------------------------------------------------------------------------------------------------

def gini(y):
    """The Gini coefficient sum_ij |y_i - y_j| / (2 n^2 mean(y))."""
    n = y.shape[0]
    diffs = np.abs(y[:, None] - y[None, :])
    return np.sum(diffs) / (2 * n ** 2 * np.mean(y))


def gini_lorenz(y):
    """The Gini coefficient as 1 - 2 x the area under the Lorenz curve (trapezoids over the sorted incomes)."""
    n = y.shape[0]
    ys = np.sort(y)
    lorenz = np.concatenate([np.zeros(1), np.cumsum(ys) / np.sum(ys)])
    area = np.sum(lorenz[1:] + lorenz[:-1]) / (2 * n)
    return 1 - 2 * area


def atkinson(y, e):
    """Atkinson's index 1 - mean(y^(1 - e))^(1 / (1 - e)) / mean(y)."""
    ede = np.mean(y ** (1 - e)) ** (1 / (1 - e))
    return 1 - ede / np.mean(y)


def atkinson_where(y, e):
    """Atkinson's index with the geometric mean at e = 1 by np.where."""
    ede = np.where(e == 1, np.exp(np.mean(np.log(y))), np.mean(y ** (1 - e)) ** (1 / (1 - e)))
    return 1 - ede / np.mean(y)


def atkinson_double_where(y, e):
    """Atkinson's index by the double-where pattern."""
    q = np.where(e == 1, 0.5, 1 - e)
    ede = np.where(e == 1, np.exp(np.mean(np.log(y))), np.mean(y ** q) ** (1 / q))
    return 1 - ede / np.mean(y)


# --- dynamic programming ----------------------------------------------------------------------------------------------

R_MDP = np.array([[1.0, 1.0], [2.0, 2.0]])  # reward of state s, action a
P_MDP = np.array([[[1.0, 0.0], [0.0, 1.0]],  # state 0: action 0 stays, action 1 moves
                  [[0.5, 0.5], [0.5, 0.5]]])  # state 1: both actions alike
BETA = 0.9
TAU = 1e-3


def _q(v):
    return R_MDP + BETA * (P_MDP @ v)


def bellman(v):
    """One Bellman backup max_a (r + beta P v), summed over states."""
    return np.sum(np.max(_q(v), axis=1))


def soft_bellman_naive(v):
    """The soft backup tau log sum_a exp(Q / tau), by hand."""
    return np.sum(TAU * np.log(np.sum(np.exp(_q(v) / TAU), axis=1)))


def soft_bellman(v):
    """The soft backup by logsumexp."""
    return np.sum(TAU * logsumexp(_q(v) / TAU, axis=1))


def value_iteration(r):
    """The value of state 0 after 30 Bellman backups from 0, in the rewards."""
    v = np.zeros(2)
    for _ in range(30):
        v = np.max(r + BETA * (P_MDP @ v), axis=1)
    return v[0]


# --- demand -----------------------------------------------------------------------------------------------------------

def flexibility_linear(x, a, b):
    """The inverse demand p = a - b x and its elasticity x / p dp/dx."""
    p = a - b * x
    dpdx = -b
    return x / p * dpdx


def flexibility_constant(x, eta):
    """p = A x^(-1/eta): x / p dp/dx with dp/dx by hand (exactly -1/eta)."""
    p = 2.0 * x ** (-1 / eta)
    dpdx = -(1 / eta) * 2.0 * x ** (-1 / eta - 1)
    return x / p * dpdx


def arc_elasticity(x1, x2):
    """The arc elasticity of p = 10 - x between two quantities, by logs."""
    return (np.log(10 - x2) - np.log(10 - x1)) / (np.log(x2) - np.log(x1))
