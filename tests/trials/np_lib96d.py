"""A user's plain NumPy code, ninety-sixth round (d): ranking metrics written out: a soft rank by a hand-written
logistic, a Spearman-like loss on it, a soft top-k mask around np.sort's k-th value, a smoothed max written out and
by np.logaddexp.reduce, ListMLE written out, RankNet by np.logaddexp, and a plain Sinkhorn."""

import numpy as np

C = np.array([1.0, -0.5, 2.0, 0.75])
Y = np.array([1.0, 0.0, 3.0, 2.0])
ANCHORS = np.array([-1.0, 0.0, 1.0, 2.0])
BETTER, WORSE = np.array([0, 2, 2, 2, 3, 3]), np.array([1, 0, 1, 3, 0, 1])


def soft_rank(s, tau):
    d = (s[:, None] - s[None, :]) / tau
    r = 0.5 + (1.0 / (1.0 + np.exp(-d))).sum(axis=1)
    return np.sum(r * C)


def spearman(s):
    d = (s[:, None] - s[None, :]) / 0.5
    r = 0.5 + (1.0 / (1.0 + np.exp(-d))).sum(axis=1)
    t = np.argsort(np.argsort(Y)) + 1.0
    return 6.0 * np.sum((r - t) ** 2) / 60.0


def hard_spearman(s):
    """The evaluation metric itself: Spearman's 1 - rho on the hard ranks."""
    r = np.argsort(np.argsort(s)) + 1.0
    t = np.argsort(np.argsort(Y)) + 1.0
    return 6.0 * np.sum((r - t) ** 2) / 60.0 + 0.0 * np.sum(s)


def soft_topk(s):
    thr = np.sort(s)[-2]
    mask = 1.0 / (1.0 + np.exp(-(s - thr) / 0.25))
    return np.sum(mask * C)


def smooth_max_hand(s, tau):
    return tau * np.log(np.sum(np.exp(s / tau)))


def smooth_max(s, tau):
    return tau * np.logaddexp.reduce(s / tau)


def listmle_naive(s):
    sp = s[np.argsort(-Y)]
    return np.sum(np.log(np.cumsum(np.exp(sp)[::-1])[::-1]) - sp)


def ranknet(s):
    return np.sum(np.logaddexp(0.0, -(s[BETTER] - s[WORSE])))


def sinkhorn_plain(s, eps):
    P = np.exp(-((s[:, None] - ANCHORS[None, :]) ** 2) / eps)
    for _ in range(3):
        P = P / P.sum(axis=1, keepdims=True)
        P = P / P.sum(axis=0, keepdims=True)
    return np.sum((P @ np.arange(1.0, 5.0)) * C)
