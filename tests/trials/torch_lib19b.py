"""A user's PyTorch code, nineteenth round (b): torch.distributions not tried before (a low-rank Gaussian with a tiny
diagonal, Geometric and Binomial from logits at +-800 and at 0, Chi2 with a vanishing df, FisherSnedecor with a huge
second df, InverseGamma, OneHotCategorical and RelaxedOneHotCategorical with confident logits, a Poisson rate at
0), activations and losses at their switches (logsigmoid at -800, softplus at its threshold, hinge embedding at its
margin, a top-k sum at a tie, the Mish tail), custom autograd.Functions as tutorials write them (a NumPy forward, a
straight-through rounding, a backward whose two gradients are swapped, a bias gradient not summed over the batch, a
once_differentiable log1pexp, needs_input_grad), and a small nn.Module with GroupNorm over a constant group."""

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.autograd.function import once_differentiable
from torch.distributions import (Binomial, Chi2, FisherSnedecor, Geometric, InverseGamma, LowRankMultivariateNormal,
                                 OneHotCategorical, Poisson, RelaxedOneHotCategorical)


def lowrank_logp(loc, cov_diag):
    """Log-likelihood of one point under a factor-analysis Gaussian (one factor plus a diagonal)."""
    factor = torch.tensor([[1.0], [2.0]], dtype=loc.dtype)
    point = torch.tensor([0.5, 1.5], dtype=loc.dtype)
    return LowRankMultivariateNormal(loc, factor, cov_diag).log_prob(point)


def geometric_logp(logits):
    """Number of failures before the first success, the success chance from a logit."""
    failures = torch.tensor([3.0, 1.0], dtype=logits.dtype)
    return Geometric(logits=logits).log_prob(failures).sum()


def binomial_logp(logits):
    """Successes out of 10 trials, the success chance from a logit (one of them exactly 0)."""
    successes = torch.tensor([4.0, 10.0, 0.0], dtype=logits.dtype)
    return Binomial(10, logits=logits).log_prob(successes).sum()


def chi2_logp(df):
    data = torch.tensor([0.5, 3.0], dtype=df.dtype)
    return Chi2(df).log_prob(data).sum()


def fisher_logp(df2):
    """F-distribution log-likelihood with df1 = 3, the second degrees of freedom huge (the chi-square limit)."""
    data = torch.tensor([0.8, 2.0], dtype=df2.dtype)
    return FisherSnedecor(torch.tensor(3.0, dtype=df2.dtype), df2).log_prob(data).sum()


def inverse_gamma_logp(rate):
    data = torch.tensor([0.5, 4.0], dtype=rate.dtype)
    return InverseGamma(torch.tensor(2.5, dtype=rate.dtype), rate).log_prob(data).sum()


def onehot_logp(logits):
    """Log-probability of class 1 under a categorical with very confident logits."""
    label = torch.tensor([0.0, 1.0, 0.0], dtype=logits.dtype)
    return OneHotCategorical(logits=logits).log_prob(label)


def relaxed_onehot_logp(logits):
    """Gumbel-softmax (Concrete) density of a soft sample, temperature 0.5."""
    sample = torch.tensor([0.2, 0.5, 0.3], dtype=logits.dtype)
    dist = RelaxedOneHotCategorical(torch.tensor(0.5, dtype=logits.dtype), logits=logits)
    return dist.log_prob(sample)


def poisson_zero_logp(rate):
    """Poisson log-likelihood of zero counts; the first rate sits at 0, where log p(0) = -rate still has slope -1."""
    counts = torch.zeros_like(rate)
    return Poisson(rate, validate_args=False).log_prob(counts).sum()


def logsigmoid_sum(x):
    return F.logsigmoid(x).sum()


def softplus_switch(x):
    """Softplus with beta 2 and threshold 5: linear once beta * x passes 5."""
    return F.softplus(x, beta=2.0, threshold=5.0).sum()


