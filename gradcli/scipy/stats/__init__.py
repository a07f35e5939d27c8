"""``scipy.stats``'s distributions: their log-densities, densities and (where differentiable here) CDFs."""

from . import beta, cauchy, chi2, dirichlet, gamma, lognorm, multivariate_normal, nbinom, norm, poisson, t, truncnorm, vonmises  # noqa: F401
