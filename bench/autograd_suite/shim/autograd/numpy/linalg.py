"""autograd.numpy.linalg: gradcli.numpy.linalg's functions."""

import gradcli.numpy as _gnp


def __getattr__(name):
    if hasattr(_gnp.linalg, name):
        return getattr(_gnp.linalg, name)
    raise AttributeError(f"autograd.numpy.linalg.{name}: gradcli.numpy.linalg has no {name}")
