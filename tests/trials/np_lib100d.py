"""A user's plain NumPy code, hundredth round (d): kernels and Gaussian processes written out: pairwise distances by
np.sqrt of summed squares (diagonal included) and guarded by np.maximum(d2, 1e-30), a Matern 5/2 kernel on the guarded
distance, a GP negative marginal log-likelihood by np.linalg.cholesky and scipy.linalg.cho_solve, and a kernel
density estimate by scipy.special.logsumexp."""

import numpy as np
from scipy.linalg import cho_solve
from scipy.special import logsumexp

WK = np.array([[1.0, 0.5, -0.25], [0.5, 2.0, 0.75], [-0.25, 0.75, 1.5]])
X_TRAIN = np.array([[-1.0], [0.0], [0.5], [1.5]])
X_DUP = np.array([[-1.0], [0.0], [0.0], [1.5]])
Y_TRAIN = np.array([0.3, -0.2, 0.1, 0.8])
Z_DATA = np.array([-1.0, 0.0, 0.5, 2.0])


def dist_sum(x):
    diff = x[:, None, :] - x[None, :, :]
    return np.sum(WK * np.sqrt(np.sum(diff ** 2, axis=-1)))


def dist_sum_clamped(x):
    diff = x[:, None, :] - x[None, :, :]
    return np.sum(WK * np.sqrt(np.maximum(np.sum(diff ** 2, axis=-1), 1e-30)))


def matern52(x, log_ls):
    diff = (x[:, None, :] - x[None, :, :]) / np.exp(log_ls)
    r = np.sqrt(5.0) * np.sqrt(np.maximum(np.sum(diff ** 2, axis=-1), 1e-30))
    return np.sum(WK * (1 + r + r ** 2 / 3) * np.exp(-r))


def gp_nll(log_ls, log_noise):
    diff = (X_TRAIN[:, None, :] - X_TRAIN[None, :, :]) / np.exp(log_ls)
    k = np.exp(-0.5 * np.sum(diff ** 2, axis=-1)) + (np.exp(log_noise) + 1e-6) * np.eye(4)
    low = np.linalg.cholesky(k)
    alpha = cho_solve((low, True), Y_TRAIN)
    return 0.5 * Y_TRAIN @ alpha + np.sum(np.log(np.diag(low))) + 2 * np.log(2 * np.pi)


def gp_nll_dup(log_ls, log_noise):
    diff = (X_DUP[:, None, :] - X_DUP[None, :, :]) / np.exp(log_ls)
    k = np.exp(-0.5 * np.sum(diff ** 2, axis=-1)) + (np.exp(log_noise) + 1e-6) * np.eye(4)
    low = np.linalg.cholesky(k)
    alpha = cho_solve((low, True), Y_TRAIN)
    return 0.5 * Y_TRAIN @ alpha + np.sum(np.log(np.diag(low))) + 2 * np.log(2 * np.pi)


def kde(x, log_h):
    h = np.exp(log_h)
    z = -0.5 * ((x - Z_DATA) / h) ** 2
    return logsumexp(z) - np.log(len(Z_DATA)) - np.log(h) - 0.5 * np.log(2 * np.pi)
