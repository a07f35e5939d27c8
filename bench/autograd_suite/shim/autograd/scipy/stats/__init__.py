"""autograd.scipy.stats: gradcli.scipy.stats's distributions."""

from . import beta, chi2, dirichlet, gamma, multivariate_normal, norm, poisson, t  # noqa: F401
