"""A user's TensorFlow graph code, ninth round (b): tf.RegisterGradient at module level, as TensorFlow's guide
writes it, and gradient_override_map inside a tf.function: one registered rule forgets the factor 2 of x^2, the other
recomputes exp's slope from the input."""

import tensorflow as tf


@tf.RegisterGradient("HalfSquare9b")
def _half_square_grad(op, grad):
    return grad * op.inputs[0]


@tf.RegisterGradient("RecomputedExp9b")
def _recomputed_exp_grad(op, grad):
    return grad * tf.exp(op.inputs[0])


@tf.function
def overridden_square(x):
    with tf.compat.v1.get_default_graph().gradient_override_map({"Square": "HalfSquare9b"}):
        y = tf.square(x)
    return tf.reduce_sum(y)


@tf.function
def overridden_exp(x):
    with tf.compat.v1.get_default_graph().gradient_override_map({"Exp": "RecomputedExp9b"}):
        y = tf.exp(x)
    return tf.reduce_sum(y)
