"""Round 57d (plain NumPy): subnormals kept, as NumPy computes them: guards on x * x and exp at small numbers."""

import numpy as np


def safe_abs(x):
    s = x * x
    safe = np.where(s > 0, s, 1.0)
    return np.sum(np.where(s > 0, np.sqrt(safe), 0.0))


def scaled_exp(x):
    e = np.exp(x)
    return np.sum(e * 1e30)


def scaled_exp64(x):
    e = np.exp(x)
    return np.sum(e * 1e300)


def log_square(x):
    s = x * x
    return np.sum(np.log(s))


def relu_sum(x):
    return np.sum(np.maximum(x, 0.0))
