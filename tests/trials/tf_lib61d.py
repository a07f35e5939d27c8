"""Round 61d (TensorFlow): indexing, gather / scatter and discrete picks inside losses as users write them:
tf.gather with repeats, tf.gather_nd, tf.tensor_scatter_nd_add / update, tf.math.unsorted_segment_sum (an empty
segment, a negative id dropped) and unsorted_segment_max, tf.math.top_k, tf.sort, tf.boolean_mask, tf.one_hot
cross-entropy."""

import tensorflow as tf

W3 = [1.0, 2.0, 3.0]


def gather_sq(x):
    return tf.reduce_sum(tf.gather(x, [0, 0, 2]) ** 2)


def gather_nd_weighted(x):
    picked = tf.gather_nd(x, [[0, 1], [1, 0], [0, 1]])
    return tf.reduce_sum(picked * tf.constant(W3, x.dtype))


def scatter_add_sq(x):
    out = tf.tensor_scatter_nd_add(x, [[0], [0], [2]], x * x)
    return tf.reduce_sum(out ** 2)


def scatter_update(x):
    out = tf.tensor_scatter_nd_update(tf.zeros_like(x), [[2], [0]], x[:2] * 3.0)
    return tf.reduce_sum(out * tf.constant(W3, x.dtype))


def segment_sum_log(x):
    sums = tf.math.unsorted_segment_sum(x ** 2, [0, -1, 2, 0], num_segments=4)  # id -1 is dropped
    return tf.reduce_sum(tf.math.log1p(sums))


def segment_max_pool(x):
    m = tf.math.unsorted_segment_max(x, [0, 0, 2], num_segments=3)  # segment 1 empty: the lowest float
    return tf.reduce_sum(m * tf.constant(W3, x.dtype))


def top_k_weighted(x):
    return tf.reduce_sum(tf.math.top_k(x, k=2).values * tf.constant([2.0, 1.0], x.dtype))


def sort_weighted(x):
    return tf.reduce_sum(tf.sort(x) * tf.constant(W3, x.dtype))


def boolean_mask_mean(x):
    return tf.reduce_mean(tf.boolean_mask(x, x > 0) ** 2)


def ce_one_hot(logits):
    labels = tf.one_hot([2, 0], 3, dtype=logits.dtype)
    return tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(labels, logits))


def nll_naive(logits):
    labels = tf.one_hot([2, 0], 3, dtype=logits.dtype)
    p = tf.nn.softmax(logits)
    return -tf.reduce_mean(tf.reduce_sum(labels * tf.math.log(p), axis=-1))
