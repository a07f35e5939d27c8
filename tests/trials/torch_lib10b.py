"""A user's PyTorch code, tenth round (b): products and running products through a zero, a maximum at a tie, an
embedding whose padding row PyTorch never trains, batch normalisation in training mode inside a module, autograd
Functions written the new way (setup_context), with two inputs, with two outputs and with an input left alone, an
input the loss never reads, a loss that differentiates itself (create_graph), complex intermediates (an FFT's power,
a phase), label-smoothed and weighted classification losses, BCE with a positive weight at saturated logits, special
functions in their tails, and the log-of-probability spellings a fix should replace."""

import torch
import torch.nn.functional as F
from torch import nn

TARGET = torch.tensor([2, 0])
CLASS_WEIGHT = torch.tensor([1.0, 2.0, 0.5], dtype=torch.float64)


def product(x):
    return torch.prod(x)


def running_product(x):
    return torch.sum(torch.cumprod(x, dim=0))


def peak(x):
    return torch.amax(x)


def smoothed_ce(logits):
    return F.cross_entropy(logits, TARGET, label_smoothing=0.1)


def weighted_nll(logits):
    return F.nll_loss(F.log_softmax(logits, dim=1), TARGET, weight=CLASS_WEIGHT.to(logits.dtype))


def bce_pos_weight(z):
    y = torch.tensor([1.0, 0.0, 1.0], dtype=z.dtype)
    pos = torch.tensor([3.0, 3.0, 3.0], dtype=z.dtype)
    return F.binary_cross_entropy_with_logits(z, y, pos_weight=pos, reduction="sum")


def log_prob_naive(z):
    p = torch.sigmoid(z)
    return torch.sum(torch.log(1 - p))


def log_softmax_naive(z):
    return torch.sum(torch.log(torch.softmax(z, dim=-1)) * torch.tensor([1.0, 0.0, 0.0], dtype=z.dtype))


def spectrum_power(x):
    return torch.sum(torch.abs(torch.fft.rfft(x)) ** 2)


def phase(p):
    return torch.angle(torch.complex(p[0], p[1]))


def log_ndtr_sum(x):
    return torch.sum(torch.special.log_ndtr(x))


def mish_sum(x):
    return torch.sum(F.mish(x))


def lgamma_sum(x):
    return torch.sum(torch.lgamma(x))


class TanhShrink(torch.autograd.Function):
    """x - tanh(x), written the new way: forward without ctx, setup_context saves what backward needs."""

    @staticmethod
    def forward(x):
        return x - torch.tanh(x)

    @staticmethod
    def setup_context(ctx, inputs, output):
        (x,) = inputs
        ctx.save_for_backward(x)

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        t = torch.tanh(x)
        return grad * t * t


def tanh_shrink(x):
    return torch.sum(TanhShrink.apply(x))


class ScaledExp(torch.autograd.Function):
    """a * exp(b): the backward hands each input the other's partial derivative."""

    @staticmethod
    def forward(ctx, a, b):
        e = torch.exp(b)
        ctx.save_for_backward(a, e)
        return a * e

    @staticmethod
    def backward(ctx, grad):
        a, e = ctx.saved_tensors
        return grad * a * e, grad * e


def scaled_exp(a, b):
    return torch.sum(ScaledExp.apply(a, b))


class SinCos(torch.autograd.Function):
    """Two outputs from one input; the backward receives a gradient for each."""

    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return torch.sin(x), torch.cos(x)

    @staticmethod
    def backward(ctx, grad_sin, grad_cos):
        (x,) = ctx.saved_tensors
        return grad_sin * torch.cos(x) - grad_cos * torch.sin(x)


def sin_cos(x):
    s, c = SinCos.apply(x)
    return torch.sum(s * 2.0 + c * c)


class Scale(torch.autograd.Function):
    """x * k with k a tensor the backward leaves alone (None)."""

    @staticmethod
    def forward(ctx, x, k):
        ctx.save_for_backward(k)
        return x * k

    @staticmethod
    def backward(ctx, grad):
        (k,) = ctx.saved_tensors
        return grad * k, None


def scale_by(x, k):
    return torch.sum(Scale.apply(x, k) ** 2)


def unused_input(x, y):
    return torch.sum(x * x)


def slope_penalty(x):
    y = torch.sum(torch.sin(x) * x)
    (g,) = torch.autograd.grad(y, x, create_graph=True)
    return torch.sum(g * g)


class Tagger(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(4, 2, padding_idx=0)
        self.out = nn.Linear(2, 1)

    def forward(self, tokens):
        return self.out(self.emb(tokens)).sum()


def tagger_args():
    model = Tagger().double()
    with torch.no_grad():
        model.emb.weight.copy_(torch.tensor([[0.5, -1.0], [1.0, 2.0], [-0.5, 0.25], [3.0, 1.0]]))
        model.out.weight.copy_(torch.tensor([[2.0, -3.0]]))
        model.out.bias.fill_(0.1)
    return model, torch.tensor([0, 2, 0, 1])


def tagger_loss(model, tokens):
    return model(tokens)


class NormedHead(nn.Module):
    def __init__(self):
        super().__init__()
        self.bn = nn.BatchNorm1d(2)
        self.fc = nn.Linear(2, 1, bias=False)

    def forward(self, x):
        return self.fc(torch.tanh(self.bn(x)))


def normed_args():
    model = NormedHead().double().train()
    with torch.no_grad():
        model.bn.weight.copy_(torch.tensor([1.5, 0.5]))
        model.bn.bias.copy_(torch.tensor([0.1, -0.2]))
        model.fc.weight.copy_(torch.tensor([[1.0, -2.0]]))
    x = torch.tensor([[0.3, 1.0], [-0.5, 2.0], [1.2, -1.0]], dtype=torch.float64)
    return model, x


def normed_loss(model, x):
    return torch.sum(model(x) ** 2)


@torch.compile
def compiled_softplus(x):
    return torch.sum(F.softplus(x))


@torch.jit.script
def scripted_log1pexp(x):
    return torch.sum(torch.log(1 + torch.exp(x)))


def straight_through(x):
    q = x + (torch.round(x * 4.0) / 4.0 - x).detach()
    return torch.sum(q * q)


def nll_ignore(logits):
    return F.cross_entropy(logits, TARGET, ignore_index=0)


def paired_distance(x):
    anchor = torch.tensor([[0.5, -1.0]], dtype=x.dtype)
    return torch.sum(F.pairwise_distance(x, anchor))


def max_norm(x):
    return torch.linalg.vector_norm(x, ord=float("inf"))
