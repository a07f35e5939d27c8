"""A user's TensorFlow code, thirty-second round (b), written with tf and Keras (TensorFlow Probability is not
installed): mu-law companding with tf.sign and tf.abs, decibels floored by tf.maximum, Keras' CTC loss for a repeated
label at the only length that fits it, a binarised layer whose tf.custom_gradient passes the gradient straight through
inside |x| <= 1 (BinaryConnect's rule), a VQ-VAE codebook lookup with the straight-through z + stop_gradient(q - z),
PPO's clipped surrogate through tf.minimum and tf.clip_by_value, the soft value alpha logsumexp(q / alpha) by
reduce_logsumexp and written out, the Lorentz model's distance with tf.clip_by_value (and without) at a repeated
point, a Keras Normalization layer (its mean and variance fixed weights) under a Dense head read by the kernel's name,
and a contractive penalty through a nested GradientTape's jacobian."""

import math

import keras
import tensorflow as tf

# ------------------------------------------------------------------------------------------------------ audio
MU = 255.0
MU_WEIGHTS = [1.0, -2.0, 0.5]


def mu_law(x):
    """mu-law companding, weighted (a stand-in for the network that reads it)."""
    y = tf.sign(x) * tf.math.log1p(MU * tf.abs(x)) / math.log1p(MU)
    return tf.reduce_sum(y * tf.constant(MU_WEIGHTS, x.dtype))


def amplitude_to_db(spec):
    """Mean decibels of a power spectrum, the amplitude floored at 1e-10 and the level 80 dB below the loudest bin."""
    db = 10.0 * tf.math.log(tf.maximum(spec, 1e-10)) / math.log(10.0)
    db = tf.maximum(db, tf.reduce_max(db) - 80.0)
    return tf.reduce_mean(db)


def ctc_keras(logits):
    """Keras' CTC loss of the label "a a" (class 1 twice; 0 is Keras' blank) over the frames of ``logits`` [T, C]."""
    return keras.losses.ctc(tf.constant([[1, 1]]), logits[None])[0]


# ----------------------------------------------------------------------------------------------- binarised layer
BIN_WEIGHTS = [1.0, -0.5, 2.0]


@tf.custom_gradient
def binarize(x):
    def grad(dy):
        return dy * tf.cast(tf.abs(x) <= 1.0, dy.dtype)
    return tf.sign(x), grad


def binary_layer(x):
    """A layer of binarised weights, BinaryConnect's straight-through rule inside |x| <= 1."""
    return tf.reduce_sum(binarize(x) * tf.constant(BIN_WEIGHTS, x.dtype))


# ------------------------------------------------------------------------------------------ vector quantisation
CODEBOOK = [[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]
VQ_TARGET = [[0.1, 0.2], [0.8, 0.9]]
BETA = 0.25


def vq_loss(z):
    """VQ-VAE's loss for two encoder outputs: the nearest code passed straight through, plus the commitment term."""
    codebook = tf.constant(CODEBOOK, z.dtype)
    dist = tf.reduce_sum((z[:, None, :] - codebook[None, :, :]) ** 2, axis=-1)
    q = tf.gather(codebook, tf.argmin(dist, axis=1))
    z_q = z + tf.stop_gradient(q - z)
    recon = tf.reduce_sum((z_q - tf.constant(VQ_TARGET, z.dtype)) ** 2)
    return recon + BETA * tf.reduce_sum((z - tf.stop_gradient(q)) ** 2)


# ------------------------------------------------------------------------------------------- reinforcement learning
ADVANTAGES = [1.0, -1.0, 1.0, -0.5]
CLIP = 0.2


def ppo_clip(ratio):
    """PPO's clipped surrogate objective (negated, to minimise), in the probability ratios."""
    adv = tf.constant(ADVANTAGES, ratio.dtype)
    surrogate = tf.minimum(ratio * adv, tf.clip_by_value(ratio, 1 - CLIP, 1 + CLIP) * adv)
    return -tf.reduce_mean(surrogate)


ALPHA = 0.01


def soft_value(q):
    """Soft Q-learning's state value alpha logsumexp(q / alpha)."""
    return ALPHA * tf.reduce_logsumexp(q / ALPHA)


def soft_value_naive(q):
    """The same written out."""
    return ALPHA * tf.math.log(tf.reduce_sum(tf.exp(q / ALPHA)))


# ------------------------------------------------------------------------------------------ hyperbolic embeddings
ANCHOR = [0.5, -0.25]


def _lorentz_inner(x):
    y = tf.constant(ANCHOR, x.dtype)
    x0 = tf.sqrt(1 + tf.reduce_sum(x * x))
    y0 = tf.sqrt(1 + tf.reduce_sum(y * y))
    return -x0 * y0 + tf.reduce_sum(x * y)


def lorentz_distance(x):
    """Distance on the hyperboloid from a point lifted from its spatial coordinates to a fixed anchor, clipped."""
    return tf.acosh(tf.clip_by_value(-_lorentz_inner(x), 1 + 1e-7, 1e30))


def lorentz_distance_naive(x):
    """The same without the clip."""
    return tf.acosh(-_lorentz_inner(x))


# ------------------------------------------------------------------------------- Keras normalisation and head
NORM_MEAN = [0.5, -1.0, 2.0]
NORM_VAR = [0.25, 4.0, 0.01]
NORM_OBS = [[1.0, 0.0, 2.05], [0.0, -3.0, 1.0]]
NORM_Y = [[0.5], [-1.0]]


def normalized_args():
    """A Keras model: Normalization with fixed statistics, then a Dense head."""
    model = keras.Sequential([
        keras.Input((3,), dtype="float64"),
        keras.layers.Normalization(mean=NORM_MEAN, variance=NORM_VAR, dtype="float64"),
        keras.layers.Dense(1, dtype="float64", kernel_initializer=keras.initializers.Constant([[0.5], [-1.0], [0.25]]),
                           bias_initializer=keras.initializers.Constant(0.1)),
    ])
    return {"model": model, "obs": tf.constant(NORM_OBS, tf.float64), "y": tf.constant(NORM_Y, tf.float64)}


def normalized_loss(model, obs, y):
    """Squared error of the model's predictions."""
    return tf.reduce_sum(tf.square(model(obs) - y))


# --------------------------------------------------------------------------------------------- Jacobian penalty
ENC_W = [[1.0, -0.5], [0.25, 2.0], [-1.5, 0.5]]
ENC_B = [0.1, -0.2, 0.3]


def contractive_penalty(x):
    """A contractive autoencoder's penalty: the squared Frobenius norm of the encoder's Jacobian, by a tape."""
    w = tf.constant(ENC_W, x.dtype)
    b = tf.constant(ENC_B, x.dtype)
    with tf.GradientTape() as tape:
        tape.watch(x)
        h = tf.tanh(tf.linalg.matvec(w, x) + b)
    jac = tape.jacobian(h, x)
    return tf.reduce_sum(jac ** 2)
