"""``scipy.stats.rice``: the Rician distribution (its methods are listed in `gradcli.autodiff.scipy_namespace`)."""

import scipy.stats as _scipy_stats

from ...autodiff.scipy_namespace import stats as _stats

globals().update(vars(_stats["rice"]))
rvs = _scipy_stats.rice.rvs  # random draws: constants to differentiation
__all__ = sorted(vars(_stats["rice"])) + ["rvs"]
