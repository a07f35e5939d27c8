"""gradcli: find out why a gradient is NaN, wrong, or quietly inaccurate.

>>> import gradcli
>>> gradcli.grad(lambda x: x * x)(3.0)
6.0

Names are loaded on first use, so ``import gradcli`` (and ``gradcli --help``)
stays cheap: NumPy is imported only when the core is.
"""

from ._version import __version__
from .display import register_html_view

_CORE_NAMES = (
    "grad",
    "value_and_grad",
    "vjp",
    "jvp",
    "jacobian",
    "hessian",
    "elementwise_grad",
    "hessian_vector_product",
    "hessian_tensor_product",
    "make_hvp",
    "make_ggnvp",
    "grad_and_aux",
    "holomorphic_grad",
    "tensor_jacobian_product",
    "vector_jacobian_product",
    "make_vjp",
    "make_jvp",
    "deriv",
    "GradientTape",
    "Variable",
    "stop_gradient",
    "NoGradientError",
    "primitive",
    "defvjp",
    "defjvp",
    "custom_gradient",
    "register_gradient",
    "restore_gradient",
    "gradient_override",
    "value_and_gradients_function",
    "gradients_function",
    "symbolic_gradient",
)

__all__ = ["__version__", "check", "CheckOptions", "sweep", "audit", *_CORE_NAMES]


def __getattr__(name):
    if name in _CORE_NAMES:
        from . import autodiff

        return getattr(autodiff, name)
    if name in ("check", "CheckOptions"):
        from . import checker

        return getattr(checker, name)
    if name in ("sweep", "audit"):  # packages callable as the sweep function and the audit decorator
        import importlib

        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module 'gradcli' has no attribute {name!r}")


def __dir__():
    return sorted(__all__)


def _notebook_html(result):
    """A check, sweep or audit result as a notebook shows it (what their ``_repr_html_`` return)."""
    from .views.notebook import html  # the views load on the first display, so import gradcli stays light

    return html(result)


register_html_view(_notebook_html)
