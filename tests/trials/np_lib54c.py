"""A user's plain NumPy array and linear-algebra code, round 54c, checked unchanged: attention, log-softmax with
keepdims, slogdet, Cholesky log-determinant, eigvalsh, nuclear norm, sort-based top-2, cumsum, polyval, interp,
np.add.at, and np.linalg.matrix_norm (which gradcli.numpy does not have)."""

import numpy as np

W2 = np.array([[1.0, -2.0], [0.5, 3.0]])


def attention(q, k, v):
    s = q @ k.T / np.sqrt(2.0)
    s = s - np.max(s, axis=-1, keepdims=True)
    a = np.exp(s)
    a = a / np.sum(a, axis=-1, keepdims=True)
    return np.sum(W2 * (a @ v))


def log_softmax_rows(z):
    shifted = z - np.max(z, axis=1, keepdims=True)
    ls = shifted - np.log(np.sum(np.exp(shifted), axis=1, keepdims=True))
    return ls[0, 0] + ls[1, 2]


def logabsdet(a):
    sign, logdet = np.linalg.slogdet(a)
    return logdet


def chol_logdet(a, b, c):
    l = np.linalg.cholesky(np.array([[a, b], [b, c]]))
    return 2.0 * np.sum(np.log(np.diag(l)))


def eig_sum(a, b, c):
    return np.sum(np.linalg.eigvalsh(np.array([[a, b], [b, c]])))


def eig_top(a, b, c):
    return np.linalg.eigvalsh(np.array([[a, b], [b, c]]))[-1]


def norm_nuc(a):
    return np.linalg.norm(a, "nuc")


def top2_sum(x):
    s = np.sort(x)
    return s[-1] + s[-2]


def cumsum_sq(x):
    return np.sum(np.cumsum(x) ** 2)


def polyval_root(p, x):
    return np.polyval(p, x)


def interp_line(x):
    return np.interp(x, [0.0, 1.0, 2.0], [0.0, 1.0, 2.0])


def add_at_sq(x):
    out = np.zeros(3)
    np.add.at(out, [0, 0, 1], x)
    return np.sum(out ** 2)


def matrix_norm_fro(a):
    return np.linalg.matrix_norm(a)
