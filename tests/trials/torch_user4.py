"""A user's PyTorch code, fourth round: LayerNorm on constant input, Gaussian and Poisson NLL, softplus with beta and
threshold, Normal.log_prob with a tiny scale, log_ndtr, a clip-by-norm, and a function written with torch.func.grad."""

import torch
import torch.nn as nn
import torch.nn.functional as F

W4 = torch.tensor([1.0, 2.0, -1.0, 0.5])
_LN = nn.LayerNorm(4, elementwise_affine=False)


def layer_norm(x):
    return (_LN(x) * W4.to(x.dtype)).sum()


T2 = torch.tensor([1.0, 2.0])


def gauss_nll(mu, var):
    return F.gaussian_nll_loss(mu, T2.to(mu.dtype), var, reduction="sum")


def poisson_rate(rate):
    return F.poisson_nll_loss(rate, T2.to(rate.dtype), log_input=False, reduction="sum")


def softplus_bt(x):
    return F.softplus(x, beta=2.0, threshold=5.0).sum()


def normal_lp(mu, scale):
    return torch.distributions.Normal(mu, scale).log_prob(torch.tensor(1e-199, dtype=mu.dtype)).sum()


def log_ndtr(x):
    return torch.special.log_ndtr(x).sum()


W2 = torch.tensor([1.0, -2.0])


def clip_by_norm(g):
    n = torch.linalg.vector_norm(g)
    scale = torch.clamp(1.0 / (n + 1e-6), max=1.0)
    return (g * scale * W2.to(g.dtype)).sum()


def func_grad(x):
    return torch.func.grad(lambda y: (y ** 3).sum())(x).sum()


def hand_xent(x):
    e = torch.exp(x)
    return -torch.log(e[0] / e.sum())


def log1mexp(x):
    return torch.log1p(-torch.exp(x)).sum()


def entropy(p):
    return torch.special.entr(p).sum()


def unit(x):
    return (F.normalize(x, dim=0) * W2.to(x.dtype)).sum()


def normal_const(mu):
    return torch.distributions.Normal(mu, 1e-200).log_prob(torch.tensor(1e-199, dtype=mu.dtype)).sum()
