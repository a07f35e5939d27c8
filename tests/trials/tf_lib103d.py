"""A user's TensorFlow code, hundred-and-third round (d): transformer building blocks on tiny tensors: RMSNorm
(tf.math.rsqrt, eps = 1e-6), layer norm on tf.nn.moments at a constant row, rotary embeddings, logit soft-capping, the
z-loss by tf.reduce_logsumexp, a causal mask by tf.where(-inf), a padding mask leaving a query no key, BERT's additive
-1e9 mask, an online softmax from -inf, SwiGLU by tf.nn.silu, GeGLU by tf.nn.gelu(approximate=True), and
label-smoothed cross-entropy by tf.nn.softmax_cross_entropy_with_logits."""

import numpy as np
import tensorflow as tf

G = [1.0, -2.0, 0.5]
V = [1.0, -2.0, 0.5]
INV_FREQ = 1.0 / (10000.0 ** (np.arange(0, 4, 2) / 4))
CAUSAL = np.tril(np.ones((3, 3), dtype=bool))
PAD = np.array([[False, False, False], [True, True, False], [True, True, True]])


def _t(a, like):
    return tf.constant(a, dtype=like.dtype)


def rmsnorm(x):
    y = x * tf.math.rsqrt(tf.reduce_mean(x ** 2) + 1e-6)
    return tf.reduce_sum(_t(G, x) * y)


def layer_norm(x):
    mean, var = tf.nn.moments(x, axes=[0])
    return tf.reduce_sum(_t(G, x) * (x - mean) / tf.sqrt(var + 1e-5))


def rope(x, pos):
    ang = pos * tf.constant(INV_FREQ, dtype=x.dtype)
    c, s = tf.cos(ang), tf.sin(ang)
    x1, x2 = x[0::2], x[1::2]
    y = tf.concat([x1 * c - x2 * s, x1 * s + x2 * c], axis=0)
    return tf.reduce_sum(y * _t([1.0, -1.0, 0.5, 2.0], x))


def softcap(x, c):
    return tf.reduce_sum(c * tf.tanh(x / c))


def z_loss(z):
    return 1e-4 * tf.reduce_logsumexp(z) ** 2


def _rows(p, like):
    return tf.reduce_sum(p * _t(V, like)[None, :])


def causal_where(s):
    p = tf.nn.softmax(tf.where(CAUSAL, s, tf.constant(-np.inf, dtype=s.dtype)), axis=-1)
    return _rows(p, s)


def padded_where(s):
    p = tf.nn.softmax(tf.where(PAD, s, tf.constant(-np.inf, dtype=s.dtype)), axis=-1)
    return _rows(p, s)


def padded_add_1e9(s):
    p = tf.nn.softmax(s + (1.0 - tf.cast(PAD, s.dtype)) * -1e9, axis=-1)
    return _rows(p, s)


def online_softmax(s):
    """One-pass softmax over three keys, key 0 masked, the rescaling guarded by tf.where."""
    s = tf.where([False, True, True], s, tf.constant(-np.inf, dtype=s.dtype))
    vals = _t(V, s)
    ninf = tf.constant(-np.inf, dtype=s.dtype)
    m, l, acc = ninf, tf.zeros((), s.dtype), tf.zeros((), s.dtype)
    for j in range(3):
        m_new = tf.maximum(m, s[j])
        dead = tf.equal(m_new, ninf)
        scale = tf.where(dead, tf.zeros((), s.dtype), tf.exp(m - m_new))
        e = tf.where(dead, tf.zeros((), s.dtype), tf.exp(s[j] - m_new))
        l = l * scale + e
        acc = acc * scale + e * vals[j]
        m = m_new
    return acc / l


def swiglu(a, b):
    return tf.reduce_sum(tf.nn.silu(a) * b)


def geglu(a, b):
    return tf.reduce_sum(tf.nn.gelu(a, approximate=True) * b)


def ls_ce(logits):
    """Label smoothing 0.1 over 3 classes for the label 0, as Keras smooths: y * 0.9 + 0.1 / 3."""
    y = tf.constant([1.0, 0.0, 0.0], dtype=logits.dtype) * 0.9 + 0.1 / 3
    return tf.nn.softmax_cross_entropy_with_logits(labels=y, logits=logits)


@tf.custom_gradient
def rms_unit(x):
    r = tf.math.rsqrt(tf.reduce_mean(x ** 2) + 1e-6)

    def grad(dy):
        n = tf.cast(tf.size(x), x.dtype)
        return dy * r - x * tf.reduce_sum(x * dy) * r ** 3 / n
    return x * r, grad


def rmsnorm_custom(x):
    return tf.reduce_sum(_t(G, x) * rms_unit(x))
