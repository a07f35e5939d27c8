"""A user's TensorFlow code, thirty-fourth round (b), written with tf and Keras (TensorFlow Probability is not
installed): Kepler's equation by Newton's method in a tf.while_loop inside tf.function, an SIR epidemic stepped by
Euler in a tf.while_loop, a Hamiltonian Monte Carlo leapfrog whose forces come from a tf.GradientTape inside
tf.function, a two-parameter logistic item-response layer whose tf.custom_gradient gives the discrimination's
gradient through variables= (right, and with the difficulty forgotten), the one-compartment Bateman curve with its
equal-rate limit chosen by tf.where, refraction by Snell's law with the sine clipped at 1 and Fresnel's reflectance at
the critical angle, Keras' LayerNormalization at a constant row, a PReLU layer read by its alpha, and Keras' circle
loss on embeddings given by their angles."""

import math

import keras
import tensorflow as tf

# --------------------------------------------------------------------------------------------- orbital mechanics
NEWTON_STEPS = 40


@tf.function
def orbit_radius(M, e):
    """r = 1 - e cos E, E from Kepler's equation E - e sin E = M by Newton's method from E = pi."""
    def step(k, ecc):
        return k + 1, ecc - (ecc - e * tf.sin(ecc) - M) / (1 - e * tf.cos(ecc))

    _, ecc = tf.while_loop(lambda k, ecc: k < NEWTON_STEPS, step, (0, tf.fill(tf.shape(M), tf.constant(math.pi, M.dtype))))
    return 1 - e * tf.cos(ecc)


# ------------------------------------------------------------------------------------------------------- epidemics
SIR_STEPS, SIR_DT = 100, 0.2
S0, I0 = 0.99, 0.01


@tf.function
def sir_attack_rate(params):
    """The fraction ever infected after SIR_STEPS Euler steps of the SIR model with rates params = (beta, gamma)."""
    beta, gamma = params[0], params[1]

    def step(k, s, i):
        infections = beta * s * i * SIR_DT
        return k + 1, s - infections, i + infections - gamma * i * SIR_DT

    _, s, _ = tf.while_loop(lambda k, s, i: k < SIR_STEPS, step,
                            (0, tf.constant(S0, params.dtype), tf.constant(I0, params.dtype)))
    return 1 - s


# -------------------------------------------------------------------------------------- Hamiltonian Monte Carlo
BANANA_B = 5.0
MOMENTUM = [0.5, -0.3]
LEAPFROG_EPS, LEAPFROG_STEPS = 0.1, 5


def banana_potential(q):
    return 0.5 * q[0] ** 2 + 0.5 * BANANA_B * (q[1] - q[0] ** 2) ** 2


def _force(q):
    with tf.GradientTape() as tape:
        tape.watch(q)
        u = banana_potential(q)
    return tape.gradient(u, q)


@tf.function
def leapfrog_energy_error(q):
    """H(q_L, p_L) - H(q_0, p_0) after a leapfrog trajectory from q with a fixed momentum."""
    p = tf.constant(MOMENTUM, q.dtype)
    start = banana_potential(q) + 0.5 * tf.reduce_sum(p ** 2)
    p = p - 0.5 * LEAPFROG_EPS * _force(q)
    for step in range(LEAPFROG_STEPS):
        q = q + LEAPFROG_EPS * p
        if step < LEAPFROG_STEPS - 1:
            p = p - LEAPFROG_EPS * _force(q)
    p = p - 0.5 * LEAPFROG_EPS * _force(q)
    return banana_potential(q) + 0.5 * tf.reduce_sum(p ** 2) - start


# ------------------------------------------------------------------------------------------ item response theory
ITEM_A = [1.2, 0.8, 2.0]
ITEM_B = [-1.0, 0.5, 1.5]
ONE_PERSON = [1.0, 0.0, 1.0]


class TwoPL(keras.layers.Layer):
    """Each item's probability sigmoid(a (theta - b)), its gradient written out in a tf.custom_gradient."""

    def __init__(self, slip=False, **kwargs):
        super().__init__(dtype="float64", **kwargs)
        self.slip = slip

    def build(self, input_shape):
        self.discrimination = self.add_weight(shape=(3,), name="discrimination",
                                              initializer=keras.initializers.Constant(ITEM_A))

    def call(self, theta):
        a, slip = self.discrimination, self.slip
        b = tf.constant(ITEM_B, tf.float64)

        @tf.custom_gradient
        def probability(theta):
            p = tf.sigmoid(a * (theta - b))

            def grad(dp, variables=None):
                s = dp * p * (1 - p)
                d_a = s * theta if slip else s * (theta - b)
                return tf.reduce_sum(s * a), [d_a]
            return p, grad
        return probability(theta)


def ability_nll(layer, theta):
    """One examinee's negative log-likelihood, in log space by log_sigmoid."""
    y = tf.constant(ONE_PERSON, tf.float64)
    z = tf.math.log(layer(theta)) - tf.math.log1p(-layer(theta))
    return -tf.reduce_sum(y * tf.math.log_sigmoid(z) + (1 - y) * tf.math.log_sigmoid(-z))


