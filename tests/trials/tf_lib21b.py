"""A user's TensorFlow/Keras code, twenty-first round (b): Keras 3's backend ops and losses not tried before
(keras.ops.logaddexp at a tie, gelu with approximate=False, mean_absolute_percentage_error against a zero target,
categorical_generalized_cross_entropy, dice), tf.experimental.numpy's logaddexp2 at a tie, a naive erf GELU, a probit
by erfinv(2p - 1), tf.nn's weighted_moments beside a zero-weighted outlier and crelu squared, tf.math's floormod,
xdivy and a reversed cumsum (a Cox partial likelihood), a weighted segment mean by divide_no_nan with an all-zero
segment, tf.einsum, tf.linalg's tridiagonal_solve, lstsq and the singular values of a rank-deficient matrix."""

import keras
import tensorflow as tf
import tensorflow.experimental.numpy as tnp


def keras_logaddexp(x, y):
    return tf.reduce_sum(keras.ops.logaddexp(x, y))


def tnp_logaddexp2(x, y):
    return tf.reduce_sum(tnp.logaddexp2(x, y))


def gelu_exact_sum(x):
    return tf.reduce_sum(keras.activations.gelu(x, approximate=False))


def naive_gelu(x):
    return tf.reduce_sum(0.5 * x * (1.0 + tf.math.erf(x / tf.sqrt(tf.constant(2.0, x.dtype)))))


def probit(p):
    """The standard normal quantile as a user writes it from the error function."""
    return tf.reduce_sum(tf.sqrt(tf.constant(2.0, p.dtype)) * tf.math.erfinv(2.0 * p - 1.0))


def mape_loss(pred):
    target = tf.constant([0.0, 2.0], dtype=pred.dtype)
    return keras.losses.mean_absolute_percentage_error(target, pred)


def gce_loss(probs):
    """Noise-robust cross-entropy of two samples' class probabilities."""
    labels = tf.constant([0, 2])
    return tf.reduce_sum(keras.losses.categorical_generalized_cross_entropy(labels, probs, q=0.7))


def dice_loss(pred):
    target = tf.constant([1.0, 0.0, 1.0, 0.0], dtype=pred.dtype)
    return keras.losses.dice(target, pred)


def weighted_var(x):
    """The frequency-weighted variance of a sample in which one outlier has weight 0."""
    w = tf.constant([1.0, 2.0, 0.0, 1.0], dtype=x.dtype)
    _, var = tf.nn.weighted_moments(x, axes=[0], frequency_weights=w)
    return var


def crelu_energy(x):
    return tf.reduce_sum(tf.nn.crelu(x) ** 2)


def wrapped_angle(x):
    return tf.reduce_sum(tf.math.floormod(x, 1.0))


def xdivy_sum(x, y):
    return tf.reduce_sum(tf.math.xdivy(x, y))


EVENTS = [1.0, 0.0, 1.0, 1.0]  # sorted by time: the risk set of i is every sample from i on


def cox_nll_tf(s):
    events = tf.constant(EVENTS, dtype=s.dtype)
    risk = tf.math.cumsum(tf.exp(s), reverse=True)
    return -tf.reduce_sum((s - tf.math.log(risk)) * events)


def segment_weighted_mean(w):
    """Sum over two segments of their weighted means; a segment with no weight contributes 0."""
    data = tf.constant([1.0, 3.0, 2.0, 5.0], dtype=w.dtype)
    ids = tf.constant([0, 0, 1, 1])
    num = tf.math.segment_sum(data * w, ids)
    den = tf.math.segment_sum(w, ids)
    return tf.reduce_sum(tf.math.divide_no_nan(num, den))


FORM = [[2.0, 0.5], [-1.0, 3.0]]


def bilinear(x):
    a = tf.constant(FORM, dtype=x.dtype)
    return tf.einsum("i,ij,j->", x, a, x)


def tridiag_energy(d):
    """Energy of the solution of a 1-D Poisson-like tridiagonal system, in its diagonal."""
    upper = tf.constant([-1.0, -1.0, 0.0], dtype=d.dtype)
    lower = tf.constant([0.0, -1.0, -1.0], dtype=d.dtype)
    rhs = tf.constant([[1.0], [0.0], [2.0]], dtype=d.dtype)
    u = tf.linalg.tridiagonal_solve([upper, d, lower], rhs, diagonals_format="sequence")
    return tf.reduce_sum(u ** 2)


def ls_residual(a):
    """The squared residual of a least-squares line fit, in the design matrix."""
    b = tf.constant([[1.0], [2.0], [0.5]], dtype=a.dtype)
    x = tf.linalg.lstsq(a, b, fast=True)
    return tf.reduce_sum((a @ x - b) ** 2)


def nuclear_tf(a):
    return tf.reduce_sum(tf.linalg.svd(a, compute_uv=False))
