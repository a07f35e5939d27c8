"""``scipy.stats``'s distributions: their log-densities, densities and (where differentiable here) CDFs."""

from . import beta, chi2, dirichlet, gamma, multivariate_normal, norm, poisson, t  # noqa: F401
