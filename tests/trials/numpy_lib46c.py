"""A user's plain NumPy and SciPy code, round 46c: a radiometric age by np.log and np.log1p, the U-Pb concordia by np.exp
and np.expm1, a radiocarbon age, Langmuir's isotherm, a loan payment, TrueSkill's v by scipy.stats.norm's pdf over
scipy.special.ndtr and by scipy.special.erfcx, Elo's expected score, Thurstone's log-likelihood by
scipy.special.log_ndtr, and a double exponential."""

import numpy as np
from scipy import special

LAMBDA_238 = 1.55125e-10


def age_log(d, p):
    return np.log(1 + d / p) / LAMBDA_238


def age_log1p(d, p):
    return np.log1p(d / p) / LAMBDA_238


def concordia_206(t):
    return np.exp(LAMBDA_238 * t) - 1


def concordia_206_expm1(t):
    return np.expm1(LAMBDA_238 * t)


def radiocarbon_age(f):
    return -8033 * np.log(f)


def langmuir(k, p):
    return k * p / (1 + k * p)


def loan_payment(r, principal):
    n = 360
    return r * principal / (1 - (1 + r) ** -n)


def trueskill_v(t):
    pdf = np.exp(-t ** 2 / 2) / np.sqrt(2 * np.pi)
    return pdf / special.ndtr(t)


def trueskill_v_erfcx(t):
    return np.sqrt(2 / np.pi) / special.erfcx(-t / np.sqrt(2))


def elo_expected(ra, rb):
    return 1 / (1 + 10 ** ((rb - ra) / 400))


def thurstone_loglik_log_ndtr(ra, rb):
    return special.log_ndtr((ra - rb) / (200 * np.sqrt(2)))


def double_exponential(x):
    return np.exp(-np.exp(x))
