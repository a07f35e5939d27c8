"""Round 55d (plain NumPy): compositions from the differential generator, written as a NumPy user writes them."""

import numpy as np
from scipy import special


def clip_log1p(x):
    return np.sum(np.clip(np.log1p(x), -5.0, 5.0))


def lse_sig(x):
    return special.logsumexp(special.expit(x))


def tanh_twice(x):
    return np.sum(np.tanh(x + x))


def sp_exp(x):
    return np.sum(np.logaddexp(0.0, np.exp(x)))


def sp_plain(x):
    return np.sum(np.logaddexp(0.0, x))


def sqrt_exp_log(x):
    return np.sum(np.sqrt(np.exp(np.log(x))))


def abs_max(x, y):
    return np.sum(np.maximum(np.abs(x), np.maximum(x, y)))


def erf_recip(y):
    return np.sum(special.erf(1.0 / y))


def log_exp_expm1(x):
    return np.sum(np.log(np.exp(np.expm1(x))))
