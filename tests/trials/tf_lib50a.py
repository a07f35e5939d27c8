"""Round 50a, TensorFlow (Keras): observational astronomy (the relativistic Doppler redshift, naive and by
expm1(atanh), by a tf.custom_gradient right and slipped; the combined magnitude of a blend, naive and by
reduce_logsumexp; a Keras photometric calibration layer trained with keras.losses.Huber) and wind-turbine blade-element
momentum theory (Prandtl's tip loss by arccos and by atan(sqrt(expm1)), the power coefficient, Buhl's thrust
correction behind tf.where, and a tf.Module with an induction factor read by a custom gradient with variables=)."""

import math

import tensorflow as tf
from tensorflow import keras

# ------------------------------------------------------------------------------------------- astronomy
def doppler_redshift(beta):
    """Relativistic longitudinal Doppler shift z = sqrt((1 + beta) / (1 - beta)) - 1, beta = v / c."""
    return tf.reduce_sum(tf.sqrt((1 + beta) / (1 - beta)) - 1)


def doppler_redshift_stable(beta):
    """sqrt((1 + b) / (1 - b)) = e^atanh(b): z = expm1(atanh(b))."""
    return tf.reduce_sum(tf.math.expm1(tf.math.atanh(beta)))


@tf.custom_gradient
def _redshift(beta):
    z = tf.math.expm1(tf.math.atanh(beta))

    def grad(dy):
        return dy * (1 + z) / (1 - beta * beta)
    return z, grad


@tf.custom_gradient
def _redshift_slip(beta):
    z = tf.math.expm1(tf.math.atanh(beta))

    def grad(dy):
        return dy / (1 - beta * beta)
    return z, grad


def doppler_redshift_rule(beta):
    return tf.reduce_sum(_redshift(beta))


def doppler_redshift_rule_slip(beta):
    return tf.reduce_sum(_redshift_slip(beta))


def blend_magnitude(m):
    """Magnitude of unresolved sources together: m = -2.5 log10(sum 10^(-0.4 m_i))."""
    return -2.5 * tf.math.log(tf.reduce_sum(10.0 ** (-0.4 * m))) / math.log(10.0)


def blend_magnitude_stable(m):
    return -2.5 / math.log(10.0) * tf.math.reduce_logsumexp(-0.4 * math.log(10.0) * m)


class Calibration(keras.layers.Layer):
    """Calibrated magnitude m = m_inst + zp + k * colour (a zero point and a colour term)."""

    def __init__(self, zp, k, **kwargs):
        super().__init__(dtype="float64", **kwargs)
        self._zp, self._k = zp, k

    def build(self, input_shape):
        self.zp = self.add_weight(shape=(), name="zp", initializer=keras.initializers.Constant(self._zp))
        self.k = self.add_weight(shape=(), name="k", initializer=keras.initializers.Constant(self._k))

    def call(self, inputs):
        return inputs[:, 0] + self.zp + self.k * inputs[:, 1]


STARS = [[-9.1, 0.4], [-7.6, 1.1], [-10.2, -0.1], [-8.4, 0.7]]
CATALOGUE = [16.45, 17.95, 15.35, 17.1]


def calib_loss(layer, stars, catalogue):
    return keras.losses.Huber(delta=0.1)(catalogue, layer(stars))


def calib_loss_f64(layer, stars, catalogue):
    return keras.losses.Huber(delta=0.1, dtype="float64")(catalogue, layer(stars))


def calib_args():
    layer = Calibration(25.5, 0.05)
    layer.build(None)
    return {"layer": layer, "stars": tf.constant(STARS, dtype=tf.float64),
            "catalogue": tf.constant(CATALOGUE, dtype=tf.float64)}


# ------------------------------------------------------------------------------------------- wind turbines
BLADES = 3
R_TIP = 50.0  # rotor radius (m)
SIN_PHI = 0.12  # sine of the inflow angle near the tip


def tip_loss(r):
    """Prandtl's tip-loss factor F = (2 / pi) arccos(e^-f), f = B (R - r) / (2 r sin phi)."""
    f = BLADES * (R_TIP - r) / (2 * r * SIN_PHI)
    return tf.reduce_sum(2 / math.pi * tf.math.acos(tf.exp(-f)))


def tip_loss_stable(r):
    """arccos(e^-f) = atan(sqrt(e^(2f) - 1))."""
    f = BLADES * (R_TIP - r) / (2 * r * SIN_PHI)
    return tf.reduce_sum(2 / math.pi * tf.math.atan(tf.sqrt(tf.math.expm1(2 * f))))


@tf.function(input_signature=[tf.TensorSpec([None], tf.float64)])
def tip_loss_graph(r):
    f = BLADES * (R_TIP - r) / (2 * r * SIN_PHI)
    return tf.reduce_sum(2 / math.pi * tf.math.atan(tf.sqrt(tf.math.expm1(2 * f))))


def power_coefficient(a):
    """Actuator-disc power coefficient Cp = 4 a (1 - a)^2 (Betz: 16/27 at a = 1/3)."""
    return tf.reduce_sum(4 * a * (1 - a) ** 2)


def thrust_buhl(a):
    """Thrust coefficient, momentum theory below a = 0.4 and Buhl's empirical correction above (F = 1)."""
    momentum = 4 * a * (1 - a)
    buhl = 8 / 9 + (4 - 40 / 9) * a + (50 / 9 - 4) * a ** 2
    return tf.reduce_sum(tf.where(a > 0.4, buhl, momentum))


class Rotor(tf.Module):
    """A trained axial induction a, scored by the power deficit (Cp - Cp_target)^2 through a custom gradient."""

    def __init__(self, a):
        super().__init__()
        self.a = tf.Variable(a, dtype=tf.float64)

    def __call__(self, target):
        return power_loss(target, self.a)


def power_loss(target, a):
    @tf.custom_gradient
    def deficit(target):
        cp = 4 * a * (1 - a) ** 2
        d = cp - target

        def grad(dy, variables=None):
            slope = 4 * (1 - a) * (1 - 3 * a)
            return -2 * dy * d, [tf.reduce_sum(2 * dy * d * slope)]
        return d * d, grad
    return tf.reduce_sum(deficit(target))


def rotor_fit(model, target):
    return model(target)


def rotor_args():
    return {"model": Rotor(0.25), "target": tf.constant([0.5, 0.55], dtype=tf.float64)}


class RotorSlip(tf.Module):
    def __init__(self, a):
        super().__init__()
        self.a = tf.Variable(a, dtype=tf.float64)

    def __call__(self, target):
        return power_loss_slip(target, self.a)


def power_loss_slip(target, a):
    @tf.custom_gradient
    def deficit(target):
        cp = 4 * a * (1 - a) ** 2
        d = cp - target

        def grad(dy, variables=None):
            slope = 4 * (1 - a) * (1 - 3 * a)
            return -2 * dy * d, [tf.reduce_sum(dy * d * slope)]
        return d * d, grad
    return tf.reduce_sum(deficit(target))


def rotor_slip_args():
    return {"model": RotorSlip(0.25), "target": tf.constant([0.5, 0.55], dtype=tf.float64)}
