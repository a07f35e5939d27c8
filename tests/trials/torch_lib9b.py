"""A user's PyTorch code, ninth round (b): an Adam-style update at a zero second moment, a cosine schedule at its
end, Beta and Gamma log-probabilities at tiny concentrations, log erfc in its far tail, a log-distance and a soft-core
potential at coincident and tiny separations, torch.nn.functional losses at their corners (kl_div with log_target,
poisson_nll_loss on rates, gaussian_nll_loss below its variance floor), activations at their switches (celu, selu,
softplus with beta and threshold), torch.where with a NaN in the untaken branch, nan_to_num after an overflow, in-place
ops, a half-precision exp inside a float32 loss, autograd.Functions right in an unusual way and wrong past a switch,
and an nn.Module's weight by name."""

import math

import torch
import torch.nn.functional as F
from torch import nn
from torch.distributions import Beta, Gamma

MOMENT = torch.tensor([0.1, -0.2], dtype=torch.float64)
COST = torch.tensor([1.0, -2.0], dtype=torch.float64)


def adam_rsqrt(v):
    return torch.sum(MOMENT.to(v.dtype) * torch.rsqrt(v + 1e-8))


def adam_sqrt(v):
    return torch.sum(MOMENT.to(v.dtype) / (torch.sqrt(v) + 1e-8))


def cosine_schedule(t):
    return 0.5 * (1.0 + torch.cos(math.pi * t / 100.0))


def beta_logp(a):
    return Beta(a, torch.tensor(2.0, dtype=a.dtype)).log_prob(torch.tensor(0.3, dtype=a.dtype))


def gamma_logp(k):
    return Gamma(k, torch.tensor(3.0, dtype=k.dtype)).log_prob(torch.tensor(0.5, dtype=k.dtype))


def log_erfc(x):
    return torch.sum(torch.log(torch.special.erfc(x)))


def log_erfcx(x):
    return torch.sum(torch.log(torch.special.erfcx(x)) - x * x)


def log_distance(d):
    return torch.log(torch.norm(d))


def log_hypot(d):
    return torch.log(torch.hypot(d[0], d[1]))


def soft_core(d):
    r = torch.norm(d)
    return 1.0 / torch.sqrt(r * r + 0.01)


def kl_log_target(t):
    inp = torch.tensor([-1.0, -2.0], dtype=t.dtype)
    return F.kl_div(inp, t, reduction="sum", log_target=True)


def poisson_rate(rate):
    target = torch.tensor([2.0, 0.0], dtype=rate.dtype)
    return F.poisson_nll_loss(rate, target, log_input=False, reduction="sum")


def gaussian_nll_var(var):
    mean = torch.tensor([0.5], dtype=var.dtype)
    target = torch.tensor([0.25], dtype=var.dtype)
    return F.gaussian_nll_loss(mean, target, var, reduction="sum")


def gaussian_nll_mean(mean):
    target = torch.tensor([0.25], dtype=mean.dtype)
    var = torch.tensor([1e-10], dtype=mean.dtype)
    return F.gaussian_nll_loss(mean, target, var, reduction="sum")


def celu_sum(x):
    return torch.sum(F.celu(x, alpha=0.5))


def selu_sum(x):
    return torch.sum(F.selu(x))


def softplus_switch(x):
    return torch.sum(F.softplus(x, beta=2.0, threshold=10.0))


def where_sqrt(x):
    return torch.sum(torch.where(x > 0, torch.sqrt(x), torch.zeros_like(x)))


def where_nan_constant(x):
    y = torch.where(x > 0, x * x, torch.full_like(x, float("nan")))
    return torch.nansum(y)


def nan_to_num_exp(x):
    return torch.sum(torch.nan_to_num(torch.exp(x), posinf=1e300))


def relu_squared(x):
    return torch.sum(torch.clamp(x, min=0.0) ** 2)


def in_place(x):
    y = x.clone()
    y.mul_(2.0)
    torch.relu_(y)
    return torch.sum(y * y)


def half_exp(x):
    return torch.sum(torch.exp(x.to(torch.float16)).to(x.dtype))


def bf16_square(x):
    return torch.sum((x.to(torch.bfloat16) * 3.0).to(x.dtype) ** 2)


def shifted_square(x):
    return (x - 0.1) ** 2


class SoftplusFromOutput(torch.autograd.Function):
    """softplus, its backward read from the output: sigmoid(x) = 1 - exp(-softplus(x))."""

    @staticmethod
    def forward(ctx, x):
        y = torch.logaddexp(x, torch.zeros_like(x))
        ctx.save_for_backward(y)
        return y

    @staticmethod
    def backward(ctx, grad):
        (y,) = ctx.saved_tensors
        return -grad * torch.expm1(-y)


def softplus_from_output(x):
    return torch.sum(SoftplusFromOutput.apply(x))


class FastSoftplus(torch.autograd.Function):
    """softplus whose backward takes the slope as 1 past 15."""

    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return torch.logaddexp(x, torch.zeros_like(x))

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return grad * torch.where(x > 15.0, torch.ones_like(x), torch.sigmoid(x))


def fast_softplus(x):
    return torch.sum(FastSoftplus.apply(x))


class Gate(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(2, 2, bias=False)
        self.scale = nn.Parameter(torch.tensor(1.5))

    def forward(self, x):
        return F.silu(self.fc1(x)) * self.scale


def gate_args():
    model = Gate().double()
    with torch.no_grad():
        model.fc1.weight.copy_(torch.tensor([[1.0, -1.0], [0.5, 2.0]]))
    return model, torch.tensor([0.3, -0.7], dtype=torch.float64)


def gate_loss(model, x):
    return torch.sum(COST * model(x))


def gate_scale_args():
    return gate_args()
