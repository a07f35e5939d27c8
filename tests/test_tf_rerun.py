"""TensorFlow's own numbers by re-running its traced gradient graph op by op: bit for bit what the eager call gives.

The checker judges what the user's function gives when called. For an eager
function the bridge reads that from the graph it traced for the replay,
running each of its operations eagerly (`tf_graph.Rerun`) instead of calling
the function and ``tape.gradient`` again; these tests hold it to the eager
call's bits, on elementwise functions, reductions, contractions, `where`,
broadcasting and a custom gradient, in float32 and float64.
"""

import numpy as np
import pytest
import tensorflow as tf

from bitlevel import assert_same_bits
from gradcli.capture.tf_bridge import TensorFlowFunction

rng = np.random.default_rng(7)
W = rng.standard_normal((5, 4))


@tf.custom_gradient
def log1pexp(x):
    e = tf.exp(x)

    def grad(upstream):
        return upstream * (1 - 1 / (1 + e))

    return tf.math.log(1 + e), grad


FUNCTIONS = {
    "log1pexp": (lambda x: tf.math.log(1 + tf.exp(x)), [()]),
    "custom_gradient": (lambda x: tf.reduce_sum(log1pexp(x)), [(6,)]),
    "softplus_tanh_sum": (lambda x: tf.reduce_sum(tf.math.softplus(x) * tf.tanh(x)), [(8,)]),
    "centred_mean_square": (lambda x: tf.reduce_mean(tf.square(x - tf.reduce_mean(x))), [(7,)]),
    "matvec": (lambda x: tf.reduce_sum(tf.sigmoid(tf.linalg.matvec(tf.constant(W, x.dtype), x))), [(4,)]),
    "matmul_logsumexp": (lambda a, b: tf.reduce_logsumexp(tf.matmul(a, b)), [(6, 5), (5, 3)]),
    "norm": (lambda x: tf.norm(x), [(9,)]),
    "where": (lambda x: tf.reduce_sum(tf.where(x > 0, tf.sqrt(tf.abs(x)), x**2)), [(10,)]),
    "broadcast": (lambda x, y: tf.reduce_sum(x[:, None] * y[None, :] / (1 + x[:, None] ** 2)), [(3,), (4,)]),
    "vector_valued": (lambda x: tf.exp(x) * tf.sin(x), [(4,)]),
}


def _eager(fun, args, cotangent):
    """The user's function called eagerly, and tape.gradient: the numbers under test."""
    tensors = [tf.constant(a) for a in args]
    with tf.GradientTape() as tape:
        tape.watch(tensors)
        y = fun(*tensors)
    grads = tape.gradient(y, tensors, output_gradients=tf.constant(cotangent), unconnected_gradients="zero")
    return y.numpy(), [g.numpy() for g in grads]


def _points(shapes, dtype):
    scales = (1.0, 5.0, 40.0)  # 40: exp overflows in float32 at some entries
    return [[(rng.standard_normal(s) * scale).astype(dtype) for s in shapes] for scale in scales]


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("name", sorted(FUNCTIONS))
def test_a_rerun_of_the_traced_graph_gives_the_eager_calls_bits(name, dtype):
    fun, shapes = FUNCTIONS[name]
    for args in _points(shapes, dtype):
        function = TensorFlowFunction(fun, name)
        function.forward(*args)  # the checker's replay traces the graph first
        (captured,) = [c for c in function.captured.values() if c.output and c.output[1] == dtype]
        assert captured.rerun is not None  # the path under test is the rerun, not the eager call
        shape = captured.output[0]
        cotangent = np.ones(shape, dtype) if not shape else rng.standard_normal(shape).astype(dtype)
        value, grads = function.own(tuple(args), cotangent)
        want_value, want_grads = _eager(fun, args, cotangent)
        assert_same_bits(value, want_value)
        for got, want in zip(grads, want_grads):
            assert_same_bits(got, want)


