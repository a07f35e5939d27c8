"""A user's TensorFlow code, eighty-fourth round (d): mixture models and clustering as a Keras user writes them (no
TFP), on three 1-D points: a Gaussian mixture's log-likelihood by tf.math.reduce_logsumexp with tf.nn.log_softmax
weights, the naive log of the summed densities, one EM step's mean update, soft k-means by tf.nn.softmax, hard k-means
by tf.reduce_min, and a mixture of Bernoullis by tf.math.xlogy."""

import math

import tensorflow as tf

X = [0.5, -1.0, 2.0]
X_BIN = [[1.0, 0.0, 1.0], [0.0, 0.0, 1.0]]
HALF_LOG_2PI = 0.5 * math.log(2 * math.pi)


def _lp(mu, log_sigma):
    x = tf.constant(X, dtype=mu.dtype)[:, None]
    return -0.5 * tf.square((x - mu) / tf.exp(log_sigma)) - log_sigma - HALF_LOG_2PI


def gmm_loglik(logits, mu, log_sigma):
    return tf.reduce_sum(tf.math.reduce_logsumexp(tf.nn.log_softmax(logits) + _lp(mu, log_sigma), axis=1))


def gmm_loglik_naive(logits, mu, log_sigma):
    w = tf.nn.softmax(logits)
    return tf.reduce_sum(tf.math.log(tf.reduce_sum(w * tf.exp(_lp(mu, log_sigma)), axis=1)))


def em_means(logits, mu, log_sigma):
    x = tf.constant(X, dtype=mu.dtype)[:, None]
    r = tf.nn.softmax(tf.nn.log_softmax(logits) + _lp(mu, log_sigma), axis=1)
    mu_new = tf.reduce_sum(r * x, axis=0) / tf.reduce_sum(r, axis=0)
    return tf.reduce_sum(tf.square(mu_new))


def soft_kmeans(centres, tau):
    d = tf.square(tf.constant(X, dtype=centres.dtype)[:, None] - centres)
    return tf.reduce_sum(tf.nn.softmax(-d / tau, axis=1) * d)


def kmeans_loss(centres):
    d = tf.square(tf.constant(X, dtype=centres.dtype)[:, None] - centres)
    return tf.reduce_sum(tf.reduce_min(d, axis=1))


def bern_mixture(logits, p):
    x = tf.constant(X_BIN, dtype=p.dtype)[:, None, :]
    ll = tf.reduce_sum(tf.math.xlogy(x, p) + tf.math.xlogy(1 - x, 1 - p), axis=-1)
    return tf.reduce_sum(tf.math.reduce_logsumexp(ll + tf.nn.log_softmax(logits), axis=1))
