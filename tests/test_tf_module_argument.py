"""A ``tf.Module`` passed to a TensorFlow function is checked as the tree of its trainable variables, by attribute path.

``loss(model, x)`` is a function of ``model.layers.0.w``, ``model.scale``
and ``x``, as an ``nn.Module``'s parameters are for PyTorch: each variable is
put in its place as the tensor under test for the call's length (lists,
tuples and dicts of variables too, a variable held twice in both places), a
Keras layer inside the module is named by its Keras paths below the
attribute, a variable that is not trainable is held, and the module's own
``tf.function`` methods see each call's tensors.
"""

import json
import textwrap

import numpy as np
import pytest
from click.testing import CliRunner

import gradcli
from gradcli.cli import cli
from gradcli.errors import InputError

tf = pytest.importorskip("tensorflow")
keras = tf.keras

W0, W1, SCALE, X = [0.5, -2.0], [1.25, 0.75], 2.0, [1.5, 0.25]


class Affine(tf.Module):
    def __init__(self, w):
        super().__init__()
        self.w = tf.Variable(w, dtype=tf.float64)
        self.b = tf.Variable(0.125, dtype=tf.float64, trainable=False)

    def __call__(self, x):
        return self.w * x + self.b


class Stack(tf.Module):
    def __init__(self):
        super().__init__()
        self.layers = [Affine(W0), Affine(W1)]
        self.scale = tf.Variable(SCALE, dtype=tf.float64)

    def __call__(self, x):
        for layer in self.layers:
            x = tf.tanh(layer(x))
        return self.scale * x


def stack_loss(model, x):
    return tf.reduce_sum(model(x) ** 2)


def _stack_truth():
    """d/d(layers.0.w, layers.1.w, scale, x) of sum((s tanh(w1 tanh(w0 x + b) + b))^2), b = 0.125, by the chain rule."""
    w0, w1, x, b = np.array(W0), np.array(W1), np.array(X), 0.125
    h0 = np.tanh(w0 * x + b)
    h1 = np.tanh(w1 * h0 + b)
    dh1 = 2 * SCALE**2 * h1
    dz1 = dh1 * (1 - h1**2)
    dz0 = dz1 * w1 * (1 - h0**2)
    return {"model.layers.0.w": dz0 * x, "model.layers.1.w": dz1 * h0, "model.scale": np.sum(2 * SCALE * h1**2), "x": dz0 * w0}


def test_a_module_is_checked_as_its_trainable_variables_by_attribute_path():
    model = Stack()
    (result,) = gradcli.check(stack_loss, [{"model": model, "x": np.array(X)}], dtypes=("float64",), fixes=False).results
    assert result.status.value == "ok", result.findings
    truth = _stack_truth()
    assert set(result.exact_gradient) == set(truth)  # no model.layers.0.b: not trainable, held
    for name, slope in truth.items():
        assert np.allclose(np.asarray(result.exact_gradient[name], float), slope, rtol=1e-12, atol=0), name
        assert np.allclose(np.asarray(result.gradient[name], float), slope, rtol=1e-12, atol=0), name
    # the module is left as it was: its own variables in their places, with their values
    assert isinstance(model.layers[0].w, tf.Variable) and isinstance(model.scale, tf.Variable)
    assert np.array_equal(model.layers[1].w.numpy(), W1)


class Holder(tf.Module):
    def __init__(self):
        super().__init__()
        self.dense = keras.layers.Dense(1, use_bias=False, dtype="float64")
        self.dense.build((None, 2))
        self.dense.kernel.assign([[3.0], [-1.0]])
        self.pair = (tf.Variable([1.0, 2.0], dtype=tf.float64), tf.Variable(3.0, dtype=tf.float64))
        self.table = {"shift": tf.Variable(0.5, dtype=tf.float64)}
        self.same = self.pair[1]

    def __call__(self, x):
        return self.pair[1] * tf.reduce_sum(self.dense(x[None, :] * self.pair[0])) + self.table["shift"] * self.same


