"""Old NumPy code as found in a research repository: a star import, np.random data, np.float64 constants."""

from numpy import *
import numpy as np

np.random.seed(0)
X = np.random.randn(6, 2)
Y = np.where(np.random.rand(6) > 0.5, 1.0, -1.0)
LAMBDA = np.float64(0.01)
EPS = finfo(float).eps


def hinge_l2(w):
    margins = 1.0 - Y * dot(X, w)
    return mean(maximum(margins, 0.0)) + LAMBDA * dot(w, w)


def softmax_xent(z):
    z = z - max(z)
    return -(z[0] - log(sum(exp(z))))


def naive_xent(z):
    p = exp(z) / sum(exp(z))
    return -log(p[0])


def rbf(x):
    centers = array([[0.0, 0.0], [1.0, 1.0]])
    d2 = sum((x[newaxis, :] - centers) ** 2, axis=1)
    return sum(exp(-d2 / (2 * 0.5 ** 2)))


def dist(x):
    return np.linalg.norm(x - array([1.0, 1.0]))


def log_det(b):
    a = dot(b, b.T) + eye(2)
    return log(np.linalg.det(a))


def tanh_layer(w):
    h = tanh(dot(X, w))
    return 0.5 * np.sum((h - Y) ** 2) / len(Y)


def safe_log(p):
    return sum(log(clip(p, EPS, 1.0)))


def pairwise(x):
    diffs = x[:, None] - x[None, :]
    return np.sum(np.sqrt(diffs ** 2 + 1e-12))


def arcsin_sq(x):
    return arcsin(x) ** 2
