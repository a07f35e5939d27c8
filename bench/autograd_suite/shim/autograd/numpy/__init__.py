"""autograd.numpy is gradcli.numpy."""

from gradcli.numpy import *  # noqa: F401,F403
from gradcli.numpy import __version__  # noqa: F401
from gradcli.numpy import moveaxis as _moveaxis
from gradcli.numpy import eye as _eye
from gradcli.numpy import expand_dims as _expand_dims
from gradcli.numpy import shape as _shape

import importlib as _importlib

# The shim's own submodules, not the namespaces of the same names the star import brought
# (``from . import linalg`` would keep those: the package already has the attribute).
fft, linalg, random = (_importlib.import_module(f"{__name__}.{name}") for name in ("fft", "linalg", "random"))


def make_diagonal(D, offset=0, axis1=0, axis2=1):
    """autograd's own helper (not NumPy's): a stack of diagonal matrices with ``D``'s last axis on their diagonals."""
    if offset != 0:
        raise NotImplementedError("make_diagonal with an offset")
    n = _shape(D)[-1]
    square = _expand_dims(D, -1) * _eye(n)
    ndim = len(_shape(square))
    return _moveaxis(square, (ndim - 2, ndim - 1), (axis1 % ndim, axis2 % ndim))
