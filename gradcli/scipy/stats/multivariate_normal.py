"""``scipy.stats.multivariate_normal``: the normal distribution in several dimensions (density and entropy)."""

import math

import scipy.stats as _stats

import numpy as np

from ...autodiff.ops import exp, log, select, sqrt
from ...autodiff.ops_array import expand_dims, squeeze, sum_
from ...autodiff.ops_decompositions import eigh
from ...autodiff.ops_linalg import cholesky, diagonal, solve
from ...autodiff.values import raw, shape_of, weak

rvs = _stats.multivariate_normal.rvs  # random draws: constants to differentiation


def _half_log_det(cov):
    """log sqrt(det cov), from the Cholesky factor's diagonal."""
    return sum_(log(diagonal(cholesky(cov), 0, -2, -1)), axis=-1)


def _singular_logpdf(x, mean, cov):
    """The log-density on the support of a singular N(mean, cov): its eigenvectors of nonzero eigenvalue, as SciPy's.

    Eigenvalues below SciPy's cutoff count as zero (held fixed: the rank does not
    change under a small step); the pseudo-determinant and the Mahalanobis distance
    use the others only.
    """
    w, v = eigh(cov)
    values = np.asarray(raw(w))
    kept = values > 1e6 * np.finfo(values.dtype).eps * np.max(np.abs(values))
    root = select(kept, 1 / sqrt(select(kept, w, 1.0)), 0.0)
    projected = sum_(expand_dims(x - mean, -1) * (v * root), axis=-2)
    mahalanobis = sum_(projected * projected, axis=-1)
    log_pdet = sum_(select(kept, log(select(kept, w, 1.0)), 0.0), axis=-1)
    rank = int(np.sum(kept))
    return -(mahalanobis + log_pdet) / 2 - weak(rank / 2 * math.log(2 * math.pi), mahalanobis)


def logpdf(x, mean, cov, allow_singular=False):
    """The log-density of N(mean, cov) at ``x`` (each row of ``x`` a point); with ``allow_singular``, on the support of a singular cov."""
    if allow_singular:
        return _singular_logpdf(x, mean, cov)
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
