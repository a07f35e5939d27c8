"""autograd.scipy.stats.norm: gradcli.scipy.stats.norm's functions."""

from ..._mirror import mirror

__getattr__ = mirror("gradcli.scipy.stats.norm", __name__)
