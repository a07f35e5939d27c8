"""A user's TensorFlow code, twenty-eighth round (b): Keras' Huber, LogCosh and KLDivergence losses (at the Huber
delta, at large residuals, at zero targets), Keras' RMSNormalization at zero input, a Keras model with a softplus
hidden layer read by its weights' names, tf.custom_gradient as its documentation writes it (log1pexp, whose value
overflows; clip_gradient_by_norm, which changes the gradient on purpose), softplus_inverse and log1mexp (naive, with a
tf.where that leaks a NaN, and with the double-where guard) at tiny x, tf.function code with autograph's if and a
tf.range loop, tf.while_loop recursions (Newton's square root, an HMM's forward algorithm in logs), and tf.scan's
exponential moving average in its decay."""

import math

import keras
import tensorflow as tf

# ------------------------------------------------------------------------------------------------ Keras losses
HUBER_TARGET = [0.0, 1.0, -2.0]


def keras_huber(pred):
    """Keras' Huber (delta 0.5), the mean over the three residuals."""
    loss = keras.losses.Huber(delta=0.5)
    return loss(tf.constant(HUBER_TARGET, pred.dtype), pred)


def keras_huber64(pred):
    """The same loss made in float64."""
    loss = keras.losses.Huber(delta=0.5, dtype="float64")
    return loss(tf.constant(HUBER_TARGET, pred.dtype), pred)


def keras_logcosh(pred):
    loss = keras.losses.LogCosh()
    return loss(tf.constant(HUBER_TARGET, pred.dtype), pred)


KL_TARGET = [0.0, 0.3, 0.7]


def keras_kld(pred):
    """Keras' KLDivergence with a target that puts no mass on the first class."""
    loss = keras.losses.KLDivergence()
    return loss(tf.constant(KL_TARGET, pred.dtype), pred)


RMS_READOUT = [1.0, -2.0, 0.5]


def keras_rms(x):
    """Keras' RMSNormalization (epsilon 1e-6, unit scale) read out with fixed weights."""
    norm = keras.layers.RMSNormalization(epsilon=1e-6, dtype=x.dtype.name)
    return tf.reduce_sum(norm(x[None, :])[0] * tf.constant(RMS_READOUT, x.dtype))


class SoftplusRegressor(keras.Model):
    """A two-layer regressor: a softplus hidden layer of two units and a linear output."""

    def __init__(self):
        super().__init__(dtype="float64")
        self.hidden = keras.layers.Dense(2, activation="softplus", dtype="float64",
                                         kernel_initializer=keras.initializers.Constant([[0.5, -1.0], [1.5, 0.25]]),
                                         bias_initializer=keras.initializers.Constant([0.1, -0.2]))
        self.readout = keras.layers.Dense(1, dtype="float64",
                                          kernel_initializer=keras.initializers.Constant([[1.0], [-0.5]]))

    def call(self, x):
        return self.readout(self.hidden(x))


def regressor_loss(model, x, y):
    """The mean squared error of the regressor."""
    return tf.reduce_mean((model(x)[:, 0] - y) ** 2)


def regressor_args():
    model = SoftplusRegressor()
    model(tf.zeros((1, 2), tf.float64))  # builds its layers
    return {"model": model, "x": tf.constant([[1.0, 2.0], [-0.5, 0.3], [2.0, -1.0]], tf.float64),
            "y": tf.constant([0.5, -1.0, 2.0], tf.float64)}


# ------------------------------------------------------------------------------- tf.custom_gradient, as documented
@tf.custom_gradient
def log1pexp(x):
    e = tf.exp(x)

    def grad(upstream):
        return upstream * (1 - 1 / (1 + e))
    return tf.math.log(1 + e), grad


def softplus_documented(x):
    return tf.reduce_sum(log1pexp(x))


@tf.custom_gradient
def clip_gradient_by_norm(x, norm):
    y = tf.identity(x)

    def grad_fn(dresult):
        return [tf.clip_by_norm(dresult, norm), None]
    return y, grad_fn


def clipped_energy(x):
    """sum(x^2) with its gradient clipped to norm 1 on the way back."""
    return tf.reduce_sum(clip_gradient_by_norm(x, tf.constant(1.0, x.dtype)) ** 2)


# -------------------------------------------------------------------------------- softplus_inverse and log1mexp
def softplus_inverse_naive(x):
    return tf.reduce_sum(tf.math.log(tf.exp(x) - 1.0))


def softplus_inverse(x):
    """log(e^x - 1) = x + log(-expm1(-x)), as TensorFlow Probability writes it for large x."""
    return tf.reduce_sum(x + tf.math.log(-tf.math.expm1(-x)))


LOG2 = math.log(2.0)


