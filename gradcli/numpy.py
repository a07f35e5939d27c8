"""Differentiable NumPy: ``import gradcli.numpy as gnp``.

An explicit list of operations (no wholesale wrapping of NumPy). Each works on
plain values exactly like its NumPy namesake, computing in its inputs' dtype,
and is recorded when gradcli differentiates. ``gradcli ops`` lists them all with
their derivative rules. The names are defined in ``gradcli.autodiff.namespace``.
"""

from .autodiff.namespace import *  # noqa: F401,F403
from .autodiff.namespace import __all__  # noqa: F401
