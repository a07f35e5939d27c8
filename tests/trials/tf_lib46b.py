"""A user's TensorFlow code, forty-sixth round (b): reservoir engineering, plasma physics and directional statistics.
Arps' hyperbolic decline q_i / (1 + b D t)^(1/b) (by tf.pow, and by exp of -log1p(b D t) / b, and with the exponential
decline's series below a switch) as b goes to 0; its cumulative production q_i / ((1 - b) D) (1 - (1 + b D t)^((b-1)/b))
near and at b = 1 (as printed, and through tf.math.divide_no_nan); the Debye length sqrt(eps0 T / (n e^2)) and the
Coulomb logarithm log(12 pi n lambda_D^3) (through the Debye length, and in logs) at extreme densities; the
Child-Langmuir current density by tf.pow(V, 1.5); the von Mises-Fisher log normaliser with tf.custom_gradient (right,
and with 1/k and coth k swapped) and by tf.math.bessel_i0e for the circle; Keras' CosineSimilarity at a zero
prediction; and a decline curve fitted by a Keras Dense layer read by --wrt dense.kernel."""

import math

import keras
import tensorflow as tf

# ------------------------------------------------------------------------------------------- reservoir engineering
QI, T_MONTHS = 1000.0, 12.0  # initial rate (bbl/day), time (months)


def arps_rate(b, D):
    """Hyperbolic decline rate at 12 months."""
    return QI / tf.pow(1.0 + b * D * T_MONTHS, 1.0 / b)


def arps_rate_log1p(b, D):
    """The same as q_i exp(-log1p(b D t) / b)."""
    return QI * tf.exp(-tf.math.log1p(b * D * T_MONTHS) / b)


def arps_rate_switch(b, D):
    """Exponential decline with its first correction in b below 1e-6, the hyperbolic form above."""
    small = b < 1e-6
    b_safe = tf.where(small, tf.ones_like(b), b)
    dt = D * T_MONTHS
    near_exponential = QI * tf.exp(-dt) * (1.0 + 0.5 * b * dt ** 2)
    hyperbolic = QI * tf.exp(-tf.math.log1p(b_safe * dt) / b_safe)
    return tf.where(small, near_exponential, hyperbolic)


def arps_cumulative(b, D):
    """Cumulative production to 12 months, q_i / ((1 - b) D) (1 - (1 + b D t)^((b - 1) / b))."""
    return QI / ((1.0 - b) * D) * (1.0 - tf.pow(1.0 + b * D * T_MONTHS, (b - 1.0) / b))


def arps_cumulative_no_nan(b, D):
    """The same, the 0/0 at b = 1 silenced by divide_no_nan."""
    numerator = QI * (1.0 - tf.pow(1.0 + b * D * T_MONTHS, (b - 1.0) / b))
    return tf.math.divide_no_nan(numerator, (1.0 - b) * D)


# ------------------------------------------------------------------------------------------- plasma physics
EPS0 = 8.8541878128e-12  # F/m
E_CHARGE = 1.602176634e-19  # C
M_E = 9.1093837015e-31  # kg


def debye_length(n, T):
    """Electron Debye length (m) at density n (m^-3) and temperature T (eV)."""
    return tf.sqrt(EPS0 * T * E_CHARGE / (n * E_CHARGE ** 2))


def coulomb_log(n, T):
    """ln Lambda = ln(12 pi n lambda_D^3)."""
    lam = debye_length(n, T)
    return tf.math.log(12.0 * math.pi * n * lam ** 3)


def coulomb_log_stable(n, T):
    """The same in logs: ln(12 pi) + ln n + 1.5 ln(eps0 T / (n e))."""
    return (math.log(12.0 * math.pi) + tf.math.log(n)
            + 1.5 * (tf.math.log(T) - tf.math.log(n) + math.log(EPS0 / E_CHARGE)))


GAP = 0.01  # m


