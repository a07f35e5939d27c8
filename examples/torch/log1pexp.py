"""log(1 + exp(x)) written four ways in PyTorch: naively, with two hand-written backward rules, and stably."""

import torch
import torch.nn.functional as F


def naive(x):
    return torch.log(1 + torch.exp(x))


class Log1pexp(torch.autograd.Function):
    """softplus with a hand-written backward that forgets the sign in exp(-x)."""

    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return torch.log1p(torch.exp(x))

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return grad / (1 + torch.exp(x))


def custom(x):
    return Log1pexp.apply(x)


class CancellingLog1pexp(torch.autograd.Function):
    """softplus with the "numerically stable" backward of TensorFlow's custom_gradient documentation."""

    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return F.softplus(x)

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return grad * (1 - 1 / (1 + torch.exp(x)))


def cancelling(x):
    return CancellingLog1pexp.apply(x)


def stable(x):
    return F.softplus(x)
