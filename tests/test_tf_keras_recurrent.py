"""Keras' recurrent layers (SimpleRNN, GRU, LSTM) are replayed and judged, their weights read inside the loop.

A Keras RNN runs its cell in a ``While`` whose body reads the layer's
variables through handles the loop hands on, and whose gradient loop starts
each variable's gradient from zeros of the variable's shape (``VariableShape``
of the forward loop's handle output): the walker binds the handles in the
loop's plans and folds the shapes, so the replay gives TensorFlow's own value
and gradient and the check its exact gradient.
"""

import numpy as np
import pytest

import gradcli
from gradcli.capture.tf_bridge import TensorFlowFunction

tf = pytest.importorskip("tensorflow")
keras = tf.keras

XS = np.array([0.5, -1.0, 0.25])


def _loss_of(kind):
    layer = getattr(keras.layers, kind)(2, dtype="float64")
    layer.build((None, 3, 1))
    rng = np.random.default_rng(7)
    layer.set_weights([rng.normal(size=w.shape) * 0.7 for w in layer.get_weights()])

    def loss(xs):
        h = layer(tf.reshape(xs, (1, 3, 1)))
        return tf.reduce_sum(h * h)

    return loss


def _tensorflows(loss):
    xs = tf.constant(XS)
    with tf.GradientTape() as tape:
        tape.watch(xs)
        y = loss(xs)
    return float(y), tape.gradient(y, xs).numpy()


@pytest.mark.parametrize("kind", ["SimpleRNN", "GRU", "LSTM"])
def test_a_keras_recurrent_layer_replays_tensorflows_value_and_gradient_and_is_ok(kind):
    loss = _loss_of(kind)
    value, gradient = _tensorflows(loss)
    replayed = TensorFlowFunction(loss, kind)
    assert abs(float(replayed.forward(XS)) - value) <= 1e-13 * abs(value)
    assert np.allclose(replayed.backward((XS,), np.float64(1.0))[0], gradient, rtol=1e-12, atol=1e-15)
    (result,) = gradcli.check(loss, [{"xs": XS}], dtypes=("float64",), fixes=False).results
    assert result.status.value == "ok", (result.error, result.findings)
    assert np.allclose(np.asarray(result.exact_gradient["xs"], float), gradient, rtol=1e-10, atol=1e-15)
