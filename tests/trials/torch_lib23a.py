"""A user's PyTorch code, twenty-third round (a): binary_cross_entropy on probabilities (its log clamped at -100),
special.logit with eps, hardsigmoid, reflect padding, adaptive average pooling, copysign, clamp with tensor bounds,
fmod, a relu RNNCell, embedding_bag (mean and max), scatter_reduce (amax and prod), distributions not tried before
(GeneralizedPareto in its shape, Normal.icdf in the tail, a Wishart in its degrees of freedom, a Gaussian mixture far
out, Categorical's entropy, a Gamma-Gamma KL), Sinkhorn iterations (log-domain and naive), a cold Gumbel-softmax
relaxation with fixed noise, torch.library.custom_op with register_autograd (right, and wrong on one branch), and
autograd.Functions (setup_context style; a backward that forgets grad_output; a backward with a sign slip past a
switch)."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.distributions import (Categorical, Gamma, GeneralizedPareto, MixtureSameFamily, Normal, Wishart,
                                 kl_divergence)


def bce_probs(p):
    """Binary cross-entropy of predicted probabilities against positive labels (a classifier's head after sigmoid)."""
    target = torch.ones_like(p)
    return F.binary_cross_entropy(p, target, reduction="sum")


def logit_eps(x):
    return torch.special.logit(x, eps=1e-6).sum()


def hardsigmoid_sum(x):
    return F.hardsigmoid(x).sum()


def reflect_pad_energy(x):
    """A 1-D signal padded by reflection (2 left, 1 right) before a fixed filter bank, read out as an energy."""
    padded = F.pad(x.reshape(1, 1, -1), (2, 1), mode="reflect").reshape(-1)
    weights = torch.arange(1, padded.numel() + 1, dtype=x.dtype)
    return (weights * padded ** 2).sum()


def adaptive_pool_energy(x):
    pooled = F.adaptive_avg_pool1d(x.reshape(1, 1, -1), 3).reshape(-1)
    return (pooled ** 2 * torch.tensor([1.0, -2.0, 3.0], dtype=x.dtype)).sum()


def copysign_energy(x, y):
    w = torch.tensor([1.0, 2.0], dtype=x.dtype)
    return (torch.copysign(x, y) * w).sum()


def clamp_floor(x, lo):
    """Each value held at or above its own learned floor."""
    return (torch.clamp(x, min=lo) ** 2).sum()


def sawtooth(x):
    return (torch.fmod(x, 1.5) * torch.tensor([1.0, -1.0], dtype=x.dtype)).sum()


def relu_rnn_step(x):
    """One step of a relu RNN cell from a zero state, fixed weights, read out by a fixed vector."""
    torch.manual_seed(0)  # the cell's initial draw, overwritten below
    cell = nn.RNNCell(2, 2, nonlinearity="relu", dtype=x.dtype)
    with torch.no_grad():
        cell.weight_ih.copy_(torch.tensor([[1.0, -1.0], [0.5, 2.0]]))
        cell.weight_hh.zero_()
        cell.bias_ih.zero_()
        cell.bias_hh.copy_(torch.tensor([0.5, -1.0]))
    h = cell(x.reshape(1, 2), torch.zeros(1, 2, dtype=x.dtype))
    return (h.reshape(-1) * torch.tensor([2.0, -3.0], dtype=x.dtype)).sum()


BAG_IDS = torch.tensor([0, 2, 1, 2, 3])
BAG_OFFSETS = torch.tensor([0, 2])


def bag_mean(w):
    bags = F.embedding_bag(BAG_IDS, w, BAG_OFFSETS, mode="mean")
    return (bags ** 2).sum()


def bag_max(w):
    bags = F.embedding_bag(BAG_IDS, w, BAG_OFFSETS, mode="max")
    return (bags * torch.tensor([[1.0, 2.0], [-1.0, 3.0]], dtype=w.dtype)).sum()


GROUPS = torch.tensor([0, 1, 0, 1])


def group_max(x):
    out = torch.zeros(2, dtype=x.dtype).scatter_reduce(0, GROUPS, x, reduce="amax", include_self=False)
    return (out * torch.tensor([1.0, 2.0], dtype=x.dtype)).sum()


def group_prod(x):
    out = torch.ones(2, dtype=x.dtype).scatter_reduce(0, GROUPS, x, reduce="prod")
    return (out * torch.tensor([1.0, -1.0], dtype=x.dtype)).sum()


def gpd_shape_logp(c):
    """Log-likelihood of exceedances under a generalized Pareto tail, as a function of its shape."""
    data = torch.tensor([3.0, 0.5], dtype=c.dtype)
    return GeneralizedPareto(torch.zeros_like(c), torch.ones_like(c), c).log_prob(data).sum()


def normal_icdf(p):
    return Normal(0.0, 1.0).icdf(p).sum()


def wishart_df(df):
    value = torch.tensor([[2.0, 0.5], [0.5, 1.0]], dtype=df.dtype)
    return Wishart(df, covariance_matrix=torch.eye(2, dtype=df.dtype)).log_prob(value).sum()


def mixture_logp(x):
    mix = Categorical(logits=torch.tensor([0.0, 1.0], dtype=x.dtype))
    comp = Normal(torch.tensor([-1.0, 2.0], dtype=x.dtype), torch.tensor([0.5, 1.0], dtype=x.dtype))
    return MixtureSameFamily(mix, comp).log_prob(x).sum()


def categorical_entropy(logits):
    return Categorical(logits=logits).entropy()


def kl_gamma(a):
    return kl_divergence(Gamma(a, torch.ones_like(a)), Gamma(torch.full_like(a, 2.0), torch.full_like(a, 3.0))).sum()


def _sinkhorn_plan(cost, eps, steps=20):
    """The entropic transport plan between two uniform histograms, in the log domain."""
    log_a = torch.full((cost.shape[0],), -math.log(cost.shape[0]), dtype=cost.dtype)
    log_b = torch.full((cost.shape[1],), -math.log(cost.shape[1]), dtype=cost.dtype)
    f = torch.zeros(cost.shape[0], dtype=cost.dtype)
    g = torch.zeros(cost.shape[1], dtype=cost.dtype)
    for _ in range(steps):
        f = eps * log_a - eps * torch.logsumexp((g[None, :] - cost) / eps, dim=1)
        g = eps * log_b - eps * torch.logsumexp((f[:, None] - cost) / eps, dim=0)
    return torch.exp((f[:, None] + g[None, :] - cost) / eps)


def sinkhorn_cost(cost):
    return (_sinkhorn_plan(cost, 0.05) * cost).sum()


def sinkhorn_naive(cost):
    """The textbook scaling iterations u = a / K v, v = b / K^T u with K = exp(-C / eps)."""
    eps = 1e-3
    a = torch.full((2,), 0.5, dtype=cost.dtype)
    b = torch.full((2,), 0.5, dtype=cost.dtype)
    kernel = torch.exp(-cost / eps)
    v = torch.ones(2, dtype=cost.dtype)
    for _ in range(20):
        u = a / (kernel @ v)
        v = b / (kernel.T @ u)
    plan = u[:, None] * kernel * v[None, :]
    return (plan * cost).sum()


def sinkhorn_cold(cost):
    return (_sinkhorn_plan(cost, 1e-3) * cost).sum()


NOISE = torch.tensor([0.3, -0.2, 0.1], dtype=torch.float64)


def gumbel_relaxed(logits):
    """A straight Gumbel-softmax sample at temperature 1e-3 with the noise drawn once and kept (for a test)."""
    y = F.softmax((logits + NOISE.to(logits.dtype)) / 1e-3, dim=-1)
    return (y * torch.tensor([1.0, 2.0, 4.0], dtype=logits.dtype)).sum()


@torch.library.custom_op("trials23a::soft_abs", mutates_args=())
def soft_abs(x: torch.Tensor) -> torch.Tensor:
    return torch.sqrt(x * x + 0.01)


@soft_abs.register_fake
def _(x):
    return torch.empty_like(x)


def _soft_abs_setup(ctx, inputs, output):
    (x,) = inputs
    ctx.save_for_backward(x, output)


def _soft_abs_backward(ctx, grad):
    x, y = ctx.saved_tensors
    return grad * x / y


soft_abs.register_autograd(_soft_abs_backward, setup_context=_soft_abs_setup)


@torch.library.custom_op("trials23a::soft_abs_slip", mutates_args=())
def soft_abs_slip(x: torch.Tensor) -> torch.Tensor:
    return torch.sqrt(x * x + 0.01)


@soft_abs_slip.register_fake
def _(x):
    return torch.empty_like(x)


def _slip_backward(ctx, grad):
    x, y = ctx.saved_tensors
    return grad * torch.where(x > 0, x, -x) / y


soft_abs_slip.register_autograd(_slip_backward, setup_context=_soft_abs_setup)


def soft_abs_loss(x):
    return (soft_abs(x) * torch.tensor([1.0, 3.0], dtype=x.dtype)).sum()


def soft_abs_slip_loss(x):
    return (soft_abs_slip(x) * torch.tensor([1.0, 3.0], dtype=x.dtype)).sum()


class StableSoftplus(torch.autograd.Function):
    """softplus by max(x, 0) + log1p(exp(-|x|)), its slope the sigmoid (PyTorch 2's setup_context style)."""

    @staticmethod
    def forward(x):
        return torch.clamp(x, min=0) + torch.log1p(torch.exp(-torch.abs(x)))

    @staticmethod
    def setup_context(ctx, inputs, output):
        (x,) = inputs
        ctx.save_for_backward(x)

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return grad * torch.sigmoid(x)


def softplus_fn(x):
    return (StableSoftplus.apply(x) * torch.tensor([1.0, -2.0, 0.5], dtype=x.dtype)).sum()


class Cube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x ** 3

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return 3 * x ** 2


def cube_energy(x):
    return (Cube.apply(x) ** 2).sum()


def cube_total(x):
    return Cube.apply(x).sum()


class HingeSquared(torch.autograd.Function):
    """max(0, 1 - x)^2, the squared hinge, with a hand-written slope."""

    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return torch.clamp(1 - x, min=0) ** 2

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        slope = torch.where(x < 1, 2 * (1 - x), torch.zeros_like(x))
        return grad * slope


def squared_hinge(x):
    return HingeSquared.apply(x).sum()
