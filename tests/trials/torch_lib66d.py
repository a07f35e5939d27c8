"""A user's PyTorch code, sixty-sixth round (d): activation functions at their edges. F.gelu in its erf form and
with approximate="tanh" in the far left tail, F.silu and F.mish at +-100, F.elu (alpha 1: a smooth join at 0; alpha
2: a kink), F.selu at 0, F.celu with alpha 0.5 at 0 (smooth), F.softsign at 0, F.hardswish / F.hardsigmoid /
F.hardtanh / F.relu6 at their breakpoints, F.leaky_relu and F.prelu at 0 (slope 1: the identity), F.softplus with
beta 2 at its threshold, F.logsigmoid at +-800, log_softmax with a -inf mask, relu(x) - relu(-x) at 0."""
import torch
import torch.nn.functional as F


def gelu_erf(x):
    return F.gelu(x).sum()


def gelu_tanh(x):
    return F.gelu(x, approximate="tanh").sum()


def silu(x):
    return F.silu(x).sum()


def mish(x):
    return F.mish(x).sum()


def elu(x):
    return F.elu(x).sum()


def elu2(x):
    return F.elu(x, alpha=2.0).sum()


def selu(x):
    return F.selu(x).sum()


def celu_half(x):
    return F.celu(x, alpha=0.5).sum()


def softsign(x):
    return F.softsign(x).sum()


def hardswish(x):
    return F.hardswish(x).sum()


def hardsigmoid(x):
    return F.hardsigmoid(x).sum()


def hardtanh(x):
    return F.hardtanh(x).sum()


def relu6(x):
    return F.relu6(x).sum()


def leaky_one(x):
    return F.leaky_relu(x, negative_slope=1.0).sum()


def leaky(x):
    return F.leaky_relu(x, negative_slope=0.01).sum()


def prelu_one(x):
    return F.prelu(x, torch.ones(1, dtype=x.dtype)).sum()


def softplus_beta(x):
    return F.softplus(x, beta=2.0, threshold=20.0).sum()


def logsigmoid(x):
    return F.logsigmoid(x).sum()


def log_softmax_masked(x):
    mask = torch.tensor([float("-inf"), 0.0, 0.0], dtype=x.dtype)
    return F.log_softmax(x + mask, dim=0)[1]


def relu_odd(x):
    return (F.relu(x) - F.relu(-x)).sum()


def tanhshrink(x):
    return F.tanhshrink(x).sum()


def softshrink(x):
    return F.softshrink(x, lambd=0.5).sum()


def hardshrink(x):
    return F.hardshrink(x, lambd=0.5).sum()


def rrelu_eval(x):
    return F.rrelu(x, training=False).sum()
