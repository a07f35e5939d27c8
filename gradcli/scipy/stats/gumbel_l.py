"""``scipy.stats.gumbel_l``: the left-skewed Gumbel distribution (its methods are listed in `gradcli.autodiff.scipy_namespace`)."""

import scipy.stats as _scipy_stats

from ...autodiff.scipy_namespace import stats as _stats

globals().update(vars(_stats["gumbel_l"]))
rvs = _scipy_stats.gumbel_l.rvs  # random draws: constants to differentiation
__all__ = sorted(vars(_stats["gumbel_l"])) + ["rvs"]
