"""A user's PyTorch code, fourteenth round (b): smooth L1 with a tiny beta and at its seam, margin ranking and triplet
losses at ties, torch.distributions (Normal, Beta and Dirichlet log-densities, a KL divergence), an embedding table with
a LayerNorm, a gradient penalty by torch.func.grad and a per-row map by torch.func.vmap, autograd.Functions with
save_for_backward and once_differentiable (one right, one wrong), a matmul under CPU autocast to bfloat16, and a
BatchNorm layer in eval mode with its running statistics."""

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.autograd.function import once_differentiable
from torch.distributions import Beta, Dirichlet, Normal, kl_divergence


def smooth_l1_tiny(x):
    return F.smooth_l1_loss(x, torch.zeros_like(x), beta=1e-3, reduction="sum")


def smooth_l1_zero_beta(x):
    return F.smooth_l1_loss(x, torch.zeros_like(x), beta=0.0, reduction="sum")


def rank_loss(s1, s2):
    order = torch.tensor([1.0, -1.0], dtype=s1.dtype)
    return F.margin_ranking_loss(s1, s2, order, margin=0.0, reduction="sum")


def triplet(anchor, positive):
    negative = torch.tensor([[1.0, -0.5, 0.25]], dtype=anchor.dtype)
    return F.triplet_margin_loss(anchor, positive, negative, margin=1.0, reduction="sum")


def normal_nll(loc, scale):
    data = torch.tensor([0.3, -1.2, 2.0], dtype=loc.dtype)
    return -Normal(loc, scale).log_prob(data).sum()


def beta_nll(a, b):
    data = torch.tensor([0.3, 0.9], dtype=a.dtype)
    return -Beta(a, b).log_prob(data).sum()


def dirichlet_nll(conc):
    data = torch.tensor([0.2, 0.3, 0.5], dtype=conc.dtype)
    return -Dirichlet(conc).log_prob(data)


def kl_to_prior(mu, log_sigma):
    posterior = Normal(mu, log_sigma.exp())
    prior = Normal(torch.zeros_like(mu), torch.ones_like(mu))
    return kl_divergence(posterior, prior).sum()


class Tagger(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(4, 3)
        self.norm = nn.LayerNorm(3, eps=1e-5)
        with torch.no_grad():
            self.emb.weight.copy_(torch.tensor([[0.5, -1.0, 2.0], [0.7, 0.7, 0.7], [1.5, 0.25, -0.75], [0.0, 1.0, 3.0]]))
            self.norm.weight.copy_(torch.tensor([1.0, 2.0, -0.5]))
            self.norm.bias.copy_(torch.tensor([0.1, 0.0, -0.2]))

    def forward(self, ids):
        return self.norm(self.emb(ids))


def tag_loss(model, ids):
    scale = torch.tensor([1.0, -2.0, 0.5], dtype=model.emb.weight.dtype)
    return (model(ids) * scale).sum()


def tag_args():
    return {"model": Tagger().double(), "ids": torch.tensor([0, 1, 0, 2])}


def penalty(x):
    """A gradient penalty: the squared norm of d/dx sum(x sin x), by torch.func.grad inside the loss."""
    inner = torch.func.grad(lambda v: (v * torch.sin(v)).sum())
    return (inner(x) ** 2).sum()


def per_row(x):
    w = torch.tensor([0.5, -1.0], dtype=x.dtype)
    rows = torch.func.vmap(lambda r: torch.logsumexp(r * w, dim=0))(x)
    return rows.sum()


class SoftClip(torch.autograd.Function):
    """softplus(x) - softplus(x - 1): a smooth clip to (0, 1); its backward by the saved input."""

    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return F.softplus(x) - F.softplus(x - 1.0)

    @staticmethod
    @once_differentiable
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return grad * (torch.sigmoid(x) - torch.sigmoid(x - 1.0))


def soft_clip(x):
    return SoftClip.apply(x).sum()


class XLogX(torch.autograd.Function):
    """x log x with its backward saved from the forward's log."""

    @staticmethod
    def forward(ctx, x):
        log_x = torch.log(x)
        ctx.save_for_backward(log_x)
        return x * log_x

    @staticmethod
    @once_differentiable
    def backward(ctx, grad):
        (log_x,) = ctx.saved_tensors
        return grad * log_x


def entropy_term(p):
    return XLogX.apply(p).sum()


def autocast_head(x):
    w = torch.tensor([[0.5, -1.0], [0.25, 2.0], [1.5, 0.125]], dtype=x.dtype)
    with torch.autocast("cpu", dtype=torch.bfloat16):
        y = x @ w
    return (y.float() ** 2).sum()


class Head(nn.Module):
    def __init__(self):
        super().__init__()
        self.bn = nn.BatchNorm1d(3)
        with torch.no_grad():
            self.bn.running_mean.copy_(torch.tensor([0.5, -1.0, 2.0]))
            self.bn.running_var.copy_(torch.tensor([4.0, 0.25, 1e-6]))
            self.bn.weight.copy_(torch.tensor([1.0, 2.0, 0.5]))
            self.bn.bias.copy_(torch.tensor([0.0, 0.1, -0.3]))
        self.eval()

    def forward(self, x):
        return self.bn(x)


def bn_loss(model, x):
    return (model(x) ** 2).sum()


def bn_args():
    return {"model": Head().double(), "x": torch.tensor([[1.0, 0.0, 2.001], [-1.0, -2.0, 1.999]], dtype=torch.float64)}
