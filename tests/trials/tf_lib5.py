"""A user's TensorFlow and Keras numerics, fifth round: a tf.function log-cosh, Keras's gelu, reduce_logsumexp over a
-inf entry, xlogy at 0, softplus inverse, a log_softmax, a Keras LogCosh loss, and a custom_gradient swish."""

import keras
import tensorflow as tf


@tf.function
def log_cosh(x):
    return tf.reduce_sum(x + tf.math.softplus(-2.0 * x) - tf.math.log(tf.constant(2.0, x.dtype)))


def keras_gelu(x):
    return tf.reduce_sum(keras.activations.gelu(x, approximate=True))


def lse_masked(x):
    z = tf.where(tf.constant([True, False, True]), x, tf.constant(float("-inf"), x.dtype))
    return tf.reduce_logsumexp(z)


def xlogy_y(y):
    return tf.reduce_sum(tf.math.xlogy(tf.constant([0.0, 3.0], y.dtype), y))


def softplus_inverse(y):
    return tf.reduce_sum(y + tf.math.log(-tf.math.expm1(-y)))


def log_softmax_first(x):
    return tf.nn.log_softmax(x)[0]


def keras_log_cosh(pred):
    return keras.losses.LogCosh(reduction="sum")(tf.zeros_like(pred), pred)


@tf.custom_gradient
def _swish(x):
    s = tf.sigmoid(x)

    def grad(dy):
        return dy * (s + x * s * (1.0 - s))

    return x * s, grad


def swish(x):
    return tf.reduce_sum(_swish(x))


W = [1.0, 2.0]


def l2_normalized(x):
    return tf.reduce_sum(tf.math.l2_normalize(x) * tf.constant(W, x.dtype))


def angle(p):
    return tf.math.atan2(p[0], p[1])


@tf.function(input_signature=[tf.TensorSpec([None], tf.float64)])
def signed_log1p(x):
    return tf.reduce_sum(tf.sign(x) * tf.math.log1p(tf.abs(x)))


def sigmoid_far(x):
    return tf.reduce_sum(tf.math.sigmoid(x))
