"""A user's TensorFlow code, thirty-fifth round (b), written with tf and Keras (TensorFlow Probability is not
installed): the water-wave dispersion relation solved by Newton's method in a tf.while_loop inside tf.function; the
first Piola-Kirchhoff stress of a neo-Hookean solid taken by a tf.GradientTape inside tf.function and read against a
fixed direction; a local-level Kalman filter's log-likelihood accumulated in a tf.while_loop; a nest's inclusive
value as a Keras layer whose tf.custom_gradient gives the dissimilarity's gradient through variables= (right, and
with its second term forgotten); the von Mises stress under a tf.custom_gradient that answers 0 at a hydrostatic
state; Keras' Dot layer with normalize=True at a zero vector and MeanSquaredLogarithmicError at and beside its clip;
the wind chill index at calm air; Elo's expected score by powers of 10 and by log_sigmoid; and Lambert's term at the
terminator through tf.math.l2_normalize."""

import math

import keras
import tensorflow as tf

# ----------------------------------------------------------------------------------------------------- water waves
GRAVITY = 9.81
WAVE_STEPS = 20


@tf.function
def wavenumber(omega, depth):
    """k with omega^2 = g k tanh(k h), by Newton's method from Eckart's approximation."""
    deep = omega ** 2 / GRAVITY

    def step(i, k):
        t = tf.tanh(k * depth)
        return i + 1, k - (GRAVITY * k * t - omega ** 2) / (GRAVITY * t + GRAVITY * k * depth * (1 - t ** 2))

    _, k = tf.while_loop(lambda i, k: i < WAVE_STEPS, step, (0, deep / tf.sqrt(tf.tanh(deep * depth))))
    return k


# ------------------------------------------------------------------------------------------------ solid mechanics
MU, LAM = 1.0, 10.0
DIRECTION = [[1.0, 0.5], [-0.25, 2.0]]


def _energy(F):
    """A plane neo-Hookean strain energy: mu/2 (tr F'F - 2) - mu log J + lam/2 log^2 J."""
    log_j = tf.math.log(tf.linalg.det(F))
    return 0.5 * MU * (tf.reduce_sum(F * F) - 2.0) - MU * log_j + 0.5 * LAM * log_j ** 2


@tf.function
def stress_along(F):
    """The first Piola-Kirchhoff stress P = dW/dF, by a tape, contracted with a fixed direction."""
    with tf.GradientTape() as tape:
        tape.watch(F)
        energy = _energy(F)
    stress = tape.gradient(energy, F)
    return tf.reduce_sum(stress * tf.constant(DIRECTION, F.dtype))


@tf.custom_gradient
def _von_mises(s):
    normal = (s[0] - s[1]) ** 2 + (s[1] - s[2]) ** 2 + (s[2] - s[0]) ** 2
    vm = tf.sqrt(0.5 * normal + 3 * tf.reduce_sum(s[3:] ** 2))

    def grad(dy):
        dev = s[:3] - tf.reduce_mean(s[:3])
        safe = tf.where(vm > 0, vm, tf.ones_like(vm))
        slope = tf.concat([1.5 * dev, 3 * s[3:]], axis=0) / safe
        return dy * tf.where(vm > 0, slope, tf.zeros_like(slope))
    return vm, grad


def von_mises(s):
    """The von Mises equivalent stress, its rule answering 0 where the stress is hydrostatic."""
    return _von_mises(s)


# ------------------------------------------------------------------------------------------------- state space
OBSERVATIONS = [1.0, 1.5, 0.8, 2.0, 1.7]
PRIOR_VARIANCE = 10.0


@tf.function
def kalman_loglik(log_q, log_r):
    """The local-level model's log-likelihood: x_t+1 = x_t + N(0, q), y_t = x_t + N(0, r), x_1 ~ N(0, 10)."""
    q, r = tf.exp(log_q), tf.exp(log_r)
    ys = tf.constant(OBSERVATIONS, log_q.dtype)

    def step(t, mean, var, total):
        f = var + r
        v = ys[t] - mean
        total = total - 0.5 * (math.log(2 * math.pi) + tf.math.log(f) + v * v / f)
        gain = var / f
        return t + 1, mean + gain * v, var * (1 - gain) + q, total

    start = (0, tf.zeros_like(log_q), tf.constant(PRIOR_VARIANCE, log_q.dtype), tf.zeros_like(log_q))
    _, _, _, total = tf.while_loop(lambda t, *rest: t < len(OBSERVATIONS), step, start)
    return total


# ------------------------------------------------------------------------------------------------ discrete choice
class Nest(keras.layers.Layer):
    """A nest's inclusive value lam logsumexp(v / lam), its gradient written out in a tf.custom_gradient."""

    def __init__(self, slip=False, **kwargs):
        super().__init__(dtype="float64", **kwargs)
        self.slip = slip

    def build(self, input_shape):
        self.dissimilarity = self.add_weight(shape=(), name="dissimilarity",
                                             initializer=keras.initializers.Constant(0.5))

    def call(self, v):
        lam, slip = self.dissimilarity, self.slip

        @tf.custom_gradient
        def inclusive(v):
            scaled = v / lam
            lse = tf.reduce_logsumexp(scaled)
            weights = tf.exp(scaled - lse)

            def grad(dy, variables=None):
                d_lam = lse if slip else lse - tf.reduce_sum(weights * scaled)
                return dy * weights, [dy * d_lam]
            return lam * lse, grad
        return inclusive(v)


def nest_value(layer, v):
    return layer(v)


def _nest_args(slip):
    layer = Nest(slip=slip)
    layer.build(())
    return {"layer": layer, "v": tf.constant([1.0, 2.0, -0.5], tf.float64)}


def nest_args():
    return _nest_args(False)


def nest_slip_args():
    return _nest_args(True)


# -------------------------------------------------------------------------------------------------- Keras pieces
def cosine_dot(a, b):
    """Keras' Dot layer with normalize=True: the cosine of a and b."""
    return tf.reduce_sum(keras.layers.Dot(axes=1, normalize=True)([a[None, :], b[None, :]]))


TRUE_COUNTS = [0.0, 2.0, 5.0]


def msle(y_pred):
    """Keras' mean squared logarithmic error against fixed counts."""
    return keras.losses.MeanSquaredLogarithmicError()(tf.constant(TRUE_COUNTS, y_pred.dtype)[None], y_pred[None])


# -------------------------------------------------------------------------------------------------------- weather
def wind_chill(T, v):
    """The North American wind chill index (deg C) at air temperature T (deg C) and wind speed v (km/h)."""
    return 13.12 + 0.6215 * T - 11.37 * tf.pow(v, 0.16) + 0.3965 * T * tf.pow(v, 0.16)


# -------------------------------------------------------------------------------------------------------- ratings
ELO_SCALE = 400.0


def elo_loss_naive(d):
    """-log of the expected score of winners with rating leads d."""
    expected = 1 / (1 + tf.pow(tf.constant(10.0, d.dtype), -d / ELO_SCALE))
    return -tf.reduce_sum(tf.math.log(expected))


def elo_loss(d):
    return -tf.reduce_sum(tf.math.log_sigmoid(d * math.log(10) / ELO_SCALE))


# ------------------------------------------------------------------------------------------------------ rendering
def lambert(n):
    """Lambert's diffuse term max(n . l, 0) for an unnormalised normal, l = +z."""
    return tf.nn.relu(tf.reduce_sum(tf.math.l2_normalize(n) * tf.constant([0.0, 0.0, 1.0], n.dtype)))
