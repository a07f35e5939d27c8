"""autograd.scipy.special: gradcli.scipy.special's functions."""

from .._mirror import mirror

__getattr__ = mirror("gradcli.scipy.special", __name__)
