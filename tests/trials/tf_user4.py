"""A user's TensorFlow/Keras code, fourth round: Huber, label-smoothed categorical cross-entropy, reduce_std at constant
data, l2_normalize at 0, a log1mexp, and a while_loop."""

import tensorflow as tf

_HUBER = tf.keras.losses.Huber(delta=1.0)


def huber(p):
    return _HUBER(tf.zeros_like(p), p)


_CCE = tf.keras.losses.CategoricalCrossentropy(from_logits=True, label_smoothing=0.1)


def smoothed_cce(logits):
    return _CCE(tf.constant([[0.0, 0.0, 1.0]], dtype=logits.dtype), logits)


def std(x):
    return tf.math.reduce_std(x)


def unit(x):
    w = tf.constant([1.0, -2.0], dtype=x.dtype)
    return tf.reduce_sum(tf.nn.l2_normalize(x) * w)


def log1mexp(x):
    return tf.math.log1p(-tf.exp(x))


def iterated(x):
    _, acc = tf.while_loop(lambda i, a: i < 3, lambda i, a: (i + 1, tf.sin(a) + x), (tf.constant(0), x))
    return acc


def xlogy(x):
    return tf.reduce_sum(tf.math.xlogy(x, x))
