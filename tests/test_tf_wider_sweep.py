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
