"""A user's TensorFlow code, hundred-and-fifth round (d): signed distance fields in TensorFlow: a sphere and a box SDF
(tf.norm, tf.maximum, tf.reduce_max), CSG by tf.minimum, the polynomial smooth minimum (tf.clip_by_value) and the
exponential one, an occupancy by tf.sigmoid and by hand, a positional encoding, the eikonal loss with grad f by a
tf.GradientTape nested inside the function, a surface normal, and a safe norm by tf.custom_gradient with the right
rule and with a slipped one."""

import math

import tensorflow as tf

BOX = [1.0, 0.5, 0.25]
C1, C2 = [-1.0, 0.0, 0.0], [1.0, 0.0, 0.0]
EPS_OCC = 1e-3
READ = [0.5, -0.25, 1.0]


def _t(a, like):
    return tf.constant(a, dtype=like.dtype)


def _grad(f, p):
    with tf.GradientTape() as tape:
        tape.watch(p)
        y = f(p)
    return tape.gradient(y, p)


def sphere(p, r):
    return tf.norm(p) - r


def _box(p):
    q = tf.abs(p) - _t(BOX, p)
    return tf.norm(tf.maximum(q, 0.0)) + tf.minimum(tf.reduce_max(q), 0.0)


def box(p):
    return _box(p)


def union(p):
    return tf.minimum(tf.norm(p - _t(C1, p)) - 1.0, tf.norm(p - _t(C2, p)) - 1.0)


def smin_poly(a, b, k):
    h = tf.clip_by_value(0.5 + 0.5 * (b - a) / k, 0.0, 1.0)
    return b * (1.0 - h) + a * h - k * h * (1.0 - h)


def smin_exp(a, b, k):
    return -k * tf.math.log(tf.exp(-a / k) + tf.exp(-b / k))


def occupancy(p):
    return tf.sigmoid(-(tf.norm(p) - 1.0) / EPS_OCC)


def occupancy_naive(p):
    return 1.0 / (1.0 + tf.exp((tf.norm(p) - 1.0) / EPS_OCC))


def posenc20(x):
    k = tf.range(20, dtype=x.dtype)
    return tf.reduce_sum(tf.sin(2.0 ** k * math.pi * x))


def _sq(p):
    return tf.reduce_sum(p * p) - 1.0


def eikonal_sq(p):
    return (tf.norm(_grad(_sq, p)) - 1.0) ** 2


def eikonal_box(p):
    return (tf.norm(_grad(_box, p)) - 1.0) ** 2


def normal_sq(p):
    g = _grad(_sq, p)
    return tf.reduce_sum(g / tf.norm(g) * _t(READ, p))


@tf.custom_gradient
def _safe_norm(x):
    n = tf.norm(x)

    def grad(dy):
        return dy * tf.where(n > 0, x / tf.where(n > 0, n, tf.ones_like(n)), tf.zeros_like(x))
    return n, grad


@tf.custom_gradient
def _slipped_norm(x):
    n = tf.norm(x)

    def grad(dy):
        return dy * x / tf.maximum(n, 1.0)  # clamps the wrong way: right only where n >= 1
    return n, grad


def sphere_safe(p, r):
    return _safe_norm(p) - r


def box_safe(p):
    q = tf.abs(p) - _t(BOX, p)
    return _safe_norm(tf.maximum(q, 0.0)) + tf.minimum(tf.reduce_max(q), 0.0)


def sphere_slipped(p, r):
    return _slipped_norm(p) - r
