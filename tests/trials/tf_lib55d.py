"""Round 55d (TensorFlow): the same compositions in tf.math and tf.nn."""

import tensorflow as tf


def clip_log1p(x):
    return tf.reduce_sum(tf.clip_by_value(tf.math.log1p(x), -5.0, 5.0))


def lse_sig(x):
    return tf.reduce_logsumexp(tf.sigmoid(x))


def tanh_twice(x):
    return tf.reduce_sum(tf.tanh(x + x))


def sp_exp(x):
    return tf.reduce_sum(tf.math.softplus(tf.exp(x)))


def sp_plain(x):
    return tf.reduce_sum(tf.math.softplus(x))


def sqrt_exp_log(x):
    return tf.reduce_sum(tf.sqrt(tf.exp(tf.math.log(x))))


def abs_max(x, y):
    return tf.reduce_sum(tf.maximum(tf.abs(x), tf.maximum(x, y)))


def erf_recip(y):
    return tf.reduce_sum(tf.math.erf(1.0 / y))


def log_exp_expm1(x):
    return tf.reduce_sum(tf.math.log(tf.exp(tf.math.expm1(x))))
