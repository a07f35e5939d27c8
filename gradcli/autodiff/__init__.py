"""gradcli's reverse-mode autodiff core over NumPy arrays, Python floats and mpmath numbers.

The public surface is re-exported by `gradcli`; `gradcli.numpy` holds the ops.
"""

from . import boxes as _boxes  # noqa: F401  (installs operators on traced values)
from . import ops_rules as _ops_rules  # noqa: F401  (gives the elementwise ops their gradients)
from .core import NoGradientError, backward_pass, defjvp, defvjp, defvjp_all
from .custom import custom_gradient, gradient_override, register_gradient, restore_gradient
from .functional import gradients_function, symbolic_gradient, value_and_gradients_function
from .ops import stop_gradient
from .tape import GradientTape, Variable
from .tracer import Box, Primitive, hooks, primitive
from .transforms import (
    deriv,
    elementwise_grad,
    grad,
    grad_and_aux,
    hessian,
    hessian_tensor_product,
    hessian_vector_product,
    holomorphic_grad,
    jacobian,
    jvp,
    make_ggnvp,
    make_hvp,
    make_jvp,
    make_vjp,
    tensor_jacobian_product,
    value_and_grad,
    vector_jacobian_product,
    vjp,
)

__all__ = [
    "custom_gradient",
    "gradient_override",
    "gradients_function",
    "register_gradient",
    "restore_gradient",
    "symbolic_gradient",
    "value_and_gradients_function",
    "Box",
    "GradientTape",
    "NoGradientError",
    "Primitive",
    "Variable",
    "backward_pass",
    "defjvp",
    "defvjp",
    "defvjp_all",
    "deriv",
    "elementwise_grad",
    "grad",
    "grad_and_aux",
    "hessian",
    "hessian_tensor_product",
    "hessian_vector_product",
    "holomorphic_grad",
    "hooks",
    "jacobian",
    "jvp",
    "make_ggnvp",
    "make_hvp",
    "make_jvp",
    "make_vjp",
    "tensor_jacobian_product",
    "vector_jacobian_product",
    "primitive",
    "stop_gradient",
    "value_and_grad",
    "vjp",
]
