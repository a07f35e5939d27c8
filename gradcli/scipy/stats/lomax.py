"""``scipy.stats.lomax``: the Lomax distribution (Pareto of the second kind) (its methods are listed in `gradcli.autodiff.scipy_namespace`)."""

import scipy.stats as _scipy_stats

from ...autodiff.scipy_namespace import stats as _stats

globals().update(vars(_stats["lomax"]))
rvs = _scipy_stats.lomax.rvs  # random draws: constants to differentiation
__all__ = sorted(vars(_stats["lomax"])) + ["rvs"]
