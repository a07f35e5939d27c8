"""A user's TensorFlow code, seventy-second round (d): recommender losses and embeddings as users write them in
TensorFlow on tiny tables. Matrix factorisation with tf.nn.l2_loss, BPR by tf.math.log_sigmoid and by log of
tf.sigmoid, lookups by tf.gather with repeated indices, bag means by tf.math.unsorted_segment_mean and by a segment
sum over counts (an empty bag), cosine scores by tf.math.l2_normalize at a zero embedding, a two-tower in-batch
softmax cross-entropy with a temperature, a margin hinge, a factorisation machine's pairwise term and
popularity-debiased logits by tf.math.log."""

import tensorflow as tf

R = [[5.0, 3.0, 0.0], [4.0, 0.0, 1.0]]
LAM = 0.1
IDX = [0, 2, 2, 1, 2]
WV = [0.5, -1.0]
LOOKUPS = [0, 2, 2, 1]
BAG_OF = [0, 0, 2, 2]  # bag 1 is empty
TEMP = 0.05


def mf_l2(P, Q):
    r = tf.constant(R, dtype=P.dtype)
    mask = tf.cast(r > 0, P.dtype)
    err = mask * (r - tf.matmul(P, Q, transpose_b=True))
    return tf.reduce_sum(err ** 2) + LAM * (tf.nn.l2_loss(P) + tf.nn.l2_loss(Q))


def _score(u, i, j):
    return tf.reduce_sum(u * i) - tf.reduce_sum(u * j)


def bpr_log_sigmoid(u, i, j):
    return -tf.math.log_sigmoid(_score(u, i, j))


def bpr_log_of_sigmoid(u, i, j):
    return -tf.math.log(tf.sigmoid(_score(u, i, j)))


def _readout(emb):
    return tf.reduce_sum(tf.tanh(tf.linalg.matvec(emb, tf.constant(WV, dtype=emb.dtype))))


def gather_repeated(E):
    return _readout(tf.gather(E, IDX))


def segment_mean_bag(E):
    return _readout(tf.math.unsorted_segment_mean(tf.gather(E, LOOKUPS), BAG_OF, num_segments=3))


def segment_sum_over_counts(E):
    sums = tf.math.unsorted_segment_sum(tf.gather(E, LOOKUPS), BAG_OF, num_segments=3)
    counts = tf.math.unsorted_segment_sum(tf.ones([4], dtype=E.dtype), BAG_OF, num_segments=3)
    return _readout(sums / counts[:, None])


def l2n_cosine(u, v):
    return tf.reduce_sum(tf.math.l2_normalize(u) * tf.math.l2_normalize(v))


def two_tower(Qe, De):
    logits = tf.matmul(Qe, De, transpose_b=True) / TEMP
    labels = tf.range(tf.shape(Qe)[0])
    return tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits))


def hinge_rank(s):
    return tf.reduce_sum(tf.maximum(0.0 * s[1:], 1.0 - s[0] + s[1:]))


def fm_pairwise(v, x):
    xv = tf.linalg.matvec(v, x, transpose_a=True)
    return 0.5 * tf.reduce_sum(xv ** 2 - tf.linalg.matvec(v ** 2, x ** 2, transpose_a=True))


def popularity_debiased(s, p):
    logits = s - tf.math.log(p)
    return -tf.nn.log_softmax(logits)[0]
