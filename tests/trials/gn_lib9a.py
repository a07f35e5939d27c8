"""A user's code on gradcli.numpy, ninth round: cosine annealing at its start, an AdamW step from a zero state at a
zero weight (sqrt of a square inside a smooth update) and a Gamma log-likelihood in the shape parameter."""

import gradcli.numpy as np
from gradcli.scipy.special import gammaln


def cosine_anneal(t):
    return 1e-5 + 0.5 * (1e-3 - 1e-5) * (1 + np.cos(np.pi * t / 100))


def adamw_step(w):
    g = 2 * w
    m, v = 0.1 * g, 0.001 * g ** 2
    m_hat, v_hat = m / 0.1, v / 0.001
    w_new = w - 1e-3 * (m_hat / (np.sqrt(v_hat) + 1e-8) + 0.01 * w)
    return np.sum(w_new)


def gamma_shape(a):
    return np.sum((a - 1) * np.log(2.0) - 2.0 - gammaln(a))
