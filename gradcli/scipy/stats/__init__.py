"""``scipy.stats``'s distributions (their log-densities, densities and, where differentiable here, CDFs) and its
robust statistics (``trim_mean``, ``trimboth``, ``iqr``, ``median_abs_deviation``)."""

from ...autodiff.scipy_namespace import stats_functions as _functions
from . import beta, cauchy, chi2, dirichlet, gamma, lognorm, multivariate_normal, nbinom, norm, poisson, t, truncnorm, vonmises  # noqa: F401

globals().update(vars(_functions))
