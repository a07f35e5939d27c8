"""Round 59d (TensorFlow): sequences, normalisation and masked attention: tf.scan and tf.while_loop RNN cells and
Newton loops, tf.math.cumsum / cumprod / cumulative_logsumexp, eager and in a tf.function, hand layer norm on
tf.nn.moments, tf.keras.layers.LayerNormalization, tf.math.l2_normalize, masked softmax attention."""

import tensorflow as tf

W = [1.0, 2.0, -0.5]
KT = [[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]
VT = [[1.0, -2.0], [0.5, 3.0], [-1.0, 0.25]]


def rnn_scan(w, xs):
    hs = tf.scan(lambda h, x: tf.tanh(w * h + x), xs, initializer=tf.zeros_like(w))
    return tf.reduce_sum(hs)


@tf.function
def rnn_while(w, xs):
    n = tf.shape(xs)[0]
    _, h = tf.while_loop(lambda i, h: i < n, lambda i, h: (i + 1, tf.tanh(w * h + xs[i])),
                         (tf.constant(0), tf.zeros_like(w)))
    return h


def newton_sqrt(a):
    y = a
    for _ in range(8):
        y = 0.5 * (y + a / y)
    return y


def cumprod_sum(x):
    return tf.reduce_sum(tf.math.cumprod(x))


@tf.function
def cumprod_exclusive(x):
    return tf.reduce_sum(tf.math.cumprod(x, exclusive=True, reverse=True))


def cumsum_sq(x):
    return tf.reduce_sum(tf.math.cumsum(x) ** 2)


def cumlse(x):
    return tf.reduce_sum(tf.math.cumulative_logsumexp(x))


def layer_norm(x):
    mean, var = tf.nn.moments(x, axes=[0])
    y = (x - mean) / tf.sqrt(var + 1e-5)
    return tf.reduce_sum(tf.constant(W, x.dtype) * y)


def layer_norm_eps_out(x):
    mean, var = tf.nn.moments(x, axes=[0])
    y = (x - mean) / (tf.sqrt(var) + 1e-5)
    return tf.reduce_sum(tf.constant(W, x.dtype) * y)


LN = tf.keras.layers.LayerNormalization(epsilon=1e-3)


def keras_layer_norm(x):
    return tf.reduce_sum(tf.constant(W, x.dtype) * LN(x[None])[0])


def l2_normalize(x):
    return tf.reduce_sum(tf.constant(W[:2], x.dtype) * tf.math.l2_normalize(x))


def batch_norm(x):
    mean, var = tf.nn.moments(x, axes=[0])
    y = tf.nn.batch_normalization(x, mean, var, None, None, 1e-5)
    w = tf.constant([[1.0, 2.0], [-0.5, 0.25], [3.0, 1.0]], x.dtype)
    return tf.reduce_sum(w * y)


def _scores(q):
    k = tf.constant(KT, q.dtype)
    return tf.matmul(q, k, transpose_b=True) / tf.sqrt(tf.constant(2.0, q.dtype))


@tf.function
def causal_attention(q):
    mask = tf.linalg.band_part(tf.ones((3, 3), tf.bool), -1, 0)
    scores = tf.where(mask, _scores(q), tf.constant(float("-inf"), q.dtype))
    return tf.reduce_sum(tf.nn.softmax(scores) @ tf.constant(VT, q.dtype))


def padded_attention(q):
    keep = tf.constant([[1.0, 1.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 0.0]], q.dtype)
    scores = _scores(q) + (1.0 - keep) * -1e9
    return tf.reduce_sum(tf.nn.softmax(scores) @ tf.constant(VT, q.dtype))
