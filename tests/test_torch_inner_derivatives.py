"""A PyTorch loss that differentiates itself (``torch.func.jacrev``, ``jacfwd``, ``vjp``, ``grad``, ``hessian``,
``torch.autograd.grad(create_graph=True)``) and code that writes into a tensor a view shares (or at a one-number index
tensor): both recorded as plain ATen ops, the writes functionalized into scatters, and judged against gradients worked out by hand here.

The scatters in such a value are differentiated by gradcli's own core too (`torch_ops.written_at`): gradcli's
gradient of the replayed forward is held to PyTorch's own.
"""

import numpy as np
import pytest
import torch

import gradcli
from gradcli.autodiff import grad
from gradcli.capture.torch_bridge import capture

X = np.array([0.3, -1.2, 0.8])


def flow_logdet_jacrev(x):
    jacobian = torch.func.jacrev(lambda v: v + 0.5 * torch.tanh(v))(x)
    return torch.linalg.slogdet(jacobian)[1]


def flow_logdet_jacfwd(x):
    jacobian = torch.func.jacfwd(lambda v: v + 0.5 * torch.tanh(v))(x)
    return torch.linalg.slogdet(jacobian)[1]


def _flow_logdet_slope(x):
    # log det of diag(1 + sech^2(x) / 2): each term's slope is -sech^2 tanh / (1 + sech^2 / 2)
    sech2 = 1 / np.cosh(x) ** 2
    return -sech2 * np.tanh(x) / (1 + sech2 / 2)


def _critic(v):
    return torch.sum(v ** 3) / 3 + v[0] * v[1]


def penalty_func_grad(x):
    g = torch.func.grad(_critic)(x)
    return torch.sum(g * g)


def penalty_vjp(x):
    out, pull = torch.func.vjp(_critic, x)
    (g,) = pull(torch.ones_like(out))
    return torch.sum(g * g)


def penalty_autograd(x):
    with torch.enable_grad():
        (g,) = torch.autograd.grad(_critic(x), x, create_graph=True)
    return torch.sum(g * g)


def _penalty_slope(x):
    # g = x^2 + (x1, x0, 0); the slope of |g|^2 is 2 J^T g with J = diag(2 x) + the swap of x0 and x1
    g = x ** 2 + np.array([x[1], x[0], 0.0])
    jacobian = np.diag(2 * x) + np.array([[0.0, 1.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 0.0]])
    return 2 * jacobian.T @ g


def penalty_saved_outputs(x):
    """tanh, exp and sigmoid save their outputs for their backward: the inner gradient reads those, so the penalty's
    slope flows through them."""
    with torch.enable_grad():
        (g,) = torch.autograd.grad(torch.sum(torch.tanh(x) + torch.exp(x / 2) + torch.sigmoid(x)), x, create_graph=True)
    return torch.sum(g * g)


def _penalty_saved_outputs_slope(x):
    t, e, s = np.tanh(x), np.exp(x / 2), 1 / (1 + np.exp(-x))
    g = (1 - t * t) + e / 2 + s * (1 - s)
    return 2 * g * (-2 * t * (1 - t * t) + e / 4 + s * (1 - s) * (1 - 2 * s))


def hessian_trace(x):
    h = torch.func.hessian(lambda v: torch.sum(v ** 4) / 12 + v[0] * v[1] * v[2])(x)
    return torch.trace(h)


def through_a_view(x):
    y = x * 1.0
    first = y[0]
    y.mul_(3.0)
    return (first * y).sum()


def set_entry(x):
    y = x.clone()
    y[1] = 3.0
    return (y * y * x).sum()


def set_at_the_maximum(x):
    y = x.clone()
    y[torch.argmax(x)] = 0.0  # a one-number index tensor: PyTorch reads it as an int, which a trace cannot
    return (y * y * x).sum()


def diagonal_filled(x):
    m = torch.zeros(2, 2, dtype=x.dtype)
    m.diagonal().copy_(x[:2])
    m[0, 1] = x[0] * x[1]
    m[1, 0] = 0.1 * x[2]
    return torch.logdet(m + 2 * torch.eye(2, dtype=x.dtype))


def _diagonal_filled_slope(x):
    # det [[x0 + 2, x0 x1], [x2 / 10, x1 + 2]] = (x0 + 2)(x1 + 2) - x0 x1 x2 / 10
    a, b, c = x
    det = (a + 2) * (b + 2) - a * b * c / 10
    return np.array([(b + 2) - b * c / 10, (a + 2) - a * c / 10, -a * b / 10]) / det


CASES = {
    "jacrev in a log-determinant": (flow_logdet_jacrev, _flow_logdet_slope),
    "jacfwd in a log-determinant": (flow_logdet_jacfwd, _flow_logdet_slope),
    "torch.func.grad in a gradient penalty": (penalty_func_grad, _penalty_slope),
    "torch.func.vjp in a gradient penalty": (penalty_vjp, _penalty_slope),
    "autograd.grad(create_graph=True) in a gradient penalty": (penalty_autograd, _penalty_slope),
    "autograd.grad(create_graph=True) through saved outputs": (penalty_saved_outputs, _penalty_saved_outputs_slope),
    "the trace of torch.func.hessian": (hessian_trace, lambda x: 2 * x),  # trace of diag(x^2) + 0 off it
    "a view that sees a later in-place multiply": (through_a_view, lambda x: 9 * np.array([x.sum() + x[0], x[0], x[0]])),
    "an entry set in a clone": (set_entry, lambda x: np.array([3 * x[0] ** 2, 9.0, 3 * x[2] ** 2])),
    "an entry set at the argmax, a one-number tensor": (set_at_the_maximum, lambda x: np.array([3 * x[0] ** 2, 3 * x[1] ** 2, 0.0])),
    "a diagonal filled in place, entries set": (diagonal_filled, _diagonal_filled_slope),
}


@pytest.mark.parametrize("name", CASES)
def test_judged_ok_with_the_gradient_worked_out_by_hand(name):
    fun, slope = CASES[name]
    [result] = gradcli.check(fun, [{"x": X}], framework="torch", dtypes=("float64",)).results
    assert result.status == "ok", result.findings
    np.testing.assert_allclose(np.asarray(result.exact_gradient["x"], dtype=float), slope(X), rtol=1e-10, atol=1e-14)


@pytest.mark.parametrize("name", ["torch.func.vjp in a gradient penalty", "an entry set in a clone",
                                  "a diagonal filled in place, entries set", "jacrev in a log-determinant"])
def test_gradclis_own_gradient_of_the_replayed_value_is_pytorchs(name):
    """The scatters inside the value (the inner gradient's, the functionalized writes') are differentiated by
    gradcli's core, not only run on plain numbers."""
    fun, _ = CASES[name]
    bridge = capture(fun, name)
    mine = grad(lambda v: bridge.forward(v))(X)
    tensor = torch.tensor(X, requires_grad=True)
    (own,) = torch.autograd.grad(fun(tensor), tensor)
    np.testing.assert_allclose(mine, own.numpy(), rtol=1e-12, atol=1e-14)
