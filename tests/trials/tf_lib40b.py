"""A user's TensorFlow code, fortieth round (b): economics, hydrology and kernel density estimation. A CES
production function near its Cobb-Douglas limit (rho -> 0) and its Leontief limit (rho -> -inf), by powers, by
log1p/expm1 and by tf.math.reduce_logsumexp, inside a tf.function too, a Keras CES layer whose tf.custom_gradient gives
its share's gradient through variables= (right, and with its 1 / rho forgotten); the SCS curve-number runoff by
tf.where and by tf.nn.relu at a storm exactly at its initial abstraction, Manning's velocity on a flat channel, a
Keras Dense streamflow model under keras.losses.Poisson; a Gaussian kernel density's log by the log of a mean of
exponentials and by reduce_logsumexp, far from its samples, and an Epanechnikov density at a kernel's edge; and a
nozzle's supersonic Mach number by Newton's method under a tf.custom_gradient (right, and multiplying by dA/dM where
it should divide), as the PyTorch file's autograd.Function."""

import math

import keras
import tensorflow as tf

# ------------------------------------------------------------------------------------------- economics
SHARE = 0.3  # capital's share
TFP = 1.5


def ces_output(capital, labour, rho):
    """CES production A (a K^rho + (1 - a) L^rho)^(1 / rho)."""
    return TFP * (SHARE * capital ** rho + (1 - SHARE) * labour ** rho) ** (1 / rho)


def ces_output_log1p(capital, labour, rho):
    """The same through log1p and expm1, for rho near 0."""
    x = rho * tf.math.log(capital)
    y = rho * tf.math.log(labour)
    return TFP * tf.exp(tf.math.log1p(SHARE * tf.math.expm1(x) + (1 - SHARE) * tf.math.expm1(y)) / rho)


def ces_output_lse(capital, labour, rho):
    """The same in log space by reduce_logsumexp, for rho far below 0."""
    terms = tf.stack([math.log(SHARE) + rho * tf.math.log(capital), math.log(1 - SHARE) + rho * tf.math.log(labour)])
    return TFP * tf.exp(tf.math.reduce_logsumexp(terms) / rho)


@tf.function
def ces_output_graph(capital, labour, rho):
    """The log1p form traced into a graph."""
    x = rho * tf.math.log(capital)
    y = rho * tf.math.log(labour)
    return TFP * tf.exp(tf.math.log1p(SHARE * tf.math.expm1(x) + (1 - SHARE) * tf.math.expm1(y)) / rho)


class CESAggregator(keras.layers.Layer):
    """CES aggregation of (capital, labour) with a learnt share, its gradient written in a tf.custom_gradient."""

    def __init__(self, slip=False, **kwargs):
        super().__init__(dtype="float64", **kwargs)
        self.slip = slip

    def build(self, input_shape):
        self.share = self.add_weight(shape=(), name="share", initializer=keras.initializers.Constant(0.3))

    def call(self, factors):
        share, slip = self.share, self.slip
        rho = 0.5

        @tf.custom_gradient
        def output(factors):
            k, l = factors[0], factors[1]
            base = share * k ** rho + (1 - share) * l ** rho
            y = base ** (1 / rho)

            def grad(dy, variables=None):
                d_factors = tf.stack([y / base * share * k ** (rho - 1), y / base * (1 - share) * l ** (rho - 1)])
                d_share = y / base * (k ** rho - l ** rho) if slip else y / base * (k ** rho - l ** rho) / rho
                return dy * d_factors, [dy * d_share]
            return y, grad
        return output(factors)


def ces_layer_output(layer, factors):
    return layer(factors)


def ces_layer_log(layer, factors):
    return tf.math.log(layer(factors))


def _ces_args(slip):
    layer = CESAggregator(slip=slip)
    layer.build(())
    return {"layer": layer, "factors": tf.constant([2.0, 0.5], tf.float64)}


def ces_args():
    return _ces_args(False)


def ces_slip_args():
    return _ces_args(True)


