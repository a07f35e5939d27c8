"""Round 61d (plain NumPy): indexing and scatters as legacy NumPy code writes them: np.add.at with repeated
indices, fancy indexing, np.maximum.reduceat, a boolean mask, np.sort."""

import numpy as np

W3 = np.array([1.0, 2.0, 3.0])


def add_at(x):
    out = np.zeros(3)
    np.add.at(out, [0, 0, 2], x)
    return np.sum(out ** 2)


def fancy(x):
    return np.sum(W3 * x[[0, 2, 2]] ** 2)


def max_reduceat(x):
    return np.sum(np.maximum.reduceat(x, [0, 2]) * np.array([1.0, 2.0]))


def mask_sum(x):
    return np.sum(x[x > 0] ** 2)


def sort_weighted(x):
    return np.sum(np.sort(x) * W3)
