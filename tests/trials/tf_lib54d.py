"""Round 54d (TensorFlow): unstable spellings as users write them, eager and inside tf.function."""

import tensorflow as tf


def sp_naive(x):
    return tf.reduce_sum(tf.math.log(1 + tf.exp(x)))


@tf.function
def sp_naive_fn(x):
    return tf.reduce_sum(tf.math.log(1.0 + tf.math.exp(x)))


def sp_two(x):
    return tf.reduce_sum(tf.math.log(2 + tf.exp(x)))


def lse_naive(z):
    return tf.math.log(tf.reduce_sum(tf.exp(z)))


def lde_naive(a, b):
    return tf.reduce_sum(tf.math.log(tf.exp(a) - tf.exp(b)))


def log_sig(x):
    return tf.reduce_sum(tf.math.log(tf.sigmoid(x)))


def log_one_minus_sig(x):
    return tf.reduce_sum(tf.math.log(1 - tf.sigmoid(x)))


def bce_probs(z, y):
    p = tf.sigmoid(z)
    return -tf.reduce_sum(y * tf.math.log(p) + (1 - y) * tf.math.log(1 - p))


def entropy_softmax(x):
    p = tf.nn.softmax(x)
    return -tf.reduce_sum(p * tf.math.log(p))


def log1p_ratio(x):
    return tf.reduce_sum(tf.math.log(1 + x) / x)


def expm1_ratio(x):
    return tf.reduce_sum((tf.exp(x) - 1) / x)


def hypot_naive(x, y):
    return tf.reduce_sum(tf.sqrt(x * x + y * y))


def log_of_softmax(x):
    return tf.math.log(tf.nn.softmax(x))[0]


def sqrt_guard(x):
    return tf.reduce_sum(tf.where(x > 0, tf.sqrt(x), tf.zeros_like(x)))


def sinc_guard(x):
    return tf.reduce_sum(tf.where(x == 0, tf.ones_like(x), tf.sin(x) / x))


def versine_ratio(x):
    return tf.reduce_sum((1 - tf.cos(x)) / (x * x))
