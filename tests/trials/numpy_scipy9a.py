"""A user's NumPy and SciPy code: a Gamma log-likelihood in its shape through scipy.special.gammaln, and column norms
by np.linalg.norm(axis=0)."""

import numpy as np
from scipy.special import gammaln

DATA = np.array([0.5, 2.0, 3.5])


def gamma_shape(a):
    return np.sum((a - 1) * np.log(DATA) - DATA - gammaln(a))


def col_norms(x):
    return np.sum(np.linalg.norm(x, axis=0) ** 3)
