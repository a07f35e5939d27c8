"""``scipy.stats.vonmises``: the von Mises distribution on the circle (its methods are listed in `gradcli.autodiff.scipy_namespace`)."""

import scipy.stats as _scipy_stats

from ...autodiff.scipy_namespace import stats as _stats

globals().update(vars(_stats["vonmises"]))
rvs = _scipy_stats.vonmises.rvs  # random draws: constants to differentiation
__all__ = sorted(vars(_stats["vonmises"])) + ["rvs"]
