"""``scipy.stats.genpareto``: the generalized Pareto distribution (its methods are listed in `gradcli.autodiff.scipy_namespace`)."""

import scipy.stats as _scipy_stats

from ...autodiff.scipy_namespace import stats as _stats

globals().update(vars(_stats["genpareto"]))
rvs = _scipy_stats.genpareto.rvs  # random draws: constants to differentiation
__all__ = sorted(vars(_stats["genpareto"])) + ["rvs"]
