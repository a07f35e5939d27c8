"""Round 62d (TensorFlow): probabilistic modelling and linear algebra inside losses as users write them:
tf.math.lgamma / digamma, log Phi by hand through tf.math.erfc, tf.nn.sigmoid_cross_entropy_with_logits and the
naive binary cross-entropy, tf.math.xlogy, a VAE's Gaussian KL term, tf.linalg.slogdet, tf.linalg.cholesky with
tf.linalg.triangular_solve (a Gaussian process), tf.linalg.triangular_solve in its matrix."""

import tensorflow as tf

GX = [0.0, 0.5, 1.5]
GY = [0.25, -0.5, 0.75]


def lgamma_sum(a):
    return tf.reduce_sum(tf.math.lgamma(a))


def digamma_sum(a):
    return tf.reduce_sum(tf.math.digamma(a))


def naive_log_ndtr(x):
    phi = 0.5 * tf.math.erfc(-x * 0.7071067811865476)
    return tf.reduce_sum(tf.math.log(phi))


def sigmoid_xent(z):
    labels = tf.constant([1.0, 0.0], z.dtype)
    return tf.reduce_sum(tf.nn.sigmoid_cross_entropy_with_logits(labels=labels, logits=z))


def naive_bce(z):
    y = tf.constant([0.0, 1.0], z.dtype)
    p = tf.math.sigmoid(z)
    return -tf.reduce_sum(y * tf.math.log(p) + (1.0 - y) * tf.math.log(1.0 - p))


def xlogy_cross(p, y):
    return -tf.reduce_sum(tf.math.xlogy(p, y))


def vae_kl(mu, logvar):
    return 0.5 * tf.reduce_sum(mu ** 2 + tf.exp(logvar) - 1.0 - logvar)


def slogdet_loss(a):
    sign, logabsdet = tf.linalg.slogdet(a)
    return logabsdet


def tri_solve(chol):
    b = tf.constant([[1.0], [2.0]], chol.dtype)
    x = tf.linalg.triangular_solve(chol, b, lower=True)
    return tf.reduce_sum(x ** 2)


def gp_nll(log_ell, log_noise):
    x = tf.constant(GX, log_ell.dtype)
    y = tf.constant(GY, log_ell.dtype)[:, None]
    d = x[:, None] - x[None, :]
    k = tf.exp(-0.5 * d ** 2 / tf.exp(2.0 * log_ell)) + tf.exp(log_noise) * tf.eye(3, dtype=x.dtype)
    chol = tf.linalg.cholesky(k)
    alpha = tf.linalg.triangular_solve(chol, y, lower=True)
    return 0.5 * tf.reduce_sum(alpha ** 2) + tf.reduce_sum(tf.math.log(tf.linalg.diag_part(chol)))


def lbeta_loss(x):
    return tf.math.lbeta(x)
