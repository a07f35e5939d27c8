"""Where TensorFlow's gradient ops are reported: at the line of the forward op they differentiate, and at a user's rule.

A gradient op carries no line of the user's (TensorFlow's gradient functions
make it), so the bridge notes, while it traces, which forward op's gradient
function made each one: Log's gradient (a Reciprocal of Log's input) is on
Log's line, not on the line where that input was computed. A
``tf.custom_gradient`` rule that returns its upstream gradient unchanged makes
no op at all; it is replayed as ``dy * 1`` on the rule's line, so a wrong one is
named there. Neither changes TensorFlow's own numbers.
"""

import textwrap

import numpy as np
import pytest

import gradcli

SOURCE = textwrap.dedent(
    '''
    import tensorflow as tf


    def naive_focal(z):
        p = tf.sigmoid(z)
        return -tf.square(1.0 - p) * tf.math.log(p)


    def scaled_log_sigmoid(z):
        p = tf.sigmoid(z)
        logp = tf.math.log(p)
        return logp * 1e3


    @tf.custom_gradient
    def clip_st(x):
        def grad(dy):
            return dy
        return tf.clip_by_value(x, -1.0, 1.0), grad


    def straight_through(x):
        return tf.reduce_sum(clip_st(x) * tf.constant([1.0, 2.0], dtype=x.dtype))


    def scaled_through(x):
        return tf.reduce_sum(clip_st(3.0 * x))


    @tf.custom_gradient
    def exp_st(x):
        def grad(dy):
            return dy
        return tf.exp(x), grad


    def identity_rule_of_exp(x):
        return exp_st(x)


    @tf.function
    def clipped_inside(x):
        return clip_st(x)


    def straight_through_a_tf_function(x):
        return tf.reduce_sum(clipped_inside(x) * tf.constant([1.0, 2.0], dtype=x.dtype))
    '''
)


@pytest.fixture(scope="module")
def model(tmp_path_factory):
    path = tmp_path_factory.mktemp("tf_lines") / "model.py"
    path.write_text(SOURCE)
    return str(path)


def line_of(text, after=None):
    lines = SOURCE.splitlines()
    start = lines.index(after) if after else 0
    return next(i + 1 for i, line in enumerate(lines) if i >= start and text in line)  # 1-based, as tracebacks count


def test_a_gradient_op_is_at_the_line_of_the_forward_op_it_differentiates(model):
    [result] = gradcli.check(f"{model}:scaled_log_sigmoid", [{"z": -87.0}], dtypes=("float32",)).results
    assert result.status == "unstable"
    [first] = [f for f in result.findings if f.kind == "nonfinite" and f.phase == "backward"]
    # Log's gradient, upstream * 1/p (p = 1.6e-38), overflows: it is Log's (the line of tf.math.log), not the line of
    # the product that handed it its upstream gradient, nor sigmoid's, whose output p it reads.
    assert (first.op, first.framework_op) == ("tf.math.log gradient (Mul)", "Mul")  # the op TensorFlow's gradient of Log makes
    assert first.location == f"{model}:{line_of('tf.math.log(p)', after='def scaled_log_sigmoid(z):')}"


def test_a_result_tensorflow_flushes_to_zero_is_named_where_it_was_made(model):
    [result] = gradcli.check(f"{model}:naive_focal", [{"z": -100.0}], dtypes=("float32",)).results
    assert result.status == "unstable"
    # sigmoid(-100) = 3.7e-44 is subnormal in float32: TensorFlow's kernel gives 0, and log(0) is -inf.
    [underflow] = [f for f in result.findings if f.kind == "underflow"]
    assert (underflow.op, underflow.location) == ("tf.math.sigmoid (Sigmoid)", f"{model}:{line_of('p = tf.sigmoid(z)')}")


