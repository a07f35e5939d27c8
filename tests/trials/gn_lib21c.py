"""A user's code on gradcli.numpy, round 21c: log1mexp with a hand-written rule (right, and with the sign slipped),
softplus and its inverse, log_diff_exp, xlogy entropies and KL divergences, logsumexp with -inf entries, a
log-softmax cross-entropy, hypot norms, GELU's tanh form, Mish, and kinks a hair from their switch."""

import numpy as np

import gradcli
import gradcli.numpy as gnp

LN2 = float(np.log(2.0))


def _log1mexp_value(x):
    small = x < LN2
    x_small = gnp.where(small, x, 1.0)
    x_large = gnp.where(small, 1.0, x)
    return gnp.where(small, gnp.log(-gnp.expm1(-x_small)), gnp.log1p(-gnp.exp(-x_large)))


@gradcli.custom_gradient
def log1mexp(x):
    def grad_fn(upstream):
        # d/dx log(1 - e^-x) = 1 / (e^x - 1)
        return upstream / gnp.expm1(x)
    return _log1mexp_value(x), grad_fn


@gradcli.custom_gradient
def log1mexp_slip(x):
    def grad_fn(upstream):
        return -upstream / gnp.expm1(x)
    return _log1mexp_value(x), grad_fn


def log1mexp_sum(x):
    return gnp.sum(log1mexp(x))


def log1mexp_slip_sum(x):
    return gnp.sum(log1mexp_slip(x))


def softplus_inverse_sum(y):
    return gnp.sum(y + gnp.log(-gnp.expm1(-y)))


def softplus_sum(x):
    return gnp.sum(gnp.logaddexp(0.0, x))


def log_diff_exp(a, b):
    return a + gnp.log(-gnp.expm1(b - a))


def entropy(p):
    return -gnp.sum(gnp.xlogy(p, p))


TARGET = gnp.array([0.0, 1e-300, 0.5, 0.5 - 1e-300])


def kl_to_model(q):
    return gnp.sum(gnp.xlogy(TARGET, TARGET) - gnp.xlogy(TARGET, q))


def bernoulli_entropy(p):
    return -gnp.sum(gnp.xlogy(p, p) + gnp.xlog1py(1.0 - p, -p))


MASK = gnp.array([0.0, -np.inf, 0.0])


def masked_logsumexp(a):
    return gnp.logsumexp(a + MASK)


def cross_entropy_first(z):
    return gnp.logsumexp(z) - z[0]


def hypot_chain(x):
    return gnp.hypot(gnp.hypot(x[0], x[1]), x[2])


def gelu_tanh_sum(x):
    """GELU's tanh approximation, as in BERT and GPT-2."""
    c = float(np.sqrt(2.0 / np.pi))
    return gnp.sum(0.5 * x * (1.0 + gnp.tanh(c * (x + 0.044715 * x ** 3))))


def mish_sum(x):
    return gnp.sum(x * gnp.tanh(gnp.softplus(x)))


def silu_sum(x):
    return gnp.sum(x * gnp.sigmoid(x))


def kinks_sum(x):
    """|x0| + max(x1, 0) + clip(x2, 0, 1) + where(x3 > 0, x3^2, -x3)."""
    return gnp.abs(x[0]) + gnp.maximum(x[1], 0.0) + gnp.clip(x[2], 0.0, 1.0) + gnp.where(x[3] > 0, x[3] ** 2, -x[3])