def hinge_embedding(x):
    """Distances of dissimilar pairs (target -1) pushed past the margin 1; the first exactly at it."""
    target = -torch.ones_like(x)
    return F.hinge_embedding_loss(x, target, margin=1.0, reduction="sum")


def top2_sum(x):
    return torch.topk(x, 2).values.sum()


def mish_sum(x):
    return F.mish(x).sum()


class NumpyLogCosh(torch.autograd.Function):
    """log(cosh(x)) computed in NumPy, as the "extending PyTorch with NumPy" tutorial does."""

    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        values = x.detach().numpy()
        return torch.as_tensor(np.logaddexp(values, -values) - np.log(2.0))

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return grad_output * torch.tanh(x)


def numpy_logcosh(x):
    return NumpyLogCosh.apply(x).sum()


class RoundSTE(torch.autograd.Function):
    """Rounding with the straight-through estimator: the backward passes the gradient through unchanged."""

    @staticmethod
    def forward(ctx, x):
        return torch.round(x)

    @staticmethod
    def backward(ctx, grad_output):
        return grad_output


def quantized_sum(x):
    return (RoundSTE.apply(x) * torch.tensor([2.0, -1.0], dtype=x.dtype)).sum()


class ScaledExp(torch.autograd.Function):
    """a * exp(b); the backward uses needs_input_grad to skip what nobody asked for."""

    @staticmethod
    def forward(ctx, a, b):
        e = torch.exp(b)
        ctx.save_for_backward(a, e)
        return a * e

    @staticmethod
    def backward(ctx, grad_output):
        a, e = ctx.saved_tensors
        grad_a = grad_b = None
        if ctx.needs_input_grad[0]:
            grad_a = grad_output * a * e
        if ctx.needs_input_grad[1]:
            grad_b = grad_output * e
        return grad_a, grad_b


def scaled_exp(a, b):
    return ScaledExp.apply(a, b).sum()


class AddBias(torch.autograd.Function):
    """x + b with a bias of one entry broadcast over the batch."""

    @staticmethod
    def forward(ctx, x, b):
        return x + b

    @staticmethod
    def backward(ctx, grad_output):
        return grad_output, grad_output


def biased_square(x, b):
    return (AddBias.apply(x, b) ** 2).sum()


class Log1pExp(torch.autograd.Function):
    """Softplus with a hand-written, once-differentiable backward from the saved input."""

    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return torch.where(x > 0, x + torch.log1p(torch.exp(-x)), torch.log1p(torch.exp(x)))

    @staticmethod
    @once_differentiable
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return grad_output * torch.sigmoid(x)


def log1pexp_sum(x):
    return (Log1pExp.apply(x) * torch.tensor([1.0, 2.0], dtype=x.dtype)).sum()


class MaxWithIndex(torch.autograd.Function):
    """The largest entry and where it is; the index marked non-differentiable, as the docs' example does."""

    @staticmethod
    def forward(ctx, x):
        value, index = x.max(dim=0)
        ctx.mark_non_differentiable(index)
        ctx.save_for_backward(index)
        ctx.size = x.shape[0]
        return value, index

    @staticmethod
    def backward(ctx, grad_value, grad_index):
        (index,) = ctx.saved_tensors
        grad = torch.zeros(ctx.size, dtype=grad_value.dtype)
        grad[index] = grad_value
        return grad


def peak_score(x):
    value, index = MaxWithIndex.apply(x)
    return value * value + index.to(x.dtype)


class Block(nn.Module):
    """Linear -> GroupNorm (2 groups of 3 channels) -> SiLU -> Linear."""

    def __init__(self):
        super().__init__()
        self.inp = nn.Linear(2, 6)
        self.norm = nn.GroupNorm(2, 6)
        self.out = nn.Linear(6, 1)

    def forward(self, x):
        return self.out(F.silu(self.norm(self.inp(x))))


def block_loss(model, x):
    return model(x).pow(2).sum()


