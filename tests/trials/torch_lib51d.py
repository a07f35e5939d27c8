"""Round 51d, PyTorch: the classes issue 29 names, as a user writes them. autograd.Functions right, right but
cancelling in float64, and slipped (sign, factor, a chain-rule term, swapped inputs); torch.where leaks and guards
through intermediate variables; vector_norm, F.normalize and cosine similarity at 0 and at overflow; fused losses
(binary_cross_entropy_with_logits with pos_weight, log_softmax, cross_entropy with label smoothing, softplus with its
beta and threshold) at +-800; an nn.Module checked by parameter name."""

import torch
import torch.nn.functional as F
from torch import nn

# ------------------------------------------------------------------------------------------- autograd.Function


class Sigmoid(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        s = torch.sigmoid(x)
        ctx.save_for_backward(s)
        return s

    @staticmethod
    def backward(ctx, grad):
        (s,) = ctx.saved_tensors
        return grad * s * (1 - s)


class Tanh(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        y = torch.tanh(x)
        ctx.save_for_backward(y)
        return y

    @staticmethod
    def backward(ctx, grad):
        (y,) = ctx.saved_tensors
        return grad * (1 - y * y)


class Softplus(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return F.softplus(x)

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return grad * torch.sigmoid(x)


class ExpNeg(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        y = torch.exp(-x)
        ctx.save_for_backward(y)
        return y

    @staticmethod
    def backward(ctx, grad):
        (y,) = ctx.saved_tensors
        return grad * y


class Cube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x ** 3

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return grad * x ** 2


class LogOnePlusSquare(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return torch.log1p(x * x).sum()

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return grad * 2 / (1 + x * x)


class Ratio(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        return a / b

    @staticmethod
    def backward(ctx, grad):
        a, b = ctx.saved_tensors
        return -grad * a / b ** 2, grad / b


def sigmoid_rule(x):
    return torch.sum(Sigmoid.apply(x))


def tanh_rule(x):
    return torch.sum(Tanh.apply(x))


def softplus_rule(x):
    return torch.sum(Softplus.apply(x))


def decay_rule(x):
    return torch.sum(ExpNeg.apply(x))


def cube_rule(x):
    return torch.sum(Cube.apply(x))


def log1p_square_rule(x):
    return LogOnePlusSquare.apply(x)


def ratio_rule(a, b):
    return torch.sum(Ratio.apply(a, b))


# ------------------------------------------------------------------------------------------- torch.where
def log_where(x):
    return torch.sum(torch.where(x > 0, torch.log(x), torch.zeros_like(x)))


def sinc_where(x):
    return torch.sum(torch.where(x != 0, torch.sin(x) / x, torch.ones_like(x)))


def sqrt_guard_zero(x):
    safe = torch.where(x > 0, x, torch.zeros_like(x))
    root = torch.sqrt(safe)
    return torch.sum(torch.where(x > 0, root, torch.zeros_like(x)))


def half_log_late_guard(x):
    r = torch.sqrt(x)
    safe = torch.where(x > 0, r, torch.ones_like(x))
    return torch.sum(torch.where(x > 0, torch.log(safe), torch.zeros_like(x)))


# ------------------------------------------------------------------------------------------- norms
W_DIR = torch.tensor([1.0, 2.0], dtype=torch.float64)


def vnorm(x):
    return torch.linalg.vector_norm(x)


def normalized_score(x):
    return torch.sum(F.normalize(x, dim=0) * W_DIR.to(x.dtype))


def cos_sim(a, b):
    return F.cosine_similarity(a, b, dim=0)


# ------------------------------------------------------------------------------------------- fused losses
def bce_logits(z, y):
    return F.binary_cross_entropy_with_logits(z, y)


def bce_logits_pos_weight(z, y):
    return F.binary_cross_entropy_with_logits(z, y, pos_weight=torch.tensor(3.0, dtype=z.dtype))


def log_softmax_pick(x):
    return F.log_softmax(x, dim=0)[1]


def smoothed_ce(logits):
    return F.cross_entropy(logits, torch.tensor([1]), label_smoothing=0.1)


def softplus_beta(x):
    return torch.sum(F.softplus(x, beta=2, threshold=20))


def logsigmoid_sum(x):
    return torch.sum(F.logsigmoid(x))


def bce_clamped(z, y):
    p = torch.sigmoid(z)
    return torch.sum(-(y * torch.log(p.clamp(min=1e-7)) + (1 - y) * torch.log((1 - p).clamp(min=1e-7))))


def bce_naive(z, y):
    p = torch.sigmoid(z)
    return torch.sum(-(y * torch.log(p) + (1 - y) * torch.log(1 - p)))


# ------------------------------------------------------------------------------------------- nn.Module
class TinyNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(2, 3)
        self.fc2 = nn.Linear(3, 1)
        self.log_temp = nn.Parameter(torch.tensor(0.5))
        with torch.no_grad():
            self.fc1.weight.copy_(torch.tensor([[0.25, 0.75], [-0.5, 0.5], [1.0, -0.25]]))
            self.fc1.bias.copy_(torch.tensor([0.1, -0.2, 0.05]))
            self.fc2.weight.copy_(torch.tensor([[0.5, -1.0, 0.75]]))
            self.fc2.bias.copy_(torch.tensor([0.3]))

    def forward(self, x):
        h = torch.tanh(self.fc1(x))
        return self.fc2(h)[:, 0] * torch.exp(self.log_temp)


X_DATA = [[0.5, -1.0], [1.5, 0.25], [-0.75, 2.0]]
Y_DATA = [1.0, 0.0, 1.0]


def net_loss(model, x, y):
    return F.binary_cross_entropy_with_logits(model(x), y)


def net_args():
    model = TinyNet().double()
    return {"model": model, "x": torch.tensor(X_DATA, dtype=torch.float64), "y": torch.tensor(Y_DATA, dtype=torch.float64)}
