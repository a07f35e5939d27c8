"""autograd.scipy.signal: gradcli.scipy.signal's functions."""

from .._mirror import mirror

__getattr__ = mirror("gradcli.scipy.signal", __name__)
