"""``scipy.integrate``'s differentiable functions: ``odeint``."""

from ..autodiff.scipy_namespace import integrate as _space

globals().update(vars(_space))
__all__ = sorted(vars(_space))
