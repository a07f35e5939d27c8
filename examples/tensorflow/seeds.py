"""TensorFlow's own custom-gradient examples, as its documentation and TensorFlow Probability write them.

- `naive` and `stable`: the log1pexp of tf.custom_gradient's documentation; its
  "numerically stable" gradient dy * (1 - 1 / (1 + e)) cancels to 0 for x
  below about -37 in float64 (the exact gradient is e^x).
- `poly`: the documentation's variables= example, a polynomial in a tf.Variable
  whose grad_fn returns d/dweights as [x, 1], not [1, x] (`wrong` where x != 1).
- `keras_style`: the same log1pexp with a grad_fn written as Keras writes it
  for every backend, grad_fn(*args, upstream=None).
- `tfp_style`: TensorFlow Probability's custom_gradient(fx, gx, x), written as
  TFP defines it, stop(fx) + stop(gx) * (x - stop(x)): the naive value with the
  sigmoid as its gradient.
- `wrong`: log1pexp with a rule off by a factor of two.
"""

import tensorflow as tf


def naive(x):
    return tf.math.log(1 + tf.exp(x))


@tf.custom_gradient
def log1pexp(x):
    e = tf.exp(x)

    def grad(upstream):
        return upstream * (1 - 1 / (1 + e))

    return tf.math.log(1 + e), grad


def stable(x):
    return log1pexp(x)


weights = tf.Variable([5.0, 10.0], dtype=tf.float64)


@tf.custom_gradient
def linear_poly(x):
    poly = weights[1] * x + weights[0]

    def grad_fn(dpoly, variables):
        grad_xs = dpoly * weights[1]
        dy_dw = dpoly * tf.stack([x**1, x**0])
        return grad_xs, [tf.reduce_sum(tf.reshape(dy_dw, [2, -1]), axis=1)]

    return poly, grad_fn


def poly(x):
    return linear_poly(x)


@tf.custom_gradient
def log1pexp_keras(x):
    e = tf.exp(x)

    def grad(*args, upstream=None):
        if upstream is None:
            (upstream,) = args
        return upstream * (1 - 1 / (1 + e))

    return tf.math.log(1 + e), grad


def keras_style(x):
    return log1pexp_keras(x)


def tfp_custom_gradient(fx, gx, x):
    """TensorFlow Probability's math.custom_gradient for one tensor x: the value fx, the gradient gx."""
    return tf.stop_gradient(fx) + tf.stop_gradient(gx) * (x - tf.stop_gradient(x))


def tfp_style(x):
    return tfp_custom_gradient(tf.math.log(1 + tf.exp(x)), tf.math.sigmoid(x), x)


@tf.custom_gradient
def log1pexp_wrong(x):
    e = tf.exp(x)

    def grad(upstream):
        return 2 * upstream * e / (1 + e)

    return tf.math.log1p(e), grad


def wrong(x):
    return log1pexp_wrong(x)
