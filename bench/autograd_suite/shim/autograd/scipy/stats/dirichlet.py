"""autograd.scipy.stats.dirichlet: gradcli.scipy.stats.dirichlet's functions."""

from ..._mirror import mirror

__getattr__ = mirror("gradcli.scipy.stats.dirichlet", __name__)
