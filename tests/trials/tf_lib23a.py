"""A user's TensorFlow code, twenty-third round (a): Bessel K1e and J1, leaky_relu at its switch, tensor_scatter_nd_update
and gather_nd, a DCT-II energy, overlapping frames, bilinear image resizing, max and average pooling, map_fn and scan,
the inverse of a near-singular matrix, band_part, a log of a cold softmax, and tf.custom_gradient rules (a log-cosh
whose rule slips its sign on one branch, a sigmoid whose rule forgets the upstream gradient, a product whose rule
returns its two gradients swapped) and Keras 3's keras.ops.custom_gradient with an upstream= keyword."""

import keras
import tensorflow as tf


def bessel_k1e_sum(x):
    return tf.reduce_sum(tf.math.special.bessel_k1e(x))


def bessel_j1_energy(x):
    """Power of a cylindrical mode profile at a few radii."""
    return tf.reduce_sum(tf.math.special.bessel_j1(x) ** 2)


def leaky_sum(x):
    return tf.reduce_sum(tf.nn.leaky_relu(x, alpha=0.1) * tf.constant([1.0, 2.0], x.dtype))


def overwrite_energy(x):
    """Entry 1 overwritten by a constant before the energy is taken (a fixed boundary condition)."""
    y = tf.tensor_scatter_nd_update(x, [[1]], tf.constant([5.0], x.dtype))
    return tf.reduce_sum(y ** 2 * tf.constant([1.0, 2.0, 3.0], x.dtype))


def picked_energy(m):
    picked = tf.gather_nd(m, [[0, 1], [1, 0], [0, 1]])
    return tf.reduce_sum(picked ** 2)


def dct_energy(x):
    """Energy of the first two orthonormal DCT-II coefficients (a compression loss)."""
    c = tf.signal.dct(x, type=2, norm="ortho")
    return tf.reduce_sum(c[:2] ** 2 * tf.constant([1.0, 3.0], x.dtype))


def frame_energy(x):
    frames = tf.signal.frame(x, frame_length=3, frame_step=2)
    weights = tf.constant([[1.0, 2.0, 3.0], [-1.0, 0.5, 2.0]], x.dtype)
    return tf.reduce_sum(weights * frames ** 2)


def resize_energy(img):
    """A 2x2 single-channel image upsampled to 3x3 by bilinear interpolation, read out by a fixed mask."""
    big = tf.image.resize(img, [3, 3], method="bilinear")
    mask = tf.reshape(tf.constant([1.0, -1.0, 2.0, 0.5, 1.0, -2.0, 3.0, 1.0, 1.0], big.dtype), [3, 3, 1])
    return tf.reduce_sum(mask * big ** 2)


def max_pool_sum(x):
    pooled = tf.nn.max_pool1d(tf.reshape(x, [1, -1, 1]), ksize=2, strides=2, padding="VALID")
    return tf.reduce_sum(tf.reshape(pooled, [-1]) * tf.constant([1.0, -2.0], x.dtype))


def avg_pool_energy(x):
    pooled = tf.nn.avg_pool1d(tf.reshape(x, [1, -1, 1]), ksize=3, strides=1, padding="SAME")
    return tf.reduce_sum(tf.reshape(pooled, [-1]) ** 2)


def mapped_energy(x):
    return tf.reduce_sum(tf.map_fn(lambda v: v * tf.sin(v), x))


def scanned_growth(x):
    """A compounding balance: b_t = b_(t-1) * x_t + 1, summed over the periods."""
    balances = tf.scan(lambda b, r: b * r + 1.0, x, initializer=tf.constant(0.0, x.dtype))
    return tf.reduce_sum(balances)


def inverse_sum(a):
    """A weighted read-out of a 2x2 precision matrix's inverse."""
    return tf.reduce_sum(tf.linalg.inv(a) * tf.constant([[1.0, 2.0], [3.0, 4.0]], a.dtype))


def upper_energy(m):
    upper = tf.linalg.band_part(m, 0, -1)
    return tf.reduce_sum(upper ** 2 * tf.constant([[1.0, 2.0], [3.0, 4.0]], m.dtype))


def cold_log_softmax(x):
    """Log-probabilities of a softmax at temperature 1e-3 (an annealed policy), read out by fixed weights."""
    p = tf.nn.softmax(x / 1e-3)
    return tf.reduce_sum(tf.math.log(p) * tf.constant([1.0, 0.5, 2.0], x.dtype))


@tf.custom_gradient
def log_cosh(x):
    ax = tf.abs(x)
    y = ax + tf.math.softplus(-2.0 * ax) - tf.math.log(tf.constant(2.0, x.dtype))

    def grad(dy):
        return dy * tf.where(x > 0, tf.tanh(x), tf.tanh(-x))
    return y, grad


def log_cosh_loss(x):
    return tf.reduce_sum(log_cosh(x))


@tf.custom_gradient
def gate(x):
    y = tf.sigmoid(x)

    def grad(dy):
        return y * (1.0 - y)
    return y, grad


def gate_total(x):
    return tf.reduce_sum(gate(x))


def gate_weighted(x):
    return tf.reduce_sum(gate(x) * tf.constant([2.0, -3.0], x.dtype))


@tf.custom_gradient
def scaled_square(x, y):
    """x * y^2 with a hand-written rule."""
    def grad(dy):
        return dy * 2.0 * x * y, dy * y * y
    return x * y * y, grad


def scaled_square_sum(x, y):
    return tf.reduce_sum(scaled_square(x, y))


@keras.ops.custom_gradient
def log1pexp(x):
    e = keras.ops.exp(-keras.ops.abs(x))

    def grad(*args, upstream=None):
        if upstream is None:
            (upstream,) = args
        return upstream * keras.ops.sigmoid(x)
    return keras.ops.maximum(x, 0.0) + keras.ops.log1p(e), grad


def log1pexp_loss(x):
    return tf.reduce_sum(log1pexp(x) * tf.constant([1.0, -1.0, 2.0], x.dtype))
