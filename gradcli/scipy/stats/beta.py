"""``scipy.stats.beta``: the beta distribution (its density and CDF)."""

import scipy.stats as _stats

from ...autodiff.ops import exp, log
from ...autodiff.ops_scipy import betainc, betaln
from ...autodiff.ops_special import xlog1py, xlogy
from ._standardized import standardized

rvs = _stats.beta.rvs  # random draws: constants to differentiation


def logpdf(x, a, b, loc=0.0, scale=1.0):
    """The log-density of Beta(a, b) at ``x``."""
    z, log_scale = standardized(x, loc, scale)
    return xlogy(a - 1, z) + xlog1py(b - 1, -z) - betaln(a, b) - log_scale


def pdf(x, a, b, loc=0.0, scale=1.0):
    """The density of Beta(a, b) at ``x``."""
    return exp(logpdf(x, a, b, loc, scale))


def cdf(x, a, b, loc=0.0, scale=1.0):
    """P(X <= x) for Beta(a, b): the regularized incomplete beta function (differentiable in ``x``, ``loc``, ``scale``)."""
    return betainc(a, b, standardized(x, loc, scale)[0])


def logcdf(x, a, b, loc=0.0, scale=1.0):
    """log P(X <= x) for Beta(a, b)."""
    return log(cdf(x, a, b, loc, scale))
