"""autograd.scipy.linalg: gradcli.scipy.linalg's functions."""

from .._mirror import mirror

__getattr__ = mirror("gradcli.scipy.linalg", __name__)
