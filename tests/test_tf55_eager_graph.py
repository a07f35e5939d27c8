"""TensorFlow's eager run against the graph gradcli judges: names bound at import, control flow, XLA, random draws.

The user's ``tf.executing_eagerly()`` is answered in gradcli's trace as in the
eager run; a name bound to it at import (``from tensorflow import
executing_eagerly``, ``eager = tf.inside_function``) is answered the same way.
A random draw from a seed TensorFlow reads (``tf.random.stateless_uniform``,
Keras' ``Dropout(training=True)``, a ``tf.random.Generator``) is a constant of
the point: replayed as the numbers TensorFlow draws, every run of the function
starting from the state of the user's next call; a draw with a state of its own
is read from the user's eager run at the point, and refused in a ``tf.function``.
A function with conditionals, loops or nested ``tf.function`` calls is held
to its eager run op by op: a branch or loop body as a replay of the graph
executes it at the point, a nested call one op in either run.
A function XLA compiles (``jit_compile=True``, or one the user's code calls)
is swept point by point through the user's own taped call: a map of points,
compiled or not, rounds otherwise by a few ulps.
"""

import numpy as np
import pytest

import gradcli

tf = pytest.importorskip("tensorflow")
keras = pytest.importorskip("keras")

HELPER = '''
from tensorflow import inside_function


def chooses(x, eager, plain):
    return plain(x) if inside_function() else eager(x)
'''

SOURCE = '''
import keras
import tensorflow as tf
from tensorflow import executing_eagerly

from tf55_helper import chooses

asked = tf.inside_function
dropout = keras.layers.Dropout(0.5, seed=3)
generator = tf.random.Generator.from_seed(5)


def bound(x):
    if executing_eagerly():
        return tf.math.log(1 + tf.exp(x))
    return tf.math.softplus(x)


def aliased(x):
    if asked():
        return tf.math.softplus(x)
    return tf.math.log(1 + tf.exp(x))


def helped(x):
    return chooses(x, lambda v: tf.math.log(1 + tf.exp(v)), tf.math.softplus)


def seeded(x):
    return tf.reduce_sum(tf.exp(x) * tf.random.stateless_uniform(tf.shape(x), seed=[1, 2], dtype=x.dtype))


def dropped(x):
    return tf.reduce_sum(tf.math.softplus(dropout(x * x, training=True)))


compiled_dropped = tf.function(dropped)


def generated(x):
    return tf.reduce_sum(tf.exp(x) * generator.normal(tf.shape(x), dtype=x.dtype))


def fresh(x):
    return tf.reduce_sum(tf.exp(x) * tf.random.uniform(tf.shape(x), seed=3, dtype=x.dtype))


compiled_fresh = tf.function(fresh)


@tf.function(jit_compile=True)
def fused(x):
    return tf.sigmoid(x) * tf.exp(-x * x) + tf.math.log1p(x * x) * tf.tanh(x * 0.7)


def calls_fused(x):
    return fused(x) * 2.0


def asks_in_branch(x):
    if x > 0:
        if tf.executing_eagerly():
            return tf.math.log(1 + tf.exp(x))
        return tf.math.softplus(x)
    return x * 2.0


def peeks_in_branch(x):
    if x < 0:
        p = tf.sigmoid(x)
        if hasattr(p, "op") and p.op.type == "Sigmoid":  # a graph: the logit, as Keras reads it
            return -tf.math.log_sigmoid(p.op.inputs[0])
        return -tf.math.log(p)
    return x * x


def looped(x):
    y, i = x, tf.constant(0)
    while i < 3:
        y = tf.math.log(1 + tf.exp(y))
        i += 1
    return y


@tf.function
def doubled(x):
    return tf.exp(x) * 2.0


def nested(x):
    return tf.math.log(doubled(x)) + tf.sin(x)


entropy = keras.losses.CategoricalCrossentropy()


def entropy_in_branch(z):
    if tf.reduce_sum(z) < 1e6:  # autograph's tf.cond: Keras' loss runs in a branch's graph
        return entropy(tf.constant([[1.0, 0.0, 0.0]], z.dtype), tf.nn.softmax(z[None]))
    return tf.reduce_sum(z)
'''


