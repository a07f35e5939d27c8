"""A user's TensorFlow code, twenty-fifth round (a): the log of Bessel K1 (naive, and through bessel_k1e), Keras'
binary focal crossentropy on logits, a tf.custom_gradient that clips the incoming gradient by norm, a masked
log-softmax (tf.where with -inf and multiply_no_nan), a Student-t log-normaliser by lgamma differences, log igammac in
x far out, a von Mises mean resultant length (i1e/i0e, and i1/i0), Keras' Huber loss at its knee, a soft-argmax
position at a low temperature, and Keras' LogCosh far out."""

import keras
import tensorflow as tf


def log_k1(x):
    """Log-likelihood term of a K-distribution: log K1(x)."""
    return tf.reduce_sum(tf.math.log(tf.math.special.bessel_k1(x)))


def log_k1_scaled(x):
    return tf.reduce_sum(tf.math.log(tf.math.special.bessel_k1e(x)) - x)


def focal_keras(logits):
    labels = tf.constant([1.0, 0.0], logits.dtype)
    return keras.losses.BinaryFocalCrossentropy(from_logits=True, gamma=2.0)(labels, logits)


@tf.custom_gradient
def clip_grad(x):
    """Identity forward; the incoming gradient clipped to norm 1 on the way back."""
    def grad(dy):
        return tf.clip_by_norm(dy, 1.0)
    return tf.identity(x), grad


def clipped_readout(x):
    return tf.reduce_sum(clip_grad(x) * tf.constant([0.3, 0.4], x.dtype))


def clipped_readout_large(x):
    return tf.reduce_sum(clip_grad(x) * tf.constant([3.0, 4.0], x.dtype))


def masked_xent(logits):
    """Cross-entropy over valid positions: padding set to -inf before the log-softmax, its 0 * -inf kept out."""
    mask = tf.constant([True, True, False, True])
    masked = tf.where(mask, logits, tf.constant(float("-inf"), logits.dtype))
    logp = tf.nn.log_softmax(masked)
    target = tf.constant([0.25, 0.5, 0.0, 0.25], logits.dtype)
    return -tf.reduce_sum(tf.math.multiply_no_nan(logp, target))


def student_t_normaliser(nu):
    """log Gamma((nu + 1) / 2) - log Gamma(nu / 2) - log(nu pi) / 2, the Student-t log-normaliser."""
    return tf.reduce_sum(tf.math.lgamma((nu + 1.0) / 2.0) - tf.math.lgamma(nu / 2.0)
                         - 0.5 * tf.math.log(nu * 3.141592653589793))


def log_upper_tail(x):
    """log Q(2.5, x): the log survival function of a Gamma(2.5) waiting time."""
    return tf.reduce_sum(tf.math.log(tf.math.igammac(tf.constant(2.5, x.dtype), x)))


def mean_resultant(kappa):
    return tf.reduce_sum(tf.math.bessel_i1e(kappa) / tf.math.bessel_i0e(kappa))


def mean_resultant_naive(kappa):
    return tf.reduce_sum(tf.math.bessel_i1(kappa) / tf.math.bessel_i0(kappa))


def huber_knee(pred):
    target = tf.constant([0.0, 1.0, -2.0], pred.dtype)
    return keras.losses.Huber(delta=1.0)(target, pred)


def soft_argmax(x):
    """The expected position under a softmax at temperature 0.01."""
    p = tf.nn.softmax(x / 0.01)
    return tf.reduce_sum(p * tf.range(3, dtype=x.dtype))


def log_cosh_keras(pred):
    return keras.losses.LogCosh()(tf.zeros_like(pred), pred)


@tf.custom_gradient
def _scale_no_grad(x, s):
    def grad(dy):
        return dy * s, None
    return x * s, grad


def scaled_sum(x, s):
    """x * s, whose rule returns None for the scale."""
    return tf.reduce_sum(_scale_no_grad(x, s))


DENSE = keras.layers.Dense(3, kernel_initializer=keras.initializers.Constant(0.5),
                           bias_initializer=keras.initializers.Constant(-0.25))
DENSE.build((None, 2))
DENSE.kernel.assign([[0.5, -1.0, 0.25], [1.0, 0.5, -0.75]])


def dense_xent(x):
    """A Keras Dense layer's logits, sparse softmax cross-entropy against class 2."""
    logits = DENSE(tf.reshape(x, (1, 2)))
    return tf.reduce_sum(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=[2], logits=logits))


def keras_cosine(pred):
    """Keras' CosineSimilarity loss against a fixed direction."""
    return keras.losses.CosineSimilarity()(tf.constant([3.0, 4.0, 0.0], pred.dtype), pred)


RECURRENT = keras.layers.GRU(2, kernel_initializer=keras.initializers.Constant(0.25),
                             recurrent_initializer=keras.initializers.Constant(-0.5),
                             bias_initializer=keras.initializers.Constant(0.125))
RECURRENT.build((1, 3, 2))


def keras_gru_readout(x):
    """A Keras GRU over a 3-step sequence, its last state read out."""
    h = RECURRENT(tf.reshape(x, (1, 3, 2)))
    return tf.reduce_sum(h * tf.constant([[1.0, -2.0]], x.dtype))


def keras_masked_softmax(x):
    """Keras' Softmax layer with a padding mask, its probabilities weighting fixed values."""
    p = keras.layers.Softmax()(tf.reshape(x, (1, 4)), mask=tf.constant([[True, True, False, True]]))
    return tf.reduce_sum(p * tf.constant([[1.0, -2.0, 5.0, 0.5]], x.dtype))


def batch_norm_readout(x):
    """Normalise a batch by its own moments (tf.nn.moments, tf.nn.batch_normalization), read out by fixed weights."""
    mean, variance = tf.nn.moments(x, axes=[0])
    y = tf.nn.batch_normalization(x, mean, variance, offset=0.5, scale=2.0, variance_epsilon=1e-3)
    return tf.reduce_sum(y * tf.constant([1.0, 2.0, 3.0], x.dtype))
