"""A user's TensorFlow code, forty-fourth round (b): indoor localisation, psychoacoustics and attitude interpolation.
Trilateration of a receiver from its ranges to three beacons by squared residuals of tf.norm and by Keras' Huber loss;
log-distance RSSI path loss (a receiver's RSSI residuals, and a path-loss model as a tf.Module whose exponent is a
tf.Variable, its RSSI's gradient given through tf.custom_gradient with variables=, right and with log10 taken for ln);
the level of several sound sources added in decibels (10 log10 sum 10^(L/10), by hand, by tf.math.reduce_logsumexp,
and behind a tf.custom_gradient, right and with a units slip); Stevens' power law of loudness, intensity^0.3 and
(RMS pressure)^0.6; a quaternion slerp by arccos of the dot product, behind tf.where's lerp fallback for nearly equal
rotations, and by the half-angle atan2 of the difference and the sum."""

import math

import keras
import tensorflow as tf

# ------------------------------------------------------------------------------------------- trilateration
ANCHORS = [[0.0, 0.0], [8.0, 0.0], [0.0, 6.0]]  # beacon positions, m
RANGES = [4.0, 6.0, 5.0]  # measured ranges, m


def trilateration_loss(p):
    """Squared range residuals of a receiver at p."""
    anchors = tf.constant(ANCHORS, dtype=p.dtype)
    dist = tf.norm(p - anchors, axis=1)
    return tf.reduce_sum((dist - tf.constant(RANGES, dtype=p.dtype)) ** 2)


def trilateration_huber(p):
    """The same, robust: Keras' Huber loss of the residuals (delta 1 m)."""
    anchors = tf.constant(ANCHORS, dtype=p.dtype)
    dist = tf.norm(p - anchors, axis=1)
    return keras.losses.Huber(delta=1.0, dtype=p.dtype)(tf.constant(RANGES, dtype=p.dtype), dist)


# ------------------------------------------------------------------------------------------- RSSI
P0 = -40.0  # RSSI at 1 m, dBm
EXPONENT = 2.7  # path-loss exponent indoors
RSSI = [-56.0, -61.0, -59.0]  # readings from the three beacons, dBm


def rssi_residuals(p):
    """Squared residuals of the log-distance model P0 - 10 n log10(d) against the readings."""
    anchors = tf.constant(ANCHORS, dtype=p.dtype)
    d = tf.norm(p - anchors, axis=1)
    model = P0 - 10 * EXPONENT * tf.math.log(d) / math.log(10.0)
    return tf.reduce_sum((model - tf.constant(RSSI, dtype=p.dtype)) ** 2)


class PathLoss(tf.Module):
    """A log-distance path-loss model whose exponent is fitted; its RSSI's gradient given by hand."""

    def __init__(self, exponent, slip=False):
        super().__init__()
        self.exponent = tf.Variable(exponent, dtype=tf.float64, name="exponent")
        self.slip = slip

    def rssi(self, distance):
        n, slip = self.exponent, self.slip

        @tf.custom_gradient
        def model(distance):
            log10_d = tf.math.log(distance) / math.log(10.0)
            out = P0 - 10 * n * log10_d

            def grad(dy, variables=None):
                d_distance = dy * -10 * n / (distance * math.log(10.0))
                d_exponent = dy * -10 * (tf.math.log(distance) if slip else log10_d)
                return d_distance, [d_exponent]
            return out, grad
        return model(distance)


def path_loss_rssi(model, distance):
    return model.rssi(distance)


def path_loss_args():
    return {"model": PathLoss(2.7), "distance": tf.constant(7.5, dtype=tf.float64)}


def path_loss_data():
    """The same model and distance, for a second look at its exponent."""
    return path_loss_args()


def path_loss_slip_args():
    return {"model": PathLoss(2.7, slip=True), "distance": tf.constant(7.5, dtype=tf.float64)}


