"""``scipy.stats``'s distributions (their log-densities, densities and, where differentiable here, CDFs) and its
robust statistics (``trim_mean``, ``trimboth``, ``iqr``, ``median_abs_deviation``)."""

from ...autodiff.scipy_namespace import stats_functions as _functions
from . import (  # noqa: F401
    beta, cauchy, chi2, dirichlet, gamma, genpareto, gumbel_l, gumbel_r, lognorm, lomax, multivariate_normal, nbinom, norm,
    pareto, poisson, t, truncnorm, vonmises, weibull_max, weibull_min,
)

globals().update(vars(_functions))
