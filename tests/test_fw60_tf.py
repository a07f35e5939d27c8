"""TensorFlow's leftovers (issue 29): a ``tf.custom_gradient`` rule with ``variables=`` inside a ``tf.function`` called
more than once in one loss is judged at each call, each walk of the rule's gradient function paired with the forward
call whose values it reads (`tf_graph.Walker.keyed_calls`)."""

import pytest

tf = pytest.importorskip("tensorflow")

from test_vars59_tf import _line, _result, _variables_findings  # noqa: E402 - the same reading of a check's findings

scale = tf.Variable(2.0, dtype=tf.float64)
POINT = {"x": 0.7}


@tf.custom_gradient
def doubled_scale(x):
    def grad(upstream, variables=None):
        return upstream * scale, [2.0 * upstream * x]  # d/dscale is upstream * x

    return scale * x, grad


@tf.custom_gradient
def right_scale(x):
    def grad(upstream, variables=None):
        return upstream * scale, [upstream * x]

    return scale * x, grad


@tf.custom_gradient
def doubled_past_one(x):
    def grad(upstream, variables=None):
        return upstream * scale, [tf.where(x > 1.0, 2.0 * upstream * x, upstream * x)]

    return scale * x, grad


@tf.function
def doubled_inside(x):
    return doubled_scale(x)


@tf.function
def right_inside(x):
    return right_scale(x)


@tf.function
def past_one_inside(x):
    return doubled_past_one(x)


@tf.function
def both_calls_inside(x):
    return doubled_inside(x) + doubled_inside(2.0 * x)


def doubled_twice(x):
    return doubled_inside(x) + doubled_inside(2.0 * x)


def right_twice(x):
    return right_inside(x) + right_inside(2.0 * x)


def past_one_twice(x):
    return past_one_inside(x) + past_one_inside(2.0 * x) * 3.0  # the second call's upstream gradient is 3


def nested_twice(x):
    return both_calls_inside(x)


@pytest.mark.parametrize("function", [doubled_twice, nested_twice])
def test_a_wrong_rule_in_a_function_called_twice_is_wrong_at_each_call(function):
    result = _result(function, POINT)
    assert result.status.value == "wrong", (result.findings, result.notes)
    (finding,) = _variables_findings(result)
    assert finding.location.endswith(f"test_fw60_tf.py:{_line(doubled_scale)}"), finding.location
    assert ("at 2 of its 2 calls: at its call on 0.7, for scale it returns 1.4, the exact derivative is 0.7; "
            "at its call on 1.4, for scale it returns 2.8, the exact derivative is 1.4") in finding.message, finding.message
    assert not result.notes, result.notes


def test_a_right_rule_in_a_function_called_twice_is_ok_and_judged():
    result = _result(right_twice, POINT)
    assert result.status.value == "ok", result.findings
    assert not result.notes, result.notes  # judged: no "not judged" note


def test_each_call_is_judged_with_its_own_upstream_gradient():
    """Only the call on 1.4 is wrong, and its upstream gradient is 3: paired with the other call's gradient walk, the
    call on 0.7 would be judged wrong (or the call on 1.4 against 1.4)."""
    (finding,) = _variables_findings(_result(past_one_twice, POINT))
    assert ("at 1 of its 2 calls: at its call on 1.4, for scale it returns 8.4, the exact derivative is 4.2"
            in finding.message), finding.message


def test_a_second_check_in_one_process_judges_the_rule_again():
    """TensorFlow keeps a nested function's gradient from its first build; the rules inside are called only by a
    build, so each check's trace builds it afresh (`tf_watch._gradients_built_afresh`)."""
    first, second = (_result(doubled_twice, POINT) for _ in range(2))
    assert first.status.value == second.status.value == "wrong"
    assert [f.message for f in _variables_findings(first)] == [f.message for f in _variables_findings(second)]
