"""A user's TensorFlow / Keras code: BCE on probabilities, log_sigmoid, weighted cross-entropy, hand softmax, sinc."""

import tensorflow as tf


def keras_bce_probs(p):
    loss = tf.keras.losses.BinaryCrossentropy(from_logits=False)
    return loss(tf.ones_like(p), p)


def log_sig(z):
    return tf.reduce_sum(tf.math.log_sigmoid(z))


def weighted_ce(logits):
    labels = tf.constant([1.0, 0.0], dtype=logits.dtype)
    return tf.reduce_sum(tf.nn.weighted_cross_entropy_with_logits(labels, logits, pos_weight=2.0))


def naive_xent(x):
    e = tf.exp(x)
    return -tf.math.log(e[1] / tf.reduce_sum(e))


def sinc_eq(x):
    return tf.reduce_sum(tf.where(x == 0.0, tf.ones_like(x), tf.sin(x) / x))


def sinc_taylor(x):
    return tf.reduce_sum(tf.where(tf.abs(x) < 1e-4, 1.0 - x * x / 6.0, tf.sin(x) / x))
