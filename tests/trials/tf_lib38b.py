"""A user's TensorFlow code, thirty-eighth round (b), written with tf and Keras (TensorFlow Probability is not
installed): exoplanet transits (the fraction of a uniform star covered by a planet, its three regimes chosen by tf.where,
a transit's duration, the in-transit depth of a limb-darkened star as a Keras layer whose tf.custom_gradient gives the
limb-darkening coefficients' gradients through variables=, right and with the normalisation's slope forgotten, called
eagerly and traced by tf.function), audio signal processing (a level in dB, with and without a floor, a one-pole
low-pass filter run by a tf.while_loop inside tf.function, DDSP's exponentiated sigmoid, an FM tone's energy), fatigue
(a crack grown block by block in a tf.while_loop), communications (the log of the Q-function by tf.math.erfc, and as a
tf.custom_gradient whose rule is right but divides two underflowing numbers, and one that forgets its division),
Keras' MeanAbsolutePercentageError at a zero target, and spike decoding by Keras' BinaryCrossentropy on a sigmoid (eagerly
and in a tf.function) and on logits."""

import math

import keras
import tensorflow as tf


# ------------------------------------------------------------------------------------------- exoplanet transits
def covered_fraction(z, p):
    """The fraction of a uniform stellar disk (radius 1) hidden by a planet of radius p at centre distance z."""
    kappa0 = tf.acos((p ** 2 + z ** 2 - 1) / (2 * p * z))
    kappa1 = tf.acos((1 - p ** 2 + z ** 2) / (2 * z))
    lens = (p ** 2 * kappa0 + kappa1 - tf.sqrt((4 * z ** 2 - (1 + z ** 2 - p ** 2) ** 2) / 4)) / math.pi
    inside = tf.where(z <= 1 - p, p ** 2, lens)
    return tf.where(z >= 1 + p, tf.zeros_like(z), inside)


A_OVER_R, PERIOD = 10.0, 3.0  # stellar radii, days


def transit_duration(b, p):
    """Total transit duration (days) at impact parameter b for a planet of radius ratio p on a circular orbit."""
    sin_i = tf.sqrt(1 - (b / A_OVER_R) ** 2)
    return PERIOD / math.pi * tf.asin(tf.sqrt((1 + p) ** 2 - b ** 2) / (A_OVER_R * sin_i))


class LimbDarkenedDepth(keras.layers.Layer):
    """A small planet's transit depth p^2 I(mu) / F over a star with quadratic limb darkening (u1, u2 learnt), its
    gradient written out."""

    def __init__(self, slip=False, **kwargs):
        super().__init__(dtype="float64", **kwargs)
        self.slip = slip

    def build(self, input_shape):
        self.u1 = self.add_weight(shape=(), name="u1", initializer=keras.initializers.Constant(0.4))
        self.u2 = self.add_weight(shape=(), name="u2", initializer=keras.initializers.Constant(0.25))

    def call(self, mu):
        u1, u2, slip = self.u1, self.u2, self.slip

        @tf.custom_gradient
        def depth(mu):
            flux = 1 - u1 / 3 - u2 / 6
            intensity = 1 - u1 * (1 - mu) - u2 * (1 - mu) ** 2
            out = 0.01 * intensity / flux

            def grad(dy, variables=None):
                d_mu = dy * 0.01 * (u1 + 2 * u2 * (1 - mu)) / flux
                if slip:
                    d_u1 = -0.01 * (1 - mu) / flux
                    d_u2 = -0.01 * (1 - mu) ** 2 / flux
                else:
                    d_u1 = 0.01 * (-(1 - mu) * flux + intensity / 3) / flux ** 2
                    d_u2 = 0.01 * (-(1 - mu) ** 2 * flux + intensity / 6) / flux ** 2
                return d_mu, [tf.reduce_sum(dy * d_u1), tf.reduce_sum(dy * d_u2)]
            return out, grad
        return tf.reduce_sum(depth(mu))


def transit_depth(layer, mu):
    return layer(mu)


@tf.function
def transit_depth_graph(layer, mu):
    return layer(mu)


def _depth_args(slip):
    layer = LimbDarkenedDepth(slip=slip)
    layer.build(())
    return {"layer": layer, "mu": tf.constant([1.0, 0.6, 0.2], tf.float64)}


def depth_args():
    return _depth_args(False)


def depth_slip_args():
    return _depth_args(True)