def log1mexp_where(x):
    return tf.reduce_sum(tf.where(x < LOG2, tf.math.log(-tf.math.expm1(-x)), tf.math.log1p(-tf.exp(-x))))


def log1mexp_safe(x):
    """The double-where guard: each branch sees only arguments it is safe at."""
    small = x < LOG2
    x_small = tf.where(small, x, tf.ones_like(x))
    x_large = tf.where(small, tf.ones_like(x), x)
    return tf.reduce_sum(tf.where(small, tf.math.log(-tf.math.expm1(-x_small)), tf.math.log1p(-tf.exp(-x_large))))


# ------------------------------------------------------------------------------------------- tf.function, autograph
@tf.function
def piecewise_autograph(x):
    """x^2 up to 1, 2x - 1 above (C1 at 1), summed over a tf.range loop with autograph's if."""
    total = tf.constant(0.0, x.dtype)
    for i in tf.range(tf.shape(x)[0]):
        if x[i] > 1.0:
            total += 2.0 * x[i] - 1.0
        else:
            total += x[i] * x[i]
    return total


@tf.function
def energy_or_mass(x):
    """sum(x^2) where the total is positive, else -sum(x): a kink where the total is 0."""
    if tf.reduce_sum(x) > 0:
        return tf.reduce_sum(x * x)
    return -tf.reduce_sum(x)


# ------------------------------------------------------------------------------------------------ tf.while_loop
def newton_sqrt(a):
    """Six Newton steps for sqrt(a) from 1, in a tf.while_loop."""
    def body(i, y):
        return i + 1, 0.5 * (y + a / y)
    _, y = tf.while_loop(lambda i, y: i < 6, body, (tf.constant(0), tf.ones_like(a)))
    return tf.reduce_sum(y)


TRANSITIONS = [[0.9, 0.1], [0.2, 0.8]]


def hmm_nll(emissions):
    """-log p(observations) of a two-state HMM, emissions given as log-probabilities (T x 2), forward in logs."""
    log_trans = tf.math.log(tf.constant(TRANSITIONS, emissions.dtype))
    alpha0 = tf.math.log(tf.constant(0.5, emissions.dtype)) + emissions[0]

    def body(t, alpha):
        step = tf.reduce_logsumexp(alpha[:, None] + log_trans, axis=0) + emissions[t]
        return t + 1, step
    _, alpha = tf.while_loop(lambda t, alpha: t < tf.shape(emissions)[0], body, (tf.constant(1), alpha0))
    return -tf.reduce_logsumexp(alpha)


def hmm_nll_probs(emissions):
    """The same forward algorithm in probabilities, rescaled by nothing."""
    trans = tf.constant(TRANSITIONS, emissions.dtype)
    alpha0 = 0.5 * tf.exp(emissions[0])

    def body(t, alpha):
        return t + 1, tf.linalg.matvec(trans, alpha, transpose_a=True) * tf.exp(emissions[t])
    _, alpha = tf.while_loop(lambda t, alpha: t < tf.shape(emissions)[0], body, (tf.constant(1), alpha0))
    return -tf.math.log(tf.reduce_sum(alpha))


SERIES = [1.0, 2.0, 0.5, 3.0]


def ema_last(decay):
    """The last value of an exponential moving average through tf.scan."""
    xs = tf.constant(SERIES, decay.dtype)
    states = tf.scan(lambda s, x: decay * s + (1.0 - decay) * x, xs[1:], initializer=xs[0])
    return states[-1]


# ------------------------------------------------------------------------------------- norms, eigh, ragged, py_function
def distance_to_origin(x):
    """tf.linalg.norm: Euclidean, a cone at 0."""
    return tf.linalg.norm(x)


def eig_cubed_trace(a):
    """tr(S^3) for S = (a + a^T) / 2, rebuilt from tf.linalg.eigh's eigenvalues and eigenvectors."""
    eigenvalues, vectors = tf.linalg.eigh((a + tf.transpose(a)) / 2)
    return tf.linalg.trace(vectors @ tf.linalg.diag(eigenvalues ** 3) @ tf.transpose(vectors))


def ragged_lse(x):
    """logsumexp over the rows of a ragged batch (lengths 2 and 3), summed."""
    rows = tf.RaggedTensor.from_row_lengths(x, [2, 3])
    return tf.reduce_sum(tf.reduce_logsumexp(rows, axis=1))


def py_function_energy(x):
    """sum(exp(x)) computed eagerly inside tf.py_function."""
    return tf.py_function(lambda v: tf.reduce_sum(tf.exp(v)), [x], x.dtype)


def three_regimes(x):
    """tf.case: x^2 between -1 and 1, 2|x| - 1 outside (C1 at +-1)."""
    return tf.case([(x > 1.0, lambda: 2.0 * x - 1.0), (x < -1.0, lambda: -2.0 * x - 1.0)], default=lambda: x * x)
