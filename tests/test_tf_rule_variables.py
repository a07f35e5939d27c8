"""A ``tf.custom_gradient`` rule returning its variables' gradients (``variables=``) inside a model argument is judged.

The rule needs its variables read as variables, so the check assigns each
the value under test (in a Keras layer and in a ``tf.Module``), takes
TensorFlow's gradient with respect to the variable, replays the graph's reads
after the assignment as the value assigned, and gives the model its own
values back. A rule whose variable gradient is wrong is caught.
"""

import numpy as np
import pytest

import gradcli

tf = pytest.importorskip("tensorflow")
keras = tf.keras

S, X = 1.5, [0.5, -2.0, 3.0]


def _scaled_softplus(x, s, factor):
    """softplus(x) * s (``s`` a variable), its rule by hand: s's gradient through ``variables=``, times ``factor``."""

    @tf.custom_gradient
    def op(x):
        y = tf.math.softplus(x)

        def grad_fn(upstream, variables=None):
            return upstream * tf.sigmoid(x) * s, [factor * tf.reduce_sum(upstream * y)]

        return y * s, grad_fn

    return op(x)


class _ScaledLayer(keras.layers.Layer):
    def __init__(self, factor=1.0, **kwargs):
        super().__init__(**kwargs)
        self.factor = factor

    def build(self, input_shape):
        self.s = self.add_weight(name="s", shape=(), initializer=keras.initializers.Constant(S))

    def call(self, x):
        return _scaled_softplus(x, self.s, self.factor)


class _ScaledModule(tf.Module):
    def __init__(self):
        super().__init__()
        self.s = tf.Variable(S, dtype=tf.float64)

    def __call__(self, x):
        return _scaled_softplus(x, self.s, 1.0)


def scaled_loss(model, x):
    return tf.reduce_sum(model(x) ** 2)


def _keras(factor=1.0):
    return keras.Sequential([keras.Input((3,), dtype="float64"), _ScaledLayer(factor, name="scaled", dtype="float64")],
                            name="m")


def _truth():
    """d/ds and d/dx of sum((s softplus(x))^2) in closed form."""
    x = np.array(X)
    softplus, sigmoid = np.log1p(np.exp(x)), 1 / (1 + np.exp(-x))
    return 2 * S * np.sum(softplus**2), 2 * S**2 * softplus * sigmoid


def _tensorflows(model, variable, x):
    """TensorFlow's own gradient of ``scaled_loss`` in the variable and x, on a tape of its own."""
    x = tf.constant(x, tf.float64)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = scaled_loss(model, x)
    ds, dx = tape.gradient(y, [variable, x])
    return float(ds), dx.numpy()


@pytest.mark.parametrize("kind", ["keras", "module"])
def test_a_rules_variable_gradient_in_a_model_argument_is_judged_ok_at_its_exact_value(kind):
    model = _keras() if kind == "keras" else _ScaledModule()
    x = np.array(X) if kind == "module" else np.array([X])
    path = "model.scaled.s" if kind == "keras" else "model.s"
    (result,) = gradcli.check(scaled_loss, [{"model": model, "x": x}], dtypes=("float64",), fixes=False).results
    assert result.status.value == "ok", (result.error, result.findings)
    exact_s, exact_x = _truth()
    assert abs(float(result.exact_gradient[path]) - exact_s) <= 1e-12 * exact_s
    assert np.allclose(np.ravel(np.asarray(result.exact_gradient["x"], float)), exact_x, rtol=1e-12, atol=0)
    variable = model.trainable_variables[0]
    own_s, own_x = _tensorflows(model, variable, x)
    assert abs(float(result.gradient[path]) - own_s) <= 1e-14 * own_s  # TensorFlow's, under test
    assert np.allclose(np.ravel(np.asarray(result.gradient["x"], float)), np.ravel(own_x), rtol=1e-14, atol=0)
    assert float(variable.numpy()) == S  # the model keeps its own value


def test_a_wrong_variable_gradient_of_a_rule_is_wrong_with_the_exact_one():
    model = _keras(factor=2.0)
    (result,) = gradcli.check(scaled_loss, [{"model": model, "x": np.array([X])}], dtypes=("float64",), wrt=("model.scaled.s",),
                              fixes=False).results
    assert result.status.value == "wrong", (result.error, result.findings)
    exact_s, _ = _truth()
    assert abs(float(result.exact_gradient["model.scaled.s"]) - exact_s) <= 1e-12 * exact_s
    assert abs(float(result.gradient["model.scaled.s"]) - 2 * exact_s) <= 1e-12 * exact_s
