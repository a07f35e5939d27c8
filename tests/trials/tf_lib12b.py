"""A user's TensorFlow/Keras code, twelfth round (b): Keras' Huber at its delta, KL divergence with a zero prediction,
categorical cross-entropy from logits and from probabilities, segment max/prod/mean, a Gaussian's negative
log-likelihood through Cholesky and a triangular solve, a log-determinant, a Dense layer under a mixed-precision
policy, a Keras LayerNormalization at a constant input, and tf.function with reduce_retracing and an input_signature."""

import keras
import tensorflow as tf


def huber(pred):
    return keras.losses.Huber(delta=1.0)(tf.zeros_like(pred), pred)


def kl_div(pred):
    truth = tf.constant([[0.2, 0.3, 0.5]], dtype=pred.dtype)
    return keras.losses.KLDivergence()(truth, pred)


def cce_logits(z):
    labels = tf.constant([[1.0, 0.0]], dtype=z.dtype)
    return keras.losses.CategoricalCrossentropy(from_logits=True)(labels, z)


def cce_probs(z):
    labels = tf.constant([[1.0, 0.0]], dtype=z.dtype)
    return keras.losses.CategoricalCrossentropy()(labels, tf.nn.softmax(z))


def segment_max(x):
    return tf.reduce_sum(tf.math.unsorted_segment_max(x, [0, 0, 1], num_segments=2))


def segment_prod(x):
    return tf.reduce_sum(tf.math.unsorted_segment_prod(x, [0, 0, 0, 1], num_segments=2))


def segment_mean(x):
    return tf.reduce_sum(tf.math.segment_mean(x * x, [0, 0, 1]))


def gaussian_nll(b):
    cov = tf.matmul(b, b, transpose_b=True) + 0.5 * tf.eye(2, dtype=b.dtype)
    chol = tf.linalg.cholesky(cov)
    d = tf.constant([[1.0], [-2.0]], dtype=b.dtype)
    z = tf.linalg.triangular_solve(chol, d, lower=True)
    return 0.5 * tf.reduce_sum(z * z) + tf.reduce_sum(tf.math.log(tf.linalg.diag_part(chol)))


def log_det(b):
    cov = tf.matmul(b, b, transpose_b=True) + 0.5 * tf.eye(2, dtype=b.dtype)
    return tf.linalg.logdet(cov)


_half_dense = keras.layers.Dense(2, dtype="mixed_float16")
_half_dense.build((None, 2))
_half_dense.set_weights([tf.constant([[0.1, 0.7], [0.3, -0.2]]).numpy(), tf.constant([0.05, -0.4]).numpy()])


def half_dense(x):
    out = _half_dense(tf.reshape(x, (1, 2)))
    return tf.reduce_sum(tf.cast(out, x.dtype) ** 2)


_layer_norm = keras.layers.LayerNormalization(epsilon=1e-3, dtype="float64")
_layer_norm.build((None, 3))


def keras_layer_norm(x):
    out = _layer_norm(tf.reshape(tf.cast(x, tf.float64), (1, 3)))
    return tf.reduce_sum(out * tf.constant([[1.0, 2.0, 4.0]], dtype=tf.float64))


@tf.function(reduce_retracing=True)
def retraced(x):
    return tf.reduce_sum(tf.math.softplus(x) * tf.math.sin(x))


@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def signed(x):
    return tf.reduce_sum(tf.math.log1p(x * x))
