"""A user's TensorFlow code, round 27c: the regularised incomplete gamma's log-survival at the far tail (it
underflows) and a tf.custom_gradient Student-t tail whose rule is right."""

import tensorflow as tf


def gamma_log_survival(x):
    return tf.reduce_sum(tf.math.log(tf.math.igammac(tf.constant(2.0, x.dtype), x)))


@tf.custom_gradient
def log1p_square(x):
    def grad(dy):
        return dy * 2.0 * x / (1.0 + x * x)
    return tf.math.log1p(x * x), grad


def student_t_kernel(x):
    return tf.reduce_sum(-2.0 * log1p_square(x / 3.0))
