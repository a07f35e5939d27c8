"""``scipy.special``'s differentiable functions (their list is `gradcli.autodiff.scipy_namespace.special`)."""

from ..autodiff.scipy_namespace import special as _space

globals().update(vars(_space))
__all__ = sorted(vars(_space))
