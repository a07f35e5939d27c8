"""``scipy.stats``'s distributions (their log-densities, densities and, where differentiable here, CDFs) and its
robust statistics (``trim_mean``, ``trimboth``, ``iqr``, ``median_abs_deviation``); each distribution's module is
called as SciPy's distributions are, ``norm(loc, scale)`` a frozen distribution."""

from types import ModuleType as _ModuleType

from ...autodiff.scipy_namespace import DistributionModule as _DistributionModule
from ...autodiff.scipy_namespace import stats_functions as _functions
from . import (  # noqa: F401
    beta, binom, cauchy, chi2, dirichlet, gamma, genextreme, genpareto, gumbel_l, gumbel_r, invgauss, laplace, logistic,
    lognorm, lomax, multivariate_normal, nbinom, norm, pareto, poisson, rice, skewnorm, t, truncnorm, vonmises,
    weibull_max, weibull_min,
)

globals().update(vars(_functions))
for _module in [v for v in globals().values() if isinstance(v, _ModuleType) and v.__name__.startswith(f"{__name__}.")]:
    _module.__class__ = _DistributionModule  # called as SciPy's distributions are, to freeze their parameters
del _module