def test_an_identity_rule_that_is_wrong_is_named_at_its_own_line(model):
    [result] = gradcli.check(f"{model}:straight_through", [{"x": np.array([2.0, 0.5])}], dtypes=("float64",)).results
    assert result.status == "wrong"
    [rule] = [f for f in result.findings if f.kind == "wrong-rule"]
    assert rule.location == f"{model}:{line_of('def grad(dy):')}"
    assert "grad() of clip_st" in rule.op
    assert list(np.ravel(result.gradient["x"])) == [1.0, 2.0]  # TensorFlow's own numbers, passed through the rule
    assert np.allclose(result.exact_gradient["x"], [0.0, 2.0], rtol=1e-12, atol=0)


def test_an_identity_rule_inside_a_nested_tf_function_is_named_at_its_own_line(model):
    # The nested function's gradient is a function TensorFlow builds by its gradient registry, not by the tape.
    [result] = gradcli.check(f"{model}:straight_through_a_tf_function", [{"x": np.array([2.0, 0.5])}], dtypes=("float64",)).results
    assert result.status == "wrong"
    [rule] = [f for f in result.findings if f.kind == "wrong-rule"]
    assert rule.location == f"{model}:{line_of('def grad(dy):')}"
    assert "grad() of clip_st" in rule.op
    assert list(np.ravel(result.gradient["x"])) == [1.0, 2.0]
    assert np.allclose(result.exact_gradient["x"], [0.0, 2.0], rtol=1e-12, atol=0)


def test_a_gradient_passed_through_a_rule_flows_on_into_the_ops_before_it(model):
    [result] = gradcli.check(f"{model}:scaled_through", [{"x": np.array([0.5, 0.1])}], dtypes=("float64",)).results
    assert result.status == "wrong"  # 3x = 1.5 is clipped: its exact derivative is 0, the rule says 3
    [rule] = [f for f in result.findings if f.kind == "wrong-rule"]
    assert rule.location == f"{model}:{line_of('def grad(dy):')}"
    assert list(np.ravel(result.gradient["x"])) == [3.0, 3.0]
    assert np.allclose(result.exact_gradient["x"], [0.0, 3.0], rtol=1e-12, atol=0)


def test_an_identity_rule_of_a_function_with_another_derivative_is_wrong_at_its_line_in_both_dtypes(model):
    report = gradcli.check(f"{model}:identity_rule_of_exp", [{"x": 1.0}])
    for result in report.results:
        assert result.status == "wrong"
        [rule] = [f for f in result.findings if f.kind == "wrong-rule"]
        assert rule.location == f"{model}:{line_of('def grad(dy):', after='def exp_st(x):')}"
        assert result.gradient["x"] == 1.0  # TensorFlow's: the rule hands dy = 1 on


NEGATIONS = textwrap.dedent(
    '''
    import tensorflow as tf


    def two_negations(x):
        a = -tf.exp(x)
        b = tf.sin(a)
        c = tf.identity(-b)
        return tf.math.log(c * c)
    '''
)


def test_the_gradient_of_an_op_tensorflow_hands_neither_inputs_nor_outputs_is_at_that_ops_line(tmp_path):
    # Neg's gradient function gets only its upstream gradient: the bridge finds the Neg by it, not by op names
    # (the first gradient op TensorFlow names "Neg" is the gradient of the second Neg, "Neg_1").
    import importlib.util

    from gradcli.capture.tf_bridge import TensorFlowFunction

    path = tmp_path / "negations.py"
    path.write_text(NEGATIONS)
    spec = importlib.util.spec_from_file_location("negations", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    captured = TensorFlowFunction(module.two_negations, "two_negations")._capture([np.float64(0.5)], list)
    lines = NEGATIONS.splitlines()
    first, second = (f"{path}:{next(i + 1 for i, line in enumerate(lines) if text in line)}" for text in ("-tf.exp", "-b"))
    gradient_negations = [s.location for s in captured.backward.steps if s.op_type == "Neg" and s.name.startswith("gradient_tape")]
    assert gradient_negations == [second, first]  # the backward pass meets the later Neg first
