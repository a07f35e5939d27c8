"""A user's TensorFlow and Keras code, sixth round: label-smoothed categorical cross-entropy from logits, Keras's
KL divergence with its clipping, Poisson log loss from log rates, lgamma far right in a tf.function, a float64
LayerNormalization layer at a constant input, a log-sum-exp mixture, an Arrhenius rate and a Black-Scholes price."""

import keras
import numpy as np
import tensorflow as tf


def smoothed_cce(logits):
    loss = keras.losses.CategoricalCrossentropy(from_logits=True, label_smoothing=0.1, reduction="sum")
    return loss(tf.constant([[1.0, 0.0, 0.0]], dtype=logits.dtype), tf.reshape(logits, (1, 3)))


def keras_kl(pred):
    truth = tf.constant([[0.5, 0.5]], dtype=pred.dtype)
    return keras.losses.KLDivergence(reduction="sum")(truth, tf.reshape(pred, (1, 2)))


def log_poisson(log_rate):
    targets = tf.constant([0.0, 2.0], dtype=log_rate.dtype)
    return tf.reduce_sum(tf.nn.log_poisson_loss(targets, log_rate, compute_full_loss=True))


@tf.function(input_signature=[tf.TensorSpec([None], tf.float64)])
def lgamma_far(x):
    return tf.reduce_sum(tf.math.lgamma(x))


NORM = keras.layers.LayerNormalization(epsilon=1e-3, dtype="float64")
NORM.build((None, 3))
W = np.array([1.0, 2.0, 4.0])


def layer_norm(x):
    return tf.reduce_sum(NORM(tf.reshape(x, (1, 3))) * W)


def mixture_ll(x):
    log_pdf = -0.5 * ((x - tf.constant([0.0, 1.0], tf.float64)) / tf.constant([1.0, 2.0], tf.float64)) ** 2
    log_pdf = log_pdf - tf.math.log(tf.constant([1.0, 2.0], tf.float64)) - 0.5 * np.log(2.0 * np.pi)
    return tf.math.reduce_logsumexp(log_pdf + tf.math.log(tf.constant([0.3, 0.7], tf.float64)))


@tf.function
def arrhenius(t):
    return tf.reduce_sum(2.0 * tf.exp(-1.0 / t))


def bs_call(s):
    k, r, sigma = 1000.0, 0.01, 0.2
    d1 = (tf.math.log(s / k) + (r + 0.5 * sigma ** 2)) / sigma
    d2 = d1 - sigma
    cdf = lambda d: 0.5 * tf.math.erfc(-d / np.sqrt(2.0))  # noqa: E731
    return tf.reduce_sum(s * cdf(d1) - k * np.exp(-r) * cdf(d2))
