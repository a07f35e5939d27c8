"""A user's plain NumPy code, hundred-and-third round (d): transformer building blocks written out with numpy: RMSNorm
with eps = 0 and 1e-6, layer norm at a constant row, rotary embeddings, soft-capping, the z-loss naive and by the
max trick, a causal -inf mask by np.where, a padding mask leaving a query no key, an online softmax from -inf (bare
and guarded), SwiGLU with a hand-written sigmoid, GeGLU's tanh GELU, a KL term between two softmaxes, and
label-smoothed cross-entropy by log(softmax) and by the max trick."""

import math

import numpy as np

G = np.array([1.0, -2.0, 0.5])
V = np.array([1.0, -2.0, 0.5])
INV_FREQ = 1.0 / (10000.0 ** (np.arange(0, 4, 2) / 4))
CAUSAL = np.tril(np.ones((3, 3), dtype=bool))
PAD = np.array([[False, False, False], [True, True, False], [True, True, True]])


def rmsnorm(x):
    return np.sum(G * x / np.sqrt(np.mean(x ** 2)))


def rmsnorm_eps(x):
    return np.sum(G * x / np.sqrt(np.mean(x ** 2) + 1e-6))


def layernorm(x):
    mu = x.mean()
    return np.sum(G * (x - mu) / np.sqrt(((x - mu) ** 2).mean() + 1e-5))


def rope(x, pos):
    ang = pos * INV_FREQ
    c, s = np.cos(ang), np.sin(ang)
    x1, x2 = x[0::2], x[1::2]
    y = np.concatenate([x1 * c - x2 * s, x1 * s + x2 * c])
    return np.sum(y * np.array([1.0, -1.0, 0.5, 2.0]))


def softcap(x, c):
    return np.sum(c * np.tanh(x / c))


def z_loss_naive(z):
    return 1e-4 * np.log(np.sum(np.exp(z))) ** 2


def z_loss(z):
    m = np.max(z)
    return 1e-4 * (m + np.log(np.sum(np.exp(z - m)))) ** 2


def _softmax(s):
    e = np.exp(s - np.max(s, axis=-1, keepdims=True))
    return e / np.sum(e, axis=-1, keepdims=True)


def causal_where(s):
    return np.sum(_softmax(np.where(CAUSAL, s, -np.inf)) * V[None, :])


def padded_where(s):
    return np.sum(_softmax(np.where(PAD, s, -np.inf)) * V[None, :])


def _online(s, guard):
    s = np.where(np.array([False, True, True]), s, -np.inf)
    m, l, acc = -np.inf, 0.0, 0.0
    for j in range(3):
        m_new = np.maximum(m, s[j])
        if guard:
            scale = np.where(m_new == -np.inf, 0.0, np.exp(m - m_new))
            e = np.where(m_new == -np.inf, 0.0, np.exp(s[j] - m_new))
        else:
            scale = np.exp(m - m_new)
            e = np.exp(s[j] - m_new)
        l = l * scale + e
        acc = acc * scale + e * V[j]
        m = m_new
    return acc / l


def online_softmax(s):
    return _online(s, guard=False)


def online_softmax_guarded(s):
    return _online(s, guard=True)


def sigmoid(z):
    return 1.0 / (1.0 + np.exp(-z))


def swiglu(a, b):
    return np.sum(a * sigmoid(a) * b)


def geglu(a, b):
    g = 0.5 * a * (1.0 + np.tanh(math.sqrt(2.0 / math.pi) * (a + 0.044715 * a ** 3)))
    return np.sum(g * b)


def kl_naive(a, b):
    p, q = _softmax(a), _softmax(b)
    return np.sum(p * (np.log(p) - np.log(q)))


def ls_ce_naive(logits):
    lsm = np.log(_softmax(logits))
    return -0.9 * lsm[0] - 0.1 * np.mean(lsm)


def ls_ce(logits):
    lsm = logits - np.max(logits) - np.log(np.sum(np.exp(logits - np.max(logits))))
    return -0.9 * lsm[0] - 0.1 * np.mean(lsm)
