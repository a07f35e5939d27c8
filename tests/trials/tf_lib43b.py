"""A user's TensorFlow code, forty-third round (b): radio link budgets, vehicle dynamics, gas properties and volume
rendering. Friis' received power in dBm through the linear power (its (lambda / 4 pi d)^2 underflowing float32 at
interstellar range) and in decibels directly, Shannon's capacity from an SNR in dB behind a tf.custom_gradient (right;
the dB conversion's ln(10) / 10 forgotten) and by tf.math.softplus; Pacejka's magic formula for a tyre's lateral force
(arctan of arctan) and a tyre as a tf.Module whose stiffness factor is a tf.Variable, its force's gradient given
through variables= (right; the inner arctan's term forgotten); Sutherland's viscosity law fitted to readings with a
glitch by Keras' LogCosh and by log(cosh) written out; a ray's colour composited by tf.math.cumprod(exclusive=True) of
1 - alpha and by an exclusive cumsum of optical depths, and a depth prior by Keras' KLDivergence."""

import math

import keras
import tensorflow as tf

# ------------------------------------------------------------------------------------------- link budgets
TX_DBM = 30.0  # transmitter power, dBm
GAIN = 100.0  # the product of both antennas' gains (20 dBi)
WAVELENGTH = 0.125  # m (2.4 GHz)


def received_dbm(distance):
    """Friis: the received power in mW, then in dBm."""
    power_mw = 10 ** (TX_DBM / 10) * GAIN * (WAVELENGTH / (4 * math.pi * distance)) ** 2
    return 10 * tf.math.log(power_mw) / math.log(10.0)


def received_dbm_db(distance):
    """The same, the budget added up in decibels."""
    path_gain_db = 20 * tf.math.log(WAVELENGTH / (4 * math.pi * distance)) / math.log(10.0)
    return TX_DBM + 10 * math.log10(GAIN) + path_gain_db


BANDWIDTH = 1.0  # Hz: capacity in bit/s/Hz


@tf.custom_gradient
def shannon_capacity(snr_db):
    """B log2(1 + SNR), the SNR given in dB, with its slope in dB."""
    snr = 10 ** (snr_db / 10)
    capacity = BANDWIDTH * tf.math.log1p(snr) / math.log(2.0)

    def grad(dy):
        return dy * BANDWIDTH * snr / (1 + snr) / math.log(2.0) * math.log(10.0) / 10
    return capacity, grad


@tf.custom_gradient
def shannon_capacity_slip(snr_db):
    """The same, its slope taken in the linear SNR: the dB conversion's ln(10) / 10 forgotten."""
    snr = 10 ** (snr_db / 10)
    capacity = BANDWIDTH * tf.math.log1p(snr) / math.log(2.0)

    def grad(dy):
        return dy * BANDWIDTH * snr / (1 + snr) / math.log(2.0)
    return capacity, grad


def capacity(snr_db):
    return shannon_capacity(snr_db)


def capacity_slip(snr_db):
    return shannon_capacity_slip(snr_db)


def capacity_softplus(snr_db):
    """log2(1 + e^(snr_db ln10 / 10)) by softplus."""
    return BANDWIDTH * tf.math.softplus(snr_db * math.log(10.0) / 10) / math.log(2.0)


# ------------------------------------------------------------------------------------------- tyres
B, C, D, E = 10.0, 1.9, 4000.0, 0.97  # stiffness, shape, peak (N) and curvature factors


def lateral_force(slip):
    """Pacejka's magic formula: the tyre's lateral force at a slip angle (rad)."""
    bx = B * slip
    return D * tf.sin(C * tf.atan(bx - E * (bx - tf.atan(bx))))


class Tyre(tf.Module):
    """A tyre whose stiffness factor B is fitted; the magic formula's gradient given by hand."""

    def __init__(self, stiffness, slip_rule=False):
        super().__init__()
        self.stiffness = tf.Variable(stiffness, dtype=tf.float64, name="stiffness")
        self.slip_rule = slip_rule

    def force(self, slip):
        b, slip_rule = self.stiffness, self.slip_rule

        @tf.custom_gradient
        def magic(slip):
            bx = b * slip
            u = bx - E * (bx - tf.atan(bx))
            f = D * tf.sin(C * tf.atan(u))

            def grad(dy, variables=None):
                df_du = D * tf.cos(C * tf.atan(u)) * C / (1 + u ** 2)
                du_dbx = (1 - E) if slip_rule else 1 - E + E / (1 + bx ** 2)
                return dy * df_du * du_dbx * b, [dy * df_du * du_dbx * slip]
            return f, grad
        return magic(slip)


def tyre_force(tyre, slip):
    return tyre.force(slip)


def tyre_args():
    return {"tyre": Tyre(10.0), "slip": tf.constant(0.05, dtype=tf.float64)}


def tyre_data():
    """The same tyre, for a second look at its stiffness."""
    return tyre_args()


def tyre_slip_args():
    return {"tyre": Tyre(10.0, slip_rule=True), "slip": tf.constant(0.05, dtype=tf.float64)}


# ------------------------------------------------------------------------------------------- gases
MU_REF, T_REF = 17.16, 273.15  # air, micro-pascal seconds at T_REF kelvin
TEMPS = [250.0, 300.0, 400.0, 500.0]
READINGS = [15.99, 18.46, 23.06, 120.0]  # the last is a glitch


def sutherland(temp, s):
    """Sutherland's law for a gas's viscosity, s its Sutherland temperature."""
    return MU_REF * (temp / T_REF) ** 1.5 * (T_REF + s) / (temp + s)


def viscosity_fit_logcosh(s):
    """A robust fit of Sutherland's temperature: Keras' LogCosh over the readings."""
    temps = tf.constant(TEMPS, dtype=s.dtype)
    return keras.losses.LogCosh()(tf.constant(READINGS, dtype=s.dtype), sutherland(temps, s))


def viscosity_fit_logcosh_naive(s):
    """The same with log(cosh(r)) written out."""
    temps = tf.constant(TEMPS, dtype=s.dtype)
    residual = sutherland(temps, s) - tf.constant(READINGS, dtype=s.dtype)
    return tf.reduce_mean(tf.math.log(tf.cosh(residual)))


# ------------------------------------------------------------------------------------------- volume rendering
DELTA = 1.0
RGB = [0.9, 0.1, 0.4, 0.7]


def composite_cumprod(sigma):
    """One colour channel of a ray: transmittance by an exclusive cumprod of 1 - alpha."""
    alpha = 1 - tf.exp(-sigma * DELTA)
    trans = tf.math.cumprod(1 - alpha, exclusive=True)
    return tf.reduce_sum(trans * alpha * tf.constant(RGB, dtype=sigma.dtype))


def composite_cumsum(sigma):
    """The same by expm1 and an exclusive cumsum of optical depths."""
    tau = sigma * DELTA
    alpha = -tf.math.expm1(-tau)
    trans = tf.exp(-tf.math.cumsum(tau, exclusive=True))
    return tf.reduce_sum(trans * alpha * tf.constant(RGB, dtype=sigma.dtype))


DEPTH_PRIOR = [0.1, 0.6, 0.3]


def depth_prior_kl(weights):
    """Keras' KL divergence of a ray's weights from a depth prior."""
    return keras.losses.KLDivergence()(tf.constant(DEPTH_PRIOR, dtype=weights.dtype), weights)
