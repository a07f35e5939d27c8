"""A number the user hands a Keras layer is held as the dtype holds it, like a literal on the user's line.

``keras.layers.LayerNormalization(epsilon=1e-3)`` built on one line and called
on another: Keras writes the epsilon into the graph inside its own ``call``, and
the float32 program adds float32's 0.0010000000474974513. The exact reference is
that program, so at a constant row (variance 0, where the slope is
(w - mean w)/sqrt(eps)) the float32 check's exact gradient holds the float32
epsilon and the float64 check's the decimal. A number handed through a
parameter's default reaches TensorFlow's ``l2_normalize`` the same way.
"""

import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")

import numpy as np
import pytest

import gradcli

USER = '''import keras
import tensorflow as tf


def layer_norm_loss(x):
    norm = keras.layers.LayerNormalization(epsilon=1e-3, dtype=x.dtype)
    weights = tf.constant([[1.0, -2.0, 0.5, 3.0]], dtype=x.dtype)
    return tf.reduce_sum(norm(x) * weights)


def unit_loss(x, eps=1e-7):
    return tf.reduce_sum(tf.nn.l2_normalize(x, epsilon=eps) * tf.constant([1.0, -2.0], dtype=x.dtype))
'''


@pytest.fixture(scope="module")
def user_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("layer_arguments") / "layers.py"
    path.write_text(USER)
    return str(path)


def exact_slopes(path, name, point):
    report = gradcli.check(f"{path}:{name}", [{"x": point}], dtypes=("float32", "float64"), fixes=False)
    assert all(r.status.value == "ok" for r in report.results), [(r.dtype, r.status, r.error) for r in report.results]
    return {r.dtype: np.asarray(r.exact_gradient["x"], dtype=np.float64) for r in report.results}


def test_a_keras_layers_epsilon_is_held_as_the_float32_program_holds_it(user_file):
    slopes = exact_slopes(user_file, "layer_norm_loss", [[0.5, 0.5, 0.5, 0.5]])
    centred = np.array([1.0, -2.0, 0.5, 3.0]) - 0.625  # w - mean(w)
    held = float(np.float32(1e-3))
    np.testing.assert_allclose(slopes["float32"][0], centred / np.sqrt(held), rtol=1e-12)
    np.testing.assert_allclose(slopes["float64"][0], centred / np.sqrt(1e-3), rtol=1e-12)
    assert abs(np.sqrt(held / 1e-3) - 1) > 1e-9  # the two epsilons are told apart


def test_a_parameters_default_reaching_a_library_function_is_held(user_file):
    """|x|^2 = 1e-8 is under eps = 1e-7: l2_normalize gives x / sqrt(eps), slope w / sqrt(eps)."""
    slopes = exact_slopes(user_file, "unit_loss", [6e-5, 8e-5])
    weights = np.array([1.0, -2.0])
    np.testing.assert_allclose(slopes["float32"], weights / np.sqrt(float(np.float32(1e-7))), rtol=1e-12)
    np.testing.assert_allclose(slopes["float64"], weights / np.sqrt(1e-7), rtol=1e-12)
