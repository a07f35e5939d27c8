"""``scipy.stats.poisson``: the Poisson distribution's probability mass, differentiable in its mean."""

import numpy as np
import scipy.stats as _stats

from ...autodiff.ops import exp, floor, log, maximum, select
from ...autodiff.ops_scipy import gammaincc
from ...autodiff.values import raw
from ...autodiff.ops_special import gammaln, xlogy

rvs = _stats.poisson.rvs  # random draws: constants to differentiation


def logpmf(k, mu):
    """log P(K = k) for a Poisson of mean ``mu``."""
    return xlogy(k, mu) - mu - gammaln(k + 1)


def pmf(k, mu):
    """P(K = k) for a Poisson of mean ``mu``."""
    return exp(logpmf(k, mu))


def cdf(k, mu):
    """P(K <= k) for a Poisson of mean ``mu``: gammaincc(floor(k) + 1, mu), and 0 below k = 0 (differentiable in ``mu``)."""
    below = np.asarray(raw(k)) < 0
    return select(below, 0.0, gammaincc(maximum(floor(k), 0) + 1, mu))


def logcdf(k, mu):
    """log P(K <= k) for a Poisson of mean ``mu``."""
    return log(cdf(k, mu))
