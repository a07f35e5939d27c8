"""A user's code on gradcli.numpy, eighth round: a triplet loss through np.linalg.norm at a coincident anchor, a
Gumbel-softmax sample at a vanishing temperature, and a hand-written custom gradient whose sign is lost for x < 0."""

import gradcli
import gradcli.numpy as np

NOISE = np.array([0.3, -0.1, 0.2])


def triplet(anchor):
    positive, negative = np.array([1.0, 2.0]), np.array([1.5, 2.0])
    d_pos = np.linalg.norm(anchor - positive)
    d_neg = np.linalg.norm(anchor - negative)
    return np.maximum(d_pos - d_neg + 1.0, 0.0)


def gumbel_softmax(logits):
    tau = 1e-3
    y = (logits + NOISE) / tau
    return np.sum(np.array([1.0, 3.0, -2.0]) * np.exp(y - np.logsumexp(y)))


@gradcli.custom_gradient
def log_cosh(x):
    def grad_fn(upstream):
        return upstream * np.tanh(np.abs(x))
    return np.logaddexp(x, -x) - np.log(2.0), grad_fn


def log_cosh_sum(x):
    return np.sum(log_cosh(x))
