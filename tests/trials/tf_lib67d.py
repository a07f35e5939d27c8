"""A user's TensorFlow code, sixty-seventh round (d): tf.math's special functions and cumulative ops at their edges.
tf.math.ndtri in the far tails, a log-CDF by log(erfc) as users write it without log_ndtr, bessel_i0e / i1e at 0,
xlogy / xlog1py at 0, lgamma and digamma at poles and 1e-300, lbeta, tf.math.cumsum (exclusive, reverse),
tf.math.cumprod with a zero, tf.math.cumulative_logsumexp at +-800."""
import tensorflow as tf


def ndtri(p):
    return tf.reduce_sum(tf.math.ndtri(p))


def log_ncdf(x):
    return tf.reduce_sum(tf.math.log(0.5 * tf.math.erfc(-x / tf.sqrt(tf.constant(2.0, x.dtype)))))


def i0e(x):
    return tf.reduce_sum(tf.math.bessel_i0e(x))


def i1e(x):
    return tf.reduce_sum(tf.math.special.bessel_i1e(x))


def xlogy(x, y):
    return tf.reduce_sum(tf.math.xlogy(x, y))


def xlog1py(x, y):
    return tf.reduce_sum(tf.math.xlog1py(x, y))


def lgamma(x):
    return tf.reduce_sum(tf.math.lgamma(x))


def digamma(x):
    return tf.reduce_sum(tf.math.digamma(x))


def lbeta(x):
    return tf.math.lbeta(x)


def cumsum_exclusive(x):
    w = tf.constant([1.0, -2.0, 0.5], x.dtype)
    return tf.reduce_sum(w * tf.math.cumsum(x, exclusive=True))


def cumsum_reverse(x):
    w = tf.constant([1.0, -2.0, 0.5], x.dtype)
    return tf.reduce_sum(w * tf.math.cumsum(x, reverse=True))


def cumprod_sum(x):
    return tf.reduce_sum(tf.math.cumprod(x))


def cumprod_exclusive(x):
    return tf.reduce_sum(tf.math.cumprod(x, exclusive=True))


def cumlogsumexp(x):
    return tf.reduce_sum(tf.math.cumulative_logsumexp(x))


def cumlogsumexp_rev(x):
    return tf.reduce_sum(tf.math.cumulative_logsumexp(x, reverse=True))


def cumlogsumexp_masked(x):
    mask = tf.constant([float("-inf"), 0.0, 0.0], x.dtype)
    return tf.reduce_sum(tf.math.cumulative_logsumexp(x + mask)[1:])
