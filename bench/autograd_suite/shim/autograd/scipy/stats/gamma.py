"""autograd.scipy.stats.gamma: gradcli.scipy.stats.gamma's functions."""

from ..._mirror import mirror

__getattr__ = mirror("gradcli.scipy.stats.gamma", __name__)
