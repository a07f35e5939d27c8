"""A user's TensorFlow code, twenty-fourth round (a): Dawson's integral far out, Bessel Y1 near 0, the matrix
exponential of a generator, singular values without vectors, RGB to HSV, the angle and modulus of a complex number
built from two real tensors, unsorted_segment_prod and _max, reduce_prod through zeros, Keras' mean absolute percentage
error, tf.einsum bilinear forms, conv1d and depthwise_conv2d, a Newton solve in tf.while_loop (unrolled, and behind a
tf.custom_gradient whose implicit rule is right, or drops a term), a hand-written safe norm with a custom gradient, and
reduce_variance on a constant row."""

import keras
import tensorflow as tf


def dawson_sum(x):
    return tf.reduce_sum(tf.math.special.dawsn(x) * tf.constant([1.0, -2.0], x.dtype))


def bessel_y1_sum(x):
    return tf.reduce_sum(tf.math.special.bessel_y1(x))


def generator_flow(a):
    """exp(A) of a 2x2 generator, read out by a fixed observable."""
    e = tf.linalg.expm(a)
    return tf.reduce_sum(e * tf.constant([[1.0, 2.0], [-1.0, 0.5]], a.dtype))


def singular_gap(a):
    s = tf.linalg.svd(a, compute_uv=False)
    return s[0] - 0.5 * s[1]


def hsv_score(rgb):
    """Saturation plus value of an RGB pixel (tf.image.rgb_to_hsv), hue weighted in."""
    hsv = tf.image.rgb_to_hsv(rgb)
    return tf.reduce_sum(hsv * tf.constant([0.5, 2.0, 1.0], rgb.dtype))


def phase_sum(re, im):
    """The phases of complex numbers built from two real tensors."""
    return tf.reduce_sum(tf.math.angle(tf.complex(re, im)) * tf.constant([1.0, 3.0], re.dtype))


def modulus_sum(re, im):
    return tf.reduce_sum(tf.math.abs(tf.complex(re, im)))


def group_products(x):
    return tf.reduce_sum(tf.math.unsorted_segment_prod(x, [0, 1, 0, 1, 0], num_segments=2)
                         * tf.constant([1.0, -2.0], x.dtype))


def group_peaks(x):
    return tf.reduce_sum(tf.math.unsorted_segment_max(x, [0, 1, 0, 1], num_segments=2)
                         * tf.constant([1.0, 3.0], x.dtype))


def row_products(m):
    return tf.reduce_sum(tf.reduce_prod(m, axis=1) * tf.constant([1.0, 2.0], m.dtype))


def mape_loss(pred):
    """Keras' MeanAbsolutePercentageError against targets that include a zero."""
    target = tf.constant([0.0, 2.0, -1.0], pred.dtype)
    return keras.losses.MeanAbsolutePercentageError()(target, pred)


def bilinear_form(u, v):
    """u^T W v summed over a batch by tf.einsum, W fixed."""
    w = tf.constant([[1.0, -2.0], [0.5, 3.0]], u.dtype)
    return tf.reduce_sum(tf.einsum("bi,ij,bj->b", u, w, v) ** 2)


def conv_energy(x):
    """A 1-D signal through a fixed 3-tap filter (tf.nn.conv1d, SAME), read out as an energy."""
    kernel = tf.reshape(tf.constant([1.0, -2.0, 0.5], x.dtype), [3, 1, 1])
    y = tf.nn.conv1d(tf.reshape(x, [1, -1, 1]), kernel, stride=1, padding="SAME")
    return tf.reduce_sum(y ** 2)


def depthwise_energy(x):
    """Two channels of a 3x3 image, each through its own 2x2 filter (depthwise_conv2d, VALID)."""
    kernel = tf.reshape(tf.constant([1.0, 0.5, -1.0, 2.0, 0.5, 1.0, 2.0, -1.0], x.dtype), [2, 2, 2, 1])
    y = tf.nn.depthwise_conv2d(tf.reshape(x, [1, 3, 3, 2]), kernel, strides=[1, 1, 1, 1], padding="VALID")
    return tf.reduce_sum(y ** 2)


def _newton_root(a):
    """The real root of x^3 + x = a by Newton's method from x = a / 2 (until the step is below 1e-12 of x)."""
    def body(x, step):
        new = x - (x ** 3 + x - a) / (3 * x ** 2 + 1)
        return new, tf.abs(new - x)

    def going(x, step):
        return tf.reduce_any(step > 1e-12 * (1 + tf.abs(x)))
    x, _ = tf.while_loop(going, body, (a / 2, tf.ones_like(a)), maximum_iterations=60)
    return x


def cubic_root_unrolled(a):
    return tf.reduce_sum(_newton_root(a) * tf.constant([1.0, -1.0], a.dtype))


@tf.custom_gradient
def _cubic_root(a):
    x = _newton_root(a)

    def grad(dy):
        return dy / (3 * x ** 2 + 1)
    return x, grad


@tf.custom_gradient
def _cubic_root_slip(a):
    x = _newton_root(a)

    def grad(dy):
        return dy / (3 * x ** 2)
    return x, grad


def cubic_root_implicit(a):
    return tf.reduce_sum(_cubic_root(a) * tf.constant([1.0, -1.0], a.dtype))


def cubic_root_slip(a):
    return tf.reduce_sum(_cubic_root_slip(a) * tf.constant([1.0, -1.0], a.dtype))


@tf.custom_gradient
def _safe_norm(x):
    n = tf.sqrt(tf.reduce_sum(x ** 2))

    def grad(dy):
        return dy * x / tf.maximum(n, 1e-12)
    return n, grad


def safe_norm_loss(x):
    return 2.0 * _safe_norm(x)


def flat_variance(x):
    """The spread of a row of readings plus their mean (reduce_variance; a constant row has spread 0)."""
    return tf.math.reduce_variance(x) + tf.reduce_mean(x)
