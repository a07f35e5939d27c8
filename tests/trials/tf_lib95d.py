"""A user's TensorFlow code, ninety-fifth round (d): fake quantization with a straight-through estimator
(tf.stop_gradient, and tf.custom_gradient with the clip mask and with the mask forgotten),
tf.quantization.fake_quant_with_min_max_args, LSQ, a binary network's sign by tf.custom_gradient, the hard-concrete
gate, power-of-two quantization, magnitude pruning, and a straight-through Gumbel softmax."""

import math

import tensorflow as tf

STEP = 0.25
QMIN, QMAX = -4.0, 3.0
TARGET = [0.125, -0.5, 1.0]
C = [1.0, -0.5, 2.0]


def _t(values, like):
    return tf.constant(values, dtype=like.dtype)


def _fq(x, s=STEP):
    return s * tf.clip_by_value(tf.round(x / s), QMIN, QMAX)


def fq_ste(w):
    wq = w + tf.stop_gradient(_fq(w) - w)
    return tf.reduce_sum((wq - _t(TARGET, w)) ** 2)


def fq_ste_clipped(w):
    wc = tf.clip_by_value(w, STEP * QMIN, STEP * QMAX)
    wq = wc + tf.stop_gradient(_fq(w) - wc)
    return tf.reduce_sum((wq - _t(TARGET, w)) ** 2)


@tf.custom_gradient
def fake_quant(x):
    def grad(dy):
        inside = tf.logical_and(x / STEP >= QMIN, x / STEP <= QMAX)
        return dy * tf.cast(inside, dy.dtype)
    return _fq(x), grad


@tf.custom_gradient
def fake_quant_nomask(x):
    def grad(dy):
        return dy
    return _fq(x), grad


def fq_custom(w):
    return tf.reduce_sum((fake_quant(w) - _t(TARGET, w)) ** 2)


def fq_custom_nomask(w):
    return tf.reduce_sum((fake_quant_nomask(w) - _t(TARGET, w)) ** 2)


def fq_library(w):
    """TensorFlow's fake quantization on [-1, 0.75] with 8 levels (3 bits)."""
    wq = tf.quantization.fake_quant_with_min_max_args(tf.cast(w, tf.float32), min=-1.0, max=0.75, num_bits=3)
    return tf.reduce_sum((tf.cast(wq, w.dtype) - _t(TARGET, w)) ** 2)


def lsq(w, s):
    g = 1.0 / math.sqrt(3 * QMAX)
    s = tf.stop_gradient(s - s * g) + s * g
    v = tf.clip_by_value(w / s, QMIN, QMAX)
    wq = (tf.stop_gradient(tf.round(v) - v) + v) * s
    return tf.reduce_sum((wq - _t(TARGET, w)) ** 2)


@tf.custom_gradient
def sign_ste(x):
    def grad(dy):
        return dy * tf.cast(tf.abs(x) <= 1.0, dy.dtype)
    return tf.sign(x), grad


def binarize_custom(x):
    return tf.reduce_sum(sign_ste(x) * _t(C, x))


def binarize_ste(x):
    xc = tf.clip_by_value(x, -1.0, 1.0)
    return tf.reduce_sum((xc + tf.stop_gradient(tf.sign(x) - xc)) * _t(C, x))


BETA, GAMMA, ZETA = 2.0 / 3.0, -0.1, 1.1
U_EDGE = [0.0, 0.5, 1.0]


def hard_concrete_edge(log_alpha):
    u = _t(U_EDGE, log_alpha)
    s = tf.sigmoid((tf.math.log(u) - tf.math.log(1 - u) + log_alpha) / BETA)
    z = tf.clip_by_value(s * (ZETA - GAMMA) + GAMMA, 0.0, 1.0)
    return tf.reduce_sum(z * _t(C, log_alpha))


def expected_l0(log_alpha):
    return tf.reduce_sum(tf.sigmoid(log_alpha - BETA * math.log(-GAMMA / ZETA)))


def pow2_plain(x):
    q = tf.sign(x) * tf.pow(2.0 * tf.ones_like(x), tf.round(tf.math.log(tf.abs(x)) / math.log(2.0)))
    return tf.reduce_sum((q - _t(TARGET, x)) ** 2)


C4 = [1.0, -0.5, 2.0, 0.75]


def prune_topk(w):
    values, _ = tf.math.top_k(tf.abs(w), k=2)
    mask = tf.cast(tf.abs(w) >= values[-1], w.dtype)
    return tf.reduce_sum(_t(C4, w) * w * mask)


TAU = 0.5
UG = [0.6, 0.6, 0.2]
VALUES = [1.0, -2.0, 0.5]


def st_gumbel(logits):
    g = -tf.math.log(-tf.math.log(_t(UG, logits)))
    y_soft = tf.nn.softmax((logits + g) / TAU)
    y_hard = tf.one_hot(tf.argmax(y_soft), 3, dtype=logits.dtype)
    y = tf.stop_gradient(y_hard - y_soft) + y_soft
    return tf.reduce_sum(y * _t(VALUES, logits))
