"""A user's TensorFlow code, forty-seventh round (b): soil physics and tribology. Horton's cumulative infiltration
f_c t + (f_0 - f_c)(1 - e^(-k t)) / k in its decay constant k, as printed, by tf.math.expm1, by
tf.math.divide_no_nan, by a series below a switch behind a double tf.where, and with its slope in k given by
tf.custom_gradient (right, and with the quotient rule's sign slipped); a Keras layer fitting Horton's k by its log;
Brooks and Corey's effective saturation (h_b / h)^lambda above the air-entry head by one tf.where (its idle power at
h = 0) and by a double where; the Stribeck friction law with sign(v) and smoothed by tanh(v / eps), the latter in a
tf.function with a float64 input_signature."""

import tensorflow as tf
from tensorflow import keras

# ------------------------------------------------------------------------------------------- infiltration
F0, FC, T_HOURS = 8.0, 1.0, 3.0  # cm/h, cm/h, h


def horton(k):
    """Cumulative infiltration after T hours, as the textbooks print it."""
    return FC * T_HOURS + (F0 - FC) * (1 - tf.exp(-k * T_HOURS)) / k


def horton_expm1(k):
    return FC * T_HOURS + (F0 - FC) * -tf.math.expm1(-k * T_HOURS) / k


def horton_no_nan(k):
    return FC * T_HOURS + (F0 - FC) * tf.math.divide_no_nan(-tf.math.expm1(-k * T_HOURS), k)


def horton_series(k):
    """Below k t = 1e-4 the series t (1 - kt/2 + (kt)^2/6), the quotient kept off 0 (the double where)."""
    kt = k * T_HOURS
    small = kt < 1e-4
    ks = tf.where(small, tf.ones_like(k), k)
    general = -tf.math.expm1(-ks * T_HOURS) / ks
    series = T_HOURS * (1 - kt / 2 + kt * kt / 6)
    return FC * T_HOURS + (F0 - FC) * tf.where(small, series, general)


@tf.custom_gradient
def horton_rule(k):
    e = tf.exp(-k * T_HOURS)
    out = FC * T_HOURS + (F0 - FC) * (1 - e) / k

    def grad(dy):
        return dy * (F0 - FC) * (T_HOURS * e / k - (1 - e) / k ** 2)
    return out, grad


@tf.custom_gradient
def horton_rule_slip(k):
    e = tf.exp(-k * T_HOURS)
    out = FC * T_HOURS + (F0 - FC) * (1 - e) / k

    def grad(dy):
        return dy * (F0 - FC) * (T_HOURS * e / k + (1 - e) / k ** 2)
    return out, grad


TIMES = [0.5, 1.0, 2.0, 4.0]
F_OBS = [3.2, 5.1, 7.6, 10.9]


class HortonLayer(keras.layers.Layer):
    """Cumulative infiltration at the given times, k = e^(log_k) a trained weight."""

    def __init__(self, log_k, **kwargs):
        super().__init__(dtype="float64", **kwargs)
        self._init = log_k

    def build(self, input_shape):
        self.log_k = self.add_weight(shape=(), name="log_k", initializer=keras.initializers.Constant(self._init))

    def call(self, t):
        k = tf.exp(self.log_k)
        return FC * t + (F0 - FC) * (1 - tf.exp(-k * t)) / k


def horton_fit(layer, t, f_obs):
    return tf.reduce_sum((layer(t) - f_obs) ** 2)


def _fit_args(log_k):
    layer = HortonLayer(log_k)
    layer.build(())
    return {"layer": layer, "t": tf.constant(TIMES, dtype=tf.float64), "f_obs": tf.constant(F_OBS, dtype=tf.float64)}


def horton_fit_args():
    return _fit_args(0.0)


def horton_fit_slow_args():
    """A soil whose rate barely decays: k = e^-40 per hour."""
    return _fit_args(-40.0)


# ------------------------------------------------------------------------------------------- water retention
H_B, LAMBDA = 20.0, 0.5  # air-entry head (cm), pore-size index


def brooks_corey(h):
    """Effective saturation at suction head h: (h_b / h)^lambda beyond the air-entry head, 1 before it."""
    return tf.reduce_sum(tf.where(h > H_B, (H_B / h) ** LAMBDA, tf.ones_like(h)))


def brooks_corey_safe(h):
    hs = tf.where(h > H_B, h, H_B * tf.ones_like(h))
    return tf.reduce_sum(tf.where(h > H_B, (H_B / hs) ** LAMBDA, tf.ones_like(h)))


def brooks_corey_clip(h):
    """The same by clipping the power law at 1."""
    return tf.reduce_sum(tf.clip_by_value((H_B / h) ** LAMBDA, 0.0, 1.0))


VG_N = 1.56  # a loam (Carsel and Parrish)
M_VG = 1 - 1 / VG_N


def mualem(se):
    """Mualem-van Genuchten relative conductivity Se^0.5 (1 - (1 - Se^(1/m))^m)^2."""
    return tf.reduce_sum(se ** 0.5 * (1 - (1 - tf.pow(se, 1 / M_VG)) ** M_VG) ** 2)


def mualem_expm1(se):
    """The same with 1 - Se^(1/m) written -expm1(log(Se) / m)."""
    w = -tf.math.expm1(tf.math.log(se) / M_VG)
    return tf.reduce_sum(se ** 0.5 * (1 - w ** M_VG) ** 2)


# ------------------------------------------------------------------------------------------- tribology
F_C, F_S, V_S, SIGMA = 1.0, 1.5, 0.01, 0.4  # Coulomb and static friction (N), Stribeck velocity (m/s), viscous (N s/m)


def stribeck(v):
    return (F_C + (F_S - F_C) * tf.exp(-(v / V_S) ** 2)) * tf.sign(v) + SIGMA * v


def stribeck_split(v):
    """The same law written out term by term."""
    direction = tf.sign(v)
    decay = tf.exp(-(v / V_S) ** 2)
    return (F_C + (F_S - F_C) * decay) * direction + SIGMA * v


@tf.function(input_signature=[tf.TensorSpec(shape=None, dtype=tf.float64)])
def stribeck_smooth(v):
    """sign(v) smoothed by tanh(v / 1e-3) for the solver."""
    return (F_C + (F_S - F_C) * tf.exp(-(v / V_S) ** 2)) * tf.tanh(v / 1e-3) + SIGMA * v
