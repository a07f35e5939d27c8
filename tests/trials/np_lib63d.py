"""Round 63d (plain NumPy): training-step utilities with a hand-written gradient inside the loss: a gradient
penalty of a tanh critic (its input gradient written out), clip-by-global-norm by np.linalg.norm (at a zero and a
tiny gradient), an Adam step at step 1 (m / (sqrt(v) + eps) at v = 0), SGD with weight decay, an EMA of the weights,
and loss scaling by 2^15 (float16 and float32)."""

import numpy as np

B = np.array([1.0, -2.0])


def _grad(w):
    return np.tanh(w)  # d/dw sum(log(cosh(w)))


def grad_penalty(w, x):
    s = np.tanh(np.dot(w, x))
    g = w * (1.0 - s ** 2)  # d/dx tanh(w . x)
    return (np.linalg.norm(g) - 1.0) ** 2


def clip_step(w):
    g = _grad(w)
    norm = np.linalg.norm(g)
    scale = np.minimum(1.0, 1.0 / (norm + 1e-6))
    return np.sum((w - 0.1 * g * scale - B) ** 2)


def clip_step_where(w):
    g = _grad(w)
    norm = np.sqrt(np.sum(g ** 2))
    clipped = np.where(norm < 1.0, g, g / norm)
    return np.sum((w - 0.1 * clipped - B) ** 2)


def adam_step(w):
    g = _grad(w)
    m_hat = ((1 - 0.9) * g) / (1 - 0.9 ** 1)
    v_hat = ((1 - 0.999) * g ** 2) / (1 - 0.999 ** 1)
    new_w = w - 0.1 * m_hat / (np.sqrt(v_hat) + 1e-8)
    return np.sum((new_w - B) ** 2)


def sgd_wd_step(w):
    new_w = w - 0.1 * (_grad(w) + 0.01 * w)
    return np.sum((new_w - B) ** 2)


def ema_loss(w):
    shadow = np.array([0.5, 0.25])
    shadow = 0.999 * shadow + (1 - 0.999) * w
    return np.sum((shadow - B) ** 2)


def scaled_step(w):
    scaled_grad = np.tanh(w) * 32768.0  # the gradient of the loss times 2^15
    g = scaled_grad / 32768.0
    return np.sum((w - 0.1 * g - B) ** 2)
