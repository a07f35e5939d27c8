"""A user's TensorFlow code, thirty-first round (b), written with tf and Keras (TensorFlow Probability is not
installed): graph attention with its softmax over each node's incoming edges (unsorted_segment_max and
unsorted_segment_sum), a GCN layer on a learned dense adjacency whose isolated node's rsqrt(0) is hidden by tf.where
(and by divide_no_nan), a Keras Dense layer whose tf.custom_gradient gives its kernel's gradient through variables=
(right, and transposed), a log-sum-exp whose custom gradient writes exp(x) / sum exp(x), Keras' Huber loss at its
quadratic-to-linear joint and at a zero error, distillation through Keras' kl_divergence (which clips both
distributions at 1e-7), exponential smoothing by tf.scan, and a damped pendulum stepped in a tf.while_loop inside
tf.function."""

import keras
import tensorflow as tf

# ------------------------------------------------------------------------------------------- graph attention
SRC = [0, 1, 2, 0, 3, 1]
DST = [1, 0, 1, 2, 2, 2]  # node 3 only sends: no edge arrives there
A_SRC, A_DST = 0.75, -0.5
WEIGHT = 1.5


def gat_attention(x):
    """One graph-attention layer on scalar node features, its softmax taken over each node's incoming edges."""
    src, dst = tf.constant(SRC), tf.constant(DST)
    n = tf.shape(x)[0]
    e = tf.nn.leaky_relu(A_SRC * tf.gather(x, src) + A_DST * tf.gather(x, dst), alpha=0.2)
    top = tf.math.unsorted_segment_max(tf.stop_gradient(e), dst, n)
    w = tf.exp(e - tf.gather(top, dst))
    den = tf.math.unsorted_segment_sum(w, dst, n)
    alpha = w / tf.gather(den, dst)
    out = tf.math.unsorted_segment_sum(alpha * tf.gather(x, src) * WEIGHT, dst, n)
    return tf.reduce_sum(out ** 2)


# ------------------------------------------------------------------------------------------------------- GCN
GCN_W = [[0.5, -1.0], [0.25, 0.75]]


def _propagate(adj, x, deg_inv_sqrt):
    norm_adj = deg_inv_sqrt[:, None] * adj * deg_inv_sqrt[None, :]
    return tf.reduce_sum(tf.tanh(norm_adj @ x @ tf.constant(GCN_W, x.dtype)))


def gcn_layer(adj, x):
    """A GCN layer on a learned dense adjacency, an isolated node's rsqrt(0) replaced by 0 through tf.where."""
    deg = tf.reduce_sum(adj, axis=1)
    deg_inv_sqrt = tf.where(deg > 0, tf.math.rsqrt(deg), tf.zeros_like(deg))
    return _propagate(adj, x, deg_inv_sqrt)


def gcn_layer_no_nan(adj, x):
    """The same normalisation through tf.math.divide_no_nan."""
    deg = tf.reduce_sum(adj, axis=1)
    deg_inv_sqrt = tf.math.divide_no_nan(tf.ones_like(deg), tf.sqrt(deg))
    return _propagate(adj, x, deg_inv_sqrt)


# ------------------------------------------------------------------------------------ a Dense layer's own rule
DENSE_KERNEL = [[0.5, -1.0], [2.0, 0.25]]
DENSE_X = [[1.0, 2.0], [-0.5, 1.5]]
DENSE_Y = [[0.25, -0.5], [0.5, 0.0]]


class RuledDense(keras.layers.Layer):
    """x @ kernel with its gradient written out in a tf.custom_gradient (for a fused kernel, say)."""

    def __init__(self, slip=False, **kwargs):
        super().__init__(dtype="float64", **kwargs)
        self.slip = slip

    def build(self, input_shape):
        self.kernel = self.add_weight(shape=(2, 2), name="kernel",
                                      initializer=keras.initializers.Constant(DENSE_KERNEL))

    def call(self, x):
        kernel, slip = self.kernel, self.slip

        @tf.custom_gradient
        def dense(x):
            def grad(dy, variables=None):
                d_kernel = tf.matmul(dy, x, transpose_a=True) if slip else tf.matmul(x, dy, transpose_a=True)
                return tf.matmul(dy, kernel, transpose_b=True), [d_kernel]
            return tf.matmul(x, kernel), grad
        return dense(x)


def dense_loss(layer, x, y):
    """Squared error of tanh of the layer's output."""
    return tf.reduce_sum(tf.square(tf.tanh(layer(x)) - y))


def _dense_args(slip):
    layer = RuledDense(slip=slip)
    layer.build((None, 2))
    return {"layer": layer, "x": tf.constant(DENSE_X, tf.float64), "y": tf.constant(DENSE_Y, tf.float64)}


def dense_args():
    return _dense_args(False)


def dense_slip_args():
    return _dense_args(True)


# ------------------------------------------------------------------------------------- log-sum-exp's own rule
@tf.custom_gradient
def logsumexp_ruled(x):
    def grad(dy):
        return dy * tf.exp(x) / tf.reduce_sum(tf.exp(x))
    return tf.reduce_logsumexp(x), grad


@tf.custom_gradient
def logsumexp_softmax_ruled(x):
    def grad(dy):
        return dy * tf.nn.softmax(x)
    return tf.reduce_logsumexp(x), grad


def lse_custom(x):
    """A log-partition whose custom gradient writes the softmax as exp(x) / sum exp(x)."""
    return logsumexp_ruled(x)


def lse_custom_softmax(x):
    """The same rule through tf.nn.softmax."""
    return logsumexp_softmax_ruled(x)


# ----------------------------------------------------------------------------------------------- Keras losses
TARGETS = [0.0, 0.0, 0.0]


def huber(pred):
    """Keras' Huber loss (delta 1) against zero targets, the function form (the Loss object casts to float32)."""
    return keras.losses.huber(tf.constant(TARGETS, pred.dtype), pred, delta=1.0)


TEACHER = [2.0, 1.0, -1.0]
TEMPERATURE = 4.0


def distill_keras(student):
    """Distillation as T^2 KL(p_teacher || p_student) through Keras' kl_divergence."""
    p_t = tf.nn.softmax(tf.constant(TEACHER, student.dtype) / TEMPERATURE)
    p_s = tf.nn.softmax(student / TEMPERATURE)
    return keras.losses.kl_divergence(p_t, p_s) * TEMPERATURE ** 2


# ---------------------------------------------------------------------------------------- loops in the graph
SMOOTH_TARGET = [1.0, 0.5, -0.25, 0.0]


def ema_loss(x, alpha):
    """Squared error of an exponentially smoothed series, smoothed by tf.scan."""
    smoothed = tf.scan(lambda acc, v: alpha * acc + (1 - alpha) * v, x[1:], initializer=x[0])
    return tf.reduce_sum(tf.square(smoothed - tf.constant(SMOOTH_TARGET, x.dtype)))


STEPS, DT, GRAVITY = 40, 0.05, 9.81


@tf.function
def pendulum(params):
    """A damped pendulum's energy after STEPS semi-implicit Euler steps from rest at angle params[0], damping
    params[1]."""
    theta, omega = params[0], tf.zeros_like(params[0])
    c = params[1]

    def step(i, theta, omega):
        omega = omega + DT * (-GRAVITY * tf.sin(theta) - c * omega)
        return i + 1, theta + DT * omega, omega

    _, theta, omega = tf.while_loop(lambda i, *_: i < STEPS, step, (0, theta, omega))
    return 0.5 * omega ** 2 + GRAVITY * (1 - tf.cos(theta))
