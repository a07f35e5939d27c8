"""``scipy.stats.gamma``: the gamma distribution of shape ``a`` (its density and CDF)."""

import scipy.stats as _stats

from ...autodiff.ops import exp, log
from ...autodiff.ops_scipy import gammainc
from ...autodiff.ops_special import gammaln, xlogy
from ._standardized import standardized

rvs = _stats.gamma.rvs  # random draws: constants to differentiation


def logpdf(x, a, loc=0.0, scale=1.0):
    """The log-density of Gamma(a) (location ``loc``, scale ``scale``) at ``x``."""
    z, log_scale = standardized(x, loc, scale)
    return xlogy(a - 1, z) - z - gammaln(a) - log_scale


def pdf(x, a, loc=0.0, scale=1.0):
    """The density of Gamma(a) at ``x``."""
    return exp(logpdf(x, a, loc, scale))


def cdf(x, a, loc=0.0, scale=1.0):
    """P(X <= x) for Gamma(a): the regularized lower incomplete gamma function (differentiable in ``x``, ``loc``, ``scale``)."""
    return gammainc(a, standardized(x, loc, scale)[0])


def logcdf(x, a, loc=0.0, scale=1.0):
    """log P(X <= x) for Gamma(a)."""
    return log(cdf(x, a, loc, scale))
