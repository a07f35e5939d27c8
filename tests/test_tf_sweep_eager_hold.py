"""A TensorFlow sweep's numbers in float32 are the eager call's, also for code that computes otherwise in a graph.

A sweep reads TensorFlow's value and gradient over its whole range from one
rerun of the graph traced for one point (`TensorFlowFunction._elementwise_rerun`).
Code may branch on graph or eager (Keras reads a Sigmoid's logit only inside a
graph): a trace's rerun stands for the eager call only once it gave one eager
call's numbers, as a check's rerun does; where it gives others, the range is
computed by the eager call (`vectorised` refuses, and the sweep calls the
function on the arrays). The user's own ``tf.executing_eagerly()`` is answered
in the trace as in the eager run, so that branch is the eager one's.
"""

import importlib.util

import numpy as np
import pytest
import tensorflow as tf

import gradcli
from gradcli.capture.tf_bridge import TensorFlowFunction

SOURCE = '''
import tensorflow as tf


def from_probability(x):
    p = tf.sigmoid(x)
    if tf.executing_eagerly():  # eagerly from the probability, clipped as Keras clips it
        eps = tf.constant(1e-7, x.dtype)
        return -tf.math.log(tf.clip_by_value(p, eps, 1 - eps))
    return tf.math.softplus(-x)  # in a graph from the logit, as Keras reads a Sigmoid op's input there


def by_op(x):
    p = tf.sigmoid(x)
    if hasattr(p, "op"):  # a graph: from the logit, read off the Sigmoid op as Keras reads it
        return tf.math.softplus(-p.op.inputs[0])
    eps = tf.constant(1e-7, x.dtype)
    return -tf.math.log(tf.clip_by_value(p, eps, 1 - eps))


def plain(x):
    return tf.math.softplus(-x) * tf.cast(0.5, x.dtype)
'''


def _eager(fun, xs):
    x = tf.constant(xs)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = fun(x)
    return y.numpy(), tape.gradient(y, x).numpy()


@pytest.fixture
def user(tmp_path):
    path = tmp_path / "user_eager.py"
    path.write_text(SOURCE)
    spec = importlib.util.spec_from_file_location("user_eager", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return path, vars(module)


def test_a_rerun_that_differs_from_the_eager_call_is_refused_for_the_range(user):
    path, namespace = user
    xs = np.array([-40.0, -3.0, 0.5, 20.0], dtype=np.float32)
    function = TensorFlowFunction(namespace["by_op"], "by_op")
    with pytest.raises(ValueError, match="otherwise in a graph"):
        function.vectorised([xs], np.float32)
    with pytest.raises(ValueError, match="otherwise in a graph"):  # asked again: refused without another eager call
        function.vectorised([xs], np.float32)


def test_a_rerun_that_gives_the_eager_numbers_serves_the_range(user):
    path, namespace = user
    xs = np.array([-40.0, -3.0, 0.5, 20.0], dtype=np.float32)
    function = TensorFlowFunction(namespace["plain"], "plain")
    values, (grads,) = function.vectorised([xs], np.float32)
    eager_values, eager_grads = _eager(namespace["plain"], xs)
    np.testing.assert_array_equal(values, eager_values)
    np.testing.assert_array_equal(grads, eager_grads)
    (captured,) = [c for c in function.captured.values() if c.output == ((), np.dtype(np.float32))]
    assert captured.held and captured.rerun is not None  # held to one eager call, then rerun over the range


def test_a_float32_sweep_shows_the_eager_numbers_of_code_that_branches_on_graph(user):
    path, namespace = user
    result = gradcli.sweep(f"{path}:from_probability", {"x": (-40, 40, 9)}, dtypes=("float32",), fixes=False)
    samples = result.dtypes["float32"].samples
    xs = np.asarray(samples.axes["x"], dtype=np.float32)
    eager_values, eager_grads = _eager(namespace["from_probability"], xs)
    # The eager call clips: 16.118 at x = -40 where the graph's logit gives 40.
    np.testing.assert_allclose(np.asarray(samples.value, dtype=np.float64), eager_values, rtol=1e-6)
    np.testing.assert_allclose(np.asarray(samples.gradient["x"], dtype=np.float64), eager_grads, rtol=1e-6, atol=1e-30)
    assert float(samples.value[0]) == pytest.approx(16.118095, rel=1e-6)
