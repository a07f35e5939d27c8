"""autograd's public names, answered by gradcli: the shim autograd's own tests import instead of autograd."""

from gradcli.autodiff import *  # noqa: F401,F403  (grad, jacobian, make_vjp, ... are gradcli's)

import builtins as _builtins

import gradcli as _gradcli

from .builtins import dict, isinstance, list, tuple  # noqa: A004  (autograd's containers are Python's here)


def _argnums(argnum):
    return tuple(argnum) if _builtins.isinstance(argnum, _builtins.list) else argnum


def grad(fun, argnum=0):
    """autograd's ``grad(fun, argnum)``: gradcli's ``grad``, a list ``argnum`` giving a tuple of gradients."""
    return _gradcli.grad(fun, _argnums(argnum))


def value_and_grad(fun, argnum=0):
    """autograd's ``value_and_grad(fun, argnum)`` on gradcli's."""
    return _gradcli.value_and_grad(fun, _argnums(argnum))


def checkpoint(fun):
    """autograd's memory trade (recompute the forward pass when pulling back): the same derivatives, so ``fun`` itself."""
    return fun
