"""A new user's PyTorch code, checked as it stands: the losses and numerics people file NaN-gradient threads about.

Each ATen op mapped for such code replays to PyTorch's own value and
vector-Jacobian product in float64 (and the forward graph on mpmath numbers
to the same value); each user's function is checked by `gradcli.check` in
float32 and float64 with the verdict it deserves, its exact gradient equal to
PyTorch's float64 gradient to 1e-10. An op gradcli cannot replay stays an
`InputError` naming it and the user's line.

Tried and replayed (ok in both dtypes): softplus, logsumexp, cross-entropy,
BCE (with logits and on probabilities), focal loss, KL divergence, log-det
through cholesky, logdet, solve, inv, norm, cosine similarity, GELU (erf and
tanh), SiLU, Mish, erf-based normal CDF, ndtr and log_ndtr, Poisson NLL and
log-likelihood, lgamma, atan2, erfcx, erfc, erfinv, cumsum, cumprod,
logcumsumexp, cummax, median, kthvalue, sort, topk, clip, where, gather, one_hot,
einsum, layer norm, scaled-dot-product and hand-written attention, an RNN
written as a Python loop, huber and smooth L1, logsigmoid, std and var, prod,
max and min, logit, xlogy and xlog1py, entropy, hypot, sinc, outer, trace,
eigvalsh, the spectral and nuclear norms (svd), triu, pad, roll, NLL, L1, margin ranking, linear, i0 and i0e,
softmin, normalize, conv1d, conv2d and their transposes (aten.convolution and its backward),
cdist, a GRU cell's gates (unsafe_split), nn.RNN and nn.GRU (the transpose packet). Judged unstable, rightly: digamma's gradient in float64 (PyTorch's
trigamma has a 3e-10 relative error). torch.distributions' argument checks
are switched off while the graph is traced (PyTorch's own run keeps them).
A quotient rounded by div's rounding_mode is replayed as the step function it is (test_complex60_torch).
Still refused: overlapping windows read through as_strided (Tensor.unfold, at the user's line) and
gaussian_nll_loss's check, which branches on a tensor's value (torch.cond is
replayed: test_torch_cond).
"""

import numpy as np
import pytest
import torch
import torch.nn.functional as F

import gradcli
from gradcli.capture.torch_bridge import capture
from gradcli.errors import InputError
from bridge_checks import assert_forward_replays_on_mpmath, assert_replays_as_the_framework_computes

V = np.array([0.3, -1.2, 2.0, 0.7])
P = np.array([0.5, 1.5, 2.5, 0.8])
M = np.array([[2.0, 0.3, 0.1], [0.3, 1.5, 0.2], [0.1, 0.2, 1.0]])
N = np.array([[2.0, 0.3, -0.4], [0.1, 1.5, 0.2], [0.6, -0.2, 1.0]])  # not symmetric: a factor and its transpose differ
L = np.array([[0.2, -1.0, 0.5], [1.1, 0.3, -0.4]])
IMAGES = np.random.default_rng(3).normal(size=(2, 4, 6, 5))
KERNELS = np.random.default_rng(4).normal(size=(4, 2, 2, 3))


with torch.random.fork_rng():
    torch.manual_seed(29)
    RECURRENT = {"RNN": torch.nn.RNN(3, 2, batch_first=True).double(), "GRU": torch.nn.GRU(3, 2, batch_first=True).double()}
SEQUENCE = np.random.default_rng(5).normal(size=(1, 4, 3))


def _arange(n, like):
    return torch.arange(float(n), dtype=like.dtype)


def _row(values, like):
    return torch.tensor([values], dtype=like.dtype)


