"""``scipy.integrate``'s differentiable functions: ``odeint``."""

from ..autodiff.ops_integrate import odeint  # noqa: F401
