"""autograd.core's names that tests reach for: make_vjp and make_jvp (unary, as autograd's), vspace."""

from gradcli import jvp as _jvp
from gradcli import vjp as _vjp

from .test_util import vspace  # noqa: F401


def make_vjp(fun, x):
    """``(pullback, fun(x))`` for a function of one argument."""
    value, pullback = _vjp(fun, x)
    return (lambda g: pullback(g)[0]), value


def make_jvp(fun, x):
    """``push(v) = (fun(x), J v)`` for a function of one argument."""
    return lambda v: _jvp(fun, (x,), (v,))


primitive_vjps = {}  # gradcli keeps its rules on its primitives, not in a table

from gradcli.autodiff import primitive  # noqa: E402,F401
