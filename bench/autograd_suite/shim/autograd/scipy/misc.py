"""autograd.scipy.misc: gradcli.scipy.misc's functions."""

from .._mirror import mirror

__getattr__ = mirror("gradcli.scipy.misc", __name__)
