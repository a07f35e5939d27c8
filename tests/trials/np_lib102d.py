"""A user's plain NumPy code, hundred-and-second round (d): GAN and energy-based losses written out with numpy: the
minimax and non-saturating losses with a hand-written sigmoid, their np.logaddexp forms, BCE of probabilities
clipped to [1e-7, 1 - 1e-7] (Keras' way) and with the log clamped at -100 (PyTorch's), the WGAN loss, the hinge loss
by np.maximum, a gradient penalty by np.linalg.norm, the Boltzmann log-partition naive and stable, and contrastive
divergence's free-energy difference with softplus as log(1 + exp)."""

import numpy as np

Y = np.array([1.0, 0.0])
W_RBM = np.array([[1.0, -1.0], [0.5, 2.0]])
V_DATA = np.array([1.0, 0.0])
V_MODEL = np.array([0.0, 1.0])


def sigmoid(z):
    return 1.0 / (1.0 + np.exp(-z))


def minimax_naive(d):
    return np.sum(np.log(1 - sigmoid(d)))


def minimax_stable(d):
    return -np.sum(np.logaddexp(0.0, d))


def nonsat_naive(d):
    return -np.sum(np.log(sigmoid(d)))


def nonsat_stable(d):
    return np.sum(np.logaddexp(0.0, -d))


def bce_clipped(p):
    p = np.clip(p, 1e-7, 1 - 1e-7)
    return -np.sum(Y * np.log(p) + (1 - Y) * np.log(1 - p))


def bce_log_clamped(p):
    return -np.sum(Y * np.maximum(np.log(p), -100.0) + (1 - Y) * np.maximum(np.log(1 - p), -100.0))


def wgan_critic(d_real, d_fake):
    return np.mean(d_fake) - np.mean(d_real)


def hinge_d(d_real, d_fake):
    return np.mean(np.maximum(0.0, 1.0 - d_real)) + np.mean(np.maximum(0.0, 1.0 + d_fake))


def gradient_penalty(w):
    return (np.linalg.norm(w) - 1.0) ** 2


def log_partition_naive(E):
    return np.log(np.sum(np.exp(-E)))


def log_partition(E):
    m = np.max(-E)
    return m + np.log(np.sum(np.exp(-E - m)))


def cd_naive(c):
    f_data = -np.sum(np.log(1 + np.exp(c + W_RBM @ V_DATA)))
    f_model = -np.sum(np.log(1 + np.exp(c + W_RBM @ V_MODEL)))
    return f_data - f_model
