"""``scipy.stats.multivariate_normal``: the normal distribution in several dimensions (density and entropy)."""

import math

import scipy.stats as _stats

from ...autodiff.ops import exp
from ...autodiff.ops_array import expand_dims, squeeze, sum_
from ...autodiff.ops_linalg import cholesky, diagonal, solve
from ...autodiff.ops import log
from ...autodiff.values import shape_of, weak

rvs = _stats.multivariate_normal.rvs  # random draws: constants to differentiation


def _half_log_det(cov):
    """log sqrt(det cov), from the Cholesky factor's diagonal."""
    return sum_(log(diagonal(cholesky(cov), 0, -2, -1)), axis=-1)


def logpdf(x, mean, cov, allow_singular=False):
    """The log-density of N(mean, cov) at ``x`` (each row of ``x`` a point)."""
    d = shape_of(cov)[-1]
    centered = x - mean
    # cov^-1 (x - mean) for every point at once: the points are the columns of one right-hand side.
    solved = solve(cov, expand_dims(centered, -1))
    mahalanobis = sum_(centered * squeeze(solved, -1), axis=-1)
    return -mahalanobis / 2 - _half_log_det(cov) - weak(d / 2 * math.log(2 * math.pi), mahalanobis)


def pdf(x, mean, cov, allow_singular=False):
    """The density of N(mean, cov) at ``x``."""
    return exp(logpdf(x, mean, cov, allow_singular))


def entropy(mean, cov):
    """The differential entropy of N(mean, cov)."""
    d = shape_of(cov)[-1]
    return _half_log_det(cov) + weak(d / 2 * (1 + math.log(2 * math.pi)), cov)
