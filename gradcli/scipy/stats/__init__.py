"""``scipy.stats``'s distributions: their log-densities, densities and (where differentiable here) CDFs."""

from . import beta, chi2, dirichlet, gamma, lognorm, multivariate_normal, nbinom, norm, poisson, t, truncnorm  # noqa: F401
