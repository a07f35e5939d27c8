"""A user's TensorFlow losses and custom gradients."""

import tensorflow as tf


def naive_softplus(x):
    return tf.math.log(1 + tf.exp(x))


@tf.function
def library_softplus(x):
    return tf.math.softplus(x)


@tf.custom_gradient
def log1pexp(x):
    e = tf.exp(x)

    def grad(dy):
        return dy * (1 - 1 / (1 + e))

    return tf.math.log(1 + e), grad


def docs_stable(x):
    return log1pexp(x)


@tf.custom_gradient
def sinh_bad(x):
    def grad(dy):
        return dy * tf.math.sinh(x)

    return tf.math.sinh(x), grad


def wrong_rule(x):
    return sinh_bad(x)


@tf.custom_gradient
def scaled_square(x):
    def grad(dy):
        return dy * 6.0 * x

    return 3.0 * x * x, grad


def right_rule(x):
    return scaled_square(x)


def sqrt_where(x):
    return tf.where(x > 0, tf.sqrt(x), 0.0)


def norm(x):
    return tf.norm(x)


def bce_naive(z):
    p = tf.sigmoid(z)
    return -tf.math.log(1 - p)


def bce_stable(z):
    return tf.nn.sigmoid_cross_entropy_with_logits(labels=tf.zeros_like(z), logits=z)


def naive_logsumexp(x):
    return tf.math.log(tf.reduce_sum(tf.exp(x)))


@tf.function
def stable_logsumexp(x):
    return tf.math.reduce_logsumexp(x)


def entropy(p):
    return -tf.reduce_sum(tf.math.xlogy(p, p))


def squared_log_where(x):
    return tf.where(x > 1, tf.math.log(x - 1) ** 2, 0.0)
