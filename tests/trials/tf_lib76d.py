"""A user's TensorFlow code, seventy-sixth round (d): sparse routing, trees and structured activations on tiny inputs.
Sparsemax as TensorFlow Addons wrote it (tf.nn.top_k as the sort, cumsum, the support by comparison, tau gathered at
the support's size) by autodiff and with a tf.custom_gradient backward; a top-2 mixture-of-experts gate by
tf.math.top_k (softmax over the kept logits); the Switch Transformer's load-balancing loss; a soft decision tree
(tf.sigmoid at temperature 0.01) and a hard-routed one with the straight-through s + tf.stop_gradient(hard - s);
Gumbel-softmax with a held stateless draw at tau = 0.1, hard; tf.nn.relu6, Keras' hard_swish, hardtanh as
tf.clip_by_value; a spline by tf.searchsorted; the pinball loss by tf.maximum."""

import tensorflow as tf

READOUT = [1.0, -2.0, 3.0, 0.5]
EXPERTS = [[1.0, -0.5], [0.25, 2.0], [-1.0, 0.5], [0.5, 0.75]]
LEAVES = [1.0, -1.0, 0.5, 2.0]
KNOTS = [0.0, 1.0, 2.0, 3.0]
TARGET = [0.5, -1.0, 2.0]


# ------------------------------------------------------------------------------------------------- sparsemax
def _sparsemax(z):
    n = tf.shape(z)[-1]
    z_sorted, _ = tf.nn.top_k(z, k=n)
    z_cumsum = tf.cumsum(z_sorted)
    k = tf.range(1, tf.cast(n, z.dtype) + 1, dtype=z.dtype)
    z_check = 1 + k * z_sorted > z_cumsum
    k_z = tf.reduce_sum(tf.cast(z_check, tf.int32))
    tau_sum = tf.gather(z_cumsum, k_z - 1)
    tau = (tau_sum - 1) / tf.cast(k_z, z.dtype)
    return tf.maximum(tf.cast(0, z.dtype), z - tau)


def sparsemax(z):
    return tf.reduce_sum(tf.constant(READOUT, z.dtype) * _sparsemax(z))


@tf.custom_gradient
def _sparsemax_cg(z):
    p = _sparsemax(z)

    def grad(dy):
        s = tf.cast(p > 0, dy.dtype)
        v = tf.reduce_sum(dy * s) / tf.reduce_sum(s)
        return s * (dy - v)
    return p, grad


def sparsemax_cg(z):
    return tf.reduce_sum(tf.constant(READOUT, z.dtype) * _sparsemax_cg(z))


# ------------------------------------------------------------------------------------------------- mixture of experts
def moe_top2(x, w_gate):
    logits = tf.matmul(x, w_gate)
    top_vals, top_idx = tf.math.top_k(logits, k=2)
    gates = tf.nn.softmax(top_vals, axis=-1)
    expert_out = tf.matmul(x, tf.constant(EXPERTS, x.dtype), transpose_b=True)
    chosen = tf.gather(expert_out, top_idx, batch_dims=1)
    return tf.reduce_sum(gates * chosen)


def switch_loss(x, w_gate):
    logits = tf.matmul(x, w_gate)
    probs = tf.nn.softmax(logits, axis=-1)
    top1 = tf.argmax(probs, axis=-1)
    expert_out = tf.matmul(x, tf.constant(EXPERTS, x.dtype), transpose_b=True)
    chosen = tf.gather(expert_out, top1, batch_dims=1)
    task = tf.reduce_sum(tf.reduce_max(probs, axis=-1) * chosen)
    frac = tf.reduce_mean(tf.one_hot(top1, 4, dtype=x.dtype), axis=0)
    mean_prob = tf.reduce_mean(probs, axis=0)
    return task + 0.01 * 4 * tf.reduce_sum(frac * mean_prob)


# ------------------------------------------------------------------------------------------------- trees
def _leaf_probs(g):
    return tf.stack([(1 - g[0]) * (1 - g[1]), (1 - g[0]) * g[1], g[0] * (1 - g[2]), g[0] * g[2]])


def soft_tree(x, w, b):
    g = tf.sigmoid((tf.linalg.matvec(w, x) + b) / 0.01)
    return tf.reduce_sum(_leaf_probs(g) * tf.constant(LEAVES, x.dtype))


def hard_tree_st(x, w, b):
    z = tf.linalg.matvec(w, x) + b
    s = tf.sigmoid(z)
    hard = tf.cast(z > 0, z.dtype)
    g = s + tf.stop_gradient(hard - s)
    return tf.reduce_sum(_leaf_probs(g) * tf.constant(LEAVES, x.dtype))


# ------------------------------------------------------------------------------------------------- Gumbel-softmax
def gumbel_hard(logits):
    u = tf.random.stateless_uniform(tf.shape(logits), seed=[0, 0], minval=1e-10, maxval=1.0, dtype=logits.dtype)
    g = -tf.math.log(-tf.math.log(u))
    y_soft = tf.nn.softmax((logits + g) / 0.1)
    y_hard = tf.one_hot(tf.argmax(y_soft), tf.shape(logits)[-1], dtype=logits.dtype)
    y = tf.stop_gradient(y_hard - y_soft) + y_soft
    return tf.reduce_sum(y * tf.constant(READOUT, logits.dtype))


# ------------------------------------------------------------------------------------------------- activations
def hardtanh_sum(x):
    return tf.reduce_sum(tf.constant(READOUT, x.dtype) * tf.clip_by_value(x, -1.0, 1.0))


def relu6_sum(x):
    return tf.reduce_sum(tf.constant(READOUT, x.dtype) * tf.nn.relu6(x))


def hardswish_sum(x):
    return tf.reduce_sum(tf.constant(READOUT, x.dtype) * tf.keras.activations.hard_swish(x))


# ------------------------------------------------------------------------------------------------- spline, pinball
def spline(x, y):
    knots = tf.constant(KNOTS, x.dtype)
    idx = tf.clip_by_value(tf.searchsorted(knots, x, side="right") - 1, 0, 2)
    x0, x1 = tf.gather(knots, idx), tf.gather(knots, idx + 1)
    t = (x - x0) / (x1 - x0)
    out = tf.gather(y, idx) * (1 - t) + tf.gather(y, idx + 1) * t
    return tf.reduce_sum(out ** 2)


def pinball(pred):
    e = tf.constant(TARGET, pred.dtype) - pred
    return tf.reduce_mean(tf.maximum(0.9 * e, (0.9 - 1) * e))
