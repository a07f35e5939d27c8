"""TensorFlow's eager run against the graph gradcli traces: a nested ``tf.function`` inside a branch, and
``tf.executing_eagerly`` bound in a closure cell.

A ``tf.function`` the user's code calls is one call op in either run,
inside a conditional's branch too (the replay inlines its body: the record
of what the branch executed counts the call once). A name a closure holds
for ``tf.executing_eagerly`` (``ask = tf.executing_eagerly`` in the function
that made the one under test, or in a helper's) is answered as in the eager
run while gradcli traces, and is TensorFlow's own again after.
"""

import numpy as np
import pytest

import gradcli

tf = pytest.importorskip("tensorflow")

SOURCE = '''
import tensorflow as tf


@tf.function
def doubled(x):
    return tf.exp(x) * 2.0


@tf.function
def twice_doubled(x):
    return doubled(x) + doubled(-x)


def nested_in_branch(x):
    if x > 0:
        return tf.math.log(doubled(x)) + tf.sin(x)
    return x * 2.0


def twice_nested_in_branch(x):
    if x > 0:
        return tf.math.log(twice_doubled(x))
    return x * 2.0


def _closing():
    ask = tf.executing_eagerly

    def closed(x):
        if ask():
            return tf.math.log(1 + tf.exp(x))
        return tf.math.softplus(x)
    return closed


closed = _closing()


def _helper():
    ask = tf.executing_eagerly

    def softplus(x):
        return tf.math.log(1 + tf.exp(x)) if ask() else tf.math.softplus(x)
    return softplus


helper = _helper()


def helped(x):
    return helper(x) * 1.0
'''


@pytest.fixture(scope="module")
def user(tmp_path_factory):
    path = tmp_path_factory.mktemp("tf56").joinpath("tf56_user.py")
    path.write_text(SOURCE)
    return str(path)


@pytest.mark.parametrize("name", ["nested_in_branch", "twice_nested_in_branch"])
def test_a_nested_function_in_a_branch_is_one_call_op_in_the_comparison(user, name):
    from gradcli.checker.targets import resolve

    bridge = resolve(f"{user}:{name}").bridge
    (result,) = gradcli.check(f"{user}:{name}", [{"x": 0.5}], dtypes=["float64"], fixes=False).results
    assert result.status == "ok", result.findings
    function = bridge.own.__self__
    function.own((np.float64(0.5),), None)
    assert function.computes_otherwise is False and all(c.difference is False for c in function.captured.values())


@pytest.mark.parametrize("name", ["closed", "helped"])
def test_a_closure_cell_holding_executing_eagerly_is_answered_as_the_eager_run(user, name):
    from gradcli.checker.targets import resolve

    (result,) = gradcli.check(f"{user}:{name}", [{"x": 800.0}], dtypes=["float64"], fixes=False).results
    # Eagerly log(1 + exp(x)) overflows: that run is judged, not the graph's softplus, and no graph-differs.
    assert result.status == "unstable" and result.value == np.inf, (result.status, result.findings)
    assert result.findings[0].op == "tf.math.exp (Exp)" and all(f.kind != "graph-differs" for f in result.findings)
    # The cells hold TensorFlow's own function again once the trace is over.
    function = resolve(f"{user}:{name}").bridge.own.__self__.python
    held = function.__globals__["helper"] if name == "helped" else function
    (cell,) = held.__closure__
    assert cell.cell_contents is tf.executing_eagerly and tf.executing_eagerly.__module__.startswith("tensorflow")
