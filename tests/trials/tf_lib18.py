"""A user's TensorFlow code, eighteenth round: sigmoid cross-entropy with logits, log(1 - e^x) as log1p(-exp(x)),
log-binomial coefficients by lgamma, and a batched Mahalanobis distance by a Cholesky factor."""

import tensorflow as tf

LABELS = [0.3, 1.0, 0.0]


def sigmoid_ce(z):
    y = tf.constant(LABELS, dtype=z.dtype)
    return tf.reduce_sum(tf.nn.sigmoid_cross_entropy_with_logits(labels=y, logits=z))


def log1m_exp(x):
    return tf.reduce_sum(tf.math.log1p(-tf.exp(x)))


def log_binom(n, k):
    return tf.math.lgamma(n + 1.0) - tf.math.lgamma(k + 1.0) - tf.math.lgamma(n - k + 1.0)


COV = [[2.0, 0.3, -0.1], [0.3, 1.0, 0.2], [-0.1, 0.2, 0.5]]


def mahalanobis_sq(x, mu):
    chol = tf.linalg.cholesky(tf.constant(COV, dtype=x.dtype))
    z = tf.linalg.triangular_solve(chol, tf.transpose(x - mu), lower=True)
    return tf.reduce_sum(z * z)