def test_the_value_asked_alone_brings_the_gradient_without_calling_the_function_again():
    calls = []

    def counted(x):
        calls.append(1)
        return tf.math.log(1 + tf.exp(x))

    function = TensorFlowFunction(counted, "counted")
    function.own((np.float64(0.25),), None)  # float64: traced here, and its rerun held to one eager call
    assert len(calls) == 2
    x = np.float64(1.5)
    value, none = function.own((x,), None)
    _, (grad,) = function.own((x,), np.ones((), np.float64))
    assert none is None and len(calls) == 2  # value and gradient by the rerun
    want_value, (want_grad,) = _eager(counted, [x], np.float64(1.0))
    assert_same_bits(value, want_value)
    assert_same_bits(grad, want_grad)


def test_with_op_callbacks_a_rerun_goes_through_tensorflows_door_that_runs_them(monkeypatch):
    from tensorflow.python.eager import execute

    door, seen = execute.execute, []

    def watched(op_type, n_outputs, inputs, attrs, ctx, name=None):  # what an op callback (tf.debugging) adds
        seen.append(op_type)
        return door(op_type, n_outputs, inputs, attrs, ctx, name)

    monkeypatch.setattr(execute, "execute", watched)
    fun = lambda x: tf.math.log(1 + tf.exp(x))  # noqa: E731
    function = TensorFlowFunction(fun, "watched")
    function.own((np.float64(0.25),), None)  # the first point is the eager call the rerun is held to
    seen.clear()
    x = np.float64(-3.25)
    value, (grad,) = function.own((x,), np.ones((), np.float64))
    assert "Exp" in seen  # the rerun's ops, each through the door
    want_value, (want_grad,) = _eager(fun, [x], np.float64(1.0))
    assert_same_bits(value, want_value)
    assert_same_bits(grad, want_grad)


def test_a_tf_function_is_left_to_tensorflow_which_compiles_it():
    function = TensorFlowFunction(tf.function(lambda x: tf.math.log(1 + tf.exp(x))), "compiled")
    x = np.float64(0.5)
    function.forward(x)
    assert [c.rerun for c in function.captured.values()] == [None]
    value, (grad,) = function.own((x,), np.ones((), np.float64))
    np.testing.assert_allclose([value, grad], [np.log1p(np.exp(0.5)), 1 / (1 + np.exp(-0.5))], rtol=1e-15)


def test_a_graph_with_a_stateful_op_is_not_rerun():
    from gradcli.capture.tf_bridge import _traced_graph
    from gradcli.capture.tf_graph import rerun_of

    def traced(x):
        return [tf.exp(x) + tf.random.normal([], dtype=x.dtype)], [tf.exp(x) * 2]

    for outputs in traced, lambda x: traced(x)[1:]:
        graph, (y,) = _traced_graph(tf, lambda x: outputs(x)[0], [tf.TensorSpec((), tf.float64)])
        rerun = rerun_of(graph, [y.name], "none", lambda proto: tf.constant(tf.make_ndarray(proto)))
        assert (rerun is None) == (outputs is traced)  # the random number would differ from the eager call's


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_a_sweep_of_an_elementwise_function_reruns_its_one_point_graph_on_the_whole_range(dtype):
    function = TensorFlowFunction(FUNCTIONS["log1pexp"][0], "log1pexp")
    xs = np.linspace(-120.0, 120.0, 41).astype(dtype)
    values, (grads,) = function.vectorised([xs], dtype)
    assert function._mapped == {}  # no tf.vectorized_map was compiled
    with np.errstate(all="ignore"):
        want_values, (want_grads,) = _eager(FUNCTIONS["log1pexp"][0], [xs], np.ones_like(xs))  # the same kernels on the range
    assert_same_bits(values, want_values)
    assert_same_bits(grads, want_grads)


