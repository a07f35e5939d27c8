"""A user's TensorFlow code, twenty-ninth round (b): a soft actor-critic's squashed Gaussian log-probability written
with tf (TensorFlow Probability is not installed; the naive correction and the softplus form), a probit regression's
likelihood through log(erfc) far in the tail, Gumbel-softmax with fixed noise at a tiny
temperature, a Keras LSTM over three steps (in its input and, as a model, in its recurrent kernel), Keras' Tversky
loss at an empty prediction, tf.math.softsign at its kink-free 0, the log-determinant from tf.linalg.qr's R, a
tf.function Euler integration of logistic growth and the chaotic logistic map over a tf.range loop, and
tf.custom_gradient forms: a dense layer's rule giving its kernel's gradient through variables= (right, and
transposed), and softsign's rule with a missing square."""

import math

import keras
import tensorflow as tf

# ------------------------------------------------------------------------------------ soft actor-critic log-prob
NOISE = [0.3, -1.2]
HALF_LOG_TWO_PI = 0.5 * math.log(2 * math.pi)


def sac_logp_naive(mu):
    """log pi(a | s) of a tanh-squashed Gaussian action (unit std), the correction log(1 - a^2 + 1e-6)."""
    u = mu + tf.constant(NOISE, mu.dtype)
    a = tf.tanh(u)
    log_normal = -0.5 * tf.square(u - mu) - HALF_LOG_TWO_PI
    return tf.reduce_sum(log_normal - tf.math.log(1 - tf.square(a) + 1e-6))


def sac_logp_stable(mu):
    """The same, the correction as TensorFlow Probability's tanh bijector writes it."""
    u = mu + tf.constant(NOISE, mu.dtype)
    log_normal = -0.5 * tf.square(u - mu) - HALF_LOG_TWO_PI
    return tf.reduce_sum(log_normal - 2.0 * (math.log(2.0) - u - tf.math.softplus(-2.0 * u)))


# ------------------------------------------------------------------------------------------------------ probit
FEATURES = [1.0, -2.0, 0.5]
LABELS = [1.0, 1.0, -1.0]


def probit_nll(w):
    """-sum log Phi(y x w), Phi written with erfc as the documentation of tf.math.erfc suggests."""
    margins = tf.constant(LABELS, w.dtype) * tf.constant(FEATURES, w.dtype) * w
    return -tf.reduce_sum(tf.math.log(0.5 * tf.math.erfc(-margins / math.sqrt(2.0))))


# ----------------------------------------------------------------------------------------------- Gumbel-softmax
GUMBEL = [0.2, -0.5, 1.1]
PAYOFF = [1.0, 2.0, -1.0]


def gumbel_softmax_value(logits):
    """The expected payoff under a Gumbel-softmax relaxation with fixed noise at temperature 1e-3."""
    y = tf.nn.softmax((logits + tf.constant(GUMBEL, logits.dtype)) / 1e-3)
    return tf.reduce_sum(y * tf.constant(PAYOFF, logits.dtype))


def gumbel_softmax_warm(logits):
    """The same at temperature 0.5."""
    y = tf.nn.softmax((logits + tf.constant(GUMBEL, logits.dtype)) / 0.5)
    return tf.reduce_sum(y * tf.constant(PAYOFF, logits.dtype))


# -------------------------------------------------------------------------------------------------- Keras LSTM
LSTM_KERNEL = [[0.5, -0.3, 0.8, 0.2, 1.0, -0.6, 0.4, -0.2]]
LSTM_RECURRENT = [[0.1, -0.2, 0.3, 0.4, -0.5, 0.2, 0.25, -0.1],
                  [0.6, -0.3, 0.2, 0.7, 0.15, -0.4, 0.3, 0.5]]
LSTM_BIAS = [0.1, -0.1, 0.2, 0.0, -0.2, 0.1, 0.05, 0.3]
LSTM_READOUT = [1.0, -0.5]


def _lstm(dtype):
    return keras.layers.LSTM(2, dtype=dtype, unit_forget_bias=False,
                             kernel_initializer=keras.initializers.Constant(LSTM_KERNEL),
                             recurrent_initializer=keras.initializers.Constant(LSTM_RECURRENT),
                             bias_initializer=keras.initializers.Constant(LSTM_BIAS))


