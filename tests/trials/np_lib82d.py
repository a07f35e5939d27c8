"""A user's plain NumPy code, eighty-second round (d): entropic optimal transport as an evaluation script computes it
(POT-style Sinkhorn written out): the probability-domain Sinkhorn, the log-domain one with scipy.special.logsumexp,
1-D Wasserstein by np.sort and by scipy.stats.wasserstein_distance, the Gaussian W2 with scipy.linalg.sqrtm and a KL
penalty with scipy.special.xlogy."""

import numpy as np
from scipy.linalg import sqrtm
from scipy.special import logsumexp, xlogy
from scipy.stats import wasserstein_distance

N_ITER = 10


def sinkhorn_cost(x, y, eps):
    C = (x[:, None] - y[None, :]) ** 2
    a = np.ones(len(x)) / len(x)
    b = np.ones(len(y)) / len(y)
    K = np.exp(-C / eps)
    v = np.ones(len(y))
    for _ in range(N_ITER):
        u = a / K.dot(v)
        v = b / K.T.dot(u)
    P = u.reshape(-1, 1) * K * v.reshape(1, -1)
    return np.sum(P * C)


def sinkhorn_log_cost(x, y, eps):
    C = (x[:, None] - y[None, :]) ** 2
    log_a = np.log(np.ones(len(x)) / len(x))
    log_b = np.log(np.ones(len(y)) / len(y))
    f, g = np.zeros(len(x)), np.zeros(len(y))
    for _ in range(N_ITER):
        f = eps * log_a - eps * logsumexp((g[None, :] - C) / eps, axis=1)
        g = eps * log_b - eps * logsumexp((f[:, None] - C) / eps, axis=0)
    return np.sum(np.exp((f[:, None] + g[None, :] - C) / eps) * C)


def w2_sorted(x, y):
    return np.mean((np.sort(x) - np.sort(y)) ** 2)


def w1_scipy(x, y):
    return wasserstein_distance(x, y)


def gaussian_w2(m1, c1, m2, c2):
    S1 = np.array([[c1[0], c1[1]], [c1[1], c1[2]]])
    S2 = np.array([[c2[0], c2[1]], [c2[1], c2[2]]])
    r = sqrtm(S2)
    return np.sum((m1 - m2) ** 2) + np.trace(S1 + S2 - 2 * sqrtm(r @ S1 @ r))


def kl_penalty(p, q):
    return np.sum(xlogy(p, p / q) - p + q)


def kl_penalty_naive(p, q):
    return np.sum(p * np.log(p / q) - p + q)
