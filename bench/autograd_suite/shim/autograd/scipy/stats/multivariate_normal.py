"""autograd.scipy.stats.multivariate_normal: gradcli.scipy.stats.multivariate_normal's functions."""

from ..._mirror import mirror

__getattr__ = mirror("gradcli.scipy.stats.multivariate_normal", __name__)