def holder_loss(model, x):
    return tf.identity(model(x))


def test_tuples_dicts_a_variable_held_twice_and_a_keras_layer_inside_a_module():
    (result,) = gradcli.check(holder_loss, [{"model": Holder(), "x": np.array(X)}], dtypes=("float64",), fixes=False).results
    assert result.status.value == "ok", result.findings
    k, p0, p1, shift, x = np.array([3.0, -1.0]), np.array([1.0, 2.0]), 3.0, 0.5, np.array(X)
    truth = {
        "model.dense.kernel": (p1 * x * p0)[:, None],
        "model.pair.0": p1 * k * x,
        "model.pair.1": np.sum(k * x * p0) + shift,  # pair[1] and same: one variable, named by its first place, both uses summed
        "model.table.shift": p1,
        "x": p1 * k * p0,
    }
    assert set(result.exact_gradient) == set(truth)
    for name, slope in truth.items():
        assert np.allclose(np.asarray(result.exact_gradient[name], float), slope, rtol=1e-12, atol=0), name


class Compiled(tf.Module):
    def __init__(self):
        super().__init__()
        self.w = tf.Variable(W0, dtype=tf.float64)

    @tf.function
    def __call__(self, x):
        return tf.sin(self.w) * x


def compiled_loss(model, x):
    return tf.reduce_sum(model(x) ** 2)


def test_a_modules_own_tf_function_sees_each_calls_tensors():
    points = [{"model": Compiled(), "x": np.array(X)}, {"model": {"w": np.array(W1)}, "x": np.array(X)}]
    results = gradcli.check(compiled_loss, points, dtypes=("float64",), fixes=False).results
    for result, w in zip(results, (W0, W1)):
        assert result.status.value == "ok", result.findings
        w, x = np.array(w), np.array(X)
        slope = 2 * np.sin(w) * x**2 * np.cos(w)
        assert np.allclose(np.asarray(result.exact_gradient["model.w"], float), slope, rtol=1e-12, atol=0)
        assert np.allclose(np.asarray(result.gradient["model.w"], float), slope, rtol=1e-12, atol=0)
    assert not tf.config.functions_run_eagerly()


def test_the_command_line_names_a_modules_variable_by_wrt(tmp_path):
    path = tmp_path / "affine_module.py"
    path.write_text(textwrap.dedent("""
        import tensorflow as tf


        class Affine(tf.Module):
            def __init__(self):
                super().__init__()
                self.w = tf.Variable([0.5, -2.0], dtype=tf.float64)

            def __call__(self, x):
                return self.w * x


        def loss(model, x):
            return tf.reduce_sum(model(x) ** 2)


        def inputs():
            return Affine(), tf.constant([1.5, 0.25], dtype=tf.float64)
    """))
    got = CliRunner().invoke(cli, ["check", f"{path}:loss", "--args", f"{path}:inputs", "--dtype", "float64",
                                   "--wrt", "model.w", "--json", "--no-fix"])
    assert got.exit_code == 0, got.output
    (result,) = json.loads(got.stdout)["results"]
    assert result["status"] == "ok"
    assert list(result["exact_gradient"]) == ["model.w"]
    assert np.allclose(np.asarray(result["exact_gradient"]["model.w"], float), [2.25, -0.25], rtol=1e-12, atol=0)


def affine_loss(model, x):
    return tf.reduce_sum(model(x) ** 2)


def test_a_float64_variable_a_module_holds_leaves_float32_out_naming_it():
    point = {"model": Affine(W0), "x": np.array(X)}
    report = gradcli.check(affine_loss, [point], fixes=False)  # both dtypes asked
    assert [result.dtype for result in report.results] == ["float64"]
    assert report.results[0].status.value == "ok"
    assert any("not run in float32" in note and "model.b" in note for note in report.notes), report.notes
    with pytest.raises(InputError) as refused:
        gradcli.check(affine_loss, [point], dtypes=("float32",), fixes=False)
    assert "model.b is a float64 variable" in str(refused.value)