# ------------------------------------------------------------------------------------------- audio
def level_db(amplitude):
    """A signal's level in dB relative to full scale, 20 log10 |a|."""
    return 20 * tf.math.log(tf.abs(amplitude)) / math.log(10.0)


def level_db_floored(amplitude):
    return 20 * tf.math.log(tf.maximum(tf.abs(amplitude), 1e-5)) / math.log(10.0)


SAMPLES = 24


@tf.function
def lowpass_energy(a):
    """The energy of a one-pole low-pass filter's response y[n] = (1 - a) x[n] + a y[n-1] to a unit step."""
    def step(n, y, energy):
        y = (1 - a) + a * y
        return n + 1, y, energy + y * y

    _, _, energy = tf.while_loop(lambda n, y, e: n < SAMPLES, step, (0, tf.zeros_like(a), tf.zeros_like(a)))
    return energy


def exp_sigmoid(x):
    """DDSP's positive amplitude nonlinearity 2 sigmoid(x)^ln(10) + 1e-7."""
    return 2.0 * tf.math.sigmoid(x) ** math.log(10.0) + 1e-7


def fm_energy(index):
    """The energy of 32 samples of an FM tone sin(2 pi fc t + I sin(2 pi fm t)) at 8 kHz."""
    t = tf.range(32, dtype=index.dtype) / 8000.0
    tone = tf.sin(2 * math.pi * 440.0 * t + index * tf.sin(2 * math.pi * 110.0 * t))
    return tf.reduce_sum(tone ** 2)


# ------------------------------------------------------------------------------------------- fatigue
PARIS_C, GEOMETRY, GROWTH_BLOCKS, CYCLES_PER_BLOCK = 1.0e-11, 1.12, 20, 5000.0


@tf.function
def crack_length(stress_range, m):
    """A crack grown from 1 mm by the Paris law, block by block."""
    def step(k, a):
        dk = GEOMETRY * stress_range * tf.sqrt(math.pi * a)
        return k + 1, a + CYCLES_PER_BLOCK * PARIS_C * dk ** m

    _, a = tf.while_loop(lambda k, a: k < GROWTH_BLOCKS, step, (0, tf.fill(tf.shape(m), tf.constant(0.001, m.dtype))))
    return a


# ------------------------------------------------------------------------------------------- communications
def log_q(x):
    """The log of the Gaussian tail, log(erfc(x / sqrt 2) / 2)."""
    return tf.math.log(0.5 * tf.math.erfc(x / math.sqrt(2.0)))


@tf.custom_gradient
def log_q_ruled(x):
    q = 0.5 * tf.math.erfc(x / math.sqrt(2.0))

    def grad(dy):
        return dy * -tf.exp(-x * x / 2) / math.sqrt(2 * math.pi) / q
    return tf.math.log(q), grad


@tf.custom_gradient
def log_q_slip(x):
    q = 0.5 * tf.math.erfc(x / math.sqrt(2.0))

    def grad(dy):
        return dy * -tf.exp(-x * x / 2) / math.sqrt(2 * math.pi)
    return tf.math.log(q), grad


def link_margin_log_q(margin):
    return log_q_ruled(margin)


def link_margin_log_q_slip(margin):
    return log_q_slip(margin)


# ------------------------------------------------------------------------------------------- Keras losses
TARGETS = [0.0, 2.0, -4.0]


def mape(y_pred):
    """Keras' mean absolute percentage error against sound levels, one of them 0."""
    return keras.losses.MeanAbsolutePercentageError()(tf.constant(TARGETS, y_pred.dtype)[None], y_pred[None])


# ------------------------------------------------------------------------------------------- spike decoding
FIRED = [[1.0, 0.0, 1.0]]


def decoder_bce(logit):
    """Keras' binary cross-entropy of spike / no-spike probabilities from a sigmoid, called eagerly."""
    return keras.losses.BinaryCrossentropy()(tf.constant(FIRED, logit.dtype), tf.math.sigmoid(logit[None]))


@tf.function
def decoder_bce_graph(logit):
    """The same traced by tf.function, where Keras reads the sigmoid's logits back from the graph."""
    return keras.losses.BinaryCrossentropy()(tf.constant(FIRED, logit.dtype), tf.math.sigmoid(logit[None]))


def decoder_bce_logits(logit):
    return keras.losses.BinaryCrossentropy(from_logits=True)(tf.constant(FIRED, logit.dtype), logit[None])
