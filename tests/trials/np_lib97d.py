"""A user's plain NumPy code, ninety-seventh round (d): calibration and quantile losses written out: the pinball loss
(np.maximum), a smoothed pinball (np.logaddexp and written out), an ensemble CRPS by pairwise |x_i - x_j|, temperature
scaling's NLL written out and shifted by the max, a soft-binned ECE and a hard-binned one (np.floor), focal loss,
conformal scores' quantile by np.sort and np.quantile, and the interval score by np.where."""

import numpy as np

Y = np.array([0.5, -1.0, 2.0, 0.25])
ACC = np.array([1.0, 0.0, 1.0, 1.0])
EDGES = np.array([0.0, 0.25, 0.5, 0.75, 1.0])
LABEL = 3
Q = 0.25
GAMMA = 0.5
ALPHA = 0.5


def pinball(f, q):
    u = Y - f
    return np.mean(np.maximum(q * u, (q - 1) * u))


def smooth_pinball(f, tau):
    u = Y - f
    return np.mean(Q * u + tau * np.logaddexp(0.0, -u / tau))


def smooth_pinball_hand(f, tau):
    u = Y - f
    return np.mean(Q * u + tau * np.log(1.0 + np.exp(-u / tau)))


def crps_ensemble(x):
    y = 0.5
    return np.mean(np.abs(x - y)) - 0.5 * np.mean(np.abs(x[:, None] - x[None, :]))


def temp_nll_naive(z, T):
    e = np.exp(z / T)
    return -np.log(e[LABEL] / np.sum(e))


def temp_nll_shift(z, T):
    a = z / T
    a = a - np.max(a)
    return -(a[LABEL] - np.log(np.sum(np.exp(a))))


def soft_ece(c, t):
    s = 1.0 / (1.0 + np.exp(-(c[:, None] - EDGES[None, :]) / t))
    m = s[:, :-1] - s[:, 1:]
    gaps = np.sum(m * (c - ACC)[:, None], axis=0)
    return np.sum(np.abs(gaps)) / c.shape[0]


def hard_ece(c):
    """The textbook ECE: 4 equal bins by np.floor, |mean confidence - accuracy| weighted by the bin's share."""
    b = np.minimum(np.floor(c * 4), 3)
    total = 0.0
    for k in range(4):
        inside = (b == k).astype(c.dtype)
        total = total + np.abs(np.sum(inside * (c - ACC)))
    return total / c.shape[0]


def focal(x):
    p = 1.0 / (1.0 + np.exp(-x))
    return np.mean(-((1 - p) ** GAMMA) * np.log(p))


def conformal_q(f, sigma):
    s = np.sort(np.abs(Y - f) / sigma)
    return 0.25 * s[1] + 0.75 * s[2]


def conformal_quantile(f, sigma):
    return np.quantile(np.abs(Y - f) / sigma, 0.625)


def interval_score(l, u):
    return np.mean((u - l) + np.where(Y < l, 2 / ALPHA * (l - Y), 0.0) + np.where(Y > u, 2 / ALPHA * (Y - u), 0.0))
