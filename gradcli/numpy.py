"""Differentiable NumPy: ``import gradcli.numpy as gnp``.

An explicit list of operations (no wholesale wrapping of NumPy). Each works on
plain values exactly like its NumPy namesake, computing in its inputs' dtype,
and is recorded when gradcli differentiates. ``gradcli ops`` lists them all with
their derivative rules. The names are defined in ``gradcli.autodiff.namespace``.
"""

from .autodiff.namespace import *  # noqa: F401,F403
from .autodiff.namespace import __all__, __version__  # noqa: F401
from .autodiff.namespace import LAZY as _LAZY


def __getattr__(name):
    """``gradcli.numpy.random`` and the other names given on first use (`namespace.LAZY`)."""
    if name in _LAZY:
        return _LAZY[name]()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
