"""``scipy.linalg``'s differentiable functions (their list is `gradcli.autodiff.scipy_namespace.linalg`)."""

from ..autodiff.scipy_namespace import linalg as _space

globals().update(vars(_space))
__all__ = sorted(vars(_space))
