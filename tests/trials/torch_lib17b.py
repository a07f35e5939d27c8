"""A user's PyTorch code, seventeenth round (b): torch.distributions at the edges of their supports (VonMises' mean
direction, Kumaraswamy near 1, Pareto at its scale, a relaxed Bernoulli with a confident logit, ContinuousBernoulli at
its removable point 1/2, Cauchy with a vanishing scale, Laplace at its peak), torch.special's inverse and polygamma
functions (ndtri far in the tail, erfinv next to 1, mvlgamma near its edge, trigamma near 0), activations and losses
at their switches (tanhshrink and the exact GELU far left, softsign and hardtanh, multi-class hinge at a tie,
multi-label soft margin at +-800, the infinity norm at a tie), custom autograd.Functions with subtle bugs (a backward
from the saved output that cancels, a new-style setup_context rule, a two-output function whose backward ignores one
upstream gradient, a gradient returned for a float argument), and a small nn.Module with LayerNorm."""

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.distributions import (Cauchy, ContinuousBernoulli, Kumaraswamy, Laplace, Pareto, RelaxedBernoulli,
                                 VonMises)


def vonmises_loc(loc):
    """Log-likelihood of two angles under a von Mises of fixed concentration, its mean direction learned."""
    angles = torch.tensor([0.5, 3.0], dtype=loc.dtype)
    return VonMises(loc, torch.tensor(4.0, dtype=loc.dtype)).log_prob(angles).sum()


def kumaraswamy_logp(a, b):
    """Kumaraswamy log-likelihood of proportions, one very close to 1."""
    data = torch.tensor([0.5, 0.999], dtype=a.dtype)
    return Kumaraswamy(a, b, validate_args=False).log_prob(data).sum()


def pareto_logp(alpha):
    """Pareto log-likelihood of incomes, the first exactly at the scale (the support's edge)."""
    incomes = torch.tensor([1.0, 2.5], dtype=alpha.dtype)
    return Pareto(torch.tensor(1.0, dtype=alpha.dtype), alpha, validate_args=False).log_prob(incomes).sum()


def relaxed_logp(logits):
    """Log-density of relaxed Bernoulli samples (temperature 0.5) under a learned logit."""
    samples = torch.tensor([0.5, 0.3], dtype=logits.dtype)
    dist = RelaxedBernoulli(torch.tensor(0.5, dtype=logits.dtype), logits=logits)
    return dist.log_prob(samples).sum()


def cont_bernoulli_logp(probs):
    """ContinuousBernoulli log-likelihood; the first probability is exactly 1/2, where the normaliser is 0/0."""
    data = torch.tensor([0.3, 0.9], dtype=probs.dtype)
    return ContinuousBernoulli(probs=probs, validate_args=False).log_prob(data).sum()


def cauchy_logp(scale):
    """Cauchy log-likelihood of the point 1 (location 0) as the scale shrinks."""
    data = torch.tensor([1.0, 1.0], dtype=scale.dtype)
    return Cauchy(torch.zeros_like(scale), scale).log_prob(data).sum()


def laplace_logp(loc):
    """Laplace log-likelihood (scale 1), the first location sitting exactly on its datum."""
    data = torch.tensor([0.5, 1.0], dtype=loc.dtype)
    return Laplace(loc, torch.ones_like(loc)).log_prob(data).sum()


def gaussian_quantiles(p):
    """Sum of standard normal quantiles of tail probabilities (a copula's margins)."""
    return torch.special.ndtri(p).sum()


def erfinv_sum(x):
    return torch.special.erfinv(x).sum()


def wishart_norm(a):
    """The log multivariate gamma of dimension 3, as a Wishart log-normaliser needs (a > 1)."""
    return torch.special.multigammaln(a, 3).sum()


def trigamma_sum(x):
    return torch.special.polygamma(1, x).sum()


def tanhshrink_sum(x):
    return F.tanhshrink(x).sum()


def gelu_exact(x):
    return F.gelu(x).sum()


def softsign_sum(x):
    return F.softsign(x).sum()


