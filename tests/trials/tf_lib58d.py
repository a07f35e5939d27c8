"""Round 58d (TensorFlow): losses written with tf ops and parameter dicts of tf.Variables:
softmax / sigmoid cross-entropy with logits, tf.keras.losses.* called as functions, focal loss, InfoNCE,
triplet loss with a margin; and the naive spellings beside them."""

import tensorflow as tf

X = [[1.0, 2.0], [-0.5, 0.25], [2.0, -3.0]]


def _args(scale, dtype):
    return {"params": {"w": tf.Variable(scale * tf.constant([[0.5, -1.0, 0.25], [1.5, 0.75, -0.5]], dtype)),
                       "b": tf.Variable(tf.constant([0.1, -0.3, 0.0], dtype))},
            "x": tf.constant(X, dtype),
            "labels": tf.constant([[1.0, 0.0, 0.0], [0.0, 0.0, 1.0], [0.0, 1.0, 0.0]], dtype)}


def ordinary_args():
    return _args(1.0, tf.float64)


def extreme_args():
    return _args(40.0, tf.float32)


def huge_args():
    return _args(4000.0, tf.float64)


def softmax_xent(params, x, labels):
    logits = tf.matmul(x, params["w"]) + params["b"]
    return tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(labels=labels, logits=logits))


def naive_softmax_xent(params, x, labels):
    logits = tf.matmul(x, params["w"]) + params["b"]
    return tf.reduce_mean(-tf.reduce_sum(labels * tf.math.log(tf.nn.softmax(logits)), axis=-1))


def keras_cce(params, x, labels):
    logits = tf.matmul(x, params["w"]) + params["b"]
    return tf.reduce_mean(tf.keras.losses.categorical_crossentropy(labels, logits, from_logits=True))


def sigmoid_xent(z, y):
    return tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=y, logits=z))


def naive_sigmoid_xent(z, y):
    p = tf.sigmoid(z)
    return tf.reduce_mean(-(y * tf.math.log(p) + (1 - y) * tf.math.log(1 - p)))


def keras_bce_logits(z, y):
    return tf.keras.losses.binary_crossentropy(y, z, from_logits=True)


def focal_naive(z, y):
    p = tf.sigmoid(z)
    p_t = y * p + (1 - y) * (1 - p)
    return tf.reduce_sum(-0.25 * (1 - p_t) ** 2 * tf.math.log(p_t))


def focal_stable(z, y):
    ce = tf.nn.sigmoid_cross_entropy_with_logits(labels=y, logits=z)
    p_t = tf.exp(-ce)
    return tf.reduce_sum(0.25 * (1 - p_t) ** 2 * ce)


def info_nce(a, b):
    logits = tf.matmul(a, b, transpose_b=True) / 0.05
    labels = tf.range(tf.shape(a)[0])
    return tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits))


def info_nce_naive(a, b):
    logits = tf.matmul(a, b, transpose_b=True) / 0.05
    e = tf.exp(logits)
    return tf.reduce_mean(-tf.math.log(tf.linalg.diag_part(e) / tf.reduce_sum(e, axis=1)))


def triplet(anchor, positive, negative):
    d_pos = tf.reduce_sum(tf.square(anchor - positive))
    d_neg = tf.reduce_sum(tf.square(anchor - negative))
    return tf.maximum(d_pos - d_neg + 1.0, 0.0)


def contrastive_same(a, b):
    d = tf.norm(a - b)
    return d ** 2


def keras_bce_probs(z, y):
    return tf.keras.losses.binary_crossentropy(y, tf.sigmoid(z))


def keras_huber(pred):
    return tf.keras.losses.huber(tf.constant([0.0, 1.0, -2.0], pred.dtype), pred, delta=1.0)


def keras_log_cosh(pred):
    return tf.keras.losses.logcosh(tf.zeros_like(pred), pred)


def sparse_xent(z):
    return tf.reduce_sum(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=tf.constant([2, 0]), logits=z))
