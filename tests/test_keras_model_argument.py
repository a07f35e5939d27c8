"""A Keras model passed to a TensorFlow function is checked as the tree of its trainable variables, by their paths.

``loss(model, x)`` is a function of ``model.head.kernel``, ``model.head.bias``
and ``x``, as an ``nn.Module``'s parameters are for PyTorch: the model's call
reads each variable as the value under test (``keras.StatelessScope``), a
frozen layer's variables are held, and a model of the argument's name in the
function's module stands in where the point leaves it out.
"""

import json
import textwrap

import numpy as np
import pytest
from click.testing import CliRunner

import gradcli
from gradcli.cli import cli

tf = pytest.importorskip("tensorflow")
keras = tf.keras

KERNEL, BIAS, X = [[1.0], [-2.0]], [0.5], [[0.3, -0.7]]


def _dense(name="sequential", frozen=False):
    layers = [keras.Input((2,))]
    if frozen:
        layers.append(keras.layers.Dense(2, name="frozen", trainable=False))
    layers.append(keras.layers.Dense(1, activation="softplus", name="head"))
    model = keras.Sequential(layers, name=name)
    if frozen:
        model.get_layer("frozen").set_weights([np.array([[2.0, 0.0], [0.0, 1.0]], np.float32), np.zeros(2, np.float32)])
    model.get_layer("head").set_weights([np.array(KERNEL, np.float32), np.array(BIAS, np.float32)])
    return model


def dense_loss(model, x):
    return tf.reduce_sum(model(x))


net = _dense("net")


def net_loss(net, x):
    return tf.reduce_sum(net(x))


def _truth(inputs):
    """The float32 program's exact slopes, in float64 (a softplus of one dense unit): d/dkernel, d/dbias, d/dx."""
    k, b, x = (np.asarray(np.asarray(v, np.float32), np.float64) for v in (KERNEL, BIAS, inputs))
    s = 1 / (1 + np.exp(-(x @ k + b)))  # softplus' = sigmoid
    return x.T * s, s.ravel(), s * k.T


def test_a_model_in_the_point_is_checked_as_its_trainable_variables():
    point = {"model": _dense(), "x": np.array(X, np.float32)}
    (result,) = gradcli.check(dense_loss, [point], dtypes=("float32",), fixes=False).results
    assert result.status.value == "ok", result.findings
    assert set(result.exact_gradient) == {"model.head.kernel", "model.head.bias", "x"}
    kernel, bias, x = _truth(X)
    assert np.allclose(np.asarray(result.exact_gradient["model.head.kernel"], float), kernel, rtol=1e-12, atol=0)
    assert np.allclose(np.asarray(result.exact_gradient["model.head.bias"], float), bias, rtol=1e-12, atol=0)
    assert np.allclose(np.asarray(result.exact_gradient["x"], float), x, rtol=1e-12, atol=0)
    # TensorFlow's own gradient for the variables (what is under test) is its float32 one, close to the truth
    assert np.allclose(np.asarray(result.gradient["model.head.kernel"], float), kernel, rtol=1e-6, atol=0)


def test_a_frozen_layer_is_held_and_a_module_level_model_stands_in():
    frozen = {"model": _dense(frozen=True), "x": np.array(X, np.float32)}
    (result,) = gradcli.check(dense_loss, [frozen], dtypes=("float32",), fixes=False).results
    assert set(result.exact_gradient) == {"model.head.kernel", "model.head.bias", "x"}  # no model.frozen.*
    kernel, _, _ = _truth(np.array(X) * [2.0, 1.0])  # the frozen layer doubles x's first entry
    assert np.allclose(np.asarray(result.exact_gradient["model.head.kernel"], float), kernel, rtol=1e-12, atol=0)
    (result,) = gradcli.check(net_loss, [{"x": np.array(X, np.float32)}], dtypes=("float32",), wrt=("net.head.bias",),
                              fixes=False).results
    assert result.status.value == "ok", result.findings
    assert list(result.exact_gradient) == ["net.head.bias"]
    assert np.allclose(np.asarray(result.exact_gradient["net.head.bias"], float), _truth(X)[1], rtol=1e-12, atol=0)


def test_the_command_line_takes_the_module_level_model_for_its_argument(tmp_path):
    path = tmp_path / "dense_net.py"
    path.write_text(textwrap.dedent("""
        import numpy as np
        import tensorflow as tf

        net = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1, activation="softplus", name="head")])
        net.get_layer("head").set_weights([np.array([[1.0], [-2.0]], np.float32), np.array([0.5], np.float32)])


        def loss(net, x):
            return tf.reduce_sum(net(x))
    """))
    got = CliRunner().invoke(cli, ["check", f"{path}:loss", "--at", "x=[[0.3,-0.7]]", "--dtype", "float32",
                                   "--wrt", "net.head.bias", "--json", "--no-fix"])
    assert got.exit_code == 0, got.output
    (result,) = json.loads(got.stdout)["results"]
    assert result["status"] == "ok"
    assert np.allclose(np.asarray(result["exact_gradient"]["net.head.bias"], float), _truth(X)[1], rtol=1e-12, atol=0)


class _Scale(keras.layers.Layer):
    """softplus(w x) with ``w`` a plain ``tf.Variable``, not one of Keras' own (``add_weight``)."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.w = tf.Variable([0.5, -2.0], dtype=tf.float64)

    def call(self, x):
        return tf.math.softplus(self.w * x)


class _Shifted(keras.Model):
    def __init__(self):
        super().__init__(name="shifted", dtype="float64")
        self.scale = _Scale(name="scale", dtype="float64")
        self.bias = tf.Variable(0.25, dtype=tf.float64)

    def call(self, x):
        return self.scale(x) + self.bias


def shifted_loss(model, x):
    return tf.reduce_sum(model(x) ** 2)


def test_plain_tf_variables_a_keras_model_holds_are_checked_by_path_like_its_weights():
    model, x = _Shifted(), np.array([1.0, 2.0])
    model(tf.constant(x))
    (result,) = gradcli.check(shifted_loss, [{"model": model, "x": x}], dtypes=("float64",), fixes=False).results
    assert result.status.value == "ok", (result.error, result.findings)
    assert set(result.exact_gradient) == {"model.bias", "model.scale.w", "x"}
    with tf.GradientTape() as tape:
        y = shifted_loss(model, tf.constant(x))
    own_bias, own_w = tape.gradient(y, [model.bias, model.scale.w])  # TensorFlow's own, on a tape of its own
    assert abs(float(result.exact_gradient["model.bias"]) - float(own_bias)) <= 1e-12 * abs(float(own_bias))
    assert np.allclose(np.asarray(result.exact_gradient["model.scale.w"], float), own_w.numpy(), rtol=1e-12, atol=0)
    assert isinstance(model.scale.w, tf.Variable) and float(model.bias.numpy()) == 0.25  # put back after each call