@pytest.fixture(scope="module")
def user(tmp_path_factory, request):
    """The user's file and a helper module beside it, written once for the module."""
    folder = tmp_path_factory.mktemp("tf55")
    folder.joinpath("tf55_helper.py").write_text(HELPER)
    path = folder.joinpath("tf55_user.py")
    path.write_text(SOURCE)
    sys = __import__("sys")
    sys.path.insert(0, str(folder))  # the user's file imports its helper as a neighbour, whichever test loads it first

    def gone():
        sys.modules.pop("tf55_helper", None)
        sys.path.remove(str(folder))

    request.addfinalizer(gone)
    return str(path)


def _module(user):
    """A module of the user's file of its own (its functions the user's objects, compiled afresh)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("tf55_user_module", user)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _line(code, after):
    """The line of the user's file on which ``code`` first stands after the line holding ``after``."""
    lines = SOURCE.splitlines()
    start = next(i for i, line in enumerate(lines) if after in line)
    return next(i for i, line in enumerate(lines) if i > start and code in line) + 1


def _results(target, *points, dtypes=("float64",)):
    """The check's results at ``points`` in ``dtypes``, without fixes."""
    return gradcli.check(target, list(points), dtypes=dtypes, fixes=False).results


@pytest.mark.parametrize("name", ["bound", "aliased", "helped"])
def test_a_name_bound_at_import_is_answered_as_the_eager_run(user, name):
    (result,) = _results(f"{user}:{name}", {"x": 800.0})
    # Eagerly log(1 + exp(x)) overflows: that run is the one judged, not the graph's softplus (800, ok).
    assert result.status == "unstable" and result.value == np.inf, (result.status, result.findings)
    assert result.findings[0].op == "tf.math.exp (Exp)"
    # The names are TensorFlow's own again once the trace is over.
    helper = __import__("sys").modules["tf55_helper"]
    assert helper.inside_function is tf.inside_function and tf.inside_function.__module__.startswith("tensorflow")


POINT = np.array([0.3, 1.7, -0.4, 2.5, 1.1, -1.3])


def test_a_seeded_draw_is_replayed_as_the_numbers_tensorflow_draws_in_each_dtype(user):
    report = gradcli.check(f"{user}:seeded", [{"x": POINT}], dtypes=["float32", "float64"], fixes=False)
    for result in report.results:
        dtype = np.dtype(result.dtype)
        drawn = tf.random.stateless_uniform(POINT.shape, seed=[1, 2], dtype=tf.as_dtype(dtype)).numpy().astype(np.float64)
        assert result.status == "ok", (result.dtype, result.findings)
        np.testing.assert_allclose(np.asarray(result.exact_gradient["x"], np.float64), np.exp(POINT.astype(dtype).astype(np.float64)) * drawn,
                                   rtol=1e-12)
    assert any(note.startswith("StatelessRandomUniformV2 at ") and "held" in note for note in report.notes), report.notes


@pytest.mark.parametrize("name, state", [("dropped", "dropout.seed_generator.state"),
                                         ("compiled_dropped", "dropout.seed_generator.state"),
                                         ("generated", "generator.state")])
def test_a_draw_from_a_state_is_the_users_next_calls_and_the_state_is_left_as_it_was(user, name, state):
    module = _module(user)
    variable = module
    for part in state.split("."):
        variable = getattr(variable, part)
    before = variable.numpy().copy()
    (float32,) = gradcli.check(getattr(module, name), [{"x": POINT}], dtypes=["float32"], fixes=False).results
    assert np.array_equal(variable.numpy(), before)
    assert float32.status == "ok", float32.findings
    with tf.GradientTape() as tape:  # the user's next call: the numbers gradcli judged
        x = tf.constant(POINT, tf.float32)
        tape.watch(x)
        y = getattr(module, name)(x)
    assert float32.value == y.numpy() and np.array_equal(float32.gradient["x"], tape.gradient(y, x).numpy())
    np.testing.assert_allclose(np.asarray(float32.exact_gradient["x"], np.float64), float32.gradient["x"], rtol=1e-5)


