"""A user's TensorFlow code, sixty-fifth round (d): the built-in losses at their edges. tf.keras.losses' Huber at
delta, LogCosh at 1e3, KLDivergence with a zero prediction, Poisson at 0, CategoricalCrossentropy from logits with
label smoothing and from probabilities at a one-hot prediction, BinaryCrossentropy from probabilities at 0, 1 and
Keras' epsilon 1e-7 itself, SparseCategoricalCrossentropy from logits at +-100; tf.nn.weighted_cross_entropy_with_logits
at +-100 and tf.nn.log_poisson_loss(compute_full_loss=True) at targets 0, 1 and 4."""
import tensorflow as tf
from tensorflow import keras

HUBER = keras.losses.Huber(delta=1.0)
LOGCOSH = keras.losses.LogCosh()
KLD = keras.losses.KLDivergence()
POISSON = keras.losses.Poisson()
CCE_LOGITS = keras.losses.CategoricalCrossentropy(from_logits=True, label_smoothing=0.1)
CCE_PROB = keras.losses.CategoricalCrossentropy()
BCE_PROB = keras.losses.BinaryCrossentropy()
SCCE = keras.losses.SparseCategoricalCrossentropy(from_logits=True)


def huber(x):
    return HUBER(tf.zeros_like(x), x)


def logcosh(x):
    return LOGCOSH(tf.zeros_like(x), x)


def kld(p):
    return KLD(tf.constant([[0.5, 0.5]], dtype=p.dtype), tf.reshape(p, (1, 2)))


def poisson(p):
    return POISSON(tf.constant([2.0, 0.0], dtype=p.dtype), p)


def cce_logits(x):
    return CCE_LOGITS(tf.constant([[1.0, 0.0, 0.0]], dtype=x.dtype), tf.reshape(x, (1, 3)))


def cce_prob(p):
    return CCE_PROB(tf.constant([[1.0, 0.0, 0.0]], dtype=p.dtype), tf.reshape(p, (1, 3)))


def bce_prob(p):
    return BCE_PROB(tf.constant([1.0, 0.0], dtype=p.dtype), p)


def scce(x):
    return SCCE(tf.constant([1]), tf.reshape(x, (1, 3)))


def weighted_xent(z):
    y = tf.constant([1.0, 0.0, 1.0], dtype=z.dtype)
    return tf.reduce_mean(tf.nn.weighted_cross_entropy_with_logits(labels=y, logits=z, pos_weight=3.0))


def log_poisson_full(x):
    t = tf.constant([0.0, 1.0, 4.0], dtype=x.dtype)
    return tf.reduce_sum(tf.nn.log_poisson_loss(t, x, compute_full_loss=True))


def softmax_xent(x):
    y = tf.constant([[1.0, 0.0, 0.0]], dtype=x.dtype)
    return tf.reduce_sum(tf.nn.softmax_cross_entropy_with_logits(labels=y, logits=tf.reshape(x, (1, 3))))
