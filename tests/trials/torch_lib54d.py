"""Round 54d (PyTorch): unstable spellings as users write them; the module imports torch alone (a fix spelled
F.* must bring its import)."""

import torch


def sp_naive(x):
    return torch.sum(torch.log(1 + torch.exp(x)))


def sp_two(x):
    return torch.sum(torch.log(2 + torch.exp(x)))


def lse_naive(z):
    return torch.log(torch.sum(torch.exp(z)))


def lae_naive(a, b):
    return torch.sum(torch.log(torch.exp(a) + torch.exp(b)))


def lde_naive(a, b):
    return torch.sum(torch.log(torch.exp(a) - torch.exp(b)))


def log_sig(x):
    return torch.sum(torch.log(torch.sigmoid(x)))


def log_one_minus_sig(x):
    return torch.sum(torch.log(1 - torch.sigmoid(x)))


def bce_lib_probs(z, y):
    return torch.nn.functional.binary_cross_entropy(torch.sigmoid(z), y, reduction="sum")


def entropy_softmax(x):
    p = torch.softmax(x, dim=-1)
    return -torch.sum(p * torch.log(p))


def xlogx(x):
    return torch.sum(x * torch.log(x))


def log1p_ratio(x):
    return torch.sum(torch.log(1 + x) / x)


def expm1_ratio(x):
    return torch.sum((torch.exp(x) - 1) / x)


def hypot_naive(x, y):
    return torch.sum(torch.sqrt(x * x + y * y))


def log_of_softmax(x):
    return torch.log(torch.softmax(x, dim=-1))[0]


def sqrt_guard(x):
    return torch.sum(torch.where(x > 0, torch.sqrt(x), 0.0))


def sinc_guard(x):
    return torch.sum(torch.where(x == 0, 1.0, torch.sin(x) / x))


def versine_ratio(x):
    return torch.sum((1 - torch.cos(x)) / (x * x))
