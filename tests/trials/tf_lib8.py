"""A user's TensorFlow code, eighth round: custom gradients with subtle errors (a sign lost for x < 0, a missing chain
factor, a division by zero in the rule only), tf.clip_by_norm inside a loss, a softmax with a -1e9 mask, a
Cholesky log-determinant of a near-singular matrix, Keras' focal cross-entropy and a softmax at temperature
1e-3."""

import numpy as np
import tensorflow as tf

MASK = tf.constant([True, True, False])
COST = np.array([1.0, 3.0, -2.0])


@tf.custom_gradient
def abs_pow(x):
    # |x|^1.5
    def grad(upstream):
        return upstream * 1.5 * tf.sqrt(tf.abs(x))
    return tf.abs(x) ** 1.5, grad


def abs_pow_sum(x):
    return tf.reduce_sum(abs_pow(x))


@tf.custom_gradient
def sin2(x):
    def grad(upstream):
        return upstream * tf.cos(2.0 * x)
    return tf.sin(2.0 * x), grad


def sin2_sum(x):
    return tf.reduce_sum(sin2(x))


@tf.custom_gradient
def cube_third(x):
    y = x * x * x / 3.0

    def grad(upstream):
        return upstream * 3.0 * y / x
    return y, grad


def cube_third_sum(x):
    return tf.reduce_sum(cube_third(x))


def clipped(x):
    return tf.reduce_sum(tf.constant([1.0, 2.0], dtype=x.dtype) * tf.clip_by_norm(x, 1.0))


def masked_softmax(z):
    weights = tf.nn.softmax(tf.where(MASK, z, -1e9))
    return tf.reduce_sum(tf.constant(COST, dtype=z.dtype) * weights)


def chol_logdet(b):
    a = tf.matmul(b, b, transpose_b=True) + 1e-12 * tf.eye(2, dtype=b.dtype)
    return 2.0 * tf.reduce_sum(tf.math.log(tf.linalg.diag_part(tf.linalg.cholesky(a))))


def keras_focal(z):
    loss = tf.keras.losses.BinaryFocalCrossentropy(gamma=2.0, from_logits=True)
    return loss(tf.constant([[1.0, 0.0]], dtype=z.dtype), z[None, :])


def tempered_softmax(z):
    return tf.reduce_sum(tf.constant([1.0, 3.0, -2.0], dtype=z.dtype) * tf.nn.softmax(z / 1e-3))
