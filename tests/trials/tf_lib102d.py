"""A user's TensorFlow code, hundred-and-second round (d): GAN and energy-based losses: the minimax loss naive and by
tf.math.log_sigmoid(-d); the non-saturating loss naive and by tf.math.log_sigmoid;
tf.nn.sigmoid_cross_entropy_with_logits; Keras' BinaryCrossentropy on probabilities (its clip to [1e-7, 1 - 1e-7]);
the hinge loss by tf.nn.relu; a gradient penalty by tf.norm (at w = 0) and with an eps; the Boltzmann log-partition
naive and by tf.reduce_logsumexp; and tf.custom_gradient rules: a gradient reversal layer (wrong on purpose) and a
straight-through clamp."""

import tensorflow as tf

LAMBDA = 1.0


def minimax_naive(d):
    return tf.reduce_sum(tf.math.log(1 - tf.sigmoid(d)))


def minimax_stable(d):
    return tf.reduce_sum(tf.math.log_sigmoid(-d))


def nonsat_naive(d):
    return -tf.reduce_sum(tf.math.log(tf.sigmoid(d)))


def nonsat_stable(d):
    return -tf.reduce_sum(tf.math.log_sigmoid(d))


def bce_logits(d):
    y = tf.constant([1.0, 0.0], dtype=d.dtype)
    return tf.reduce_sum(tf.nn.sigmoid_cross_entropy_with_logits(labels=y, logits=d))


def bce_keras(p):
    """tf.keras.losses.binary_crossentropy on probabilities (targets 1 and 0): a mean over the last axis."""
    y = tf.constant([1.0, 0.0], dtype=p.dtype)
    return tf.keras.losses.binary_crossentropy(y, p)


def hinge_d(d_real, d_fake):
    return tf.reduce_mean(tf.nn.relu(1.0 - d_real)) + tf.reduce_mean(tf.nn.relu(1.0 + d_fake))


def gradient_penalty(w):
    return (tf.norm(w) - 1.0) ** 2


def gradient_penalty_eps(w):
    return (tf.sqrt(tf.reduce_sum(w ** 2) + 1e-12) - 1.0) ** 2


def log_partition_naive(E):
    return tf.math.log(tf.reduce_sum(tf.exp(-E)))


def log_partition(E):
    return tf.reduce_logsumexp(-E)


@tf.custom_gradient
def grad_reverse(x):
    def grad(dy):
        return -LAMBDA * dy
    return tf.identity(x), grad


def dann_loss(x):
    a = tf.constant([1.0, -1.0], dtype=x.dtype)
    return tf.math.softplus(tf.reduce_sum(a * grad_reverse(x)))


@tf.custom_gradient
def ste_clamp(x):
    def grad(dy):
        return dy
    return tf.clip_by_value(x, -1.0, 1.0), grad


def ste_loss(x):
    a = tf.constant([1.0, -1.0], dtype=x.dtype)
    return tf.reduce_sum(a * ste_clamp(x))


def wgan_gp(W):
    """WGAN-GP: the critic's gradient by an inner tf.GradientTape at the interpolate."""
    x = tf.constant([0.5, -1.0], dtype=W.dtype)
    a = tf.constant([1.0, -1.0], dtype=W.dtype)
    with tf.GradientTape() as tape:
        tape.watch(x)
        d = tf.reduce_sum(a * tf.tanh(tf.linalg.matvec(W, x)))
    g = tape.gradient(d, x)
    return (tf.sqrt(tf.reduce_sum(g ** 2)) - 1.0) ** 2
