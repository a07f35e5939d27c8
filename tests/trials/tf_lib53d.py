"""Round 53d, TensorFlow: tf.math's no-NaN ops (divide_no_nan, multiply_no_nan, xlog1py, xlogy) where their guard
holds and where it does not, tf.nn.log_softmax and reduce_logsumexp at +-800, tf.linalg.norm at 0, a
straight-through estimator (x + stop_gradient(round(x) - x)), tf.custom_gradient with variables= inside a Keras
layer (right and slipped), rules composed, tf.function(reduce_retracing=True), and a Keras Dense stack by path."""

import keras
import tensorflow as tf

# ------------------------------------------------------------------------------------------- no-NaN ops


def div_no_nan(x, y):
    return tf.reduce_sum(tf.math.divide_no_nan(x, y))


def mul_no_nan(x, y):
    return tf.reduce_sum(tf.math.multiply_no_nan(x, y))


def xlog1py_sum(x, y):
    return tf.reduce_sum(tf.math.xlog1py(x, y))


def xlogy_sum(x, y):
    return tf.reduce_sum(tf.math.xlogy(x, y))


def log_softmax_pick(x):
    w = tf.constant([1.0, -2.0, 0.5], dtype=x.dtype)
    return tf.reduce_sum(w * tf.nn.log_softmax(x))


def rlse(x):
    return tf.math.reduce_logsumexp(x)


def norm_l2(x):
    return tf.linalg.norm(x)


def norm_l1_axis(x):
    return tf.reduce_sum(tf.norm(x, ord=1, axis=1))


# ------------------------------------------------------------------------------------------- straight-through


def ste_round(x):
    q = x + tf.stop_gradient(tf.round(x) - x)
    return tf.reduce_sum(q * q)


# ------------------------------------------------------------------------------------------- custom rules


@tf.custom_gradient
def good_exp(x):
    y = tf.exp(x)

    def grad(dy):
        return dy * y
    return y, grad


@tf.custom_gradient
def slip_sin(x):
    def grad(dy):
        return -dy * tf.cos(x)
    return tf.sin(x), grad


def slip_inside(x):
    return tf.reduce_sum(good_exp(slip_sin(x)))


def slip_outside(x):
    return tf.reduce_sum(slip_sin(good_exp(x)))


@tf.function(reduce_retracing=True)
def retrace_good(x):
    return tf.reduce_sum(good_exp(0.5 * x) * tf.tanh(x))


class ScaledSoftplus(keras.layers.Layer):
    def __init__(self, slip=False):
        super().__init__(dtype="float64")
        self.slip = slip

    def build(self, shape):
        self.w = self.add_weight(shape=(), initializer=keras.initializers.Constant(1.5), dtype="float64", name="w")

    def call(self, x):
        w = self.w

        @tf.custom_gradient
        def scaled(x):
            z = w * x
            y = tf.math.softplus(z)

            def grad(dy, variables=None):
                s = tf.sigmoid(z)
                dw = tf.reduce_sum(dy * s * x) if not self.slip else tf.reduce_sum(dy * s * w)
                return dy * s * w, [dw]
            return y, grad
        return scaled(x)


class TwoLayer(keras.Model):
    def __init__(self, slip=False):
        super().__init__(dtype="float64")
        self.sp = ScaledSoftplus(slip)
        self.head = keras.layers.Dense(1, use_bias=True, dtype="float64",
                                       kernel_initializer=keras.initializers.Constant([[0.5], [-1.0]]),
                                       bias_initializer=keras.initializers.Constant(0.25))

    def call(self, x):
        return self.head(self.sp(x))[:, 0]


def layer_loss(model, x):
    return tf.reduce_sum(model(x) ** 2)


def _layer_args(slip):
    model = TwoLayer(slip)
    x = tf.constant([[1.0, -2.0]], dtype=tf.float64)
    model(x)
    return {"model": model, "x": x}


def layer_args():
    return _layer_args(False)


def layer_slip_args():
    return _layer_args(True)


class Stack(keras.Model):
    def __init__(self):
        super().__init__(dtype="float64")
        self.l1 = keras.layers.Dense(2, activation="tanh", dtype="float64",
                                     kernel_initializer=keras.initializers.Constant([[0.5, -0.25], [1.0, 0.75]]),
                                     bias_initializer=keras.initializers.Constant([0.0, 0.5]))
        self.l2 = keras.layers.Dense(1, use_bias=False, dtype="float64",
                                     kernel_initializer=keras.initializers.Constant([[2.0], [-1.0]]))

    def call(self, x):
        return self.l2(self.l1(x))[:, 0]


def stack_loss(model, x):
    return tf.reduce_sum(tf.math.softplus(model(x)))


def stack_args():
    model = Stack()
    x = tf.constant([[1.0, -2.0], [0.5, 0.25]], dtype=tf.float64)
    model(x)
    return {"model": model, "x": x}
