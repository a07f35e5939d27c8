"""A user's TensorFlow / Keras code: Keras losses and layers, tf.where leaks, normalisation, custom gradients."""

import numpy as np
import tensorflow as tf


def sparse_ce(logits):
    labels = tf.constant([2, 0])
    loss = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)
    return loss(labels, logits)


def keras_huber(pred):
    return tf.keras.losses.Huber(delta=1.0)(tf.constant([0.0, 0.0], dtype=pred.dtype), pred)


DENSE = tf.keras.layers.Dense(2, activation="tanh", kernel_initializer=tf.keras.initializers.Constant(0.5),
                              bias_initializer="zeros", dtype="float64")


def dense_mse(x):
    out = DENSE(tf.reshape(x, (1, 3)))
    return tf.reduce_mean(tf.square(out - tf.constant([[0.2, -0.1]], dtype=x.dtype)))


def sinc_where(x):
    return tf.where(tf.not_equal(x, 0.0), tf.sin(x) / x, tf.ones_like(x))


def sinc_safe(x):
    safe = tf.where(tf.not_equal(x, 0.0), x, tf.ones_like(x))
    return tf.where(tf.not_equal(x, 0.0), tf.sin(safe) / safe, tf.ones_like(x))


def normalized(x):
    return tf.reduce_sum(tf.math.l2_normalize(x) * tf.constant([1.0, 2.0], dtype=x.dtype))


def std_const(x):
    return tf.math.reduce_std(x)


def poisson(log_rate):
    targets = tf.constant([0.0, 2.0, 5.0], dtype=log_rate.dtype)
    return tf.reduce_sum(tf.nn.log_poisson_loss(targets, log_rate, compute_full_loss=True))


def gamma_nll(log_alpha):
    alpha = tf.exp(log_alpha)
    x = tf.constant(2.0, dtype=log_alpha.dtype)
    return tf.math.lgamma(alpha) - (alpha - 1.0) * tf.math.log(x) + x


def logdet(b):
    a = tf.matmul(b, b, transpose_b=True) + tf.eye(2, dtype=b.dtype)
    return 2.0 * tf.reduce_sum(tf.math.log(tf.linalg.diag_part(tf.linalg.cholesky(a))))


def slogdet(b):
    a = tf.matmul(b, b, transpose_b=True) + tf.eye(2, dtype=b.dtype)
    return tf.linalg.slogdet(a)[1]


def angle(p):
    return tf.math.atan2(p[1], p[0])


def masked_softmax(x):
    mask = tf.constant([1.0, 1.0, 0.0])
    scores = x + (1.0 - tf.cast(mask, x.dtype)) * -1e9
    return tf.reduce_sum(tf.nn.softmax(scores) * tf.constant([1.0, 2.0, 3.0], dtype=x.dtype))


def naive_focal(z):
    p = tf.sigmoid(z)
    return -tf.square(1.0 - p) * tf.math.log(p)


@tf.custom_gradient
def clip_by_value_st(x):
    def grad(dy):
        return dy
    return tf.clip_by_value(x, -1.0, 1.0), grad


def straight_through(x):
    return tf.reduce_sum(clip_by_value_st(x))


@tf.custom_gradient
def safe_norm(x):
    n = tf.norm(x)

    def grad(dy):
        return dy * x / tf.maximum(n, 1e-12)
    return n, grad


def custom_norm(x):
    return safe_norm(x)


def naive_softmax_ce(x):
    e = tf.exp(x)
    return -tf.math.log(e[0] / tf.reduce_sum(e))


WEIGHTS = np.array([0.5, 1.5])


def keras_bce(z):
    return tf.keras.losses.binary_crossentropy(tf.constant([1.0, 0.0], dtype=z.dtype), z * WEIGHTS, from_logits=True)
