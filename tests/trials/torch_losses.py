"""A user's PyTorch losses and hand-written backward passes."""

import torch
import torch.nn as nn
import torch.nn.functional as F


def naive_softplus(x):
    return torch.log(1 + torch.exp(x))


def library_softplus(x):
    return F.softplus(x)


def naive_logsumexp(x):
    return torch.log(torch.exp(x).sum())


def stable_logsumexp(x):
    return torch.logsumexp(x, dim=0)


def bce_naive(z, y):
    p = torch.sigmoid(z)
    return -(y * torch.log(p) + (1 - y) * torch.log(1 - p))


def bce_stable(z, y):
    return F.binary_cross_entropy_with_logits(z, y)


def sqrt_where(x):
    return torch.where(x > 0, torch.sqrt(x), torch.zeros_like(x))


def norm(x):
    return torch.linalg.vector_norm(x)


def entropy(p):
    return -torch.special.xlogy(p, p).sum()


def log_of_softmax(x):
    return torch.log(torch.softmax(x, dim=0))[0]


def cross_entropy(logits, target):
    return F.cross_entropy(logits, target)


def ce_data():
    logits = torch.tensor([[2.0, -1.0, 0.5], [0.1, 0.2, 3.0]], dtype=torch.float64)
    return logits, torch.tensor([0, 2])


class Double(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return torch.exp(x) * x

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return grad_output * torch.exp(x)


def wrong_backward(x):
    return Double.apply(x)


class Sigmoid(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        y = 1 / (1 + torch.exp(-x))
        ctx.save_for_backward(y)
        return y

    @staticmethod
    def backward(ctx, grad_output):
        (y,) = ctx.saved_tensors
        return grad_output * y * (1 - y)


def right_backward(x):
    return Sigmoid.apply(x)


class Log1pExp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return F.softplus(x)

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return grad_output * (1 - 1 / (1 + torch.exp(x)))


def docs_backward(x):
    return Log1pExp.apply(x)


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(3, 4)
        self.fc2 = nn.Linear(4, 1)

    def forward(self, x):
        return self.fc2(torch.tanh(self.fc1(x)))


torch.manual_seed(0)
net = MLP().double()


def mlp_loss(model, x, y):
    return F.mse_loss(model(x).squeeze(-1), y)


def mlp_args():
    x = torch.tensor([[0.5, -1.0, 2.0], [1.5, 0.25, -0.5]], dtype=torch.float64)
    y = torch.tensor([0.3, -0.2], dtype=torch.float64)
    return net, x, y


def nonzero_count(x):
    if x.sum() > 0:
        return (x ** 2).sum()
    return x.sum()
