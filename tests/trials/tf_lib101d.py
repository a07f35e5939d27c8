"""A user's TensorFlow code, hundred-and-first round (d): robust losses with tf.keras.losses.huber and
tf.keras.losses.logcosh (Keras' softplus form), a naive log(cosh), a smooth L1 written with tf.where and its beta as an
argument, pseudo-Huber, Tukey's biweight by tf.where, Huber's IRLS weights psi(r) / r, and a tf.custom_gradient Huber
whose gradient clips the residual (right, and wrong on purpose at |r| = delta)."""

import tensorflow as tf

DELTA = 1.0
TUKEY_C = 4.685
W = [0.5, -0.25, 1.0, 0.75]


def _w(r):
    return tf.constant(W[: r.shape[0]], dtype=r.dtype)


def huber_keras(r):
    return tf.keras.losses.huber(tf.zeros_like(r), r, delta=DELTA)


def log_cosh_keras(r):
    return tf.keras.losses.logcosh(tf.zeros_like(r), r)


def log_cosh(r):
    return tf.reduce_sum(tf.math.log(tf.math.cosh(r)))


def smooth_l1(r, beta):
    n = tf.abs(r)
    return tf.reduce_sum(tf.where(n < beta, 0.5 * n ** 2 / beta, n - 0.5 * beta))


def pseudo_huber(r, delta):
    return tf.reduce_sum(delta ** 2 * (tf.sqrt(1 + (r / delta) ** 2) - 1))


def tukey(r):
    c = TUKEY_C
    inside = c ** 2 / 6 * (1 - (1 - (r / c) ** 2) ** 3)
    return tf.reduce_sum(tf.where(tf.abs(r) <= c, inside, c ** 2 / 6 * tf.ones_like(r)))


def irls_weights(r):
    psi = tf.clip_by_value(r, -DELTA, DELTA)
    return tf.reduce_sum(_w(r) * psi / r)


@tf.custom_gradient
def _huber(r):
    a = tf.abs(r)
    value = tf.where(a <= DELTA, 0.5 * r ** 2, DELTA * (a - 0.5 * DELTA))

    def grad(g):
        return g * tf.clip_by_value(r, -DELTA, DELTA)
    return value, grad


@tf.custom_gradient
def _huber_bad(r):
    a = tf.abs(r)
    value = tf.where(a <= DELTA, 0.5 * r ** 2, DELTA * (a - 0.5 * DELTA))

    def grad(g):
        return g * tf.where(a < DELTA, r, tf.where(a > DELTA, DELTA * tf.sign(r), tf.zeros_like(r)))
    return value, grad


def huber_custom(r):
    return tf.reduce_sum(_w(r) * _huber(r))


def huber_custom_bad(r):
    return tf.reduce_sum(_w(r) * _huber_bad(r))
