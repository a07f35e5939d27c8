"""``scipy.stats.t``: Student's t distribution (its methods are listed in `gradcli.autodiff.scipy_namespace`)."""

import scipy.stats as _scipy_stats

from ...autodiff.scipy_namespace import stats as _stats

globals().update(vars(_stats["t"]))
rvs = _scipy_stats.t.rvs  # random draws: constants to differentiation
__all__ = sorted(vars(_stats["t"])) + ["rvs"]
