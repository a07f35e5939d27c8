"""A user's TensorFlow/Keras code, eleventh round (b): a block under tf.recompute_grad, log(1 - exp(-x)) switched with
tf.where as probability libraries write it, the inverse softplus written naively and TFP's way, Student's t
log-density by hand with many degrees of freedom, Keras' cosine similarity at a zero prediction, Keras' hinge at its
margin, relu6 at its cap, a running log-sum-exp, a custom rule with variables= whose variable part is used, a
tf.Module passed as an argument."""

import math

import tensorflow as tf


def _block(x):
    return tf.math.softplus(x) * tf.sin(x)


def recomputed(x):
    return tf.reduce_sum(tf.recompute_grad(_block)(x))


def log1mexp(x):
    return tf.reduce_sum(tf.where(x < math.log(2.0), tf.math.log(-tf.math.expm1(-x)), tf.math.log1p(-tf.exp(-x))))


def softplus_inverse_naive(y):
    return tf.reduce_sum(tf.math.log(tf.math.expm1(y)))


def softplus_inverse(y):
    return tf.reduce_sum(y + tf.math.log(-tf.math.expm1(-y)))


def student_nll(df):
    y = tf.constant([0.5, 3.0], dtype=df.dtype)
    log_norm = tf.math.lgamma(0.5 * (df + 1.0)) - tf.math.lgamma(0.5 * df) - 0.5 * tf.math.log(df * math.pi)
    return -tf.reduce_sum(log_norm - 0.5 * (df + 1.0) * tf.math.log1p(y * y / df))


def cosine_loss(pred):
    target = tf.constant([[1.0, 2.0, 2.0]], dtype=pred.dtype)
    return tf.reduce_sum(tf.keras.losses.cosine_similarity(target, pred))


def hinge_loss(pred):
    target = tf.constant([1.0, 0.0], dtype=pred.dtype)
    return tf.keras.losses.hinge(target, pred)


def capped(x):
    return tf.reduce_sum(tf.nn.relu6(x))


def running_lse(x):
    return tf.reduce_sum(tf.math.cumulative_logsumexp(x))


SCALE = tf.Variable(1.5, dtype=tf.float64)


@tf.custom_gradient
def scaled_sin(x):
    def grad(upstream, variables=None):
        return upstream * SCALE * tf.cos(x), [tf.reduce_sum(upstream * tf.sin(x))]
    return SCALE * tf.sin(x), grad


def scaled_sin_sum(x):
    return tf.reduce_sum(scaled_sin(x))


class Affine(tf.Module):
    def __init__(self):
        super().__init__()
        self.w = tf.Variable([0.5, -2.0], dtype=tf.float64)

    def __call__(self, x):
        return self.w * x


def module_loss(model, x):
    return tf.reduce_sum(model(x) ** 2)


def module_args():
    return Affine(), tf.constant([1.5, 0.25], dtype=tf.float64)

