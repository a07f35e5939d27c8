"""A user's TensorFlow code, hundredth round (d): kernels and Gaussian processes: pairwise distances by tf.norm of the
differences (diagonal included), a Matern 1/2 kernel on them, a GP negative marginal log-likelihood by
tf.linalg.cholesky and tf.linalg.cholesky_solve with jitter, a kernel density estimate by tf.reduce_logsumexp, and a
tf.custom_gradient distance with a safe subgradient at 0 (right, and with the sign of its second gradient wrong on
purpose)."""

import math

import tensorflow as tf

WK = [[1.0, 0.5, -0.25], [0.5, 2.0, 0.75], [-0.25, 0.75, 1.5]]
X_TRAIN = [[-1.0], [0.0], [0.5], [1.5]]
X_DUP = [[-1.0], [0.0], [0.0], [1.5]]
Y_TRAIN = [0.3, -0.2, 0.1, 0.8]
Z_DATA = [-1.0, 0.0, 0.5, 2.0]
JITTER = 1e-6


def _t(values, like):
    return tf.constant(values, dtype=like.dtype)


def dist_sum(x):
    r = tf.norm(x[:, None, :] - x[None, :, :], axis=-1)
    return tf.reduce_sum(_t(WK, x) * r)


def dist_sum_clamped(x):
    d2 = tf.reduce_sum(tf.square(x[:, None, :] - x[None, :, :]), axis=-1)
    return tf.reduce_sum(_t(WK, x) * tf.sqrt(tf.maximum(d2, 1e-30)))


def matern12(x, log_ls):
    r = tf.norm(x[:, None, :] - x[None, :, :], axis=-1) / tf.exp(log_ls)
    return tf.reduce_sum(_t(WK, x) * tf.exp(-r))


def _nll(xt, log_ls, log_sf, log_noise, jitter):
    y = _t(Y_TRAIN, log_ls)[:, None]
    n = xt.shape[0]
    diff = (xt[:, None, :] - xt[None, :, :]) / tf.exp(log_ls)
    k = tf.exp(2 * log_sf) * tf.exp(-0.5 * tf.reduce_sum(diff ** 2, axis=-1))
    k = k + (tf.exp(log_noise) + jitter) * tf.eye(n, dtype=k.dtype)
    low = tf.linalg.cholesky(k)
    alpha = tf.linalg.cholesky_solve(low, y)
    logdet = 2 * tf.reduce_sum(tf.math.log(tf.linalg.diag_part(low)))
    return 0.5 * tf.reduce_sum(y * alpha) + 0.5 * logdet + 0.5 * n * math.log(2 * math.pi)


def gp_nll(log_ls, log_sf, log_noise):
    return _nll(_t(X_TRAIN, log_ls), log_ls, log_sf, log_noise, JITTER)


def gp_nll_dup(log_ls, log_sf, log_noise):
    return _nll(_t(X_DUP, log_ls), log_ls, log_sf, log_noise, JITTER)


def kde(x, log_h):
    h = tf.exp(log_h)
    z = -0.5 * tf.square((x - _t(Z_DATA, x)) / h)
    return tf.reduce_logsumexp(z) - math.log(len(Z_DATA)) - tf.math.log(h) - 0.5 * math.log(2 * math.pi)


@tf.custom_gradient
def safe_dist(a, b):
    d = a - b
    r = tf.sqrt(tf.reduce_sum(d * d))

    def grad(g):
        u = tf.where(r > 0, d / tf.where(r > 0, r, tf.ones_like(r)), tf.zeros_like(d))
        return g * u, -g * u
    return r, grad


@tf.custom_gradient
def safe_dist_bad(a, b):
    d = a - b
    r = tf.sqrt(tf.reduce_sum(d * d))

    def grad(g):
        u = tf.where(r > 0, d / tf.where(r > 0, r, tf.ones_like(r)), tf.zeros_like(d))
        return g * u, g * u  # the second gradient's sign forgotten
    return r, grad


def dist_sum_custom(x):
    w = _t(WK, x)
    return tf.add_n([w[i, j] * safe_dist(x[i], x[j]) for i in range(3) for j in range(3)])


def dist_sum_custom_bad(x):
    w = _t(WK, x)
    return tf.add_n([w[i, j] * safe_dist_bad(x[i], x[j]) for i in range(3) for j in range(3)])
