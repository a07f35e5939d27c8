"""``scipy.stats.truncnorm``: the normal distribution truncated to [a, b] (its methods are listed in `gradcli.autodiff.scipy_namespace`)."""

import scipy.stats as _scipy_stats

from ...autodiff.scipy_namespace import stats as _stats

globals().update(vars(_stats["truncnorm"]))
rvs = _scipy_stats.truncnorm.rvs  # random draws: constants to differentiation
__all__ = sorted(vars(_stats["truncnorm"])) + ["rvs"]
