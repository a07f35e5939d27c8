"""autograd.scipy.stats.poisson: gradcli.scipy.stats.poisson's functions."""

from ..._mirror import mirror

__getattr__ = mirror("gradcli.scipy.stats.poisson", __name__)
