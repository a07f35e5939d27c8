"""``scipy.stats.norm``: the normal distribution."""

import math

import scipy.stats as _stats  # noqa: F401  (the random draws below are scipy's own)

from ...autodiff.ops import exp
from ...autodiff.ops_scipy import log_ndtr
from ...autodiff.ops_special import erfc
from ...autodiff.values import weak
from ._standardized import standardized

_HALF_LOG_2PI = 0.5 * math.log(2 * math.pi)
rvs = _stats.norm.rvs  # random draws: constants to differentiation


def logpdf(x, loc=0.0, scale=1.0):
    """The log-density of N(loc, scale^2) at ``x``."""
    z, log_scale = standardized(x, loc, scale)
    return -z * z / 2 - log_scale - weak(_HALF_LOG_2PI, z)


def pdf(x, loc=0.0, scale=1.0):
    """The density of N(loc, scale^2) at ``x``."""
    return exp(logpdf(x, loc, scale))


def cdf(x, loc=0.0, scale=1.0):
    """P(X <= x), as erfc(-z / sqrt 2) / 2: accurate far into the left tail."""
    z, _ = standardized(x, loc, scale)
    return erfc(-z * weak(1 / math.sqrt(2), z)) / 2


def logcdf(x, loc=0.0, scale=1.0):
    """log P(X <= x), finite far into the left tail."""
    return log_ndtr(standardized(x, loc, scale)[0])


def sf(x, loc=0.0, scale=1.0):
    """P(X > x)."""
    return cdf(-x, -loc, scale)


def logsf(x, loc=0.0, scale=1.0):
    """log P(X > x)."""
    return logcdf(-x, -loc, scale)

