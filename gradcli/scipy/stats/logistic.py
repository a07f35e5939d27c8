"""``scipy.stats.logistic``: the logistic distribution (its methods are listed in `gradcli.autodiff.scipy_namespace`)."""

import scipy.stats as _scipy_stats

from ...autodiff.scipy_namespace import stats as _stats

globals().update(vars(_stats["logistic"]))
rvs = _scipy_stats.logistic.rvs  # random draws: constants to differentiation
__all__ = sorted(vars(_stats["logistic"])) + ["rvs"]
