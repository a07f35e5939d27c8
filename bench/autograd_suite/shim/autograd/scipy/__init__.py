"""autograd.scipy: gradcli.scipy's modules."""

from . import integrate, linalg, signal, special, stats  # noqa: F401
