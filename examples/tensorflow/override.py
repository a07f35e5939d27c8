"""A gradient override in a tf.function graph: tf.RegisterGradient and gradient_override_map.

The registered rule doubles exp's gradient: gradcli reports it wrong at the rule's line.
Run: gradcli check examples/tensorflow/override.py:overridden_exp --at x=1
"""

import tensorflow as tf


def _twice_exp_grad(op, grad):
    return 2 * grad * op.outputs[0]


try:
    tf.RegisterGradient("GradcliTwiceExp")(_twice_exp_grad)
except KeyError:  # registered when this file was loaded before: TensorFlow keeps one rule per name
    pass


@tf.function
def overridden_exp(x):
    with tf.compat.v1.get_default_graph().gradient_override_map({"Exp": "GradcliTwiceExp"}):
        return tf.exp(x)
