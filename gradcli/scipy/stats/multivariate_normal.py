"""``scipy.stats.multivariate_normal``: the normal distribution in several dimensions (its methods are listed in `gradcli.autodiff.scipy_namespace`)."""

import scipy.stats as _scipy_stats

from ...autodiff.scipy_namespace import stats as _stats

globals().update(vars(_stats["multivariate_normal"]))
rvs = _scipy_stats.multivariate_normal.rvs  # random draws: constants to differentiation
__all__ = sorted(vars(_stats["multivariate_normal"])) + ["rvs"]
