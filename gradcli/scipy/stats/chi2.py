"""``scipy.stats.chi2``: the chi-squared distribution (its methods are listed in `gradcli.autodiff.scipy_namespace`)."""

import scipy.stats as _scipy_stats

from ...autodiff.scipy_namespace import stats as _stats

globals().update(vars(_stats["chi2"]))
rvs = _scipy_stats.chi2.rvs  # random draws: constants to differentiation
__all__ = sorted(vars(_stats["chi2"])) + ["rvs"]