def child_langmuir(V):
    """Space-charge-limited current density (A/m^2) across a planar diode at voltage V."""
    return 4.0 * EPS0 / 9.0 * math.sqrt(2.0 * E_CHARGE / M_E) * tf.pow(V, 1.5) / GAP ** 2


# ------------------------------------------------------------------------------------------- directional statistics
def _vmf_value(kappa):
    return tf.math.log(kappa) - math.log(2 * math.pi) - kappa - tf.math.log1p(-tf.exp(-2.0 * kappa))


@tf.custom_gradient
def vmf_log_norm_rule(kappa):
    """log C_3(kappa) with its derivative 1/k - coth k by hand."""
    def grad(dy):
        return dy * (1.0 / kappa - 1.0 / tf.math.tanh(kappa))
    return _vmf_value(kappa), grad


@tf.custom_gradient
def vmf_log_norm_swapped(kappa):
    """The same, coth k - 1/k (the mean resultant length itself, the minus sign lost)."""
    def grad(dy):
        return dy * (1.0 / tf.math.tanh(kappa) - 1.0 / kappa)
    return _vmf_value(kappa), grad


def vmf_rule(kappa):
    return tf.reduce_sum(vmf_log_norm_rule(kappa))


def vmf_swapped(kappa):
    return tf.reduce_sum(vmf_log_norm_swapped(kappa))


def von_mises_log_norm(kappa):
    """log(2 pi I0(kappa)) by the scaled Bessel function, |kappa| for the scale."""
    return tf.reduce_sum(math.log(2 * math.pi) + tf.math.log(tf.math.bessel_i0e(kappa)) + tf.abs(kappa))


# ------------------------------------------------------------------------------------------- Keras
TARGET_DIRECTION = [0.6, 0.8, 0.0]


def cosine_keras(x):
    """Keras' CosineSimilarity loss of a prediction x against a fixed unit target."""
    y = tf.constant([TARGET_DIRECTION], dtype=x.dtype)
    return keras.losses.CosineSimilarity(dtype=x.dtype)(y, x[None, :])


MONTHS = [1.0, 3.0, 6.0, 12.0]
LOG_RATES = [6.85, 6.6, 6.3, 5.9]


def decline_args():
    dense = keras.layers.Dense(1, dtype="float64")
    dense.build((None, 1))
    dense.kernel.assign([[-0.08]])
    dense.bias.assign([6.9])
    return {"dense": dense, "t": tf.constant([[m] for m in MONTHS], tf.float64),
            "log_q": tf.constant([[v] for v in LOG_RATES], tf.float64)}


def decline_fit(dense, t, log_q):
    """An exponential decline fitted in log space: mean squared error of log q = b + w t."""
    return keras.losses.MeanSquaredError()(log_q, dense(t))


def decline_fit64(dense, t, log_q):
    """The same with the loss told its dtype."""
    return keras.losses.MeanSquaredError(dtype="float64")(log_q, dense(t))


def archie_saturation_clipped(phi, rt):
    """Water saturation (a R_w / (phi^2 R_t))^(1/2), clipped to [0, 1]."""
    sw = tf.sqrt(0.05 / (phi ** 2 * rt))
    return tf.clip_by_value(sw, 0.0, 1.0)


def ionisation_entropy(x):
    """Mixing entropy of an ionisation fraction x: -x log x - (1 - x) log(1 - x), by xlogy and xlog1py."""
    return -tf.math.xlogy(x, x) - tf.math.xlog1py(1.0 - x, -x)


@tf.function(input_signature=[tf.TensorSpec([], tf.float64), tf.TensorSpec([], tf.float64)])
def arps_rate_graph(b, D):
    """arps_rate_switch traced once, for float64 scalars."""
    return arps_rate_switch(b, D)


def debye_length_masked(n, T):
    """The Debye length where the density is positive, 0 elsewhere, by multiply_no_nan."""
    return tf.math.multiply_no_nan(debye_length(n, T), tf.cast(n > 0, n.dtype))
