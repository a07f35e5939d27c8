"""autograd.scipy.stats.beta: gradcli.scipy.stats.beta's functions."""

from ..._mirror import mirror

__getattr__ = mirror("gradcli.scipy.stats.beta", __name__)
