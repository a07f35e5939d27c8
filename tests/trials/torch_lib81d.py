"""A user's PyTorch code, eighty-first round (d): log-likelihoods of small normalising flows and their
log-determinants. torch.distributions' Normal as the base; a planar flow's log|1 + u.psi|; an affine coupling layer
with F.softplus(s) + eps; the tanh squashing (naive, stable by F.softplus, and an autograd.Function with its own
backward, right and wrong); a sigmoid layer's log-det, naive and by F.logsigmoid; a radial flow (torch.linalg.norm);
a leaky-ReLU flow (F.leaky_relu); torch.logit with and without eps; a batch-norm flow; a 2x2 linear flow by
torch.linalg.slogdet and torch.det."""

import math

import torch
import torch.nn.functional as F
from torch.distributions import Normal


def std_normal_logp(z):
    return (-0.5 * z ** 2 - 0.5 * math.log(2 * math.pi)).sum()


def dist_normal_logp(z):
    base = Normal(torch.zeros_like(z), torch.ones_like(z))
    return base.log_prob(z).sum()


# ------------------------------------------------------------------------------------------------- planar flow
def planar_logq(z, u):
    w = torch.tensor([1.0, 0.5], dtype=z.dtype)
    a = w @ z
    psi = (1 - torch.tanh(a) ** 2) * w
    return std_normal_logp(z) - torch.log(torch.abs(1 + u @ psi))


# ------------------------------------------------------------------------------------------------- affine coupling
def coupling_softplus(x2, s, t):
    scale = F.softplus(s) + 1e-3
    y = x2 * scale + t
    return std_normal_logp(y) + torch.log(scale).sum()


def coupling_exp(x2, s, t):
    y = x2 * torch.exp(s) + t
    return std_normal_logp(y) + s.sum()


def coupling_exp_logscale(x2, s, t):
    scale = torch.exp(s)
    y = x2 * scale + t
    log_det = torch.log(scale).sum()
    return std_normal_logp(y) + log_det


# ------------------------------------------------------------------------------------------------- tanh squashing
def squash_naive(u):
    return std_normal_logp(u) - torch.log(1 - torch.tanh(u).pow(2)).sum()


def squash_stable(u):
    """SAC's log-prob correction as written in spinning-up."""
    return std_normal_logp(u) - (2 * (math.log(2) - u - F.softplus(-2 * u))).sum()


class Log1mTanh2(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return 2 * (math.log(2) - x - F.softplus(-2 * x))

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return grad_output * -2 * torch.tanh(x)


class Log1mTanh2Bad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return 2 * (math.log(2) - x - F.softplus(-2 * x))

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return grad_output * (1 - torch.tanh(x) ** 2)


def squash_fn(u):
    return std_normal_logp(u) - Log1mTanh2.apply(u).sum()


def squash_fn_bad(u):
    return std_normal_logp(u) - Log1mTanh2Bad.apply(u).sum()


# ------------------------------------------------------------------------------------------------- sigmoid layer
def sigmoid_logdet_naive(x):
    s = torch.sigmoid(x)
    return (torch.log(s) + torch.log(1 - s)).sum()


def sigmoid_logdet(x):
    return (F.logsigmoid(x) + F.logsigmoid(-x)).sum()


# ------------------------------------------------------------------------------------------------- radial flow
def radial_logdet(z, alpha, beta):
    z0 = torch.tensor([0.5, -0.5], dtype=z.dtype)
    r = torch.linalg.norm(z - z0)
    h = 1 / (alpha + r)
    dh = -1 / (alpha + r) ** 2
    return torch.log(1 + beta * h) + torch.log(1 + beta * h + beta * dh * r)


def radial_origin(z, alpha, beta):
    r = z.norm()
    h = 1 / (alpha + r)
    return torch.log(1 + beta * h) + torch.log(1 + beta * h - beta * r / (alpha + r) ** 2)


# ------------------------------------------------------------------------------------------------- leaky ReLU flow
def leaky_logp(x, a):
    """The inverse of leaky_relu with slope a: z = leaky_relu(x, 1 / a)."""
    z = F.leaky_relu(x, negative_slope=1 / a.item())
    logdet = torch.where(x > 0, torch.zeros_like(x), -torch.log(a)).sum()
    return std_normal_logp(z) + logdet


# ------------------------------------------------------------------------------------------------- logit layer
def logit_logp(x):
    y = torch.logit(x)
    return std_normal_logp(y) - (torch.log(x) + torch.log1p(-x)).sum()


def logit_eps_logp(x):
    y = torch.logit(x, eps=1e-6)
    xc = x.clamp(1e-6, 1 - 1e-6)
    return std_normal_logp(y) - (torch.log(xc) + torch.log1p(-xc)).sum()


# ------------------------------------------------------------------------------------------------- batch-norm flow
def batchnorm_logp(x, log_gamma):
    mean = x.mean()
    var = x.var(unbiased=False)
    y = (x - mean) / torch.sqrt(var + 1e-5) * torch.exp(log_gamma)
    logdet = log_gamma - 0.5 * torch.log(var + 1e-5)
    return std_normal_logp(y) + x.numel() * logdet


# ------------------------------------------------------------------------------------------------- linear flow
def linear_slogdet(W):
    x = torch.tensor([0.4, -0.7], dtype=W.dtype)
    return std_normal_logp(W @ x) + torch.linalg.slogdet(W).logabsdet


def linear_det(W):
    x = torch.tensor([0.4, -0.7], dtype=W.dtype)
    return std_normal_logp(W @ x) + torch.log(torch.abs(torch.det(W)))