def hardtanh_sum(x):
    return F.hardtanh(x).sum()


def multiclass_hinge(x):
    """Multi-class hinge loss (Crammer-Singer style, margin 1) of one sample of class 0."""
    return F.multi_margin_loss(x.unsqueeze(0), torch.tensor([0]))


def multilabel_margin(x):
    """Multi-label soft-margin loss with confident logits."""
    target = torch.tensor([[1.0, 0.0, 1.0]], dtype=x.dtype)
    return F.multilabel_soft_margin_loss(x.unsqueeze(0), target)


def max_abs(x):
    return torch.linalg.vector_norm(x, ord=float("inf"))


class OutputSoftplus(torch.autograd.Function):
    """softplus whose backward reuses the saved output: sigmoid(x) = 1 - exp(-softplus(x))."""

    @staticmethod
    def forward(ctx, x):
        out = F.softplus(x)
        ctx.save_for_backward(out)
        return out

    @staticmethod
    def backward(ctx, grad):
        (out,) = ctx.saved_tensors
        return grad * (1 - torch.exp(-out))


def output_softplus(x):
    return OutputSoftplus.apply(x).sum()


class Swish(torch.autograd.Function):
    """x * sigmoid(x) in PyTorch 2's style: forward without ctx, setup_context saves."""

    @staticmethod
    def forward(x):
        return x * torch.sigmoid(x)

    @staticmethod
    def setup_context(ctx, inputs, output):
        (x,) = inputs
        ctx.save_for_backward(x)

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        s = torch.sigmoid(x)
        return grad * s * (1 + x * s)


def swish_sum(x):
    return Swish.apply(x).sum()


class Exponentials(torch.autograd.Function):
    """exp(x) and exp(-x) from one exp, as a hand-fused cosh/sinh layer computes them."""

    @staticmethod
    def forward(ctx, x):
        grow = torch.exp(x)
        ctx.save_for_backward(grow)
        return grow, 1 / grow

    @staticmethod
    def backward(ctx, grad_grow, grad_decay):
        (grow,) = ctx.saved_tensors
        return grad_grow * grow


def hyperbolic(x):
    grow, decay = Exponentials.apply(x)
    return (2.0 * grow + 3.0 * decay).sum()


class Power(torch.autograd.Function):
    """x ** p for a float p, its backward also giving d/dp (which PyTorch cannot take for a float)."""

    @staticmethod
    def forward(ctx, x, p):
        ctx.save_for_backward(x)
        ctx.p = p
        return x ** p

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return grad * ctx.p * x ** (ctx.p - 1), grad * x ** ctx.p * torch.log(x)


def power_sum(x):
    return Power.apply(x, 3.0).sum()


class Head(nn.Module):
    """Linear -> LayerNorm -> tanh -> Linear, the last layer of a small regressor."""

    def __init__(self):
        super().__init__()
        self.inp = nn.Linear(2, 3)
        self.norm = nn.LayerNorm(3)
        self.out = nn.Linear(3, 1)

    def forward(self, x):
        return self.out(torch.tanh(self.norm(self.inp(x))))


def head_loss(model, x):
    return (model(x) ** 2).sum()


def head_args():
    """A head whose first layer gives the same value on all three features for the first row (LayerNorm's 0/0)."""
    model = Head().double()
    with torch.no_grad():
        model.inp.weight.copy_(torch.tensor([[1.0, 0.5], [0.5, 0.0], [0.25, -1.0]]))
        model.inp.bias.copy_(torch.tensor([0.0, 0.0, -0.75]))
        model.norm.weight.copy_(torch.tensor([1.0, 2.0, -0.5]))
        model.norm.bias.copy_(torch.tensor([0.1, -0.2, 0.3]))
        model.out.weight.copy_(torch.tensor([[1.5, -1.0, 0.5]]))
        model.out.bias.copy_(torch.tensor([0.25]))
    return {"model": model, "x": torch.tensor([[1.0, -1.0], [2.0, 1.0]], dtype=torch.float64)}