# ------------------------------------------------------------------------------------------- hydrology
def scs_runoff(p, s):
    """SCS curve-number direct runoff (mm) from a storm depth p and a maximum retention s, Ia = 0.2 s."""
    ia = 0.2 * s
    return tf.where(p > ia, (p - ia) ** 2 / (p - ia + s), tf.zeros_like(p))


def scs_runoff_relu(p, s):
    """The same with the threshold by tf.nn.relu."""
    excess = tf.nn.relu(p - 0.2 * s)
    return excess ** 2 / (excess + s)


MANNING_N = 0.035


def manning_velocity(depth, slope):
    """Manning's mean velocity in a wide channel, (1/n) h^(2/3) S^(1/2)."""
    return depth ** (2 / 3) * tf.sqrt(slope) / MANNING_N


RAIN = [[12.0, 0.3], [30.0, 0.5], [4.0, 0.1], [22.0, 0.8]]
FLOW = [3.0, 9.0, 1.0, 7.0]


def streamflow_args():
    dense = keras.layers.Dense(1, activation="exponential", dtype="float64")
    dense.build((None, 2))
    dense.kernel.assign([[0.05], [0.8]])
    dense.bias.assign([0.2])
    return {"dense": dense, "rain": tf.constant(RAIN, tf.float64), "flow": tf.constant(FLOW, tf.float64)}


def streamflow_loss(dense, rain, flow):
    """A Poisson regression of daily flow on rain and soil moisture."""
    return keras.losses.Poisson()(flow[:, None], dense(rain))


def streamflow_loss64(dense, rain, flow):
    """The same with the loss told its dtype (Keras losses compute in float32 unless told)."""
    return keras.losses.Poisson(dtype="float64")(flow[:, None], dense(rain))


# ------------------------------------------------------------------------------------------- kernel density
SAMPLES = [-1.0, -0.3, 0.2, 0.9]


def kde_log_density(x, h):
    """The log of a Gaussian kernel density estimate with bandwidth h."""
    z = (x - tf.constant(SAMPLES, x.dtype)) / h
    return tf.math.log(tf.reduce_mean(tf.exp(-0.5 * z ** 2)) / (h * math.sqrt(2 * math.pi)))


def kde_log_density_stable(x, h):
    z = (x - tf.constant(SAMPLES, x.dtype)) / h
    return (tf.math.reduce_logsumexp(-0.5 * z ** 2) - math.log(len(SAMPLES)) - tf.math.log(h)
            - 0.5 * math.log(2 * math.pi))


def epanechnikov_density(x, h):
    """An Epanechnikov kernel density estimate, 3/4 (1 - u^2) on |u| < 1."""
    u = (x - tf.constant(SAMPLES, x.dtype)) / h
    return tf.reduce_sum(tf.maximum(0.75 * (1 - u ** 2), 0.0)) / (len(SAMPLES) * h)


# ------------------------------------------------------------------------------------------- a nozzle
GAMMA = 1.4


def _area_ratio(m):
    return (1 / m) * (2 / (GAMMA + 1) * (1 + (GAMMA - 1) / 2 * m ** 2)) ** ((GAMMA + 1) / (2 * (GAMMA - 1)))


def _area_slope(m):
    e = (GAMMA + 1) / (2 * (GAMMA - 1))
    base = 2 / (GAMMA + 1) * (1 + (GAMMA - 1) / 2 * m ** 2)
    return -base ** e / m ** 2 + e * base ** (e - 1) * 2 / (GAMMA + 1) * (GAMMA - 1)


@tf.custom_gradient
def supersonic_mach(area):
    """The supersonic Mach number where A / A* = area, by 40 Newton steps from M = 2, its gradient 1 / (dA/dM)."""
    m = tf.ones_like(area) * 2.0
    for _ in range(40):
        m = m - (_area_ratio(m) - area) / _area_slope(m)

    def grad(dy):
        return dy / _area_slope(m)
    return m, grad


@tf.custom_gradient
def supersonic_mach_slip(area):
    m = tf.ones_like(area) * 2.0
    for _ in range(40):
        m = m - (_area_ratio(m) - area) / _area_slope(m)

    def grad(dy):
        return dy * _area_slope(m)
    return m, grad
