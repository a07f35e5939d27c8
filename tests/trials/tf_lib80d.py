"""A user's TensorFlow code, eightieth round (d): sequence alignment losses on tiny inputs (2-4 frames, 3 symbols, 0
the blank). tf.nn.ctc_loss on logits (a dense label, time major, blank 0), a repeated label and a target longer than
the input; soft-DTW's soft-min by tf.math.reduce_logsumexp and by a tf.custom_gradient; a 2-state HMM's forward
algorithm with a zero transition probability; a monotonic attention's expected alignment by tf.math.cumprod."""

import tensorflow as tf

BLANK = 0


# ------------------------------------------------------------------------------------------------- CTC
def _ctc(logits, label):
    T = logits.shape[0]
    loss = tf.nn.ctc_loss(labels=tf.constant([label], dtype=tf.int32), logits=logits[:, None, :],
                          label_length=tf.constant([len(label)]), logit_length=tf.constant([T]),
                          logits_time_major=True, blank_index=BLANK)
    return tf.reduce_sum(loss)


def ctc_tf(logits):
    return _ctc(logits, [1, 2])


def ctc_tf_aa(logits):
    return _ctc(logits, [1, 1])


# ------------------------------------------------------------------------------------------------- soft-DTW
GAMMA = 0.1


def _dtw(x, y, smin):
    D = tf.square(x[:, None] - y[None, :])
    n, m = D.shape
    inf = tf.constant(float("inf"), dtype=x.dtype)
    R = [[inf] * (m + 1) for _ in range(n + 1)]
    R[0][0] = tf.constant(0.0, dtype=x.dtype)
    for i in range(1, n + 1):
        for j in range(1, m + 1):
            R[i][j] = D[i - 1, j - 1] + smin(tf.stack([R[i - 1][j - 1], R[i - 1][j], R[i][j - 1]]))
    return R[n][m]


def soft_dtw(x, y):
    return _dtw(x, y, lambda r: -GAMMA * tf.math.reduce_logsumexp(-r / GAMMA))


@tf.custom_gradient
def softmin(r):
    def grad(dy):
        return dy * tf.nn.softmax(-r / GAMMA)
    return -GAMMA * tf.math.reduce_logsumexp(-r / GAMMA), grad


def soft_dtw_custom(x, y):
    return _dtw(x, y, softmin)


# ------------------------------------------------------------------------------------------------- HMM
PI = [0.6, 0.4]
A_LR = [[0.7, 0.3], [0.0, 1.0]]
PI_0 = [1.0, 0.0]
A_STUCK = [[1.0, 0.0], [0.4, 0.6]]


def _forward(log_pi, log_a, log_b):
    alpha = log_pi + log_b[0]
    for t in range(1, log_b.shape[0]):
        alpha = tf.math.reduce_logsumexp(alpha[:, None] + log_a, axis=0) + log_b[t]
    return tf.math.reduce_logsumexp(alpha)


def hmm_forward(log_b):
    return _forward(tf.math.log(tf.constant(PI, log_b.dtype)), tf.math.log(tf.constant(A_LR, log_b.dtype)), log_b)


def hmm_stuck(log_b):
    return _forward(tf.math.log(tf.constant(PI_0, log_b.dtype)), tf.math.log(tf.constant(A_STUCK, log_b.dtype)),
                    log_b)


# ------------------------------------------------------------------------------------------------- monotonic attention
V = [1.0, -0.5, 2.0, 0.3]


def mono_cumprod(p):
    excl = tf.math.cumprod(1 - p, exclusive=True)
    return tf.reduce_sum(p * excl * tf.constant(V, p.dtype))
