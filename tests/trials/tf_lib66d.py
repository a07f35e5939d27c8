"""A user's TensorFlow code, sixty-sixth round (d): activation functions at their edges. tf.nn.gelu exact (erfc) and
approximate (tanh) in the far left tail, tf.nn.silu at +-100, tf.nn.elu / selu at 0, tf.nn.leaky_relu with alpha 1
at 0, tf.nn.relu6 at 0 and 6, tf.nn.crelu weighted [1, -1] at 0 (relu(x) - relu(-x) = x), tf.math.log_sigmoid at
+-800, tf.nn.softsign at 0, log_softmax with a -inf mask, tf.keras.activations (gelu, swish, mish, hard_sigmoid)."""
import tensorflow as tf


def gelu_erf(x):
    return tf.reduce_sum(tf.nn.gelu(x, approximate=False))


def gelu_tanh(x):
    return tf.reduce_sum(tf.nn.gelu(x, approximate=True))


def silu(x):
    return tf.reduce_sum(tf.nn.silu(x))


def elu(x):
    return tf.reduce_sum(tf.nn.elu(x))


def selu(x):
    return tf.reduce_sum(tf.nn.selu(x))


def leaky_one(x):
    return tf.reduce_sum(tf.nn.leaky_relu(x, alpha=1.0))


def relu6(x):
    return tf.reduce_sum(tf.nn.relu6(x))


def crelu_odd(x):
    c = tf.nn.crelu(x)
    w = tf.constant([1.0, 1.0, -1.0, -1.0], dtype=x.dtype)
    return tf.reduce_sum(c * w)


def log_sigmoid(x):
    return tf.reduce_sum(tf.math.log_sigmoid(x))


def softsign(x):
    return tf.reduce_sum(tf.nn.softsign(x))


def log_softmax_masked(x):
    mask = tf.constant([float("-inf"), 0.0, 0.0], dtype=x.dtype)
    return tf.nn.log_softmax(x + mask)[1]


def keras_gelu(x):
    return tf.reduce_sum(tf.keras.activations.gelu(x))


def keras_swish(x):
    return tf.reduce_sum(tf.keras.activations.swish(x))


def keras_mish(x):
    return tf.reduce_sum(tf.keras.activations.mish(x))


def keras_hard_sigmoid(x):
    return tf.reduce_sum(tf.keras.activations.hard_sigmoid(x))


def keras_hard_silu(x):
    return tf.reduce_sum(tf.keras.activations.hard_silu(x))


def silu_beta(x):
    return tf.reduce_sum(tf.nn.silu(x, beta=2.0))