# Each op newly mapped, and a function that makes PyTorch record it (forward or backward).
OPS = {
    "lgamma": (lambda x: (torch.lgamma(x) * x).sum(), (P,)),
    "digamma": (lambda x: (torch.digamma(x) * x).sum(), (P,)),
    "polygamma": (lambda x: torch.polygamma(2, x).sum(), (P,)),
    "atan2": (lambda x: torch.atan2(x[:2], x[2:]).sum(), (V,)),
    "erfc/erfinv": (lambda x: (torch.erfc(x) + torch.erfinv(torch.tanh(x))).sum(), (V,)),
    "special_erfcx": (lambda x: torch.special.erfcx(x * 3).sum(), (V,)),
    "special_ndtri/log_ndtr": (lambda x: (torch.special.ndtri(torch.sigmoid(x)) + torch.special.log_ndtr(x)).sum(), (V,)),
    "i0/i0e/i1e": (lambda x: (torch.special.i0(x) + torch.special.i0e(x) + torch.special.i1e(x)).sum(), (V,)),
    "hypot": (lambda x: torch.hypot(x, x.flip(0)).sum(), (V,)),
    "remainder/fmod": (lambda x: (torch.remainder(x, 0.7) * x + torch.fmod(x, 0.7) * x).sum(), (V,)),
    "var/std": (lambda x: torch.var(x) + torch.std(x, dim=1).sum() + torch.var(x, dim=0, correction=0).sum(), (L,)),
    "prod": (lambda x: torch.prod(x) + torch.prod(x, dim=1).sum(), (L,)),
    "max/min (all, dim)": (lambda x: torch.max(x) - torch.min(x) + torch.max(x, dim=1).values.sum() + torch.min(x, 0)[0].sum(), (L,)),
    "sort": (lambda x: (torch.sort(x, descending=True)[0] * _arange(4, x)).sum(), (V,)),
    "topk": (lambda x: (torch.topk(x, 2)[0] * torch.tensor([2.0, 1.0], dtype=x.dtype)).sum(), (V,)),
    "median": (lambda x: torch.median(x) + torch.median(x, dim=1).values.sum(), (L,)),
    "kthvalue": (lambda x: torch.kthvalue(x, 2).values.sum() + torch.kthvalue(x, 1, dim=0, keepdim=True).values.sum(), (L,)),
    "cumsum/cumprod": (lambda x: (torch.cumsum(x, 0) ** 2).sum() + torch.cumprod(x, 0).sum(), (V,)),
    "logcumsumexp": (lambda x: torch.logcumsumexp(x, 0).sum(), (V,)),
    "cummax/cummin": (lambda x: (torch.cummax(x, 0)[0] * x).sum() + (torch.cummin(x, 0)[0] * x).sum(), (V,)),
    "linalg_cholesky_ex": (lambda x: (torch.linalg.cholesky(x @ x.T + torch.eye(3, dtype=x.dtype)) ** 2).sum(), (M,)),
    "linalg_solve_ex": (lambda x: torch.linalg.solve(x, torch.tensor([1.0, 2.0, -1.0], dtype=x.dtype)).sum(), (M,)),
    "linalg_inv_ex": (lambda x: (torch.linalg.inv(x) ** 2).sum(), (M,)),
    "linalg_slogdet/logdet": (lambda x: torch.logdet(x) + torch.linalg.slogdet(x)[1], (M,)),
    # PyTorch factors a contiguous matrix's transpose, and a transposed view's matrix itself
    "linalg_slogdet (not symmetric, contiguous or not)": (lambda x: torch.linalg.slogdet(x)[1] + 2 * torch.logdet(x.mT), (N,)),
    "linalg_solve_triangular": (lambda x: torch.linalg.solve_triangular(torch.tril(x), torch.ones(3, 1, dtype=x.dtype), upper=False).sum(), (M,)),
    "linalg_eigh": (lambda x: (torch.linalg.eigvalsh(x @ x.T) ** 2).sum(), (M,)),
    "_linalg_svd (spectral and nuclear norms)": (
        lambda x: torch.linalg.matrix_norm(x, ord=2) + torch.linalg.matrix_norm(x[:, :2], ord="nuc"), (M,)),
    "diagonal/trace": (lambda x: torch.trace(x @ x) + torch.diagonal(x).prod(), (M,)),
    "triu/tril": (lambda x: (torch.triu(x, 1) ** 2).sum() + (torch.tril(x) * x).sum(), (M,)),
    "roll": (lambda x: (torch.roll(x, 1) * x).sum(), (V,)),
    "unsafe_split (gru_cell's gates)": (
        lambda w: torch.gru_cell(_row([1.0, -2.0], w), _row([0.5], w), w, _row([0.5, -0.5, 1.0], w).T).sum(), (M[:, :2],)),
    "constant_pad_nd": (lambda x: (F.pad(x, (1, 2)) * _arange(7, x)).sum(), (V,)),
    "iota (one_hot)": (lambda x: (F.one_hot(torch.tensor([1, 3]), 4).to(x.dtype) @ x).sum(), (V,)),
    "layer_norm (broadcast_in_dim)": (lambda x: (F.layer_norm(x, (3,)) * _arange(3, x)).sum(), (L,)),
    "convolution (conv1d)": (lambda x, w: (F.conv1d(x.reshape(1, 1, 4), w.reshape(1, 1, 3)) ** 2).sum(), (V, P[:3])),
    "convolution (conv2d: stride, padding, dilation, groups, bias)": (
        lambda x, w, b: torch.tanh(F.conv2d(x, w, b, stride=(1, 2), padding=(1, 0), dilation=(2, 1), groups=2)).sum(),
        (IMAGES, KERNELS, P),
    ),
    "transpose packet (nn.RNN)": (lambda x: torch.tanh(RECURRENT["RNN"](x)[0]).sum(), (SEQUENCE,)),
    "transpose packet (nn.GRU)": (lambda x: torch.tanh(RECURRENT["GRU"](x)[0]).sum(), (SEQUENCE,)),
    "_cdist_forward/_cdist_backward": (lambda a, b: torch.tanh(torch.cdist(a, b)).sum() + torch.cdist(a, b, p=1).sum(), (L.T, M[:, :2])),
}


