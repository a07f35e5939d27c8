"""Round 55d (PyTorch): the same compositions in torch and torch.nn.functional."""

import torch
import torch.nn.functional as F


def clip_log1p(x):
    return torch.sum(torch.clamp(torch.log1p(x), -5.0, 5.0))


def lse_sig(x):
    return torch.logsumexp(torch.sigmoid(x), 0)


def tanh_twice(x):
    return torch.sum(torch.tanh(x + x))


def sp_exp(x):
    return torch.sum(F.softplus(torch.exp(x)))


def sp_plain(x):
    return torch.sum(F.softplus(x))


def sqrt_exp_log(x):
    return torch.sum(torch.sqrt(torch.exp(torch.log(x))))


def abs_max(x, y):
    return torch.sum(torch.maximum(torch.abs(x), torch.maximum(x, y)))


def erf_recip(y):
    return torch.sum(torch.erf(1.0 / y))


def log_exp_expm1(x):
    return torch.sum(torch.log(torch.exp(torch.expm1(x))))
