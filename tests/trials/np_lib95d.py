"""A user's plain NumPy code, ninety-fifth round (d): post-training quantization's error as a function of the step
(the MSE between weights and their fake-quantized values, searched over s), power-of-two quantization, the
hard-concrete gate and its expected L0, magnitude pruning by a threshold and by np.partition, and non-uniform
quantization to a codebook by np.digitize."""

import math

import numpy as np

QMIN, QMAX = -4, 3
C = np.array([1.0, -0.5, 2.0])


def quant_error(w, s):
    """The MSE of quantizing w with step s (what a PTQ scale search minimizes)."""
    q = s * np.clip(np.round(w / s), QMIN, QMAX)
    return np.mean((q - w) ** 2)


def pow2_plain(x):
    q = np.sign(x) * 2.0 ** np.round(np.log2(np.abs(x)))
    return np.sum(q * C)


BETA, GAMMA, ZETA = 2.0 / 3.0, -0.1, 1.1
U_EDGE = np.array([0.0, 0.5, 1.0])


def hard_concrete_edge(log_alpha):
    s = 1.0 / (1.0 + np.exp(-(np.log(U_EDGE) - np.log(1 - U_EDGE) + log_alpha) / BETA))
    return np.sum(np.clip(s * (ZETA - GAMMA) + GAMMA, 0.0, 1.0) * C)


def expected_l0(log_alpha):
    return np.sum(1.0 / (1.0 + np.exp(-(log_alpha - BETA * math.log(-GAMMA / ZETA)))))


C4 = np.array([1.0, -0.5, 2.0, 0.75])


def prune_threshold(w):
    return np.sum(C4 * np.where(np.abs(w) >= 0.5, w, 0.0))


def prune_partition(w):
    thr = np.partition(np.abs(w), -2)[-2]
    return np.sum(C4 * w * (np.abs(w) >= thr))


LEVELS = np.array([-1.0, -0.25, 0.0, 0.25, 1.0])
EDGES = (LEVELS[1:] + LEVELS[:-1]) / 2


def codebook(w, s):
    """Non-uniform quantization of w / s to the nearest level, scaled back."""
    q = LEVELS[np.digitize(w / s, EDGES)] * s
    return np.sum((q - w) ** 2)
