"""A user's PyTorch code, twenty-third round (c): naive formulas with a known stable spelling (log(1 - exp(-x)),
log(sigmoid), log of a softmax, sqrt of a sum of squares, log(cosh), atan(y/x), the log of a Gaussian cdf, the
exponential ratio) and autograd.Functions wrong in new ways (saving the output and reading it as the input, a
softplus rule that overflows in float32, a rule that forgets grad_output)."""

import math

import torch
import torch.nn.functional as F


def log_one_minus_exp(x):
    return torch.log(1 - torch.exp(-x)).sum()


def log_prob_positive(x):
    return torch.log(torch.sigmoid(x)).sum()


def log_probs_first(x):
    return torch.log(torch.softmax(x, dim=0))[0]


def radius(x, y):
    return torch.sqrt(x * x + y * y)


def log_cosh_loss(x):
    return torch.log(torch.cosh(x)).sum()


def heading(x, y):
    return torch.atan(y / x)


def log_gauss_cdf(x):
    return torch.log(0.5 * torch.erfc(-x / math.sqrt(2))).sum()


def log_gauss_cdf_stable(x):
    return torch.special.log_ndtr(x).sum()


def relative_growth(x):
    return (torch.exp(x) - 1) / x


class Cube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        y = x ** 3
        ctx.save_for_backward(y)
        return y

    @staticmethod
    def backward(ctx, grad_output):
        x, = ctx.saved_tensors
        return grad_output * 3 * x ** 2


def cube_sum(x):
    return Cube.apply(x).sum()


class SoftPlus(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return F.softplus(x)

    @staticmethod
    def backward(ctx, grad_output):
        x, = ctx.saved_tensors
        return grad_output * torch.exp(x) / (1 + torch.exp(x))


def softplus_sum(x):
    return SoftPlus.apply(x).sum()


class Square(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * x

    @staticmethod
    def backward(ctx, grad_output):
        x, = ctx.saved_tensors
        return 2 * x


def square_loss(x):
    return (3 * Square.apply(x)).sum()
