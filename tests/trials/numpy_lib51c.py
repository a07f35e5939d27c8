"""A user's plain NumPy and SciPy code, round 51c: GELU by np.tanh and by scipy.special.erf / erfc, SiLU by
scipy.special.expit, softplus by np.logaddexp, log-sigmoid by scipy.special.log_expit, log_ndtr, logsumexp over an
axis, log_softmax, a smoothed cross-entropy, binary entropy by xlogy / xlog1py, rel_entr and kl_div, cosine
similarity by np.linalg.norm, np.hypot, and a clipped log."""

import numpy as np
from scipy import special

C = np.sqrt(2 / np.pi)


def gelu_tanh(x):
    return 0.5 * x * (1 + np.tanh(C * (x + 0.044715 * x ** 3)))


def gelu_erf(x):
    return 0.5 * x * (1 + special.erf(x / np.sqrt(2)))


def gelu_erfc(x):
    return 0.5 * x * special.erfc(-x / np.sqrt(2))


def silu(x):
    return x * special.expit(x)


def softplus(x):
    return np.logaddexp(0, x)


def log_sigmoid(x):
    return special.log_expit(x)


def log_ndtr(x):
    return special.log_ndtr(x)


def logsumexp_rows(z):
    return np.sum(special.logsumexp(z, axis=1))


def log_softmax_pick(z):
    return special.log_softmax(z)[1]


def smoothed_cross_entropy(z):
    t = np.array([0.9, 0.05, 0.05])
    return -np.sum(t * special.log_softmax(z))


def binary_entropy(p):
    return -(special.xlogy(p, p) + special.xlog1py(1 - p, -p))


def rel_entr_sum(p, q):
    return np.sum(special.rel_entr(p, q))


def kl_div_sum(p, q):
    return np.sum(special.kl_div(p, q))


def cosine_similarity(x, y):
    return np.dot(x, y) / (np.linalg.norm(x) * np.linalg.norm(y))


def hypot_xy(x, y):
    return np.hypot(x, y)


def log_clipped(p):
    eps = 1e-7
    return np.log(np.clip(p, eps, 1 - eps))
