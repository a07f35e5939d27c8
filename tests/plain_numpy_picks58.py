"""Plain NumPy code picking a float constant and squaring it alone (`test_prop58_plain_picks`).

Each function is exp(-x log1p(c^2)) with c the float 0.3 picked from an array the module or the function makes;
at x = 1e200 its exponent shows whether c * c, NumPy's own scalar operator, rounded inside the exact run.
"""

import numpy as np

TABLE = np.array([0.2, 0.3])


def listed(x, w):
    c = np.array([0.2, 0.3])[1]
    return np.exp(-x * np.log1p(c * c))


def from_the_module(x, w):
    c = TABLE[1]
    return np.exp(-x * np.log1p(c * c))


def unpacked(x, w):
    _, c = np.array([0.2, 0.3])
    return np.exp(-x * np.log1p(c * c))


def from_a_row(x, w):
    c = np.array([[0.2, 0.3]])[0][1]
    return np.exp(-x * np.log1p(c * c))


def through_a_helper(x, w):
    return np.exp(-x * np.log1p(_squared(np.array([0.2, 0.3])[1])))


def _squared(c):
    return c * c


def indexing_the_input(x, w):
    table = np.array([0.2, 0.3]) + 0.0 * w[:2]
    return np.exp(-x * np.log1p(table[1] * table[1]))