def block_args():
    """Weights chosen so that the first group's three channels are equal for every row (GroupNorm's 0/0)."""
    model = Block().double()
    with torch.no_grad():
        model.inp.weight.copy_(torch.tensor([[1.0, 0.5], [1.0, 0.5], [1.0, 0.5], [0.5, -1.0], [-0.25, 1.0],
                                             [0.75, 0.25]]))
        model.inp.bias.copy_(torch.tensor([0.0, 0.0, 0.0, 0.25, -0.5, 0.125]))
        model.norm.weight.copy_(torch.tensor([1.0, -0.5, 2.0, 0.75, 1.5, -1.0]))
        model.norm.bias.copy_(torch.tensor([0.0, 0.25, -0.5, 0.125, 0.0, 0.5]))
        model.out.weight.copy_(torch.tensor([[1.0, -2.0, 0.5, 1.5, -1.0, 0.25]]))
        model.out.bias.copy_(torch.tensor([-0.25]))
    return {"model": model, "x": torch.tensor([[1.0, 2.0], [0.5, -1.5]], dtype=torch.float64)}


def softplus_default(x):
    """PyTorch's softplus with its default threshold 20: linear from x > 20 on."""
    return F.softplus(x).sum()


def gradient_penalty(w):
    """A WGAN-GP style penalty (|d critic / d x| - 1)^2 for the critic sum(tanh(w x)), by a gradient taken inside."""
    x = torch.tensor([0.5, -1.0], dtype=w.dtype, requires_grad=True)
    critic = torch.tanh(w * x).sum()
    (slope,) = torch.autograd.grad(critic, x, create_graph=True)
    return (slope.norm() - 1.0) ** 2


class Exp(torch.autograd.Function):
    """exp with its backward from the saved output, as the docs' first example writes it."""

    @staticmethod
    def forward(ctx, x):
        out = x.exp()
        ctx.save_for_backward(out)
        return out

    @staticmethod
    def backward(ctx, grad_output):
        (out,) = ctx.saved_tensors
        return grad_output * out


def exp_penalty(w):
    """The squared slope of sum(Exp(w x)) in x, taken inside with create_graph=True (the backward differentiated)."""
    x = torch.tensor([0.5, -1.0], dtype=w.dtype, requires_grad=True)
    (slope,) = torch.autograd.grad(Exp.apply(w * x).sum(), x, create_graph=True)
    return (slope * slope).sum()


def attention_sharpness(w):
    """The squared slope of an attention-weighted score in the query scale w: softmax saves its output."""
    q = torch.tensor([0.5, -1.0, 2.0], dtype=w.dtype, requires_grad=True)
    values = torch.tensor([1.0, -2.0, 0.5], dtype=w.dtype)
    score = (torch.softmax(w * q, dim=0) * values).sum()
    (slope,) = torch.autograd.grad(score, q, create_graph=True)
    return (slope * slope).sum()


def hvp_penalty(w):
    """The squared Hessian-vector product of a log-sum-exp in w along v = (1, -1), by torch.autograd.functional.hvp."""
    v = torch.tensor([1.0, -1.0], dtype=w.dtype)
    _, hv = torch.autograd.functional.hvp(lambda u: torch.logsumexp(u, dim=0), w, v, create_graph=True)
    return (hv * hv).sum()


class Scaled(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(2, 1)

    def forward(self, x):
        return self.lin(x)


def hooked_loss(model, x):
    return torch.sigmoid(model(x)).sum()


def hooked_args():
    """A forward hook doubles the linear layer's output (a rescaling a user adds while debugging)."""
    model = Scaled().double()
    with torch.no_grad():
        model.lin.weight.copy_(torch.tensor([[0.5, -1.0]]))
        model.lin.bias.copy_(torch.tensor([0.25]))
    model.lin.register_forward_hook(lambda module, inputs, output: 2.0 * output)
    return {"model": model, "x": torch.tensor([[1.0, 0.5], [-2.0, 1.0]], dtype=torch.float64)}
