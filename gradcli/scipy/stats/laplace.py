"""``scipy.stats.laplace``: the Laplace (double exponential) distribution (its methods are listed in `gradcli.autodiff.scipy_namespace`)."""

import scipy.stats as _scipy_stats

from ...autodiff.scipy_namespace import stats as _stats

globals().update(vars(_stats["laplace"]))
rvs = _scipy_stats.laplace.rvs  # random draws: constants to differentiation
__all__ = sorted(vars(_stats["laplace"])) + ["rvs"]
