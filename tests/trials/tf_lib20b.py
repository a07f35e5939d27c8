"""A user's TensorFlow/Keras code, twentieth round (b): tf.math functions not tried before (polyval, elu and silu far
left, multiply_no_nan masking a log-likelihood, reciprocal_no_nan at 0, xlogy at x = y = 0, reduce_variance and
reduce_std of a constant vector, sort at a tie, an unsorted_segment_max with an empty segment, the unscaled Bessel
functions K0 and I1, Fresnel's sine integral, betainc in x near 0), a von Mises log-likelihood in its concentration
written with bessel_i0e, Keras' CosineSimilarity at a zero prediction and SparseCategoricalCrossentropy on
probabilities with a zero, nested tf.custom_gradient functions (the outer rule taking the inner one's gradient by a
tape; one inner rule off), tf.function programs with a Newton tf.while_loop and a C1 tf.cond, and a Keras Conv1D
model."""

import keras
import tensorflow as tf


def polyval_sum(x):
    coeffs = [tf.constant(c, dtype=x.dtype) for c in (1.0, -3.0, 0.5, 2.0)]
    return tf.reduce_sum(tf.math.polyval(coeffs, x))


def polyval_coeffs(c):
    """A cubic's coefficients fitted by their value at two points."""
    x = tf.constant([0.5, -2.0], dtype=c.dtype)
    return tf.reduce_sum(tf.math.polyval(tf.unstack(c), x) ** 2)


def elu_sum(x):
    return tf.reduce_sum(tf.nn.elu(x))


def silu_sum(x):
    return tf.reduce_sum(tf.nn.silu(x))


def no_nan_product(x, y):
    return tf.reduce_sum(tf.math.multiply_no_nan(x, y))


def masked_loglik(p):
    """Log-likelihood of the observed entries only: multiply_no_nan zeroes the log of the unobserved one."""
    mask = tf.constant([1.0, 0.0], dtype=p.dtype)
    return tf.reduce_sum(tf.math.multiply_no_nan(tf.math.log(p), mask))


def reciprocal_sum(x):
    return tf.reduce_sum(tf.math.reciprocal_no_nan(x))


def xlogy_sum(x, y):
    return tf.reduce_sum(tf.math.xlogy(x, y))


def variance(x):
    return tf.math.reduce_variance(x)


def spread(x):
    return tf.math.reduce_std(x)


def sorted_weighted(x):
    """An L-statistic: the sorted values weighted by rank."""
    return tf.reduce_sum(tf.sort(x) * tf.constant([1.0, 2.0, 3.0], dtype=x.dtype))


def segment_max_empty(x):
    """Maxima of three segments, the middle one empty (TensorFlow fills it with the lowest float)."""
    return tf.reduce_sum(tf.math.unsorted_segment_max(x, tf.constant([0, 0, 2]), num_segments=3))


def bessel_k0_sum(x):
    return tf.reduce_sum(tf.math.special.bessel_k0(x))


def bessel_i1_sum(x):
    return tf.reduce_sum(tf.math.special.bessel_i1(x))


def fresnel_s_sum(x):
    return tf.reduce_sum(tf.math.special.fresnel_sin(x))


def betainc_x(x):
    a = tf.constant(0.5, dtype=x.dtype)
    b = tf.constant(3.0, dtype=x.dtype)
    return tf.reduce_sum(tf.math.betainc(a, b, x))


def vonmises_kappa(kappa):
    """Von Mises log-likelihood of an angle at the mean, in the concentration; log I0(k) as log(i0e(k)) + k."""
    angle = tf.constant(0.75, dtype=kappa.dtype)
    mean = tf.constant(0.75, dtype=kappa.dtype)
    log_norm = tf.math.log(tf.math.special.bessel_i0e(kappa)) + kappa
    return tf.reduce_sum(kappa * tf.math.cos(angle - mean) - log_norm)


