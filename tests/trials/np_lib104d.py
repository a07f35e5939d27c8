"""A user's plain NumPy code, hundred-and-fourth round (d): optimiser updates written out with numpy, the training
gradient by hand (A (w - B) for the quadratic 0.5 sum A (w - B)^2): three unrolled heavy-ball steps (hypergradients in
lr, mu, w0); Adam's first update with bias correction (eps 1e-8); AMSGrad's np.maximum; RMSprop from a zero
accumulator; clipping by the global norm (np.linalg.norm) bare and with + 1e-6; signSGD and Lion by np.sign; linear
warmup then cosine decay by np.where, step decay by np.floor, exponential decay; Polyak averaging and a debiased EMA of
the iterates; and a learned optimiser's tiny MLP on (log(|g| + eps), sign(g), m)."""

import math

import numpy as np

A = np.array([2.0, 0.5])
B = np.array([1.0, -1.0])
C = np.array([0.5, 0.5])
CW = np.array([1.0, -2.0])
LR, B1, B2, EPS = 1e-3, 0.9, 0.999, 1e-8
CLIP = 5.0


def _grad(w):
    return A * (w - B)


def _val(w):
    return 0.5 * np.sum((w - C) ** 2)


def momentum_unroll(lr, mu, w0):
    w, v = w0, np.zeros_like(w0)
    for _ in range(3):
        v = mu * v + _grad(w)
        w = w - lr * v
    return _val(w)


def adam_step(g):
    t = 1
    m = (1 - B1) * g
    v = (1 - B2) * g * g
    m_hat = m / (1 - B1 ** t)
    v_hat = v / (1 - B2 ** t)
    return np.sum(CW * LR * m_hat / (np.sqrt(v_hat) + EPS))


def amsgrad(g, v, vhat):
    return LR * g / (np.sqrt(np.maximum(vhat, v)) + EPS)


def rmsprop_step(w):
    g = _grad(w)
    s = (1 - 0.9) * g * g
    return _val(w - 0.01 * g / (np.sqrt(s) + EPS))


def clip_global(g):
    scale = np.minimum(1.0, CLIP / np.linalg.norm(g))
    return np.sum(CW * g * scale)


def clip_global_eps(g):
    scale = np.minimum(1.0, CLIP / (np.linalg.norm(g) + 1e-6))
    return np.sum(CW * g * scale)


def sign_sgd(w, lr):
    return _val(w - lr * np.sign(_grad(w)))


def lion_step(w, m, lr):
    c = 0.9 * m + (1 - 0.9) * _grad(w)
    return _val(w - lr * np.sign(c))


def warmup_cosine(step, base):
    warm = base * step / 10.0
    cos = base * 0.5 * (1.0 + np.cos(math.pi * (step - 10.0) / (110.0 - 10.0)))
    return np.where(step < 10.0, warm, cos)


def step_decay(step, base):
    return base * 0.1 ** np.floor(step / 30.0)


def exp_decay(step, base):
    return base * 0.96 ** (step / 100.0)


def polyak(lr, w0):
    """The mean of the three iterates of SGD."""
    w, total = w0, np.zeros_like(w0)
    for _ in range(3):
        w = w - lr * _grad(w)
        total = total + w
    return _val(total / 3.0)


def ema_debiased(w0, decay):
    w, ema = w0, np.zeros_like(w0)
    for _ in range(3):
        w = w - 0.1 * _grad(w)
        ema = decay * ema + (1 - decay) * w
    return _val(ema / (1 - decay ** 3))


W1 = np.array([[0.1, 0.5, -0.3], [-0.2, 0.4, 0.6]])
BH = np.array([0.05, -0.1])


def learned_opt(w, m, W2):
    g = 2.0 * (w - 1.0)
    feats = np.array([np.log(np.abs(g) + 1e-8), np.sign(g), m])
    h = np.tanh(W1 @ feats + BH)
    return 0.5 * (w - 0.01 * np.sum(W2 * h) - 0.5) ** 2
