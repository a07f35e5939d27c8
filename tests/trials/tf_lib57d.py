"""Round 57d (TensorFlow): subnormals and flush-to-zero. TensorFlow's CPU kernels (eager and in a tf.function) and XLA
(jit_compile=True) flush subnormal results to 0 and read subnormal operands as 0: tf.cond, tf.where, autograph's if,
tf.while_loop conditions and tf.math.maximum on such values; eager code against the same under tf.function."""

import tensorflow as tf


def cond_exp(x):
    e = tf.exp(x)
    return tf.cond(e > 0, lambda: tf.math.log(e), lambda: tf.zeros_like(x))


@tf.function
def cond_exp_fn(x):
    e = tf.exp(x)
    return tf.cond(e > 0, lambda: tf.math.log(e), lambda: tf.zeros_like(x))


@tf.function(jit_compile=True)
def cond_exp_xla(x):
    e = tf.exp(x)
    return tf.cond(e > 0, lambda: tf.math.log(e), lambda: tf.zeros_like(x))


@tf.function
def auto_if_exp(x):
    e = tf.exp(x)
    if e > 0:
        y = tf.math.log(e)
    else:
        y = tf.zeros_like(x)
    return y


def safe_abs(x):
    s = x * x
    safe = tf.where(s > 0, s, tf.ones_like(s))
    return tf.reduce_sum(tf.where(s > 0, tf.sqrt(safe), tf.zeros_like(s)))


@tf.function
def safe_abs_fn(x):
    return safe_abs(x)  # the eager helper, traced


@tf.function(jit_compile=True)
def safe_abs_xla(x):
    return safe_abs(x)


def relu_sum(x):
    return tf.reduce_sum(tf.maximum(x, 0.0))


def relu_rev(x):
    return tf.reduce_sum(tf.math.maximum(0.0, x))


def where_sqrt(x):
    return tf.reduce_sum(tf.where(x > 0, tf.sqrt(x), tf.zeros_like(x)))


def grow_while(x):
    _, y = tf.while_loop(lambda i, y: tf.logical_and(i < 3, y > 0), lambda i, y: (i + 1, y * 2.0), (0, x))
    return y


@tf.function
def grow_auto(x):
    y = x
    i = 0
    while i < 3 and y > 0:
        y = y * 2.0
        i += 1
    return y


def scaled_loop(x):
    y = x
    for _ in range(3):
        y = y * 1e-15
    return y * 1e30


def scaled_exp64(x):
    e = tf.exp(x)
    return e * 1e300


def cond_sinc(x):
    return tf.cond(x != 0, lambda: tf.sin(x) / x, lambda: tf.ones_like(x))


class Gate(tf.Module):
    """A Keras-free layer: sqrt(scale * x) where positive, scale a small constant."""

    def __init__(self):
        super().__init__()
        self.scale = tf.constant(1e-30, tf.float32)

    @tf.function
    def __call__(self, x):
        z = self.scale * x
        return tf.reduce_sum(tf.where(z > 0, z * 1e30, -z))


GATE = Gate()


def gate_loss(x):
    return GATE(x)


@tf.function
def scale_input(x):
    return tf.reduce_sum(x * 1e30)
