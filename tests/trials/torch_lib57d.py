"""Round 57d (PyTorch): subnormals kept, not flushed: the same guards as the JAX and TensorFlow files, on a framework
whose CPU kernels compute subnormal numbers (with the few bits they hold)."""

import torch


def safe_abs(x):
    s = x * x
    safe = torch.where(s > 0, s, torch.ones_like(s))
    return torch.sum(torch.where(s > 0, torch.sqrt(safe), torch.zeros_like(s)))


def where_sqrt(x):
    return torch.sum(torch.where(x > 0, torch.sqrt(x), torch.zeros_like(x)))


def relu_sum(x):
    return torch.sum(torch.maximum(x, torch.zeros_like(x)))


def product(x):
    p = x[0] * x[1]
    return p * x[2]


def scaled_exp(x):
    e = torch.exp(x)
    return torch.sum(e * 1e30)


def log_square(x):
    s = x * x
    return torch.sum(torch.log(s))


def if_item(x):
    if torch.exp(x).sum().item() > 0:
        return torch.sum(torch.log(torch.exp(x)))
    return torch.sum(x * 0)


def log_exp(x):
    e = torch.exp(x)
    return torch.sum(torch.log(e))
