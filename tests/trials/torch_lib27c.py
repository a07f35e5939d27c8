"""A user's PyTorch code, round 27c: a log Gamma ratio by lgamma differences, and an autograd.Function for
log(1 + x^2) whose backward forgets the factor 2."""

import torch


def log_gamma_ratio(x):
    return torch.lgamma(x + 0.5) - torch.lgamma(x)


class LogOnePlusSquare(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return torch.log1p(x * x)

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return grad_output * x / (1 + x * x)


def log_one_plus_square(x):
    return LogOnePlusSquare.apply(x).sum()
