"""A user's PyTorch code, ninety-sixth round (d): differentiable sorting and ranking: NeuralSort, a soft rank by
sigmoids of pairwise differences (torch.sigmoid and written out), a soft top-k mask around torch.sort's k-th value and
torch.kthvalue's, a hard top-k by torch.topk with a straight-through estimator, a smoothed max (torch.logsumexp and
written out), a plain Sinkhorn, ListNet written out, ListMLE by torch.logcumsumexp, RankNet (F.softplus and written
out), and a sort as an autograd.Function (right and wrong)."""

import torch
import torch.nn.functional as F

C = [1.0, -0.5, 2.0, 0.75]
Y = [1.0, 0.0, 3.0, 2.0]
ANCHORS = [-1.0, 0.0, 1.0, 2.0]
PAIRS = [(0, 1), (2, 0), (2, 1), (2, 3), (3, 0), (3, 1)]


def _t(values, like):
    return torch.tensor(values, dtype=like.dtype)


def neuralsort(s, tau):
    n = s.shape[0]
    A = (s[:, None] - s[None, :]).abs()
    B = A.sum(dim=1)
    scaling = (n + 1 - 2 * (torch.arange(n) + 1)).to(s.dtype)
    P = torch.softmax((scaling[:, None] * s[None, :] - B[None, :]) / tau, dim=-1)
    return ((P @ s) * _t(C, s)).sum()


def soft_rank(s, tau):
    r = 0.5 + torch.sigmoid((s[:, None] - s[None, :]) / tau).sum(dim=1)
    return (r * _t(C, s)).sum()


def soft_rank_hand(s, tau):
    d = (s[:, None] - s[None, :]) / tau
    r = 0.5 + (1.0 / (1.0 + torch.exp(-d))).sum(dim=1)
    return (r * _t(C, s)).sum()


def soft_topk(s):
    thr = torch.sort(s, descending=True).values[1]
    mask = torch.sigmoid((s - thr) / 0.25)
    return (mask * _t(C, s)).sum()


def soft_topk_kth(s):
    thr = torch.kthvalue(s, s.shape[0] - 1).values
    mask = torch.sigmoid((s - thr) / 0.25)
    return (mask * _t(C, s)).sum()


def topk_ste(s):
    idx = torch.topk(s, 2).indices
    hard = torch.zeros_like(s).scatter(0, idx, 1.0)
    soft = 2.0 * torch.softmax(s / 0.5, dim=0)
    mask = hard + soft - soft.detach()
    return (mask * _t(C, s)).sum()


def topk_ste_argsort(s):
    idx = torch.argsort(s, descending=True)[:2]
    hard = torch.zeros_like(s).index_fill(0, idx, 1.0)
    soft = 2.0 * torch.softmax(s / 0.5, dim=0)
    mask = hard + soft - soft.detach()
    return (mask * _t(C, s)).sum()


def smooth_max(s, tau):
    return tau * torch.logsumexp(s / tau, dim=0)


def smooth_max_hand(s, tau):
    return tau * torch.log(torch.exp(s / tau).sum())


def sinkhorn_plain(s, eps):
    K = torch.exp(-((s[:, None] - _t(ANCHORS, s)[None, :]) ** 2) / eps)
    P = K
    for _ in range(3):
        P = P / P.sum(dim=1, keepdim=True)
        P = P / P.sum(dim=0, keepdim=True)
    return ((P @ torch.arange(1, 5, dtype=s.dtype)) * _t(C, s)).sum()


def listnet_naive(s):
    p = torch.softmax(_t(Y, s), dim=0)
    return -(p * torch.log(torch.softmax(s, dim=0))).sum()


def listmle(s):
    sp = s[torch.argsort(_t(Y, s), descending=True)]
    lse = torch.logcumsumexp(sp.flip(0), dim=0).flip(0)
    return (lse - sp).sum()


def ranknet(s):
    i, j = torch.tensor([p[0] for p in PAIRS]), torch.tensor([p[1] for p in PAIRS])
    return F.softplus(-(s[i] - s[j])).sum()


def ranknet_naive(s):
    i, j = torch.tensor([p[0] for p in PAIRS]), torch.tensor([p[1] for p in PAIRS])
    return torch.log(1 + torch.exp(-(s[i] - s[j]))).sum()


class SortRule(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        values, perm = torch.sort(x)
        ctx.save_for_backward(perm)
        return values

    @staticmethod
    def backward(ctx, g):
        (perm,) = ctx.saved_tensors
        return torch.zeros_like(g).scatter(0, perm, g)


class SortRuleBad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return torch.sort(x).values

    @staticmethod
    def backward(ctx, g):
        return g


def sorted_loss(s):
    return (SortRule.apply(s) * _t(C, s)).sum()


def sorted_loss_bad(s):
    return (SortRuleBad.apply(s) * _t(C, s)).sum()