def _irt_args(slip):
    layer = TwoPL(slip=slip)
    layer.build(())
    return {"layer": layer, "theta": tf.constant(1.25, tf.float64)}


def irt_args():
    return _irt_args(False)


def irt_slip_args():
    return _irt_args(True)


# --------------------------------------------------------------------------------------------- pharmacokinetics
DOSE, VOLUME, T_SAMPLE = 100.0, 10.0, 2.0


def bateman_where(ka, ke):
    """The one-compartment concentration D ka / V e^-ke t (1 - e^-(ka - ke) t) / (ka - ke), its limit t at equal
    rates chosen by tf.where."""
    d = ka - ke
    ratio = tf.where(d == 0, tf.fill(tf.shape(d), tf.constant(T_SAMPLE, d.dtype)), -tf.math.expm1(-d * T_SAMPLE) / d)
    return DOSE * ka / VOLUME * tf.exp(-ke * T_SAMPLE) * ratio


def bateman_no_nan(ka, ke):
    """The same with tf.math.divide_no_nan for the ratio, and its limit added where d is 0."""
    d = ka - ke
    limit = tf.where(d == 0, tf.constant(T_SAMPLE, d.dtype), tf.zeros_like(d))
    ratio = tf.math.divide_no_nan(-tf.math.expm1(-d * T_SAMPLE), d) + limit
    return DOSE * ka / VOLUME * tf.exp(-ke * T_SAMPLE) * ratio


def bateman_no_nan_literal(ka, ke):
    """The same with the limit's where written with Python floats."""
    d = ka - ke
    ratio = tf.math.divide_no_nan(-tf.math.expm1(-d * T_SAMPLE), d) + tf.where(d == 0, T_SAMPLE, 0.0)
    return DOSE * ka / VOLUME * tf.exp(-ke * T_SAMPLE) * ratio


# ---------------------------------------------------------------------------------------------------------- optics
N_RATIO = 2.0  # n1 / n2: light leaving a dense medium


def refraction_angle(s):
    """The refracted angle for an incidence whose sine is s, the sine of the result clipped at 1 (total reflection)."""
    return tf.asin(tf.clip_by_value(N_RATIO * s, -1.0, 1.0))


def fresnel_reflectance(s):
    """Fresnel's s-polarised reflectance for an incidence whose sine is s, below the critical angle."""
    cos_i = tf.sqrt(1 - s ** 2)
    cos_t = tf.sqrt(1 - (N_RATIO * s) ** 2)
    return tf.reduce_sum(((N_RATIO * cos_i - cos_t) / (N_RATIO * cos_i + cos_t)) ** 2)


# ---------------------------------------------------------------------------------------------------- Keras layers
HEAD = [1.0, -2.0, 0.5]


def normalized_head(x):
    """A LayerNormalization (epsilon 1e-3) of one row, then a fixed readout."""
    layer = keras.layers.LayerNormalization(epsilon=1e-3, dtype=x.dtype.name)
    return tf.reduce_sum(layer(x[None, :])[0] * tf.constant(HEAD, x.dtype))


PRELU_X = [[1.5, 0.0, -2.0], [-0.5, 0.0, 3.0]]


def prelu_args():
    layer = keras.layers.PReLU(alpha_initializer=keras.initializers.Constant([0.25, 0.1, 0.5]), dtype="float64")
    layer.build((None, 3))
    return {"layer": layer, "x": tf.constant(PRELU_X, tf.float64)}


def prelu_head(layer, x):
    """The squared PReLU outputs summed, at inputs with zeros where the activation has its kink."""
    return tf.reduce_sum(layer(x) ** 2)


def prelu_at(x):
    """The same layer in its inputs: squared, each kink at 0 is flat."""
    return prelu_head(prelu_args()["layer"], x)


def prelu_readout(x):
    """The layer's outputs read out linearly: at an input of 0 the slopes 1 and alpha meet."""
    return tf.reduce_sum(prelu_args()["layer"](x) * tf.constant([[1.0, -1.0, 2.0], [0.5, 1.0, -1.0]], x.dtype))


LABELS = [0, 0, 1, 1]
LABELS_SINGLE = [0, 0, 1, 2]


def _embed(angles):
    return tf.stack([tf.cos(angles), tf.sin(angles)], axis=1)


def circle_loss(angles):
    """Keras' circle loss (gamma 80, margin 0.4) over unit embeddings at the given angles, summed over anchors."""
    return tf.reduce_sum(keras.losses.circle(tf.constant(LABELS), _embed(angles)))


def circle_loss_single(angles):
    """The same with the last two embeddings in classes of their own: their anchors have no positive pair."""
    return tf.reduce_sum(keras.losses.circle(tf.constant(LABELS_SINGLE), _embed(angles)))
