"""A user's plain NumPy code, seventy-sixth round (d): sparse routing and piecewise activations as course notebooks
write them: sparsemax (np.sort, np.cumsum, the support by comparison), entmax-1.5 by bisection, a top-2 gate by
np.argsort (softmax over the kept logits), Gumbel-softmax with a draw of np.random.default_rng(0) at import (tau = 0.1,
hard by the straight-through y_hard - y_soft + y_soft written out: NumPy has no stop_gradient, so it is the value
y_hard), hardtanh by np.clip, relu6 by np.minimum(np.maximum), a spline by np.searchsorted and by np.interp, the
pinball loss by np.maximum."""

import numpy as np

READOUT = np.array([1.0, -2.0, 3.0, 0.5])
EXPERTS = np.array([[1.0, -0.5], [0.25, 2.0], [-1.0, 0.5], [0.5, 0.75]])
KNOTS = np.array([0.0, 1.0, 2.0, 3.0])
TARGET = np.array([0.5, -1.0, 2.0])
GUMBEL = np.random.default_rng(0).gumbel(size=4)


def _sparsemax(z):
    z_sorted = np.sort(z)[::-1]
    k = np.arange(1, z.size + 1)
    cumsum = np.cumsum(z_sorted)
    support = 1 + k * z_sorted > cumsum
    k_z = k[support][-1]
    tau = (cumsum[k_z - 1] - 1) / k_z
    return np.maximum(z - tau, 0)


def sparsemax(z):
    return np.sum(READOUT * _sparsemax(z))


def sparsemax_loss(z):
    p = _sparsemax(z)
    s = p > 0
    tau = np.max(z[s]) - np.max(p)
    return -z[2] + 0.5 * np.sum(z[s] ** 2 - tau ** 2) + 0.5


def entmax15(z, n_iter=50):
    x = z / 2
    max_val = np.max(x)
    tau_lo, tau_hi = max_val - 1.0, max_val - (1.0 / z.size) ** 0.5
    f_lo = np.sum(np.maximum(x - tau_lo, 0) ** 2) - 1
    dm = tau_hi - tau_lo
    for _ in range(n_iter):
        dm = dm / 2
        tau_m = tau_lo + dm
        p_m = np.maximum(x - tau_m, 0) ** 2
        f_m = np.sum(p_m) - 1
        tau_lo = np.where(f_m * f_lo >= 0, tau_m, tau_lo)
    return np.sum(READOUT * p_m / np.sum(p_m))


def moe_top2(x, w_gate):
    logits = x @ w_gate
    idx = np.argsort(-logits, axis=-1, kind="stable")[:, :2]
    top = np.take_along_axis(logits, idx, axis=-1)
    e = np.exp(top - top.max(axis=-1, keepdims=True))
    gates = e / e.sum(axis=-1, keepdims=True)
    chosen = np.take_along_axis(x @ EXPERTS.T, idx, axis=-1)
    return np.sum(gates * chosen)


def gumbel_soft(logits):
    y = (logits + GUMBEL) / 0.1
    e = np.exp(y - y.max())
    return np.sum(READOUT * e / e.sum())


def hardtanh_sum(x):
    return np.sum(READOUT * np.clip(x, -1.0, 1.0))


def relu6_sum(x):
    return np.sum(READOUT * np.minimum(np.maximum(x, 0.0), 6.0))


def spline(x, y):
    idx = np.clip(np.searchsorted(KNOTS, x, side="right") - 1, 0, KNOTS.size - 2)
    t = (x - KNOTS[idx]) / (KNOTS[idx + 1] - KNOTS[idx])
    out = y[idx] * (1 - t) + y[idx + 1] * t
    return np.sum(out ** 2)


def spline_interp(x, y):
    return np.sum(np.interp(x, KNOTS, y) ** 2)


def pinball(pred):
    e = TARGET - pred
    return np.mean(np.maximum(0.9 * e, (0.9 - 1) * e))
