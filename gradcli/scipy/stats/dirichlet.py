"""``scipy.stats.dirichlet``: the Dirichlet distribution over the simplex (its density)."""

import scipy.stats as _stats

from ...autodiff.ops import exp
from ...autodiff.ops_array import sum_
from ...autodiff.ops_special import gammaln, xlogy

rvs = _stats.dirichlet.rvs  # random draws: constants to differentiation


def logpdf(x, alpha):
    """The log-density of Dirichlet(alpha) at the point ``x`` of the simplex."""
    return sum_(xlogy(alpha - 1, x), axis=-1) + gammaln(sum_(alpha, axis=-1)) - sum_(gammaln(alpha), axis=-1)


def pdf(x, alpha):
    """The density of Dirichlet(alpha) at ``x``."""
    return exp(logpdf(x, alpha))
