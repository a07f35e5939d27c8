"""A user's TensorFlow code, seventh round: tf.math's special functions (lbeta at large arguments, xlog1py in a
Bernoulli entropy, bessel_i0e), tf.nn losses at far logits (weighted cross-entropy), batch statistics by tf.nn.moments
on tiny data, a Weibull likelihood whose censored rows are chosen by tf.where, a tf.custom_gradient whose rule
overflows, a Gompertz density in a tf.function, and Keras' cosine-similarity loss at collinear vectors."""

import keras
import tensorflow as tf


def lbeta_sum(a):
    return tf.reduce_sum(tf.math.lbeta(tf.stack([a, 2.0 * tf.ones_like(a)], axis=-1)))


def bernoulli_entropy(p):
    return -tf.reduce_sum(tf.math.xlogy(p, p) + tf.math.xlog1py(1.0 - p, -p))


def log_i0e(k):
    return tf.reduce_sum(tf.math.log(tf.math.bessel_i0e(k)))


def weighted_ce(z):
    labels = tf.constant([1.0, 0.0], dtype=z.dtype)
    return tf.reduce_sum(tf.nn.weighted_cross_entropy_with_logits(labels, z, pos_weight=3.0))


def batch_stats(x):
    mean, var = tf.nn.moments(x, axes=[0])
    y = tf.nn.batch_normalization(x, mean, var, offset=None, scale=None, variance_epsilon=1e-3)
    return tf.reduce_sum(y * tf.constant([1.0, 2.0, 4.0, -3.0], dtype=x.dtype))


def weibull_where(x):
    # Weibull(k = 2, lambda = 1) log-likelihood; the last two times are censored (zero-length follow-up included)
    event = tf.constant([True, True, False, False])
    log_pdf = tf.math.log(2.0 * x) - x ** 2
    log_surv = -x ** 2
    return tf.reduce_sum(tf.where(event, log_pdf, log_surv))


@tf.custom_gradient
def log_sigmoid(x):
    def grad(upstream):
        return upstream * tf.exp(-x) / (1.0 + tf.exp(-x))
    return tf.math.log_sigmoid(x), grad


def custom_log_sigmoid(x):
    return tf.reduce_sum(log_sigmoid(x))


@tf.function(input_signature=[tf.TensorSpec(shape=[None], dtype=tf.float64)])
def gompertz(x):
    eta = tf.constant(1e-300, tf.float64)
    return tf.reduce_sum(tf.math.log(eta) + eta + x - tf.exp(tf.math.log(eta) + x))


def keras_cosine(x):
    y = tf.constant([[1.0, 2.0, 3.0]], dtype=x.dtype)
    return keras.losses.cosine_similarity(y, tf.reshape(x, (1, 3)))[0]


def igamma_sum(x):
    return tf.reduce_sum(tf.math.igamma(2.0 * tf.ones_like(x), x))


@tf.function(jit_compile=True)
def xla_log_i0e(k):
    return tf.reduce_sum(tf.math.log(tf.math.bessel_i0e(k)))
