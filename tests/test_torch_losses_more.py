"""Real PyTorch losses that need ATen ops beyond the common ones: each op's replay against PyTorch's own numbers, each loss checked.

Ops: ``cholesky_solve`` (Wishart's log-density with its argument checks, a
Gaussian process's solve), ``_pdist_forward``/``_pdist_backward``
(``torch.pdist``), ``multi_margin_loss`` and its backward, ``empty_permuted``
(cosine and hinge embedding losses), and ``histc``, whose counts PyTorch gives no
gradient (the replay is a constant, as PyTorch's output is).
"""

import numpy as np
import pytest
import torch
import torch.nn.functional as F

import gradcli
from gradcli.capture.torch_bridge import capture
from bridge_checks import assert_forward_replays_on_mpmath, assert_replays_as_the_framework_computes

A = np.array([[0.3, -1.2, 2.0], [0.7, 0.1, -0.4]])
B = np.array([[1.0, 0.5, -0.3], [0.2, -0.6, 0.9]])
S = np.array([[2.0, 0.3, 0.1], [0.3, 1.5, 0.2], [0.1, 0.2, 1.0]])


def _tensor(values, like):
    return torch.tensor(values, dtype=like.dtype)


def wishart(x):
    covariance = x @ x.T + torch.eye(3, dtype=x.dtype)
    d = torch.distributions.Wishart(df=_tensor(5.0, x), covariance_matrix=covariance, validate_args=True)
    return d.log_prob(_tensor(S, x))


def gp_solve(x):
    factor = torch.linalg.cholesky(x @ x.T + torch.eye(3, dtype=x.dtype))
    return torch.cholesky_solve(torch.ones(3, 2, dtype=x.dtype) + x[:, :2], factor).sum()


def gp_solve_upper(x):
    factor = torch.linalg.cholesky(x @ x.T + torch.eye(3, dtype=x.dtype), upper=True)
    return (torch.cholesky_solve(x[:, :1], factor, upper=True) ** 2).sum()


def cosine_embedding(a, b):
    return F.cosine_embedding_loss(a, b, _tensor([1.0, -1.0], a), margin=-0.5)


def hinge_embedding(a):
    return F.hinge_embedding_loss(a, _tensor([[1.0, -1.0, 1.0], [-1.0, 1.0, -1.0]], a), margin=1.5)


def multi_margin(a):
    return F.multi_margin_loss(a, torch.tensor([2, 0]))


def multi_margin_squared(a):
    weight = _tensor([1.0, 2.0, 0.5], a)
    return F.multi_margin_loss(a, torch.tensor([2, 0]), p=2, margin=0.7, weight=weight, reduction="sum")


def pair_spread(a):
    points = torch.cat([a, a * 0.5 + 1.0])
    return (torch.exp(-torch.pdist(points)) * torch.arange(1.0, 7.0, dtype=a.dtype)).sum()  # weighted: the pairs' order counts


def pair_norms(a):
    return torch.pdist(a * 2.0 + a.flip(0), p=3).sum() + torch.pdist(torch.cat([a, -a]), p=1).sum()


def histogram_weighted(a):
    return (torch.histc(a, bins=4, min=-2, max=2) * torch.arange(4.0, dtype=a.dtype)).sum() * a.sum()


def histogram_data_range(a):
    return torch.histc(a, bins=3).max() * (a ** 2).sum()


OPS = {
    "cholesky_solve": (gp_solve, (S,)),
    "cholesky_solve upper": (gp_solve_upper, (S,)),
    "cholesky_solve (Wishart, validate_args)": (wishart, (S,)),
    "empty_permuted (cosine_embedding_loss)": (cosine_embedding, (A, B)),
    "empty_permuted (hinge_embedding_loss)": (hinge_embedding, (A,)),
    "multi_margin_loss_backward": (multi_margin, (A,)),
    "multi_margin_loss_backward (p=2, weight, sum)": (multi_margin_squared, (A,)),
    "_pdist_forward/_pdist_backward": (pair_spread, (A,)),
    "_pdist_forward p=3, p=1": (pair_norms, (A,)),
    "histc": (histogram_weighted, (A,)),
    "histc over the data's range": (histogram_data_range, (A,)),
}


@pytest.mark.parametrize("name", OPS)
def test_the_op_replays_as_pytorch_computes_it_in_float64(name):
    fun, args = OPS[name]
    assert_replays_as_the_framework_computes(capture, fun, args, name)


@pytest.mark.parametrize("name", ["cholesky_solve", "cholesky_solve (Wishart, validate_args)", "_pdist_forward/_pdist_backward", "histc"])
def test_the_forward_replay_runs_on_mpmath_numbers(name):
    fun, args = OPS[name]
    assert_forward_replays_on_mpmath(capture, fun, args, name)


def test_histc_counts_are_pytorchs_and_carry_no_gradient():
    x = np.array([-2.5, -2.0, -0.3, 0.0, 0.4, 1.99, 2.0, 3.0])
    bridge = capture(lambda a: (torch.histc(a, bins=4, min=-2, max=2) * torch.arange(1.0, 5.0, dtype=a.dtype)).sum() + a.sum(), "histc")
    value, (grad,) = bridge.own((x,), np.float64(1.0))
    np.testing.assert_allclose(float(bridge.forward(x)), value, rtol=1e-15)  # counts 2, 1, 1, 2 of [1, 2, 3, 4] plus the sum
    np.testing.assert_allclose(np.asarray(bridge.backward((x,), np.float64(1.0))[0], dtype=float), np.ones_like(x), rtol=1e-15)
    np.testing.assert_allclose(grad, np.ones_like(x), rtol=1e-15)


# A user's loss, and the argument it is checked at: each `ok` in float32 and float64, its exact gradient PyTorch's float64 one to 1e-10.
# cholesky_solve's whole check is the Wishart log-density's, which solves through it (the Gaussian process's solve is
# held to PyTorch's numbers in OPS above).
USERS = {
    "Wishart log-density with validate_args": (wishart, [S]),
    "cosine_embedding_loss": (cosine_embedding, [{"a": A, "b": B}]),
    "hinge_embedding_loss": (hinge_embedding, [A]),
    "multi_margin_loss": (multi_margin, [A]),
    "multi_margin_loss (p=2, weight, sum)": (multi_margin_squared, [A]),
    "pdist-based repulsion loss": (pair_spread, [A]),
}


@pytest.mark.parametrize("name", USERS)
def test_a_users_loss_is_ok_and_its_exact_gradient_is_pytorchs(name):
    fun, args = USERS[name]
    report = gradcli.check(fun, args, dtypes=("float32", "float64"), framework="torch")
    assert [r.status.value for r in report.results] == ["ok", "ok"], [r.findings for r in report.results]
    result = report.results[1]
    tensors = {k: torch.tensor(v, dtype=torch.float64, requires_grad=True) for k, v in args[0].items()} if isinstance(args[0], dict) else {"x": torch.tensor(args[0], requires_grad=True)}
    own = torch.autograd.grad(fun(*tensors.values()), list(tensors.values()))
    exact = result.exact_gradient
    for (key, value), mine in zip(exact.items(), own):
        np.testing.assert_allclose(np.asarray(value, dtype=np.float64), mine.numpy(), rtol=1e-10, atol=1e-12, err_msg=key)
