"""A user's TensorFlow code for the twenty-fourth round (c): a naive log-sum-exp, a cosine similarity, a tempered
softmax cross-entropy."""

import tensorflow as tf


def logsumexp_naive(x):
    return tf.math.log(tf.reduce_sum(tf.exp(x)))


def cosine_similarity(a, b):
    return tf.reduce_sum(a * b) / (tf.norm(a) * tf.norm(b))


def tempered_xent(logits, temperature):
    """Cross-entropy of class 0 at a temperature, by tf.nn.log_softmax (stable)."""
    return -tf.nn.log_softmax(logits / temperature)[0]