@pytest.mark.parametrize("name", ["fresh", "compiled_fresh"])
def test_a_draw_with_a_state_of_its_own_is_read_from_the_run_eagerly_or_in_a_tf_function(user, name):
    (result,) = gradcli.check(f"{user}:{name}", [{"x": POINT}], dtypes=["float64"], fixes=False).results
    assert result.status.value == "ok", result.findings
    assert float(result.exact_value) == pytest.approx(float(result.value), rel=1e-14)  # the run's own draws


@pytest.mark.parametrize("name, dtype", [("fused", np.float32), ("calls_fused", np.float64)])
def test_a_sweep_of_a_function_xla_compiles_gives_the_users_taped_numbers_at_each_point(user, name, dtype):
    from gradcli.checker.targets import resolve
    from gradcli.sweep.vectorised import evaluate_columns

    xs = np.linspace(-3, 3, 5).astype(dtype)
    resolved = resolve(f"{user}:{name}")
    values, grads, per_point = evaluate_columns(resolved, [xs], ["x"])
    assert per_point.startswith("XLA compiles it (jit_compile=True)")  # the reason a sweep's note gives
    # The user's function gradcli checked, called as the user's training step calls it: the same XLA programs (the
    # taped forward, its gradient) TensorFlow keeps for it, on the same number, give the same bits. (A fresh copy
    # of the function, first traced by an eager call rather than by gradcli's graph trace, may keep programs XLA
    # rounds an ulp apart where the function is called from eager code.)
    function = resolved.bridge.own.__self__.fun
    for x, value, grad in zip(xs, values, grads["x"]):
        with tf.GradientTape() as tape:
            point = tf.constant(x)
            tape.watch(point)
            y = function(point)
        assert value == y.numpy() and grad == tape.gradient(y, point).numpy(), (x, value - y.numpy())


def test_a_branch_asking_whether_it_runs_eagerly_is_traced_as_the_eager_run_takes_it(user):
    (result,) = _results(f"{user}:asks_in_branch", {"x": 800.0})
    assert result.status == "unstable" and result.value == np.inf, (result.status, result.findings)
    assert result.findings[0].op == "tf.math.exp (Exp)" and result.findings[0].location.endswith(
        f"tf55_user.py:{_line('return tf.math.log(1 + tf.exp(x))', 'def asks_in_branch')}")


def test_a_branch_computing_otherwise_in_the_graph_is_named_at_its_op_and_line(user):
    (result,) = _results(f"{user}:peeks_in_branch", {"x": -800.0})
    assert result.status == "error", (result.status, result.findings)
    (finding,) = result.findings
    sigmoid, eager, graph = (_line(code, "def peeks_in_branch") for code in ("tf.sigmoid", "-tf.math.log(p)", "log_sigmoid"))
    assert finding.kind == "graph-differs" and finding.location.endswith(f"tf55_user.py:{sigmoid}"), finding.location
    assert f"eagerly it runs Sigmoid at tf55_user.py:{sigmoid}; Log and Neg at tf55_user.py:{eager}" in finding.message
    assert f"at tf55_user.py:{graph}, which the eager run does not" in finding.message, finding.message


@pytest.mark.parametrize("name, point", [("looped", 0.5), ("nested", 0.5), ("asks_in_branch", -1.5)])
def test_loops_branches_and_nested_calls_the_graph_runs_as_eagerly_are_held_the_same(user, name, point):
    from gradcli.checker.targets import resolve

    bridge = resolve(f"{user}:{name}").bridge
    (result,) = gradcli.check(f"{user}:{name}", [{"x": point}], dtypes=["float64"], fixes=False).results
    assert result.status == "ok", result.findings
    function = bridge.own.__self__
    function.own((np.float64(point),), None)
    assert function.computes_otherwise is False and all(c.difference is False for c in function.captured.values())


def test_a_keras_loss_in_a_branch_reads_probabilities_as_the_eager_run_does(user):
    (result,) = _results(f"{user}:entropy_in_branch", {"z": np.array([-200.0, 0.0, 1.0])}, dtypes=("float32",))
    # Eagerly the loss clips the probability 1e-87 to Keras' 1e-7; the graph's logits would give 201.3.
    assert result.status == "ok", result.findings
    np.testing.assert_allclose([result.value, float(result.exact_value)], -np.log(np.float32(1e-7)), rtol=1e-6)
