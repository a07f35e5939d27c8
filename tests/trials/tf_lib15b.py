"""A user's TensorFlow/Keras code, fifteenth round (b): log-sigmoid, softmax cross-entropy with smoothed labels,
segment sums and means, a running log-sum-exp, log-determinants (Cholesky's and slogdet's), Keras' LayerNormalization and
MultiHeadAttention with an attention mask, the scaled Bessel function, l2_normalize at zero, global-norm gradient
clipping, and Keras' KLDivergence and Poisson losses."""

import keras
import numpy as np
import tensorflow as tf


def log_sig(x):
    return tf.reduce_sum(tf.math.log_sigmoid(x))


def smoothed_xent(logits):
    """Cross-entropy against one-hot labels smoothed by 0.1, as a training loop writes it by hand."""
    labels = tf.constant([[1.0, 0.0, 0.0]], dtype=logits.dtype)
    smooth = labels * (1.0 - 0.1) + 0.1 / 3.0
    return tf.reduce_sum(tf.nn.softmax_cross_entropy_with_logits(labels=smooth, logits=logits))


def segment_pool(x):
    ids = tf.constant([0, 0, 2, 2, 2])
    sums = tf.math.unsorted_segment_sum(x, ids, num_segments=3)
    means = tf.math.segment_mean(x, ids)
    weights = tf.constant([1.0, -2.0, 0.5], dtype=x.dtype)
    return tf.reduce_sum(sums * weights) + tf.reduce_sum(means * means)


def running_lse(x):
    return tf.reduce_sum(tf.math.cumulative_logsumexp(x))


def chol_logdet(a):
    return tf.linalg.logdet(a)


def sign_logdet(a):
    _, logabsdet = tf.linalg.slogdet(a)
    return logabsdet


def layer_norm_loss(x):
    norm = keras.layers.LayerNormalization(epsilon=1e-3, dtype=x.dtype)
    weights = tf.constant([[1.0, -2.0, 0.5, 3.0]], dtype=x.dtype)
    return tf.reduce_sum(norm(x) * weights)


def bessel_scaled(x):
    return tf.reduce_sum(tf.math.bessel_i0e(x))


def unit_dirs(x):
    weights = tf.constant([1.0, -2.0, 0.5], dtype=x.dtype)
    return tf.reduce_sum(tf.nn.l2_normalize(x, axis=0) * weights)


def clipped_step(g1, g2):
    """The clipped gradients' update as an optimiser step would apply it, summed against fixed directions."""
    (c1, c2), _ = tf.clip_by_global_norm([g1, g2], clip_norm=1.0)
    return tf.reduce_sum(c1 * tf.constant([1.0, 2.0], dtype=g1.dtype)) + tf.reduce_sum(c2 * -3.0)


def kl_loss(pred):
    target = tf.constant([[0.7, 0.2, 0.1]], dtype=pred.dtype)
    return keras.losses.KLDivergence()(target, pred)


def poisson_loss(pred):
    counts = tf.constant([[3.0, 0.0, 1.0]], dtype=pred.dtype)
    return keras.losses.Poisson()(counts, pred)


class Attend(keras.Model):
    """One Keras MultiHeadAttention block, its first query allowed no key."""

    def __init__(self):
        super().__init__()
        self.mha = keras.layers.MultiHeadAttention(num_heads=1, key_dim=2, dtype="float64")

    def call(self, x):
        mask = tf.constant([[[False, False], [True, False]]])
        return self.mha(x, x, attention_mask=mask)


def attend_loss(model, x):
    return tf.reduce_sum(model(x) * tf.constant([1.0, -1.0], dtype=x.dtype))


def attend_args():
    model = Attend()
    x = tf.constant([[[0.5, -1.0], [1.0, 2.0]]], dtype=tf.float64)
    model(x)
    mha = model.mha
    for layer, kernel in ((mha._query_dense, [[1.0, 0.5], [-0.5, 1.0]]), (mha._key_dense, [[0.25, 0.0], [0.0, 1.0]]),
                          (mha._value_dense, [[1.0, 1.0], [0.5, -1.0]])):
        layer.kernel.assign(np.array(kernel).reshape(2, 1, 2))
        layer.bias.assign(np.zeros((1, 2)))
    mha._output_dense.kernel.assign(np.array([[1.0, 0.0], [0.0, 2.0]]).reshape(1, 2, 2))
    mha._output_dense.bias.assign(np.array([0.1, -0.2]))
    return {"model": model, "x": x}