def test_a_function_that_is_not_elementwise_is_swept_by_tf_vectorized_map():
    def per_entry(x):
        return tf.exp(x) * tf.reduce_sum(x)  # a reduction: its one-point graph is not one of entry by entry ops

    function = TensorFlowFunction(per_entry, "per_entry")
    xs = np.linspace(-2.0, 2.0, 9)
    values, (grads,) = function.vectorised([xs], np.float64)
    assert len(function._mapped) == 1
    np.testing.assert_allclose(values, np.exp(xs) * xs, rtol=1e-15)
    np.testing.assert_allclose(grads, np.exp(xs) * (1 + xs), rtol=1e-15)


def test_a_replay_on_bare_numbers_finds_the_plans_of_their_type_and_dtype():
    """Python floats (a difference's steps: thousands a check) find their plans by their type alone; a NumPy
    float32 scalar after them still replays its own float32 graph."""
    function = TensorFlowFunction(lambda x: tf.math.log(1 + tf.exp(x)), "log1pexp")
    first = function.forward(0.75)
    again = function.forward(0.75)
    np.testing.assert_allclose(again, first, rtol=1e-15)
    np.testing.assert_allclose(again, np.log1p(np.exp(0.75)), rtol=1e-15)
    in_float32 = function.forward(np.float32(-3.5))
    assert np.asarray(in_float32).dtype == np.float32
    np.testing.assert_allclose(in_float32, np.log1p(np.exp(np.float32(-3.5))), rtol=1e-6)


def _counting_bounded(monkeypatch):
    """The calls that go through `run_bounded`'s worker, counted."""
    from gradcli.capture import own_time, tf_bridge

    handed = []

    def bounded(call, what, stop_with=None):
        handed.append(1)
        return own_time.run_bounded(call, what, stop_with)

    monkeypatch.setattr(tf_bridge, "run_bounded", bounded)
    return handed


def test_a_quick_rerun_runs_in_the_callers_thread_with_the_same_bits(monkeypatch):
    from gradcli.capture import own_time

    handed = _counting_bounded(monkeypatch)
    fun = lambda x: tf.math.log(1 + tf.exp(x))  # noqa: E731
    function = TensorFlowFunction(fun, "quick")
    with own_time.bounding(60):
        function.own((np.float64(0.25),), None)  # the first point: the eager call the rerun is held to, bounded
        first = len(handed)
        for x in (np.float64(-3.25), np.float64(40.5), np.float64(800.0)):
            value, none = function.own((x,), None)
            _, (grad,) = function.own((x,), np.ones((), np.float64))
            want_value, (want_grad,) = _eager(fun, [x], np.float64(1.0))
            assert none is None
            assert_same_bits(value, want_value)
            assert_same_bits(grad, want_grad)
    assert first >= 1 and len(handed) <= first + 1  # at most the rerun that measured itself, then none


def test_a_rerun_slower_than_the_quick_bound_stays_in_the_worker(monkeypatch):
    from gradcli.capture import own_time, tf_bridge

    monkeypatch.setattr(tf_bridge, "_QUICK_RERUN", 0.0)  # every rerun "slow"
    handed = _counting_bounded(monkeypatch)
    function = TensorFlowFunction(lambda x: tf.math.log(1 + tf.exp(x)), "slow")
    with own_time.bounding(60):
        function.own((np.float64(0.25),), None)
        first = len(handed)
        for x in (np.float64(-3.25), np.float64(40.5)):
            function.own((x,), None)
    assert len(handed) == first + 2


def test_a_quick_range_rerun_gives_the_bounded_ones_bits(monkeypatch):
    from gradcli.capture import own_time

    handed = _counting_bounded(monkeypatch)
    fun = lambda x: tf.math.log(1 + tf.exp(x))  # noqa: E731
    function = TensorFlowFunction(fun, "ranges")
    xs = np.linspace(-50.0, 50.0, 9)
    with own_time.bounding(60):
        function.own((np.float64(0.25),), None)
        bounded_values, (bounded_grads,) = function.vectorised([xs], np.float64)
        before = len(handed)
        values, (grads,) = function.vectorised([xs], np.float64)
    assert len(handed) == before  # the second range in this thread
    assert_same_bits(values, bounded_values)
    assert_same_bits(grads, bounded_grads)
