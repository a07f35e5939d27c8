"""A user's TensorFlow code, thirty-sixth round (b), written with tf and Keras (TensorFlow Probability is not
installed): van der Waals' pressure taken from the Helmholtz energy by a tf.GradientTape inside tf.function; a power
line's angle found by Newton's method in a tf.while_loop; smoothed Coulomb friction as a Keras layer whose
tf.custom_gradient gives the friction coefficient's gradient through variables= (right, and with N forgotten; called
eagerly and traced by tf.function); the rotation angle of a rotation matrix by tf.acos of a clipped trace; the Gibbs
energy of mixing by tf.math.xlogy; a series RLC circuit's impedance by a square root; Keras' ReLU layer with a threshold
and a ceiling, its LeakyReLU and ELU layers at 0, MeanAbsoluteError at a zero residual, and a Dense layer read by its
kernel's name."""

import keras
import tensorflow as tf

# ------------------------------------------------------------------------------------------------ thermodynamics
A_VDW, B_VDW, R_GAS = 0.1382, 3.19e-5, 8.314


@tf.function
def vdw_pressure(V, T):
    """-dA/dV of the Helmholtz energy A = -RT log(V - b) - a / V, by a tape."""
    with tf.GradientTape() as tape:
        tape.watch(V)
        energy = -R_GAS * T * tf.math.log(V - B_VDW) - A_VDW / V
    return -tape.gradient(energy, V)


RT = 2.479


def gibbs_mixing(x):
    """RT sum x log x, 0 log 0 = 0."""
    return RT * tf.reduce_sum(tf.math.xlogy(x, x))


# ------------------------------------------------------------------------------------------------ power lines
V_SEND, V_RECEIVE = 1.05, 1.0
NEWTON_STEPS = 30


@tf.function
def power_angle(p, x):
    """The angle d with V1 V2 sin(d) / x = p, by Newton's method from d = 0."""
    gain = V_SEND * V_RECEIVE / x

    def step(i, d):
        return i + 1, d - (gain * tf.sin(d) - p) / (gain * tf.cos(d))

    _, angle = tf.while_loop(lambda i, d: i < NEWTON_STEPS, step, (0, tf.zeros_like(p)))
    return angle


def impedance_naive(R, L, C, omega):
    """|Z| of a series RLC circuit."""
    reactance = omega * L - 1 / (omega * C)
    return tf.sqrt(R ** 2 + reactance ** 2)


# ------------------------------------------------------------------------------------------------ contact
class Friction(keras.layers.Layer):
    """Coulomb friction mu N tanh(v / eps) with a learnt coefficient, its gradient written in a tf.custom_gradient."""

    def __init__(self, slip=False, **kwargs):
        super().__init__(dtype="float64", **kwargs)
        self.slip = slip

    def build(self, input_shape):
        self.mu = self.add_weight(shape=(), name="mu", initializer=keras.initializers.Constant(0.3))

    def call(self, v):
        mu, slip = self.mu, self.slip
        normal, eps = 10.0, 1e-3

        @tf.custom_gradient
        def force(v):
            t = tf.tanh(v / eps)

            def grad(dy, variables=None):
                d_mu = tf.reduce_sum(t) if slip else normal * tf.reduce_sum(t)
                return dy * mu * normal * (1 - t * t) / eps, [dy * d_mu]
            return mu * normal * tf.reduce_sum(t), grad
        return force(v)


def friction_force(layer, v):
    return layer(v)


@tf.function
def friction_force_graph(layer, v):
    """The same, traced into a graph."""
    return layer(v)


def _friction_args(slip):
    layer = Friction(slip=slip)
    layer.build(())
    return {"layer": layer, "v": tf.constant([2e-4, -1e-3, 5e-3], tf.float64)}


def friction_args():
    return _friction_args(False)


def friction_slip_args():
    return _friction_args(True)


# ------------------------------------------------------------------------------------------------ rotations
def rotation_angle(R):
    """acos((tr R - 1) / 2), clipped."""
    return tf.acos(tf.clip_by_value((tf.linalg.trace(R) - 1) / 2, -1.0, 1.0))


# ------------------------------------------------------------------------------------------------ Keras pieces
def relu6_threshold(x):
    """Keras' ReLU layer passing only x > 0.5 and capped at 6."""
    return tf.reduce_sum(keras.layers.ReLU(max_value=6.0, threshold=0.5)(x))


def leaky(x):
    return tf.reduce_sum(keras.layers.LeakyReLU(negative_slope=0.2)(x))


def elu(x):
    return tf.reduce_sum(keras.layers.ELU(alpha=1.0)(x))


MEASURED = [1.0, 2.0, 3.0]


def mae(y_pred):
    """Keras' mean absolute error against fixed measurements."""
    return keras.losses.MeanAbsoluteError()(tf.constant(MEASURED, y_pred.dtype)[None], y_pred[None])


def dense_args():
    dense = keras.layers.Dense(2, activation="tanh", dtype="float64")
    dense.build((None, 3))
    dense.kernel.assign([[0.5, -1.0], [1.5, 0.25], [-0.75, 0.5]])
    dense.bias.assign([0.1, -0.2])
    return {"dense": dense, "x": tf.constant([[1.0, 2.0, -1.0]], tf.float64)}


def dense_energy(dense, x):
    """The squared output of a tanh Dense layer."""
    return tf.reduce_sum(dense(x) ** 2)


def dense_output(dense, x):
    return tf.reduce_sum(dense(x))
