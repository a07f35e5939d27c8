"""autograd.scipy.stats.t: gradcli.scipy.stats.t's functions."""

from ..._mirror import mirror

__getattr__ = mirror("gradcli.scipy.stats.t", __name__)
