"""A user's TensorFlow code, eighty-first round (d): log-likelihoods of small normalising flows and their
log-determinants. A standard-normal base; a planar flow's log|1 + u.psi| (tf.abs); an affine coupling layer with
tf.math.softplus(s) + eps; the tanh squashing (naive, stable, and a tf.custom_gradient, right and wrong); a radial flow
(tf.norm); a logit layer; a batch-norm flow by tf.nn.moments; a 2x2 linear flow by tf.linalg.slogdet and
tf.linalg.det."""

import math

import tensorflow as tf


def std_normal_logp(z):
    return tf.reduce_sum(-0.5 * z ** 2 - 0.5 * math.log(2 * math.pi))


# ------------------------------------------------------------------------------------------------- planar flow
def planar_logq(z, u):
    w = tf.constant([1.0, 0.5], dtype=z.dtype)
    a = tf.reduce_sum(w * z)
    psi = (1 - tf.tanh(a) ** 2) * w
    return std_normal_logp(z) - tf.math.log(tf.abs(1 + tf.reduce_sum(u * psi)))


# ------------------------------------------------------------------------------------------------- affine coupling
def coupling_softplus(x2, s, t):
    scale = tf.math.softplus(s) + 1e-3
    y = x2 * scale + t
    return std_normal_logp(y) + tf.reduce_sum(tf.math.log(scale))


# ------------------------------------------------------------------------------------------------- tanh squashing
def squash_naive(u):
    return std_normal_logp(u) - tf.reduce_sum(tf.math.log(1 - tf.tanh(u) ** 2))


def squash_stable(u):
    return std_normal_logp(u) - tf.reduce_sum(2 * (math.log(2.0) - u - tf.math.softplus(-2 * u)))


@tf.custom_gradient
def log1m_tanh2(x):
    def grad(dy):
        return dy * -2 * tf.tanh(x)
    return 2 * (math.log(2.0) - x - tf.math.softplus(-2 * x)), grad


@tf.custom_gradient
def log1m_tanh2_bad(x):
    def grad(dy):
        return dy * -2 * tf.tanh(x) * (1 - tf.tanh(x) ** 2)
    return 2 * (math.log(2.0) - x - tf.math.softplus(-2 * x)), grad


def squash_custom(u):
    return std_normal_logp(u) - tf.reduce_sum(log1m_tanh2(u))


def squash_custom_bad(u):
    return std_normal_logp(u) - tf.reduce_sum(log1m_tanh2_bad(u))


# ------------------------------------------------------------------------------------------------- radial flow
def radial_logdet(z, alpha, beta):
    z0 = tf.constant([0.5, -0.5], dtype=z.dtype)
    r = tf.norm(z - z0)
    h = 1 / (alpha + r)
    dh = -1 / (alpha + r) ** 2
    return tf.math.log(1 + beta * h) + tf.math.log(1 + beta * h + beta * dh * r)


# ------------------------------------------------------------------------------------------------- logit layer
def logit_logp(x):
    y = tf.math.log(x) - tf.math.log1p(-x)
    return std_normal_logp(y) - tf.reduce_sum(tf.math.log(x) + tf.math.log1p(-x))


# ------------------------------------------------------------------------------------------------- batch-norm flow
def batchnorm_logp(x, log_gamma):
    mean, var = tf.nn.moments(x, axes=[0])
    y = (x - mean) / tf.sqrt(var + 1e-5) * tf.exp(log_gamma)
    logdet = log_gamma - 0.5 * tf.math.log(var + 1e-5)
    return std_normal_logp(y) + tf.cast(tf.size(x), x.dtype) * logdet


# ------------------------------------------------------------------------------------------------- linear flow
def linear_slogdet(W):
    x = tf.constant([[0.4], [-0.7]], dtype=W.dtype)
    _, logabsdet = tf.linalg.slogdet(W)
    return std_normal_logp(tf.matmul(W, x)) + logabsdet


def linear_det(W):
    x = tf.constant([[0.4], [-0.7]], dtype=W.dtype)
    return std_normal_logp(tf.matmul(W, x)) + tf.math.log(tf.abs(tf.linalg.det(W)))
