"""``scipy.stats.chi2``: the chi-squared distribution, a gamma of shape df / 2 and scale 2."""

import scipy.stats as _stats

from . import gamma

rvs = _stats.chi2.rvs  # random draws: constants to differentiation


def logpdf(x, df, loc=0.0, scale=1.0):
    """The log-density of chi-squared with ``df`` degrees of freedom at ``x``."""
    return gamma.logpdf(x, df / 2, loc, 2 * scale)


def pdf(x, df, loc=0.0, scale=1.0):
    """The density of chi-squared at ``x``."""
    return gamma.pdf(x, df / 2, loc, 2 * scale)


def cdf(x, df, loc=0.0, scale=1.0):
    """P(X <= x) for chi-squared with ``df`` degrees of freedom."""
    return gamma.cdf(x, df / 2, loc, 2 * scale)


def logcdf(x, df, loc=0.0, scale=1.0):
    """log P(X <= x) for chi-squared."""
    return gamma.logcdf(x, df / 2, loc, 2 * scale)
