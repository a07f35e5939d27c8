"""A user's PyTorch code, ninety-seventh round (d): calibration and quantile losses: the pinball loss (torch.maximum and
torch.where), a smoothed pinball (F.softplus and written out), a Gaussian CRPS (torch.special.ndtr and an erf-written
pdf), an ensemble CRPS by torch.cdist, temperature scaling's NLL (F.cross_entropy and log of softmax), a soft-binned
ECE, focal loss (plain and by F.logsigmoid), a Dirichlet log-likelihood by torch.lgamma, conformal scores and their
quantile by torch.quantile, the interval score, and a smooth pinball as an autograd.Function (right and wrong)."""

import math

import torch
import torch.nn.functional as F

Y = [0.5, -1.0, 2.0, 0.25]
ACC = [1.0, 0.0, 1.0, 1.0]
EDGES = [0.0, 0.25, 0.5, 0.75, 1.0]
PD = [0.25, 0.5, 0.25]
LABEL = 3
Q = 0.25
GAMMA = 0.5
ALPHA = 0.5


def _t(values, like):
    return torch.tensor(values, dtype=like.dtype)


def pinball(f, q):
    u = _t(Y, f) - f
    return torch.maximum(q * u, (q - 1) * u).mean()


def pinball_where(f, q):
    u = _t(Y, f) - f
    return torch.where(u >= 0, q * u, (q - 1) * u).mean()


def smooth_pinball(f, tau):
    u = _t(Y, f) - f
    return (Q * u + tau * F.softplus(-u / tau)).mean()


def smooth_pinball_hand(f, tau):
    u = _t(Y, f) - f
    return (Q * u + tau * torch.log(1 + torch.exp(-u / tau))).mean()


def crps_gauss(mu, sigma):
    z = (_t(Y, mu) - mu) / sigma
    pdf = torch.exp(-z ** 2 / 2) / math.sqrt(2 * math.pi)
    return (sigma * (z * (2 * torch.special.ndtr(z) - 1) + 2 * pdf - 1 / math.sqrt(math.pi))).mean()


def crps_ensemble(x):
    y = 0.5
    pair = torch.cdist(x[:, None], x[:, None], p=1)
    return (x - y).abs().mean() - 0.5 * pair.mean()


def temp_nll(z, T):
    return F.cross_entropy((z / T)[None, :], torch.tensor([LABEL]))


def temp_nll_naive(z, T):
    return -torch.log(torch.softmax(z / T, dim=0)[LABEL])


def soft_ece(c, t):
    s = torch.sigmoid((c[:, None] - _t(EDGES, c)[None, :]) / t)
    m = s[:, :-1] - s[:, 1:]
    gaps = (m * (c - _t(ACC, c))[:, None]).sum(dim=0)
    return gaps.abs().sum() / c.shape[0]


def focal(x):
    p = torch.sigmoid(x)
    return (-((1 - p) ** GAMMA) * torch.log(p)).mean()


def focal_stable(x):
    return (-(torch.sigmoid(-x) ** GAMMA) * F.logsigmoid(x)).mean()


def dirichlet_ll(alpha):
    pd = _t(PD, alpha)
    return torch.lgamma(alpha.sum()) - torch.lgamma(alpha).sum() + ((alpha - 1) * torch.log(pd)).sum()


def conformal_quantile(f, sigma):
    return torch.quantile((_t(Y, f) - f).abs() / sigma, 0.625)


def interval_score(l, u):
    y = _t(Y, l)
    return ((u - l) + 2 / ALPHA * (l - y) * (y < l) + 2 / ALPHA * (y - u) * (y > u)).mean()


class SmoothPinball(torch.autograd.Function):
    @staticmethod
    def forward(ctx, u):
        ctx.save_for_backward(u)
        return Q * u + 0.25 * F.softplus(-u / 0.25)

    @staticmethod
    def backward(ctx, g):
        (u,) = ctx.saved_tensors
        return g * (Q - torch.sigmoid(-u / 0.25))


class SmoothPinballBad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, u):
        ctx.save_for_backward(u)
        return Q * u + 0.25 * F.softplus(-u / 0.25)

    @staticmethod
    def backward(ctx, g):
        (u,) = ctx.saved_tensors
        return g * (Q - torch.sigmoid(u / 0.25))


def smooth_pinball_rule(f):
    return SmoothPinball.apply(_t(Y, f) - f).mean()


def smooth_pinball_rule_bad(f):
    return SmoothPinballBad.apply(_t(Y, f) - f).mean()