# ------------------------------------------------------------------------------------------- sound levels
def total_level(levels):
    """The level of several incoherent sources together: 10 log10 of the sum of their intensities."""
    return 10 * tf.math.log(tf.reduce_sum(10 ** (levels / 10))) / math.log(10.0)


def total_level_lse(levels):
    """The same by tf.math.reduce_logsumexp."""
    return 10 / math.log(10.0) * tf.math.reduce_logsumexp(levels * math.log(10.0) / 10)


@tf.custom_gradient
def db_sum(levels):
    """The decibel sum, its gradient the sources' shares of the intensity."""
    out = 10 / math.log(10.0) * tf.math.reduce_logsumexp(levels * math.log(10.0) / 10)

    def grad(dy):
        return dy * tf.nn.softmax(levels * math.log(10.0) / 10)
    return out, grad


@tf.custom_gradient
def db_sum_slip(levels):
    """The same, its gradient carried in nepers: the 10 / ln 10 of the outer scale kept on the shares."""
    out = 10 / math.log(10.0) * tf.math.reduce_logsumexp(levels * math.log(10.0) / 10)

    def grad(dy):
        return dy * 10 / math.log(10.0) * tf.nn.softmax(levels * math.log(10.0) / 10)
    return out, grad


def total_level_rule(levels):
    return db_sum(levels)


def total_level_rule_slip(levels):
    return db_sum_slip(levels)


# ------------------------------------------------------------------------------------------- loudness
I_REF = 1e-12  # reference intensity, W/m^2
P_REF = 2e-5  # reference pressure, Pa


def loudness(intensity):
    """Stevens' power law: loudness in sones grows as the intensity to the 0.3."""
    return tf.pow(intensity / I_REF, 0.3) / 16.0


def loudness_rms(pressure):
    """The same from a frame of sound pressure samples: (RMS pressure / p_ref)^0.6."""
    rms = tf.sqrt(tf.reduce_mean(pressure ** 2))
    return tf.pow(rms / P_REF, 0.6) / 16.0


# ------------------------------------------------------------------------------------------- quaternions
Q0 = [0.6, 0.8, 0.0, 0.0]  # the start attitude (w, x, y, z)
T = 0.3  # interpolation parameter
READOUT = [1.0, -2.0, 0.5, 3.0]  # the interpolated quaternion is read out along this


def slerp(q1):
    """Spherical linear interpolation from Q0 to q1 at T, by arccos of their dot product."""
    q0 = tf.constant(Q0, dtype=q1.dtype)
    omega = tf.acos(tf.reduce_sum(q0 * q1))
    q = (tf.sin((1 - T) * omega) * q0 + tf.sin(T * omega) * q1) / tf.sin(omega)
    return tf.reduce_sum(q * tf.constant(READOUT, dtype=q1.dtype))


def slerp_lerp_fallback(q1):
    """The same, falling back to linear interpolation when the rotations are nearly equal."""
    q0 = tf.constant(Q0, dtype=q1.dtype)
    dot = tf.reduce_sum(q0 * q1)
    omega = tf.acos(tf.minimum(dot, 1.0))
    slerped = (tf.sin((1 - T) * omega) * q0 + tf.sin(T * omega) * q1) / tf.sin(omega)
    q = tf.where(dot > 0.9995, (1 - T) * q0 + T * q1, slerped)
    return tf.reduce_sum(q * tf.constant(READOUT, dtype=q1.dtype))


def slerp_atan2(q1):
    """The same, the angle by 2 atan2(|q1 - q0|, |q1 + q0|)."""
    q0 = tf.constant(Q0, dtype=q1.dtype)
    omega = 2 * tf.atan2(tf.norm(q1 - q0), tf.norm(q1 + q0))
    q = (tf.sin((1 - T) * omega) * q0 + tf.sin(T * omega) * q1) / tf.sin(omega)
    return tf.reduce_sum(q * tf.constant(READOUT, dtype=q1.dtype))
