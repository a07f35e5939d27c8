"""Round 59d (plain NumPy): recurrent loops, cumulative sums and products, layer norm and masked softmax attention as
legacy NumPy code writes them."""

import numpy as np

W = np.array([1.0, 2.0, -0.5])


def rnn(w, xs):
    h = 0.0
    for x in xs:
        h = np.tanh(w * h + x)
    return h


def cumprod_sum(x):
    return np.sum(np.cumprod(x))


def cumsum_sq(x):
    return np.sum(np.cumsum(x) ** 2)


def layer_norm(x):
    mu = x.mean()
    var = ((x - mu) ** 2).mean()
    return np.sum(W * (x - mu) / np.sqrt(var + 1e-5))


def masked_softmax(z):
    keep = np.array([True, True, False])
    z = np.where(keep, z, -np.inf)
    e = np.exp(z - np.max(z))
    p = e / e.sum()
    return np.sum(p * np.array([1.0, -2.0, 3.0]))
