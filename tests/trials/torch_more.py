"""A user's PyTorch losses: label smoothing, KL with log targets, cdist, vector norms, BCE on probabilities,
a 2-D hand-written softmax, a sinc through where, and a straight-through sign."""

import torch
import torch.nn.functional as F

TARGET = torch.tensor([2, 0])


def smoothed_ce(logits):
    return F.cross_entropy(logits, TARGET, label_smoothing=0.1)


def kl_log_target(lq, lp):
    return F.kl_div(lq, lp, reduction="sum", log_target=True)


Y = torch.tensor([[0.0, 0.0], [3.0, 2.0]])


def pair_dist(x):
    return torch.cdist(x, Y.to(x.dtype)).sum()


def vnorm(x):
    return torch.linalg.vector_norm(x)


def bce_probs(p):
    return F.binary_cross_entropy(p, torch.ones_like(p))


def softmax_rows(x):
    e = torch.exp(x)
    p = e / e.sum(dim=1, keepdim=True)
    return -torch.log(p[:, 0]).sum()


def sinc_where(x):
    return torch.where(x != 0, torch.sin(x) / x, torch.ones_like(x)).sum()


class SignSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return torch.sign(x)

    @staticmethod
    def backward(ctx, g):
        return g


def binarized(x):
    return (SignSTE.apply(x) * torch.tensor([1.0, -2.0], dtype=x.dtype)).sum()
