"""TensorFlow losses for gradcli's TensorFlow bridge: sound ones, broken ones, compiled ones.

Run: gradcli check examples/tensorflow/losses.py:norm --at "x=[0,0]"
"""

import tensorflow as tf


def where_sqrt(x):
    return tf.where(x > 0, tf.sqrt(x), tf.zeros_like(x))


def where_exp(x):
    return tf.where(x < 10, tf.exp(x), tf.zeros_like(x))


def norm(x):
    return tf.norm(x)


@tf.function
def compiled_naive(x):
    return tf.math.log(1 + tf.exp(x))


def logistic(params, batch):
    logits = tf.linalg.matvec(batch["features"], params["w"]) + params["b"]
    return tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(batch["labels"], logits))


def example_args():
    params = {"w": tf.constant([0.5, -1.0, 2.0], tf.float64).numpy(), "b": tf.constant(0.1, tf.float64).numpy()}
    batch = {
        "features": tf.constant([[1.0, 2.0, 3.0], [-1.0, 0.5, 0.0]], tf.float64).numpy(),
        "labels": tf.constant([1.0, 0.0], tf.float64).numpy(),
    }
    return params, batch


def resized(x):
    return tf.reduce_sum(tf.image.resize(tf.reshape(x, (1, 2, 2, 1)), (3, 3), method="bicubic"))


def mean_squared(x, y):
    return tf.reduce_mean(tf.square(x - y))


def python_branch(x):
    if x > 0:
        return tf.sqrt(x)
    return -x


@tf.function
def graph_branch(x):
    return tf.cond(x > 1, lambda: tf.math.log(x), lambda: x - 1)
