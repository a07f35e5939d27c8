"""A user's plain NumPy code, seventy-second round (d): recommender losses and embeddings in NumPy on tiny tables.
Matrix factorisation with np.linalg.norm(P) ** 2 as its L2 term, BPR by log(1 / (1 + exp(-x))) and by
np.logaddexp, a bag mean through a one-hot matrix (an empty bag, bare and guarded by np.maximum), cosine with the eps
inside the root, a factorisation machine's pairwise term (the square trick and the pair loop), WARP's rank weight
and a sampled softmax with a log-Q correction shifted by its maximum, popularity-debiased logits by np.log."""
import numpy as np

R = np.array([[5.0, 3.0, 0.0], [4.0, 0.0, 1.0]])
MASK = (R > 0).astype(float)
LAM = 0.1
LOOKUPS = np.array([0, 2, 2, 1])
ONEHOT = np.array([[1.0, 1.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 1.0, 1.0]])
WV = np.array([0.5, -1.0])
TEMP = 0.05
LOGQ = np.log(np.array([0.4, 0.3, 0.2, 0.1]))
ITEMS = np.array([[1.0, 0.5], [0.2, -0.3], [-0.4, 0.8], [0.6, 0.6]])


def mf_norm_sq(P, Q):
    err = MASK * (R - P @ Q.T)
    return np.sum(err ** 2) + LAM * (np.linalg.norm(P) ** 2 + np.linalg.norm(Q) ** 2)


def _score(u, i, j):
    return u @ i - u @ j


def bpr_naive(u, i, j):
    return -np.log(1.0 / (1.0 + np.exp(-_score(u, i, j))))


def bpr_logaddexp(u, i, j):
    return np.logaddexp(0.0, -_score(u, i, j))


def bag_mean(E):
    means = (ONEHOT @ E[LOOKUPS]) / ONEHOT.sum(axis=1, keepdims=True)
    return np.sum(np.tanh(means @ WV))


def bag_mean_guarded(E):
    means = (ONEHOT @ E[LOOKUPS]) / np.maximum(ONEHOT.sum(axis=1, keepdims=True), 1.0)
    return np.sum(np.tanh(means @ WV))


def cosine_eps_inside(u, v):
    return (u / np.sqrt(u @ u + 1e-12)) @ (v / np.sqrt(v @ v + 1e-12))


def fm_pairwise(v, x):
    xv = x @ v
    return 0.5 * np.sum(xv ** 2 - (x ** 2) @ (v ** 2))


def fm_loop(v, x):
    total = 0.0
    for a in range(3):
        for b in range(a + 1, 3):
            total = total + (v[a] @ v[b]) * x[a] * x[b]
    return total


def warp(s):
    margins = 1.0 - s[0] + s[1:]
    rank = int(np.sum(margins > 0))
    weight = sum(1.0 / k for k in range(1, rank + 1))
    return weight * np.sum(np.maximum(0.0, margins))


def sampled_softmax_logq(q):
    logits = ITEMS @ q / TEMP - LOGQ
    z = logits - np.max(logits)
    return -(z[0] - np.log(np.sum(np.exp(z))))


def popularity_debiased(s, p):
    logits = s - np.log(p)
    z = logits - np.max(logits)
    return -(z[0] - np.log(np.sum(np.exp(z))))
