"""``scipy.stats.weibull_min``: the Weibull distribution of minima (its methods are listed in `gradcli.autodiff.scipy_namespace`)."""

import scipy.stats as _scipy_stats

from ...autodiff.scipy_namespace import stats as _stats

globals().update(vars(_stats["weibull_min"]))
rvs = _scipy_stats.weibull_min.rvs  # random draws: constants to differentiation
__all__ = sorted(vars(_stats["weibull_min"])) + ["rvs"]
