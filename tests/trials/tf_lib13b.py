"""A user's TensorFlow/Keras code, thirteenth round (b): Keras' Poisson, LogCosh and Hinge losses, softmax cross-entropy
with soft labels, log_sigmoid far out, a matrix exponential and square root, l2_normalize at 0, a Dense +
LayerNormalization model named by path, and a tf.function compiled by XLA."""

import keras
import tensorflow as tf


def poisson(pred):
    counts = tf.constant([[0.0, 2.0, 5.0]], dtype=pred.dtype)
    return keras.losses.Poisson()(counts, pred)


def log_cosh(pred):
    return keras.losses.LogCosh()(tf.zeros_like(pred), pred)


def hinge(pred):
    labels = tf.constant([[1.0, -1.0]], dtype=pred.dtype)
    return keras.losses.Hinge()(labels, pred)


def soft_ce(logits, labels):
    return tf.reduce_sum(tf.nn.softmax_cross_entropy_with_logits(labels=labels, logits=logits))


def log_sig(x):
    return tf.reduce_sum(tf.math.log_sigmoid(x))


def expm_sum(a):
    return tf.reduce_sum(tf.linalg.expm(a))


def sqrtm_trace(a):
    return tf.linalg.trace(tf.linalg.sqrtm(a))


def unit_dot(x):
    w = tf.constant([1.0, -2.0, 0.5], dtype=x.dtype)
    return tf.reduce_sum(w * tf.nn.l2_normalize(x))


class Head(keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = keras.layers.Dense(2, name="dense")
        self.norm = keras.layers.LayerNormalization(epsilon=1e-3, name="norm")

    def call(self, x):
        return self.norm(self.dense(x))


def head_loss(model, x):
    out = model(x)
    return tf.reduce_sum(out * tf.constant([[1.0, 3.0]], dtype=out.dtype))


def head_args():
    model = Head()
    model(tf.zeros((1, 2)))
    model.dense.set_weights([tf.constant([[0.5, -1.0], [2.0, 0.25]]).numpy(), tf.constant([0.1, -0.3]).numpy()])
    model.norm.set_weights([tf.constant([1.5, -0.5]).numpy(), tf.constant([0.2, -0.1]).numpy()])
    return {"model": model, "x": tf.constant([[1.0, -0.5]])}


@tf.function(jit_compile=True)
def xla_softplus(x):
    return tf.reduce_sum(tf.math.log1p(tf.exp(x)))


def hinge_at(p):
    return keras.losses.Hinge()(tf.ones((1, 1), dtype=p.dtype), tf.reshape(p, (1, 1)))


def igamma_a(a):
    return tf.reduce_sum(tf.math.igamma(a, tf.constant([2.0, 0.5], dtype=a.dtype)))


def running_lse(x):
    return tf.reduce_sum(tf.math.cumulative_logsumexp(x))


def spread(x):
    return tf.math.reduce_std(x)


_rnn = keras.layers.SimpleRNN(2, activation="tanh")
_rnn.build((None, 3, 1))
_rnn.set_weights([tf.constant([[0.5, -1.0]]).numpy(), tf.constant([[0.3, 0.8], [-0.6, 0.2]]).numpy(),
                  tf.constant([0.1, -0.2]).numpy()])


def rnn_loss(xs):
    h = _rnn(tf.reshape(xs, (1, 3, 1)))
    return tf.reduce_sum(h * h)
