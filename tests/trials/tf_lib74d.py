"""A user's TensorFlow code, seventy-fourth round (d): graph neural networks on the same tiny graph (a duplicate edge
1 -> 2, a self-loop 3 -> 3, node 4 isolated) with tf.math.unsorted_segment_*: GCN's normalisation without self-loops,
1/sqrt(deg) by tf.where(deg > 0, tf.math.rsqrt(deg), 0) and by tf.math.divide_no_nan; mean aggregation by
unsorted_segment_mean; max aggregation by unsorted_segment_max (whose empty segment is the dtype's lowest number);
GAT's softmax over incoming edges (unsorted_segment_max shift); GraphSAGE's tf.math.l2_normalize and a tf.norm
clamped by tf.maximum at a zero embedding; link prediction by tf.nn.sigmoid_cross_entropy_with_logits and by hand;
a readout by tf.reduce_max; the Laplacian's second eigenvalue by tf.linalg.eigh; a product aggregator by
unsorted_segment_prod and a sqrt-n one by unsorted_segment_sqrt_n."""

import tensorflow as tf

N = 5
SRC = tf.constant([0, 1, 1, 2, 2, 3, 1, 3])
DST = tf.constant([1, 0, 2, 1, 3, 2, 2, 3])
POS = (tf.constant([0, 2]), tf.constant([1, 3]))
NEG = (tf.constant([0, 1]), tf.constant([4, 3]))
TARGET = [0.2, -0.1, 0.4, 0.0, 0.3]


def _gcn(x, ew, dinv_of):
    deg = tf.math.unsorted_segment_sum(ew, DST, N)
    dinv = dinv_of(deg)
    norm = tf.gather(dinv, SRC) * ew * tf.gather(dinv, DST)
    h = tf.math.unsorted_segment_sum(norm * tf.gather(x, SRC), DST, N)
    return 0.5 * tf.reduce_sum((h - tf.constant(TARGET, dtype=x.dtype)) ** 2)


def gcn_where(x, ew):
    return _gcn(x, ew, lambda deg: tf.where(deg > 0, tf.math.rsqrt(deg), tf.zeros_like(deg)))


def gcn_divide_no_nan(x, ew):
    return _gcn(x, ew, lambda deg: tf.math.divide_no_nan(tf.ones_like(deg), tf.sqrt(deg)))


def mean_agg(x, w):
    m = tf.math.unsorted_segment_mean(tf.gather(x, SRC), DST, N)
    h = w[0] * x + w[1] * m
    return 0.5 * tf.reduce_sum(h ** 2)


def max_agg(x, w):
    m = tf.math.unsorted_segment_max(tf.gather(x, SRC), DST, N)
    h = w[0] * x + w[1] * m
    return 0.5 * tf.reduce_sum(h ** 2)


def gat(x, a):
    e = tf.nn.leaky_relu(a[0] * tf.gather(x, SRC) + a[1] * tf.gather(x, DST), alpha=0.2)
    emax = tf.math.unsorted_segment_max(e, DST, N)
    ex = tf.exp(e - tf.gather(emax, DST))
    den = tf.math.unsorted_segment_sum(ex, DST, N)
    alpha = ex / tf.gather(den, DST)
    h = tf.math.unsorted_segment_sum(alpha * tf.gather(x, SRC), DST, N)
    return 0.5 * tf.reduce_sum((h - tf.constant(TARGET, dtype=x.dtype)) ** 2)


def _sage(x, w):
    m = tf.math.unsorted_segment_mean(tf.gather(x, SRC), DST, N)
    return tf.stack([w[0] * x + w[1] * m, w[2] * x + w[3] * m], axis=1)


def sage_l2_normalize(x, w):
    z = tf.math.l2_normalize(_sage(x, w), axis=1)
    return tf.reduce_sum(tf.linalg.matvec(z, tf.constant([0.6, -0.8], dtype=x.dtype)))


def sage_norm(x, w):
    h = _sage(x, w)
    z = h / tf.maximum(tf.norm(h, axis=1, keepdims=True), 1e-12)
    return tf.reduce_sum(tf.linalg.matvec(z, tf.constant([0.6, -0.8], dtype=x.dtype)))


def _scores(z):
    pos = tf.reduce_sum(tf.gather(z, POS[0]) * tf.gather(z, POS[1]), axis=-1)
    neg = tf.reduce_sum(tf.gather(z, NEG[0]) * tf.gather(z, NEG[1]), axis=-1)
    return pos, neg


def link_bce_naive(z):
    pos, neg = _scores(z)
    return -tf.reduce_mean(tf.math.log(tf.sigmoid(pos))) - tf.reduce_mean(tf.math.log(1.0 - tf.sigmoid(neg)))


def link_bce_logits(z):
    pos, neg = _scores(z)
    return (tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=tf.ones_like(pos), logits=pos))
            + tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=tf.zeros_like(neg), logits=neg)))


def readout(x, w):
    h = w * x
    return 0.5 * tf.reduce_sum(h) + 1.0 * tf.reduce_mean(h) + 2.0 * tf.reduce_max(h)


def lap_lambda2(w):
    A = tf.scatter_nd([[0, 1], [1, 2], [2, 3], [3, 0]], w, [4, 4])
    A = A + tf.transpose(A)
    L = tf.linalg.diag(tf.reduce_sum(A, axis=1)) - A
    return tf.linalg.eigh(L)[0][1]


def prod_agg(x):
    """A multiplicative aggregator: each node's own feature times the product of its in-neighbours' (1 if none)."""
    p = tf.math.unsorted_segment_prod(tf.gather(x, SRC), DST, N)
    return tf.reduce_sum(x * p)


def sqrt_n_agg(x, w):
    m = tf.math.unsorted_segment_sqrt_n(tf.gather(x, SRC), DST, N)
    h = w[0] * x + w[1] * m
    return 0.5 * tf.reduce_sum(h ** 2)