# PyTorch's own float64 kernels that are off by more than 1e-10: the replay computes the function itself.
ROUGH = {"digamma": 1e-8, "polygamma": 1e-8}  # trigamma and tetragamma: about 3e-10 relative error


@pytest.mark.parametrize("name", OPS)
def test_a_newly_mapped_op_replays_as_pytorch_computes_it_in_float64(name):
    fun, args = OPS[name]
    assert_replays_as_the_framework_computes(capture, fun, args, name, rtol=ROUGH.get(name, 1e-10))


@pytest.mark.parametrize("name", ["lgamma", "special_erfcx", "sort", "median", "kthvalue", "logcumsumexp", "linalg_solve_ex", "linalg_cholesky_ex"])
def test_the_forward_replay_runs_on_mpmath_numbers(name):
    fun, args = OPS[name]
    assert_forward_replays_on_mpmath(capture, fun, args, name)


def focal(x):
    t = torch.tensor([1.0, 0.0, 1.0, 0.0], dtype=x.dtype)
    p = torch.sigmoid(x)
    pt = torch.where(t == 1, p, 1 - p)
    return -((1 - pt) ** 2 * torch.log(pt)).sum()


def poisson_loglik(x):
    k = torch.tensor([0.0, 1.0, 3.0, 2.0], dtype=x.dtype)
    return (k * x - torch.exp(x) - torch.lgamma(k + 1)).sum()


def logdet(x):
    return 2 * torch.log(torch.linalg.cholesky(x @ x.T + torch.eye(3, dtype=x.dtype)).diagonal()).sum()


def scaled_normal_tail(x):
    return torch.log(torch.special.erfcx(x)).sum()


# A user's function, its argument, and the verdicts it deserves in (float32, float64).
USERS = {
    "focal loss": (focal, V, ("ok", "ok")),
    "Poisson log-likelihood (lgamma)": (poisson_loglik, V, ("ok", "ok")),
    "angle (atan2)": (lambda x: torch.atan2(x[:2], x[2:]).sum(), V, ("ok", "ok")),
    "log erfcx": (scaled_normal_tail, V, ("ok", "ok")),
    "median": (lambda x: torch.median(x), V, ("ok", "ok")),
    "top-2 mean": (lambda x: torch.topk(x, 2)[0].mean(), V, ("ok", "ok")),
    "log-det through cholesky": (logdet, M, ("ok", "ok")),
    "layer norm": (lambda x: (F.layer_norm(x, (4,)) * torch.arange(4.0, dtype=x.dtype)).sum(), V, ("ok", "ok")),
    "digamma": (lambda x: torch.digamma(x).sum(), P, ("ok", "unstable")),
}


@pytest.mark.parametrize("name", USERS)
def test_a_users_function_gets_its_verdict_in_both_dtypes_and_exact_to_1e_10(name):
    fun, x, verdicts = USERS[name]
    report = gradcli.check(fun, [x], dtypes=("float32", "float64"), framework="torch")
    assert tuple(r.status for r in report.results) == verdicts, [r.findings for r in report.results]
    tensor = torch.tensor(x, dtype=torch.float64, requires_grad=True)
    (own,) = torch.autograd.grad(fun(tensor), tensor)
    [exact] = report.results[1].exact_gradient.values()
    tolerance = 1e-10 if verdicts[1] == "ok" else 1e-8  # trigamma's own error is 3e-10
    np.testing.assert_allclose(np.asarray(exact, dtype=np.float64), own.numpy(), rtol=tolerance, atol=1e-12)


def test_an_op_gradcli_cannot_replay_names_itself_and_the_users_line():
    def reflections(x):
        return torch.linalg.householder_product(x.reshape(-1, 1), x[:1]).sum()  # the line named

    line = reflections.__code__.co_firstlineno + 1
    with pytest.raises(InputError) as caught:
        gradcli.check(reflections, [V], dtypes=("float64",), framework="torch")
    assert "aten.linalg_householder_product" in str(caught.value) and f"{__file__}:{line}" in str(caught.value)


def test_a_form_of_an_op_gradcli_refuses_names_the_users_line_too():
    def windowed(x, w):
        y = x * w[0]
        torch.as_strided(y, (2, 2), (1, 1)).mul_(2.0)  # a write through overlapping windows: the line named
        return y.sum()

    line = windowed.__code__.co_firstlineno + 2
    with pytest.raises(InputError) as caught:
        gradcli.check(windowed, [{"x": V, "w": P}], dtypes=("float64",), framework="torch")
    assert "as_strided" in str(caught.value) and f"{__file__}:{line}" in str(caught.value)


def test_overlapping_windows_read_by_unfold_are_replayed():
    def windowed(x, w):
        return (x.unfold(0, 2, 1) * w[:2]).sum()

    [result] = gradcli.check(windowed, [{"x": V, "w": P}], dtypes=("float64",), framework="torch").results
    assert result.status.value == "ok", [f.message for f in result.findings]
