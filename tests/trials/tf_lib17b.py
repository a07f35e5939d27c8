"""A user's TensorFlow/Keras code, seventeenth round (b): tf.math's special functions at their edges (spence at its
removable point 1, the exponential integral at 1e-300, ndtri far in the tail, igammac in x, trigamma near 0, the
scaled Bessel k0e, Hurwitz zeta in q), the exact GELU far left, tf.function programs with tf.cond (a C1 switch and a
jump) and a tf.while_loop Newton iteration, Keras losses at their switches (SquaredHinge at margin 1, CategoricalHinge
at a tie, MSLE below its clip), sparse softmax cross-entropy at +-1e4, tf.custom_gradient rules with subtle bugs (a
gradient clipped on purpose, a Keras layer whose variables= gradient ignores the upstream), and a Dense +
BatchNormalization model trained on a batch with a constant feature."""

import keras
import tensorflow as tf


def spence_sum(x):
    return tf.reduce_sum(tf.math.special.spence(x))


def expint_sum(x):
    return tf.reduce_sum(tf.math.special.expint(x))


def tail_quantiles(p):
    return tf.reduce_sum(tf.math.ndtri(p))


def upper_gamma(x):
    """The upper regularised incomplete gamma Q(1/2, x): a chi-square(1) survival function of 2x."""
    return tf.reduce_sum(tf.math.igammac(tf.constant(0.5, dtype=x.dtype), x))


def trigamma_sum(x):
    return tf.reduce_sum(tf.math.polygamma(tf.constant(1.0, dtype=x.dtype), x))


def bessel_k0e_sum(x):
    return tf.reduce_sum(tf.math.special.bessel_k0e(x))


def hurwitz(q):
    return tf.reduce_sum(tf.math.zeta(tf.constant(3.0, dtype=q.dtype), q))


def gelu_exact(x):
    return tf.reduce_sum(tf.nn.gelu(x, approximate=False))


@tf.function
def smooth_switch(x):
    """log1p on the right, expm1 on the left: value and slope agree at 0."""
    return tf.cond(x > 0, lambda: tf.math.log1p(x), lambda: tf.math.expm1(x))


@tf.function
def step_switch(x):
    return tf.cond(x > 0, lambda: x * x + 1.0, lambda: x)


@tf.function
def newton_sqrt(a):
    """Square roots by Newton's iteration until the relative residual is tiny, as a custom layer might."""
    y = (a + 1.0) / 2.0

    def unconverged(y):
        return tf.reduce_max(tf.abs(y * y - a) / a) > 1e-13

    def step(y):
        return [(y + a / y) / 2.0]

    (y,) = tf.while_loop(unconverged, step, [y], maximum_iterations=100)
    return tf.reduce_sum(y)


def squared_hinge(pred):
    """Keras' SquaredHinge with labels -1/+1; the first prediction exactly at the margin."""
    labels = tf.constant([[1.0, -1.0]], dtype=pred.dtype)
    return keras.losses.SquaredHinge(dtype=pred.dtype)(labels, pred)


def categorical_hinge(pred):
    """Keras' CategoricalHinge; the two wrong classes tie for the largest score."""
    labels = tf.constant([[0.0, 1.0, 0.0]], dtype=pred.dtype)
    return keras.losses.CategoricalHinge(dtype=pred.dtype)(labels, pred)


def msle(pred):
    """Keras' MeanSquaredLogarithmicError; the first prediction negative (clipped to epsilon)."""
    target = tf.constant([[1.0, 1.0]], dtype=pred.dtype)
    return keras.losses.MeanSquaredLogarithmicError(dtype=pred.dtype)(target, pred)


def sparse_xent(logits):
    labels = tf.constant([2, 0])
    return tf.reduce_sum(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits))


@tf.custom_gradient
def clip_gradient(x):
    """Identity whose gradient is clipped to norm 1, the usual way to tame exploding gradients."""
    def grad(upstream):
        return tf.clip_by_norm(upstream, 1.0)

    return tf.identity(x), grad


def clipped_loss(x):
    return tf.reduce_sum(5.0 * clip_gradient(x) ** 2)


class Gate(keras.layers.Layer):
    """x * sigmoid(w): a gate with a custom gradient for its weight."""

    def build(self, input_shape):
        self.w = self.add_weight(shape=(input_shape[-1],), initializer="zeros", dtype=self.dtype)

    def call(self, x):
        w = self.w

        @tf.custom_gradient
        def op(x):
            s = tf.sigmoid(w)

            def grad_fn(upstream, variables=None):
                return upstream * s, [x * s * (1.0 - s)]

            return x * s, grad_fn

        return op(x)


class GateModel(keras.Model):
    def __init__(self):
        super().__init__()
        self.gate = Gate(dtype="float64")

    def call(self, x):
        return self.gate(x)


def gate_loss(model, x):
    return tf.reduce_sum(model(x) * tf.constant([2.0, -3.0], dtype=x.dtype))


def gate_args():
    model = GateModel()
    x = tf.constant([0.5, 2.0], dtype=tf.float64)
    model(x)
    model.gate.w.assign([0.25, -1.0])
    return {"model": model, "x": x}


def bn_model_loss(x):
    """Dense then BatchNormalization in training mode; the Dense layer's second feature is the same for every row."""
    dense = keras.layers.Dense(2, dtype="float64", kernel_initializer=keras.initializers.Constant(
        [[1.0, 0.0], [-0.5, 0.0]]), bias_initializer=keras.initializers.Constant([0.1, 0.7]))
    norm = keras.layers.BatchNormalization(dtype="float64")
    h = norm(dense(x), training=True)
    return tf.reduce_sum(h * tf.constant([[1.0, -2.0], [0.5, 3.0], [-1.0, 0.25]], dtype=x.dtype))
