"""A user's plain NumPy code, sixty-sixth round (d): activation functions by hand at their edges. A tanh-form GELU
at -10, a SiLU x / (1 + exp(-x)) at +-800, a Mish x tanh(log1p(exp(x))) at 100 and 1000, an ELU by np.where at 0
(alpha 1 and 2), a softplus with a threshold at 20, a hardswish by np.clip at its breakpoints, a softsign at 0, a
naive and a stable log-sigmoid at +-800, relu(x) - relu(-x) at 0, log_softmax with a -inf mask."""
import numpy as np


def gelu_tanh(x):
    return np.sum(0.5 * x * (1 + np.tanh(np.sqrt(2 / np.pi) * (x + 0.044715 * x ** 3))))


def silu(x):
    return np.sum(x / (1 + np.exp(-x)))


def mish(x):
    return np.sum(x * np.tanh(np.log1p(np.exp(x))))


def elu(x):
    return np.sum(np.where(x > 0, x, np.expm1(x)))


def elu2(x):
    return np.sum(np.where(x > 0, x, 2.0 * np.expm1(x)))


def softplus_thresh(x):
    return np.sum(np.where(x > 20, x, np.log1p(np.exp(x))))


def hardswish(x):
    return np.sum(x * np.clip(x + 3, 0, 6) / 6)


def softsign(x):
    return np.sum(x / (1 + np.abs(x)))


def log_sigmoid_naive(x):
    return np.sum(np.log(1 / (1 + np.exp(-x))))


def log_sigmoid(x):
    return np.sum(-np.logaddexp(0, -x))


def relu_odd(x):
    return np.sum(np.maximum(x, 0) - np.maximum(-x, 0))


def log_softmax_masked(x):
    z = x + np.array([-np.inf, 0.0, 0.0])
    m = np.max(z)
    return (z - m - np.log(np.sum(np.exp(z - m))))[1]


def selu(x):
    alpha, scale = 1.6732632423543772, 1.0507009873554805
    return np.sum(scale * np.where(x > 0, x, alpha * np.expm1(x)))
