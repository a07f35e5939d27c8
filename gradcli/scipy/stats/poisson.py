"""``scipy.stats.poisson``: the Poisson distribution's probability mass, differentiable in its mean."""

import scipy.stats as _stats

from ...autodiff.ops import exp
from ...autodiff.ops_special import gammaln, xlogy

rvs = _stats.poisson.rvs  # random draws: constants to differentiation


def logpmf(k, mu):
    """log P(K = k) for a Poisson of mean ``mu``."""
    return xlogy(k, mu) - mu - gammaln(k + 1)


def pmf(k, mu):
    """P(K = k) for a Poisson of mean ``mu``."""
    return exp(logpmf(k, mu))
