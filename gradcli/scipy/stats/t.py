"""``scipy.stats.t``: Student's t distribution (its density, and its CDF through ``scipy.special.stdtr``)."""

import math

import scipy.stats as _stats

from ...autodiff.ops import exp, log, log1p
from ...autodiff.ops_scipy import stdtr
from ...autodiff.ops_special import gammaln
from ...autodiff.values import weak
from ._standardized import standardized

rvs = _stats.t.rvs  # random draws: constants to differentiation


def logpdf(x, df, loc=0.0, scale=1.0):
    """The log-density of Student's t with ``df`` degrees of freedom at ``x``."""
    z, log_scale = standardized(x, loc, scale)
    half = (df + 1) / 2
    normalizer = gammaln(half) - gammaln(df / 2) - log(df) / 2 - weak(0.5 * math.log(math.pi), z)
    return normalizer - half * log1p(z * z / df) - log_scale


def pdf(x, df, loc=0.0, scale=1.0):
    """The density of Student's t at ``x``."""
    return exp(logpdf(x, df, loc, scale))


def cdf(x, df, loc=0.0, scale=1.0):
    """P(X <= x) for Student's t (differentiable in ``x``, ``loc`` and ``scale``, not ``df``)."""
    return stdtr(df, standardized(x, loc, scale)[0])


def logcdf(x, df, loc=0.0, scale=1.0):
    """log P(X <= x) for Student's t."""
    return log(cdf(x, df, loc, scale))