def lstm_last(seq):
    """A Keras LSTM of two units over a three-step sequence, its last output read out."""
    out = _lstm(seq.dtype.name)(seq[None, :, None])
    return tf.reduce_sum(out[0] * tf.constant(LSTM_READOUT, seq.dtype))


class LSTMReadout(keras.Model):
    def __init__(self):
        super().__init__(dtype="float64")
        self.lstm = _lstm("float64")

    def call(self, seq):
        return tf.reduce_sum(self.lstm(seq[None, :, None])[0] * tf.constant(LSTM_READOUT, tf.float64))


def lstm_model_loss(model, seq):
    return model(seq)


def lstm_args():
    model = LSTMReadout()
    seq = tf.constant([0.5, -1.0, 2.0], tf.float64)
    model(seq)  # builds the layer
    return {"model": model, "seq": seq}


# ----------------------------------------------------------------------------------------------- Keras Tversky
MASK = [1.0, 0.0, 0.0]


def tversky(pred):
    """Keras' Tversky loss (alpha 0.3, beta 0.7) against a one-pixel mask."""
    loss = keras.losses.Tversky(alpha=0.3, beta=0.7, dtype=pred.dtype.name)
    return loss(tf.constant(MASK, pred.dtype), pred)


# ---------------------------------------------------------------------------------------------------- softsign
def softsign_sum(x):
    return tf.reduce_sum(tf.math.softsign(x))


@tf.custom_gradient
def softsign_slip(x):
    """softsign with a rule that forgets the square: dy / (1 + |x|)."""
    y = x / (1 + tf.abs(x))

    def grad(dy):
        return dy / (1 + tf.abs(x))
    return y, grad


def softsign_slip_sum(x):
    return tf.reduce_sum(softsign_slip(x))


# --------------------------------------------------------------------------------------------------- QR log-det
def qr_logdet(a):
    """log |det a| from the diagonal of tf.linalg.qr's R."""
    _, r = tf.linalg.qr(a)
    return tf.reduce_sum(tf.math.log(tf.abs(tf.linalg.diag_part(r))))


# ------------------------------------------------------------------------------------- tf.function with loops
@tf.function
def logistic_growth(r):
    """y(2) of y' = r y (1 - y), y(0) = 0.1, by twenty Euler steps of 0.1."""
    y = tf.constant(0.1, r.dtype)
    for _ in tf.range(20):
        y = y + 0.1 * r * y * (1.0 - y)
    return y


@tf.function
def logistic_map(r):
    """The logistic map x <- r x (1 - x) from x = 0.2, eighty steps."""
    x = tf.constant(0.2, r.dtype)
    for _ in tf.range(80):
        x = r * x * (1.0 - x)
    return x


@tf.function
def logistic_map_short(r):
    """The same, ten steps."""
    x = tf.constant(0.2, r.dtype)
    for _ in tf.range(10):
        x = r * x * (1.0 - x)
    return x


# ------------------------------------------------------------------------------ tf.custom_gradient with variables=
DENSE_KERNEL = [[1.0, -0.5], [0.25, 2.0]]


class CustomDense(keras.layers.Layer):
    """x @ kernel through a tf.custom_gradient that gives the kernel's gradient through variables=."""

    def __init__(self, transposed=False, **kwargs):
        super().__init__(dtype="float64", **kwargs)
        self.transposed = transposed

    def build(self, input_shape):
        self.kernel = self.add_weight(shape=(2, 2), name="kernel",
                                      initializer=keras.initializers.Constant(DENSE_KERNEL))

    def call(self, x):
        kernel, transposed = self.kernel, self.transposed

        @tf.custom_gradient
        def dense(x):
            y = tf.matmul(x, kernel)

            def grad(dy, variables=None):
                d_kernel = tf.matmul(x, dy, transpose_a=True)
                return tf.matmul(dy, kernel, transpose_b=True), [tf.transpose(d_kernel) if transposed else d_kernel]
            return y, grad
        return dense(x)


def dense_loss(layer, x):
    """The sum of tanh of the layer's outputs."""
    return tf.reduce_sum(tf.tanh(layer(x)))


def _dense_args(transposed):
    layer = CustomDense(transposed)
    layer.build((None, 2))
    return {"layer": layer, "x": tf.constant([[0.5, -1.0], [2.0, 0.3]], tf.float64)}


def dense_args():
    return _dense_args(False)


def dense_transposed_args():
    return _dense_args(True)
