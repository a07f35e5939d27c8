"""A user's TensorFlow code, ninety-sixth round (d): differentiable sorting and ranking: NeuralSort, a soft rank, a
soft top-k mask around tf.sort's k-th value, a hard top-k by tf.math.top_k with a straight-through estimator, a
smoothed max (tf.math.reduce_logsumexp and written out), ListMLE by tf.math.cumulative_logsumexp, RankNet written
out, and a sort by tf.custom_gradient (right and wrong)."""

import tensorflow as tf

C = [1.0, -0.5, 2.0, 0.75]
Y = [1.0, 0.0, 3.0, 2.0]
PAIRS = [(0, 1), (2, 0), (2, 1), (2, 3), (3, 0), (3, 1)]


def _t(values, like):
    return tf.constant(values, dtype=like.dtype)


def neuralsort(s, tau):
    n = 4
    A = tf.abs(s[:, None] - s[None, :])
    B = tf.reduce_sum(A, axis=1)
    scaling = tf.cast(n + 1 - 2 * (tf.range(n) + 1), s.dtype)
    P = tf.nn.softmax((scaling[:, None] * s[None, :] - B[None, :]) / tau, axis=-1)
    return tf.reduce_sum(tf.linalg.matvec(P, s) * _t(C, s))


def soft_rank(s, tau):
    r = 0.5 + tf.reduce_sum(tf.sigmoid((s[:, None] - s[None, :]) / tau), axis=1)
    return tf.reduce_sum(r * _t(C, s))


def soft_topk(s):
    thr = tf.sort(s, direction="DESCENDING")[1]
    mask = tf.sigmoid((s - thr) / 0.25)
    return tf.reduce_sum(mask * _t(C, s))


def topk_ste(s):
    idx = tf.math.top_k(s, 2).indices
    hard = tf.reduce_sum(tf.one_hot(idx, 4, dtype=s.dtype), axis=0)
    soft = 2.0 * tf.nn.softmax(s / 0.5)
    mask = hard + soft - tf.stop_gradient(soft)
    return tf.reduce_sum(mask * _t(C, s))


def smooth_max(s, tau):
    return tau * tf.math.reduce_logsumexp(s / tau)


def smooth_max_hand(s, tau):
    return tau * tf.math.log(tf.reduce_sum(tf.exp(s / tau)))


def listmle(s):
    sp = tf.gather(s, tf.argsort(_t(Y, s), direction="DESCENDING"))
    return tf.reduce_sum(tf.math.cumulative_logsumexp(sp, reverse=True) - sp)


def ranknet_naive(s):
    i, j = [p[0] for p in PAIRS], [p[1] for p in PAIRS]
    return tf.reduce_sum(tf.math.log(1 + tf.exp(-(tf.gather(s, i) - tf.gather(s, j)))))


@tf.custom_gradient
def sort_rule(x):
    perm = tf.argsort(x)

    def grad(dy):
        return tf.scatter_nd(perm[:, None], dy, tf.shape(x))
    return tf.gather(x, perm), grad


@tf.custom_gradient
def sort_rule_bad(x):
    def grad(dy):
        return dy
    return tf.sort(x), grad


def sorted_loss(s):
    return tf.reduce_sum(sort_rule(s) * _t(C, s))


def sorted_loss_bad(s):
    return tf.reduce_sum(sort_rule_bad(s) * _t(C, s))
