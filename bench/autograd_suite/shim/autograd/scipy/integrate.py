"""autograd.scipy.integrate: gradcli.scipy.integrate's functions."""

from .._mirror import mirror

__getattr__ = mirror("gradcli.scipy.integrate", __name__)
