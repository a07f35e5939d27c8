"""Round 56d (plain NumPy): a module with Python loops and helper functions, as legacy code is written."""

import numpy as np

COEFFS = [1.0, -3.0, 0.5, 2.0]


def _softplus(y):
    return np.log(1 + np.exp(y))


def loop_softplus(x):
    y = x
    for _ in range(2):
        y = _softplus(y)
    return np.sum(y)


def horner(x):
    y = np.zeros_like(x)
    for c in COEFFS:
        y = y * x + c
    return np.sum(y)


def running_logsum(x):
    total = 0.0
    for k in range(len(x)):
        total = total + np.log(x[k])
    return total


def branchy(x):
    out = 0.0
    for v in x:
        if v > 0:
            out = out + np.sqrt(v)
        else:
            out = out + v * v
    return out
