"""A user's TensorFlow code, twenty-third round (c): naive formulas with a known stable spelling (log(1 - exp(-x)),
log(sigmoid), log of a softmax, (exp(x) - 1)/x, log(cosh), the log of a Gaussian cdf, a where around exp(-1/x)) and
custom gradients wrong in new ways (variables' gradients returned in the wrong order, a softplus rule that overflows
in float32)."""

import tensorflow as tf


def log_one_minus_exp(x):
    return tf.reduce_sum(tf.math.log(1.0 - tf.exp(-x)))


def log_prob_positive(x):
    return tf.reduce_sum(tf.math.log(tf.sigmoid(x)))


def log_probs_first(x):
    return tf.math.log(tf.nn.softmax(x))[0]


def relative_growth(x):
    return (tf.exp(x) - 1.0) / x


def log_cosh_loss(x):
    return tf.reduce_sum(tf.math.log(tf.cosh(x)))


def log_gauss_cdf(x):
    return tf.reduce_sum(tf.math.log(0.5 * tf.math.erfc(-x / tf.sqrt(tf.constant(2.0, x.dtype)))))


def smooth_step(x):
    return tf.reduce_sum(tf.where(x > 0, tf.exp(-1.0 / x), tf.zeros_like(x)))


scale = tf.Variable(2.0, dtype=tf.float64)
shift = tf.Variable(0.5, dtype=tf.float64)


@tf.custom_gradient
def affine_sine(x):
    """sin(scale * x + shift), the variables' gradients through `variables`."""
    y = tf.sin(scale * x + shift)

    def grad(upstream, variables=None):
        c = upstream * tf.cos(scale * x + shift)
        return c * scale, [tf.reduce_sum(c), tf.reduce_sum(c * x)]
    return y, grad


def affine_sine_sum(x):
    return tf.reduce_sum(affine_sine(x))


@tf.custom_gradient
def my_softplus(x):
    def grad(upstream):
        return upstream * tf.exp(x) / (1.0 + tf.exp(x))
    return tf.math.softplus(x), grad


def softplus_sum(x):
    return tf.reduce_sum(my_softplus(x))
