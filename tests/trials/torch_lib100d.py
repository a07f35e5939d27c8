"""A user's PyTorch code, hundredth round (d): kernels and Gaussian processes: torch.cdist distances (diagonal
included), the plain sqrt of summed squares and its clamp_min(1e-30) guard, Matern 3/2 and 5/2 kernels on the guarded
distance (GPyTorch-style), a GP negative marginal log-likelihood by torch.linalg.cholesky with jitter and
torch.cholesky_solve, a kernel density estimate by torch.logsumexp, MMD^2 through cdist, and an autograd.Function
distance with a safe subgradient at 0 by torch.where (right, and with the sign of its second gradient wrong on purpose),
and once chosen by a Python if in its backward."""

import math

import torch

WK = [[1.0, 0.5, -0.25], [0.5, 2.0, 0.75], [-0.25, 0.75, 1.5]]
X_TRAIN = [[-1.0], [0.0], [0.5], [1.5]]
X_DUP = [[-1.0], [0.0], [0.0], [1.5]]
Y_TRAIN = [0.3, -0.2, 0.1, 0.8]
Y_MMD = [[0.0], [0.5], [-1.0]]
Z_DATA = [-1.0, 0.0, 0.5, 2.0]
JITTER = 1e-6


def _t(values, like):
    return torch.tensor(values, dtype=like.dtype)


def dist_sum_cdist(x):
    return (_t(WK, x) * torch.cdist(x, x)).sum()


def dist_sum(x):
    diff = x[:, None, :] - x[None, :, :]
    return (_t(WK, x) * (diff ** 2).sum(-1).sqrt()).sum()


def dist_sum_clamped(x):
    diff = x[:, None, :] - x[None, :, :]
    return (_t(WK, x) * (diff ** 2).sum(-1).clamp_min(1e-30).sqrt()).sum()


def _dist(x, ls):
    diff = (x[:, None, :] - x[None, :, :]) / ls
    return (diff ** 2).sum(-1).clamp_min(1e-30).sqrt()


def matern32(x, log_ls):
    r = math.sqrt(3) * _dist(x, log_ls.exp())
    return (_t(WK, x) * (1 + r) * torch.exp(-r)).sum()


def matern52(x, log_ls):
    r = math.sqrt(5) * _dist(x, log_ls.exp())
    return (_t(WK, x) * (1 + r + r ** 2 / 3) * torch.exp(-r)).sum()


def matern12_cdist(x, log_ls):
    r = torch.cdist(x, x) / log_ls.exp()
    return (_t(WK, x) * torch.exp(-r)).sum()


def _rbf(x, y, ls, sf2=1.0):
    return sf2 * torch.exp(-0.5 * torch.cdist(x / ls, y / ls) ** 2)


def _nll(xt, log_ls, log_sf, log_noise, jitter):
    y = _t(Y_TRAIN, log_ls)
    n = xt.shape[0]
    k = _rbf(xt, xt, log_ls.exp(), torch.exp(2 * log_sf))
    k = k + (log_noise.exp() + jitter) * torch.eye(n, dtype=k.dtype)
    low = torch.linalg.cholesky(k)
    alpha = torch.cholesky_solve(y[:, None], low)[:, 0]
    return 0.5 * y @ alpha + torch.log(torch.diagonal(low)).sum() + 0.5 * n * math.log(2 * math.pi)


def gp_nll(log_ls, log_sf, log_noise):
    return _nll(_t(X_TRAIN, log_ls), log_ls, log_sf, log_noise, JITTER)


def gp_nll_dup(log_ls, log_sf, log_noise):
    return _nll(_t(X_DUP, log_ls), log_ls, log_sf, log_noise, JITTER)


def gp_nll_dup_nojitter(log_ls, log_sf, log_noise):
    return _nll(_t(X_DUP, log_ls), log_ls, log_sf, log_noise, 0.0)


def kde(x, log_h):
    h = log_h.exp()
    z = -0.5 * ((x - _t(Z_DATA, x)) / h) ** 2
    return torch.logsumexp(z, 0) - math.log(len(Z_DATA)) - torch.log(h) - 0.5 * math.log(2 * math.pi)


def mmd2_biased(x):
    y = _t(Y_MMD, x)
    kxx, kyy, kxy = _rbf(x, x, 1.0), _rbf(y, y, 1.0), _rbf(x, y, 1.0)
    return kxx.mean() + kyy.mean() - 2 * kxy.mean()


class SafeDist(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b):
        d = a - b
        r = d.pow(2).sum().sqrt()
        ctx.save_for_backward(d, r)
        return r

    @staticmethod
    def backward(ctx, g):
        d, r = ctx.saved_tensors
        u = torch.where(r > 0, d / torch.where(r > 0, r, torch.ones_like(r)), torch.zeros_like(d))  # 0 at r = 0
        return g * u, -g * u


class SafeDistBad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b):
        d = a - b
        r = d.pow(2).sum().sqrt()
        ctx.save_for_backward(d, r)
        return r

    @staticmethod
    def backward(ctx, g):
        d, r = ctx.saved_tensors
        u = torch.where(r > 0, d / torch.where(r > 0, r, torch.ones_like(r)), torch.zeros_like(d))
        return g * u, g * u  # the second gradient's sign forgotten


class SafeDistIf(torch.autograd.Function):
    """The subgradient chosen by a Python if on the distance's value."""

    @staticmethod
    def forward(ctx, a, b):
        d = a - b
        r = d.pow(2).sum().sqrt()
        ctx.save_for_backward(d, r)
        return r

    @staticmethod
    def backward(ctx, g):
        d, r = ctx.saved_tensors
        u = d / r if r > 0 else torch.zeros_like(d)
        return g * u, -g * u


def dist_sum_custom(x):
    w = _t(WK, x)
    return sum(w[i, j] * SafeDist.apply(x[i], x[j]) for i in range(3) for j in range(3))


def dist_sum_custom_bad(x):
    w = _t(WK, x)
    return sum(w[i, j] * SafeDistBad.apply(x[i], x[j]) for i in range(3) for j in range(3))


def dist_sum_custom_if(x):
    w = _t(WK, x)
    return sum(w[i, j] * SafeDistIf.apply(x[i], x[j]) for i in range(3) for j in range(3))
