"""A user's TensorFlow/Keras code, fourteenth round (b): weighted cross-entropy with logits, CTC loss, Keras' Huber at
its seam and CosineSimilarity, a Tversky loss of the user's own, lbeta / lgamma / betainc, a Gaussian log-likelihood
through a Cholesky factor and cholesky_solve, a tanh bijector's log-determinant written by hand, tf.custom_gradient with
variables= inside a Keras layer, and a square root by Newton's iterations in a tf.while_loop."""

import keras
import tensorflow as tf


def weighted_ce(logits):
    labels = tf.constant([1.0, 0.0, 1.0, 0.0], dtype=logits.dtype)
    return tf.reduce_sum(tf.nn.weighted_cross_entropy_with_logits(labels, logits, pos_weight=3.0))


def ctc(logits):
    """One sequence of three frames over classes (blank, a, b), the label "a b"."""
    labels = tf.constant([[1, 2]], dtype=tf.int32)
    loss = tf.nn.ctc_loss(labels, logits, label_length=tf.constant([2]), logit_length=tf.constant([3]),
                          logits_time_major=False, blank_index=0)
    return tf.reduce_sum(loss)


def huber(pred):
    target = tf.constant([[0.0, 0.0, 0.0]], dtype=pred.dtype)
    return keras.losses.Huber(delta=0.5)(target, pred)


def cosine(pred):
    target = tf.constant([[1.0, -2.0, 0.5]], dtype=pred.dtype)
    return keras.losses.CosineSimilarity(axis=-1)(target, pred)


def tversky(pred):
    """1 - TP / (TP + 0.7 FP + 0.3 FN + 1) on soft predictions of a mask."""
    mask = tf.constant([1.0, 1.0, 0.0, 0.0], dtype=pred.dtype)
    p = tf.sigmoid(pred)
    tp = tf.reduce_sum(p * mask)
    fp = tf.reduce_sum(p * (1.0 - mask))
    fn = tf.reduce_sum((1.0 - p) * mask)
    return 1.0 - (tp + 1.0) / (tp + 0.7 * fp + 0.3 * fn + 1.0)


def log_beta(ab):
    return tf.math.lbeta(ab)


def log_gamma(x):
    return tf.reduce_sum(tf.math.lgamma(x))


def beta_cdf(x):
    return tf.reduce_sum(tf.math.betainc(tf.constant(2.5, x.dtype), tf.constant(0.5, x.dtype), x))


def gauss_loglik(m):
    """log N(b; 0, A) with A = M M^T + I, by the Cholesky factor."""
    a = tf.matmul(m, m, transpose_b=True) + tf.eye(2, dtype=m.dtype)
    chol = tf.linalg.cholesky(a)
    b = tf.constant([[1.0], [-0.5]], dtype=m.dtype)
    solved = tf.linalg.cholesky_solve(chol, b)
    quad = tf.reduce_sum(b * solved)
    log_det = 2.0 * tf.reduce_sum(tf.math.log(tf.linalg.diag_part(chol)))
    return -0.5 * quad - 0.5 * log_det


def tanh_log_det(x):
    """log |d tanh(x) / dx| summed: the Jacobian term of a tanh squashing bijector."""
    return tf.reduce_sum(tf.math.log(1.0 - tf.tanh(x) ** 2))


class ScaledSoftplus(keras.layers.Layer):
    """softplus(x) * s with s a variable; the gradient rule written by hand, s's gradient through variables=."""

    def build(self, input_shape):
        self.s = self.add_weight(name="s", shape=(), initializer=keras.initializers.Constant(1.5))

    def call(self, x):
        s = self.s

        @tf.custom_gradient
        def op(x):
            y = tf.math.softplus(x)

            def grad_fn(upstream, variables=None):
                dx = upstream * tf.sigmoid(x) * s
                ds = tf.reduce_sum(upstream * y)
                return dx, [ds]

            return y * s, grad_fn

        return op(x)


class ScaledModel(keras.Model):
    def __init__(self):
        super().__init__()
        self.scaled = ScaledSoftplus(dtype="float64")

    def call(self, x):
        return self.scaled(x)


def scaled_loss(model, x):
    return tf.reduce_sum(model(x) ** 2)


def scaled_args():
    model = ScaledModel()
    x = tf.constant([0.5, -2.0, 3.0], dtype=tf.float64)
    model(x)
    return {"model": model, "x": x}


def newton_sqrt(a):
    """sqrt(a) by 6 Newton steps from 1, in a tf.while_loop."""
    def body(i, y):
        return i + 1, 0.5 * (y + a / y)

    _, y = tf.while_loop(lambda i, y: i < 6, body, (tf.constant(0), tf.ones_like(a)))
    return tf.reduce_sum(y)
