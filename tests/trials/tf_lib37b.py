"""A user's TensorFlow code, thirty-seventh round (b), written with tf and Keras (TensorFlow Probability is not
installed): a buffer's capacity taken as the derivative of its titration curve by a tf.GradientTape inside tf.function;
the Colebrook friction factor by fixed-point iteration in a tf.while_loop, and selection over twenty generations in
another; a battery's Peukert layer whose tf.custom_gradient gives the exponent's gradient through variables= (right, and
with its logarithm forgotten; called eagerly and traced by tf.function); a thin lens, Torricelli's outflow, the
Swamee-Jain friction factor and Hantush-Jacob's drawdown around a well by tf.math.special.bessel_k0; Keras' Huber,
Hinge, LogCosh, Poisson and MeanSquaredLogarithmicError losses, and a Dense layer with a softplus activation read by its
kernel's name."""

import math

import keras
import tensorflow as tf

# ------------------------------------------------------------------------------------------------ acid-base
KW = 1.0e-14


@tf.function
def buffer_capacity(ph, conc):
    """beta = dCb / dpH of a weak acid (Ka = 1.8e-5) titrated by a strong base, by a tape."""
    with tf.GradientTape() as tape:
        tape.watch(ph)
        h = tf.pow(tf.constant(10.0, ph.dtype), -ph)
        base = conc * 1.8e-5 / (1.8e-5 + h) + KW / h - h
    return tape.gradient(base, ph)


# ------------------------------------------------------------------------------------------------ pipe flow
COLEBROOK_STEPS = 40


@tf.function
def colebrook_factor(reynolds, relative_roughness):
    """The Darcy friction factor f = 1 / x^2 from x = -2 log10(e / 3.7 + 2.51 x / Re), iterated from x = 8."""
    def step(k, x):
        return k + 1, -2 * tf.math.log(relative_roughness / 3.7 + 2.51 * x / reynolds) / math.log(10.0)

    start = tf.fill(tf.shape(reynolds), tf.constant(8.0, reynolds.dtype))
    _, x = tf.while_loop(lambda k, x: k < COLEBROOK_STEPS, step, (0, start))
    return x ** -2


def swamee_jain(reynolds, diameter):
    return 0.25 / (tf.math.log(4.5e-5 / (3.7 * diameter) + 5.74 / reynolds ** 0.9) / math.log(10.0)) ** 2


def torricelli_speed(h):
    return tf.sqrt(2 * 9.81 * h)


def image_distance(obj, focal):
    return 1 / (1 / focal - 1 / obj)


# ------------------------------------------------------------------------------------------------ genetics
GENERATIONS = 20


@tf.function
def selected_frequency(p0, s):
    """An allele's frequency after GENERATIONS of selection with advantage s."""
    def step(k, p):
        return k + 1, p * (1 + s) / (1 + s * p)

    _, p = tf.while_loop(lambda k, p: k < GENERATIONS, step, (0, p0))
    return p


# ------------------------------------------------------------------------------------------------ batteries
class Peukert(keras.layers.Layer):
    """Hours until empty at a current I: H (C / (I H))^k with a learnt exponent k, its gradient written out."""

    def __init__(self, slip=False, **kwargs):
        super().__init__(dtype="float64", **kwargs)
        self.slip = slip

    def build(self, input_shape):
        self.k = self.add_weight(shape=(), name="k", initializer=keras.initializers.Constant(1.25))

    def call(self, current):
        k, slip = self.k, self.slip
        capacity, hours = 100.0, 20.0

        @tf.custom_gradient
        def runtime(current):
            ratio = capacity / (current * hours)
            t = hours * ratio ** k

            def grad(dy, variables=None):
                d_k = tf.reduce_sum(dy * t) if slip else tf.reduce_sum(dy * t * tf.math.log(ratio))
                return dy * (-k * t / current), [d_k]
            return t, grad
        return tf.reduce_sum(runtime(current))


def peukert_hours(layer, current):
    return layer(current)


@tf.function
def peukert_hours_graph(layer, current):
    return layer(current)


def _peukert_args(slip):
    layer = Peukert(slip=slip)
    layer.build(())
    return {"layer": layer, "current": tf.constant([2.5, 10.0, 40.0], tf.float64)}


def peukert_args():
    return _peukert_args(False)


def peukert_slip_args():
    return _peukert_args(True)


# ------------------------------------------------------------------------------------------------ Keras pieces
READINGS = [7.0, 6.5, 5.0]


def huber_fit(y_pred):
    """Keras' Huber loss (delta 0.5) against pH readings."""
    return keras.losses.Huber(delta=0.5)(tf.constant(READINGS, y_pred.dtype)[None], y_pred[None])


def hinge(y_pred):
    """Keras' hinge loss for labels +-1 (a leak / no-leak classifier's scores)."""
    return keras.losses.Hinge()(tf.constant([1.0, -1.0, 1.0], y_pred.dtype)[None], y_pred[None])


def log_cosh(y_pred):
    return keras.losses.LogCosh()(tf.constant(READINGS, y_pred.dtype)[None], y_pred[None])


COUNTS = [3.0, 0.0, 7.0]


def poisson(y_pred):
    """Keras' Poisson loss of predicted event rates against observed counts."""
    return keras.losses.Poisson()(tf.constant(COUNTS, y_pred.dtype)[None], y_pred[None])


def msle(y_pred):
    return keras.losses.MeanSquaredLogarithmicError()(tf.constant(COUNTS, y_pred.dtype)[None], y_pred[None])


def dense_args():
    pipe = keras.layers.Dense(2, activation="softplus", dtype="float64")
    pipe.build((None, 3))
    pipe.kernel.assign([[0.5, -1.0], [1.5, 0.25], [-0.75, 0.5]])
    pipe.bias.assign([0.125, -0.25])
    return {"pipe": pipe, "x": tf.constant([[1.0, 2.0, -1.0]], tf.float64)}


def dense_energy(pipe, x):
    """The squared output of a softplus Dense layer."""
    return tf.reduce_sum(pipe(x) ** 2)


def dense_output(pipe, x):
    return tf.reduce_sum(pipe(x))


LEAKAGE = 100.0  # m


def leaky_drawdown(r, pumping):
    """Hantush-Jacob's steady drawdown Q / (2 pi T) K0(r / B) around a well in a leaky aquifer (T = 5e-3 m^2/s)."""
    return pumping / (2 * math.pi * 5e-3) * tf.math.special.bessel_k0(r / LEAKAGE)
