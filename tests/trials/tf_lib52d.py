"""Round 52d, TensorFlow (Keras): Keras losses holding constants made of the user's numbers (label smoothing in
CategoricalCrossentropy and BinaryCrossentropy, Huber's delta), tf.math's special functions (lgamma, digamma,
betainc, igamma), tf.custom_gradient inside tf.while_loop, and a Keras model with LayerNormalization(epsilon=) and a
tf.Module checked by their variables' paths."""

import keras
import tensorflow as tf

# ------------------------------------------------------------------------------------------- Keras losses

CCE = keras.losses.CategoricalCrossentropy(from_logits=True, label_smoothing=0.1)
BCE = keras.losses.BinaryCrossentropy(from_logits=True, label_smoothing=0.2)
HUBER = keras.losses.Huber(delta=0.7)


def keras_cce(logits):
    y = tf.constant([[0.0, 1.0, 0.0]], dtype=logits.dtype)
    return CCE(y, logits)


def keras_bce(z):
    y = tf.constant([[1.0, 0.0]], dtype=z.dtype)
    return BCE(y, z)


def keras_huber(pred):
    y = tf.zeros_like(pred)
    return HUBER(y, pred)


def keras_cce_probs(p):
    y = tf.constant([[0.0, 1.0]], dtype=p.dtype)
    return keras.losses.categorical_crossentropy(y, p, label_smoothing=0.1)[0]


def sce_smoothed(z):
    y = tf.constant([1.0, 0.0], dtype=z.dtype) * (1.0 - 0.2) + 0.5 * 0.2
    return tf.reduce_sum(tf.nn.sigmoid_cross_entropy_with_logits(labels=y, logits=z))


# ------------------------------------------------------------------------------------------- special functions


def lgamma_sum(x):
    return tf.reduce_sum(tf.math.lgamma(x))


def digamma_sum(x):
    return tf.reduce_sum(tf.math.digamma(x))


def betainc_x(x):
    return tf.reduce_sum(tf.math.betainc(tf.constant(2.5, x.dtype), tf.constant(1.5, x.dtype), x))


def igamma_x(x):
    return tf.reduce_sum(tf.math.igamma(tf.constant(2.5, x.dtype), x))


def igammac_x(x):
    return tf.reduce_sum(tf.math.igammac(tf.constant(0.7, x.dtype), x))


def igamma_a(a):
    return tf.reduce_sum(tf.math.igamma(a, tf.constant(1.5, a.dtype)))


def log_gamma_density(x):
    a, rate = 2.5, 1.3
    return tf.reduce_sum((a - 1) * tf.math.log(x) - rate * x)


# ------------------------------------------------------------------------------------------- rules in a loop


@tf.custom_gradient
def softplus_good(x):
    def grad(dy):
        return dy * tf.math.sigmoid(x)

    return tf.math.softplus(x), grad


@tf.custom_gradient
def softplus_slip(x):
    def grad(dy):
        return dy * tf.math.sigmoid(-x)

    return tf.math.softplus(x), grad


@tf.function
def while_good(x):
    _, y = tf.while_loop(lambda i, v: i < 3, lambda i, v: (i + 1, softplus_good(v) - 1.0), (tf.constant(0), x))
    return tf.reduce_sum(y)


@tf.function
def while_slip(x):
    _, y = tf.while_loop(lambda i, v: i < 3, lambda i, v: (i + 1, softplus_slip(v) - 1.0), (tf.constant(0), x))
    return tf.reduce_sum(y)


def eager_loop(x):
    for _ in range(3):
        x = softplus_good(x) - 1.0
    return tf.reduce_sum(x)


# ------------------------------------------------------------------------------------------- models


class Normed(keras.Model):
    def __init__(self):
        super().__init__(dtype="float64")
        self.ln = keras.layers.LayerNormalization(epsilon=1e-3, dtype="float64",
                                                  gamma_initializer=keras.initializers.Constant([1.5, -0.5, 0.75]),
                                                  beta_initializer=keras.initializers.Constant([0.1, 0.2, -0.3]))
        self.head = keras.layers.Dense(1, use_bias=False, dtype="float64",
                                       kernel_initializer=keras.initializers.Constant([[0.5], [1.0], [-2.0]]))

    def call(self, x):
        return self.head(self.ln(x))[:, 0]


X3 = [[0.5, -0.25, 1.0], [0.01, 0.02, 0.0]]


def normed_loss(model, x):
    return tf.reduce_sum(model(x) ** 2)


def normed_args():
    model = Normed()
    x = tf.constant(X3, dtype=tf.float64)
    model(x)
    return {"model": model, "x": x}


class Scale(tf.Module):
    def __init__(self):
        super().__init__()
        self.w = tf.Variable([0.5, -1.5], dtype=tf.float64)
        self.log_s = tf.Variable(0.25, dtype=tf.float64)


def scale_loss(model, x):
    z = tf.reduce_sum(model.w * x) * tf.exp(model.log_s)
    return tf.math.softplus(z)


def scale_args():
    return {"model": Scale(), "x": tf.constant([2.0, 0.5], dtype=tf.float64)}
