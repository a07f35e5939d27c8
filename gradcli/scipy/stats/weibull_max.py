"""``scipy.stats.weibull_max``: the Weibull distribution of maxima (the mirror of weibull_min) (its methods are listed in `gradcli.autodiff.scipy_namespace`)."""

import scipy.stats as _scipy_stats

from ...autodiff.scipy_namespace import stats as _stats

globals().update(vars(_stats["weibull_max"]))
rvs = _scipy_stats.weibull_max.rvs  # random draws: constants to differentiation
__all__ = sorted(vars(_stats["weibull_max"])) + ["rvs"]
