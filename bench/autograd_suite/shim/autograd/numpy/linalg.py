"""autograd.numpy.linalg: gradcli.numpy.linalg's functions."""

import gradcli.numpy as _gnp


def T(x):  # noqa: N802  (autograd's name)
    """autograd's private helper: the last two axes swapped."""
    return _gnp.swapaxes(x, -1, -2)


def _dot(a, b):
    """autograd's private helper: matrix products over the last two axes of two stacks."""
    return _gnp.einsum("...ij,...jk->...ik", a, b)



def __getattr__(name):
    if hasattr(_gnp.linalg, name):
        return getattr(_gnp.linalg, name)
    raise AttributeError(f"autograd.numpy.linalg.{name}: gradcli.numpy.linalg has no {name}")
