"""A user's plain NumPy and SciPy code, forty-eighth round (first part): the same models as a legacy analysis script
writes them: Bateman's curve, Planck's shape by np.exp, np.expm1 and scipy.special.exprel, an M/M/1 queue and Erlang
B, Fresnel's reflectance with total internal reflection by np.where, Kimura's fixation by np.expm1, Gompertz's
log-likelihood by np.expm1 and its c = 0 limit, and a 2PL item response log-likelihood by scipy.special.expit and
log_expit."""

import numpy as np
from scipy import special

DOSE, VOL, T_OBS = 100.0, 20.0, 3.0


def bateman(ka, ke):
    return DOSE * ka / (VOL * (ka - ke)) * (np.exp(-ke * T_OBS) - np.exp(-ka * T_OBS))


def bateman_expm1(ka, ke):
    d = ka - ke
    return DOSE * ka / VOL * np.exp(-ke * T_OBS) * -np.expm1(-d * T_OBS) / d


def planck(x):
    return x ** 3 / (np.exp(x) - 1.0)


def planck_exprel(x):
    """x^3 / (e^x - 1) = x^2 / exprel(x): no cancellation, no 0/0."""
    return x ** 2 / special.exprel(x)


def mm1_number(rho):
    return rho / (1.0 - rho)


def erlang_b(a):
    b = 1.0
    for k in range(1, 11):
        b = a * b / (k + a * b)
    return b


N_REL = 1.5


def fresnel_tir(s):
    arg = 1.0 - (N_REL * s) ** 2
    ci = np.sqrt(1.0 - s ** 2)
    ct = np.sqrt(arg)
    return np.where(arg > 0, ((N_REL * ci - ct) / (N_REL * ci + ct)) ** 2, 1.0)


N_POP = 100.0


def fixation(s):
    return (1.0 - np.exp(-2.0 * s)) / (1.0 - np.exp(-4.0 * N_POP * s))


def fixation_expm1(s):
    return np.expm1(-2.0 * s) / np.expm1(-4.0 * N_POP * s)


def fixation_exprel(s):
    return special.exprel(-2.0 * s) / (2.0 * N_POP * special.exprel(-4.0 * N_POP * s))


AGES = np.array([60.0, 75.0, 90.0, 105.0])


def gompertz_nll_expm1(log_b, c):
    b = np.exp(log_b)
    cumhaz = b * np.expm1(c * AGES) / c
    return -np.sum(log_b + c * AGES - cumhaz)


def gompertz_nll_limit(log_b, c):
    b = np.exp(log_b)
    cumhaz = np.where(c == 0, b * AGES, b * np.expm1(c * AGES) / c)
    return -np.sum(log_b + c * AGES - cumhaz)


DISC = np.array([1.2, 0.8, 2.0])
DIFF = np.array([-1.0, 0.5, 1.5])
RESP = np.array([1.0, 0.0, 1.0])


def irt2pl_nll(theta):
    p = special.expit(DISC * (theta - DIFF))
    return -np.sum(RESP * np.log(p) + (1.0 - RESP) * np.log(1.0 - p))


def irt2pl_nll_stable(theta):
    z = DISC * (theta - DIFF)
    return -np.sum(RESP * special.log_expit(z) + (1.0 - RESP) * special.log_expit(-z))


def irt2pl_nll_bad_lib(theta):
    """A SciPy function gradcli does not have: the Owen-free Wright omega, mis-chosen for the logistic."""
    return -np.sum(special.wrightomega(DISC * (theta - DIFF)))
