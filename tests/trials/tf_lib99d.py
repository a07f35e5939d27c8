"""A user's TensorFlow code, ninety-ninth round (d): hyperbolic and manifold embeddings: the Poincare-ball distance
with tf.math.acosh, the exponential map at 0 guarded by tf.where, the Lorentz distance on the hyperboloid, the sphere
by tf.math.l2_normalize and the arccos geodesic clipped by tf.clip_by_value, a von Mises-Fisher log-normaliser with
tf.math.special.bessel_i0e, and a tf.custom_gradient arccosh with a clamped derivative (right, and wrong on
purpose)."""

import math

import tensorflow as tf

W2 = [0.5, -0.25]
W3 = [0.5, -0.25, 1.0]


def _t(values, like):
    return tf.constant(values, dtype=like.dtype)


def poincare_dist(u, v):
    sq = tf.reduce_sum((u - v) ** 2)
    den = (1 - tf.reduce_sum(u ** 2)) * (1 - tf.reduce_sum(v ** 2))
    return tf.math.acosh(1 + 2 * sq / den)


def expmap0_where(v):
    n = tf.norm(v)
    return tf.reduce_sum(_t(W2, v) * tf.where(n > 0, tf.tanh(n) * v / n, v))


def lorentz_dist(a, b):
    x0 = tf.sqrt(1 + tf.reduce_sum(a ** 2))
    y0 = tf.sqrt(1 + tf.reduce_sum(b ** 2))
    return tf.math.acosh(x0 * y0 - tf.reduce_sum(a * b))


def sphere_readout_l2(x):
    return tf.reduce_sum(_t(W3, x) * tf.math.l2_normalize(x))


def sphere_dist(x, y):
    c = tf.reduce_sum(tf.math.l2_normalize(x) * tf.math.l2_normalize(y))
    return tf.math.acos(tf.clip_by_value(c, -1.0, 1.0))


def vmf_lognorm2(kappa):
    return -math.log(2 * math.pi) - (tf.math.log(tf.math.special.bessel_i0e(kappa)) + kappa)


@tf.custom_gradient
def arcosh(z):
    def grad(g):
        return g / tf.sqrt(tf.maximum(z * z - 1, 1e-15))
    return tf.math.log(z + tf.sqrt(z * z - 1)), grad


@tf.custom_gradient
def arcosh_bad(z):
    def grad(g):
        return g / tf.sqrt(tf.maximum(z * z + 1, 1e-15))
    return tf.math.log(z + tf.sqrt(z * z - 1)), grad


def poincare_dist_custom(u, v):
    sq = tf.reduce_sum((u - v) ** 2)
    den = (1 - tf.reduce_sum(u ** 2)) * (1 - tf.reduce_sum(v ** 2))
    return arcosh(1 + 2 * sq / den)


def poincare_dist_custom_bad(u, v):
    sq = tf.reduce_sum((u - v) ** 2)
    den = (1 - tf.reduce_sum(u ** 2)) * (1 - tf.reduce_sum(v ** 2))
    return arcosh_bad(1 + 2 * sq / den)
