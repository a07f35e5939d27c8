"""Round 56d (TensorFlow): control flow and structure as users write it: tf.cond, tf.while_loop, tf.function with
autograph loops, tf.stop_gradient, a custom_gradient wrong in one branch, dense layers from a parameter dict."""

import tensorflow as tf


def cond_sqrt(x):
    return tf.cond(x > 0, lambda: tf.sqrt(x), lambda: -x)


def while_power(x):
    _, y = tf.while_loop(lambda i, y: i < 2, lambda i, y: (i + 1, y * y), (tf.constant(0), x))
    return y


@tf.function
def autograph_softplus(x):
    y = x
    for _ in tf.range(2):
        y = tf.math.log(1 + tf.exp(y))
    return tf.reduce_sum(y)


def stop_scale(x):
    return tf.reduce_sum(x * tf.stop_gradient(x))


@tf.custom_gradient
def one_sided_softplus(x):
    def grad(dy):
        return dy * tf.where(x > 0, tf.sigmoid(x), tf.sigmoid(-x))  # wrong for x <= 0
    return tf.math.softplus(x), grad


def one_sided(x):
    return tf.reduce_sum(one_sided_softplus(x))


def where_loop(x):
    y = x
    for _ in range(2):
        y = tf.where(y > 0, tf.math.log(y), y)
    return tf.reduce_sum(y)


def dense_loss(params, x, y):
    h = tf.tanh(tf.matmul(x, params["w1"]) + params["b1"])
    z = tf.reduce_sum(h * params["w2"], axis=1)
    return tf.reduce_mean(tf.math.softplus(-y * z))


def dense_args():
    return {"params": {"w1": tf.constant([[0.5, -1.0], [0.25, 2.0]], tf.float64),
                       "b1": tf.constant([0.1, -0.3], tf.float64),
                       "w2": tf.constant([1.5, -0.5], tf.float64)},
            "x": tf.constant([[1.0, 2.0], [-0.5, 0.75], [3.0, -1.0]], tf.float64),
            "y": tf.constant([1.0, -1.0, 1.0], tf.float64)}


def sinc_terms(x):
    total = tf.zeros_like(x)
    for k in range(1, 3):
        total = total + tf.where(x != 0, tf.sin(k * x) / x, k * tf.ones_like(x))
    return tf.reduce_sum(total)


@tf.function
def cond_sqrt_fn(x):
    return tf.cond(x > 0, lambda: tf.sqrt(x), lambda: -x)


@tf.function
def auto_if(x):
    if x > 0:
        y = tf.sqrt(x)
    else:
        y = -x
    return y


@tf.custom_gradient
def bad_square(y):
    def grad(dy):
        return dy * 3.0 * y  # wrong: 2 y
    return y * y, grad


def while_rule(x):
    _, y = tf.while_loop(lambda i, y: i < 2, lambda i, y: (i + 1, bad_square(y)), (tf.constant(0), x))
    return y
