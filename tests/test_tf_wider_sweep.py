"""A float64 sweep's wider reference (longdouble) of a TensorFlow function: the one-point graph replayed on the range.

TensorFlow has no longdouble, so the float64 sweep's reference is the traced
graph replayed by gradcli's ops in longdouble. Where every op of the graph a
check traced for one point maps entry by entry, that graph gives each point of
a range as the graph traced for the range's shape does; these tests hold the
one to the other, entry for entry, and hold a function that reads its
argument's size to its value at each point alone.
"""

import numpy as np
import pytest
import tensorflow as tf

from bitlevel import assert_same_bits
from gradcli.autodiff.transforms import vjp
from gradcli.autodiff.values import raw
from gradcli.capture.tf_bridge import TensorFlowFunction

WIDE = np.dtype(np.longdouble)


def _replayed_for_the_range(fun, xs):
    """Value and gradient of ``fun`` at ``xs`` by the graph traced for the range's own shape (a function of its own)."""
    function = TensorFlowFunction(fun, "fun")
    values = np.asarray(function.forward(xs))
    (grads,) = function.backward((xs,), np.ones(len(xs), WIDE))
    return values, np.asarray(grads)


@pytest.mark.parametrize(
    "fun",
    [
        lambda x: tf.math.log(1 + tf.exp(x)),
        lambda x: tf.math.log1p(tf.exp(-x)) * tf.sqrt(tf.abs(x) + 1.0) + tf.math.softplus(x) * 0.1,
        lambda x: tf.sigmoid(x) * tf.tanh(x) - x / (1 + x * x),
    ],
    ids=["log1pexp", "log1p_sqrt_softplus", "sigmoid_tanh"],
)
def test_the_range_in_longdouble_is_the_one_point_graph_replayed_on_it(fun):
    function = TensorFlowFunction(fun, "fun")
    function.own((np.float64(0.5),), None)  # a check's point: the one-point graph is traced
    traced = len(function.captured)
    xs = np.concatenate([np.linspace(-50.0, 50.0, 21), [0.0, -0.0, 1e-300, 710.0, -745.0]]).astype(WIDE)
    values, (grads,) = function.vectorised([xs], WIDE)
    assert len(function.captured) == traced  # nothing traced for the range
    assert values.dtype == grads.dtype == WIDE
    want_values, want_grads = _replayed_for_the_range(fun, xs)
    assert_same_bits(values, want_values)
    assert_same_bits(grads, want_grads)


def test_a_function_that_reads_its_arguments_size_gives_each_point_its_own():
    def per_entry(x):
        return tf.exp(x) * x / tf.cast(tf.size(x), x.dtype)  # its size is 1 at a point: the graph holds that 1

    function = TensorFlowFunction(per_entry, "per_entry")
    xs = np.linspace(-2.0, 2.0, 9).astype(WIDE)
    values, (grads,) = function.vectorised([xs], WIDE)
    for x, value, grad in zip(xs, values, grads):  # the function at each point alone
        assert_same_bits(value, np.asarray(function.forward(x)))
        assert_same_bits(grad, np.asarray(function.backward((x,), np.ones((), WIDE))[0]))


def test_a_graph_that_is_not_elementwise_is_left_to_the_sweeps_replay():
    function = TensorFlowFunction(lambda x: tf.exp(x) * tf.reduce_sum(x * x), "summed")
    function.own((np.float64(0.5),), None)
    assert function.vectorised([np.linspace(-2.0, 2.0, 9).astype(WIDE)], WIDE) is None  # the sweep replays it per shape


@tf.custom_gradient
def _softplus_with_a_wrong_rule(x):
    def grad(dy):
        return dy * tf.sigmoid(x) * 1.5  # the derivative is sigmoid(x): the rule is 1.5 times it

    return tf.math.softplus(x), grad


def _counting_traces(function):
    """The list each later TensorFlow trace of ``function`` appends its leaves' shapes to."""
    traces, trace = [], function._trace

    def counted(leaves, rebuild, exact):
        traces.append([np.shape(raw(leaf)) for leaf in leaves])
        return trace(leaves, rebuild, exact)

    function._trace = counted
    return traces


def _of_the_range_shape(fun, xs):
    """Value and gradcli's own gradient (the primal's) at ``xs`` by the forward graph traced for the range's shape."""
    function = TensorFlowFunction(fun, "fun")
    forward = function._capture([xs], list).forward
    value, pullback = vjp(lambda column: forward.run([column])[0], xs)
    return np.asarray(raw(value)), np.asarray(raw(pullback(np.ones(len(xs), xs.dtype))[0]))


@pytest.mark.parametrize(
    "fun",
    [
        lambda x: tf.math.log(1 + tf.exp(x)),
        lambda x: tf.sigmoid(x) * tf.tanh(x) - x / (1 + x * x),
        lambda x: _softplus_with_a_wrong_rule(x) + tf.sin(x),
    ],
    ids=["log1pexp", "sigmoid_tanh", "wrong_custom_rule"],
)
@pytest.mark.parametrize("wide", [WIDE, np.dtype(np.float64)], ids=["longdouble", "float64"])
def test_the_wider_reference_is_the_one_point_forward_graph_differentiated_by_gradcli(fun, wide):
    """A sweep's reference (`Bridge.replayed_range`): the primal's derivative, a custom rule never taken, nothing traced."""
    function = TensorFlowFunction(fun, "fun")
    function.own((np.float64(0.5),), None)
    traces = _counting_traces(function)
    xs = np.concatenate([np.linspace(-40.0, 40.0, 17), [0.0, 1e-300, -745.0]]).astype(wide)
    values, (grads,) = function.replayed_range([xs], wide)
    assert traces == []
    want_values, want_grads = _of_the_range_shape(fun, xs)
    assert_same_bits(values, want_values)
    assert_same_bits(grads, want_grads)
    assert np.allclose(np.asarray(grads[:17], float), _primal_slope(fun, xs[:17]), rtol=1e-12, atol=1e-300)


def _primal_slope(fun, xs):
    """The derivative of the mathematics, by TensorFlow in float64 with the custom rule's primal written out."""
    x = tf.constant(np.asarray(xs, np.float64))
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = fun(x) if fun.__code__.co_names.count("_softplus_with_a_wrong_rule") == 0 else tf.math.softplus(x) + tf.sin(x)
    return tape.gradient(y, x).numpy()