def cosine_loss(pred):
    target = tf.constant([[1.0, 2.0, 2.0]], dtype=pred.dtype)
    return keras.losses.CosineSimilarity()(target, pred)


def sparse_ce_probs(probs):
    """Cross-entropy of class 0 from probabilities (a softmax layer's output), the true class's probability 0."""
    labels = tf.constant([0])
    return keras.losses.SparseCategoricalCrossentropy()(labels, probs)


def sparse_ce_class1(probs):
    labels = tf.constant([1])
    return keras.losses.SparseCategoricalCrossentropy()(labels, probs)


@tf.custom_gradient
def inner_softplus(x):
    """A stable softplus with its own gradient."""
    value = tf.math.maximum(x, 0.0) + tf.math.log1p(tf.math.exp(-tf.math.abs(x)))

    def grad(upstream):
        return upstream * tf.math.sigmoid(x)
    return value, grad


@tf.custom_gradient
def outer_square(x):
    """softplus(x)^2, whose gradient takes the inner softplus' gradient by a tape."""
    s = inner_softplus(x)

    def grad(upstream):
        with tf.GradientTape() as tape:
            tape.watch(x)
            inner = inner_softplus(x)
        return upstream * 2.0 * s * tape.gradient(inner, x)
    return s * s, grad


def nested_square(x):
    return tf.reduce_sum(outer_square(x))


@tf.custom_gradient
def inner_softplus_off(x):
    """The same softplus, its gradient written with sigmoid(-x) by mistake."""
    value = tf.math.maximum(x, 0.0) + tf.math.log1p(tf.math.exp(-tf.math.abs(x)))

    def grad(upstream):
        return upstream * tf.math.sigmoid(-x)
    return value, grad


@tf.custom_gradient
def outer_square_off(x):
    s = inner_softplus_off(x)

    def grad(upstream):
        with tf.GradientTape() as tape:
            tape.watch(x)
            inner = inner_softplus_off(x)
        return upstream * 2.0 * s * tape.gradient(inner, x)
    return s * s, grad


def nested_square_off(x):
    return tf.reduce_sum(outer_square_off(x))


@tf.function
def newton_cbrt(a):
    """Cube roots by Newton's iteration until the residual is below 1e-12 of a."""
    def keep_going(x):
        return tf.reduce_any(tf.math.abs(x * x * x - a) > 1e-12 * a)

    def step(x):
        return (x - (x * x * x - a) / (3.0 * x * x),)
    (root,) = tf.while_loop(keep_going, step, (tf.ones_like(a),))
    return tf.reduce_sum(root)


@tf.function
def linear_log(x):
    """log x above 1e-3, continued below by its tangent (a C1 join)."""
    return tf.cond(x > 1e-3, lambda: tf.math.log(x), lambda: tf.math.log(tf.constant(1e-3, x.dtype)) + (x - 1e-3) / 1e-3)


class Conv(keras.Model):
    """Conv1D(2 filters, width 2) -> tanh -> global average -> Dense(1)."""

    def __init__(self):
        super().__init__(dtype="float64")
        self.conv = keras.layers.Conv1D(2, 2, dtype="float64")
        self.pool = keras.layers.GlobalAveragePooling1D(dtype="float64")
        self.head = keras.layers.Dense(1, dtype="float64")

    def call(self, x):
        return self.head(self.pool(tf.math.tanh(self.conv(x))))


def conv_loss(model, x):
    return tf.reduce_sum(model(x) ** 2)


def conv_args():
    model = Conv()
    x = tf.constant([[[0.5, -1.0], [1.5, 0.25], [-0.75, 2.0]]], dtype=tf.float64)
    model(x)
    model.conv.kernel.assign([[[1.0, -0.5], [0.25, 0.75]], [[-1.0, 0.5], [2.0, -0.25]]])
    model.conv.bias.assign([0.1, -0.2])
    model.head.kernel.assign([[1.5], [-2.0]])
    model.head.bias.assign([0.25])
    return {"model": model, "x": x}
