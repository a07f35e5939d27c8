"""Round 56d (PyTorch): control flow and structure as users write it: Python if / for over tensors, torch.where
chains, nn.Module with submodules, no_grad and detach, an autograd.Function wrong in one branch."""

import torch
import torch.nn as nn
import torch.nn.functional as F


def if_branch(x):
    if x.sum() > 0:
        return torch.sum(F.softplus(x))
    return torch.sum(torch.log(1 + torch.exp(x)))


def loop_softplus(x):
    y = x
    for _ in range(2):
        y = torch.log(1 + torch.exp(y))
    return torch.sum(y)


def loop_product(x):
    total = torch.ones((), dtype=x.dtype)
    for k in range(x.shape[0]):
        total = total * torch.exp(x[k])
    return torch.log(total)


def where_chain(x):
    y = torch.where(x > 0, torch.sqrt(x), torch.where(x < -1, torch.log(-x), x))
    return torch.sum(y)


def where_chain_safe(x):
    pos = torch.where(x > 0, x, torch.ones_like(x))
    neg = torch.where(x < -1, -x, torch.ones_like(x))
    y = torch.where(x > 0, torch.sqrt(pos), torch.where(x < -1, torch.log(neg), x))
    return torch.sum(y)


def detach_scale(x):
    return torch.sum(x * x.detach())


def no_grad_scale(x):
    with torch.no_grad():
        scale = x.abs().max()
    return torch.sum(x / scale)


class OneSidedSoftplus(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return F.softplus(x)

    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        return g * torch.where(x > 0, torch.sigmoid(x), torch.sigmoid(-x))  # wrong for x <= 0


def one_sided(x):
    return torch.sum(OneSidedSoftplus.apply(x))


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(2, 2)
        self.fc2 = nn.Linear(2, 1)
        self.gate = nn.Parameter(torch.tensor(0.5))
        with torch.no_grad():
            self.fc1.weight.copy_(torch.tensor([[0.5, -0.25], [1.5, 0.75]]))
            self.fc1.bias.copy_(torch.tensor([0.1, -0.4]))
            self.fc2.weight.copy_(torch.tensor([[1.25, -0.5]]))
            self.fc2.bias.copy_(torch.tensor([0.2]))

    def forward(self, x):
        h = self.fc1(x)
        for _ in range(2):
            h = torch.where(h > 0, h, self.gate * h)
        return self.fc2(h)[:, 0]


X_DATA = [[1.0, 2.0], [-0.5, 0.25], [2.0, -3.0]]
Y_DATA = [0.5, -1.0, 2.0]


def block_loss(model, x, y):
    return F.mse_loss(model(x), y)


def block_args():
    model = Block().double()
    x, y = torch.tensor(X_DATA, dtype=torch.float64), torch.tensor(Y_DATA, dtype=torch.float64)
    return {"model": model, "x": x, "y": y}


def gate_args():
    """The same point, for a check of the gate and the output bias."""
    return block_args()


def rows_lse(x):
    total = torch.zeros((), dtype=x.dtype)
    for row in x:
        total = total + torch.logsumexp(row, 0)
    return total


def rows_lse_naive(x):
    total = torch.zeros((), dtype=x.dtype)
    for row in x:
        total = total + torch.log(torch.sum(torch.exp(row)))
    return total
