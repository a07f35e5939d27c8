"""A user's plain NumPy and SciPy code, fiftieth round (second part): the same models as an analysis script writes
them: the NFW mass and lensing function, Poisson tumour control and gEUD, the LKB model by scipy.special.ndtr /
log_ndtr, the Debye loss peak, beta-binomial and Dirichlet-multinomial log-likelihoods by scipy.special.betaln /
gammaln (and by scipy.stats.betabinom), a multinomial by xlogy of scipy.special.softmax and by log_softmax, the
rectangular barrier and Matern kernels."""

import math

import numpy as np
from scipy import special, stats

# --- NFW halos --------------------------------------------------------------------------------------------------------


def nfw_mass_naive(x):
    return np.log(1.0 + x) - x / (1.0 + x)


def nfw_mass(x):
    return np.log1p(x) - x / (1.0 + x)


def nfw_lens_naive(x):
    return np.where(x < 1.0, np.arccosh(1.0 / x) / np.sqrt(1.0 - x ** 2),
                    np.where(x > 1.0, np.arccos(1.0 / x) / np.sqrt(x ** 2 - 1.0), 1.0))


# --- radiotherapy -----------------------------------------------------------------------------------------------------

ALPHA, BETA, D_FX = 0.3, 0.03, 2.0
K_LQ = ALPHA + BETA * D_FX


def tcp_naive(dose, log_n0):
    sf = np.exp(-dose * K_LQ)
    return np.exp(-np.exp(log_n0) * sf)


def tcp(dose, log_n0):
    return np.exp(-np.exp(log_n0 - dose * K_LQ))


A_GEUD = 20.0


def geud_naive(d):
    return np.mean(d ** A_GEUD) ** (1.0 / A_GEUD)


def geud(d):
    return np.exp((special.logsumexp(A_GEUD * np.log(d)) - np.log(d.size)) / A_GEUD)


TD50 = 50.0


def lkb_log_ntcp_naive(eud, m):
    return np.log(special.ndtr((eud - TD50) / (m * TD50)))


def lkb_log_ntcp(eud, m):
    return special.log_ndtr((eud - TD50) / (m * TD50))


# --- dielectric relaxation --------------------------------------------------------------------------------------------

DELTA_EPS = 75.0


def debye_loss_naive(logw, logtau):
    wt = np.exp(logw + logtau)
    return DELTA_EPS * wt / (1.0 + wt ** 2)


def debye_loss(logw, logtau):
    u = -np.abs(logw + logtau)
    return DELTA_EPS * np.exp(u) / (1.0 + np.exp(2.0 * u))


# --- Bayesian count models --------------------------------------------------------------------------------------------

K_OBS = np.array([3.0, 7.0, 0.0])
N_OBS = np.array([10.0, 12.0, 5.0])


def betabinom_ll(log_a, log_b):
    a, b = np.exp(log_a), np.exp(log_b)
    return np.sum(special.betaln(K_OBS + a, N_OBS - K_OBS + b) - special.betaln(a, b))


def betabinom_ll_stats(log_a, log_b):
    return np.sum(stats.betabinom.logpmf(K_OBS, N_OBS, np.exp(log_a), np.exp(log_b)))


X_DM = np.array([4.0, 0.0, 9.0])


def dirmult_ll(log_conc, p):
    """Dirichlet-multinomial log-likelihood (without the multinomial coefficient), alpha = exp(log_conc) p."""
    alpha = np.exp(log_conc) * p
    a0 = np.sum(alpha)
    return special.gammaln(a0) - special.gammaln(a0 + np.sum(X_DM)) + np.sum(special.gammaln(X_DM + alpha)
                                                                             - special.gammaln(alpha))


COUNTS = np.array([5.0, 0.0, 2.0])


def multinomial_ll_naive(logits):
    return np.sum(special.xlogy(COUNTS, special.softmax(logits)))


def multinomial_ll(logits):
    return np.sum(COUNTS * special.log_softmax(logits))


# --- rectangular barrier ----------------------------------------------------------------------------------------------

V0 = 10.0


def barrier_T_naive(E, a):
    kappa = np.sqrt(V0 - E)
    return 1.0 / (1.0 + V0 ** 2 * np.sinh(kappa * a) ** 2 / (4.0 * E * (V0 - E)))


def barrier_log_T(E, a):
    ka = np.sqrt(V0 - E) * a
    log_sinh = ka + np.log1p(-np.exp(-2.0 * ka)) - math.log(2.0)
    return -np.logaddexp(0.0, 2.0 * math.log(V0) - np.log(4.0 * E * (V0 - E)) + 2.0 * log_sinh)


# --- Matern kernels ---------------------------------------------------------------------------------------------------

SQRT3 = math.sqrt(3.0)


def matern32_naive(x, y, log_ell):
    r = np.sqrt((x - y) ** 2) / np.exp(log_ell)
    return (1.0 + SQRT3 * r) * np.exp(-SQRT3 * r)


def matern32(x, y, log_ell):
    r = np.abs(x - y) / np.exp(log_ell)
    return (1.0 + SQRT3 * r) * np.exp(-SQRT3 * r)
