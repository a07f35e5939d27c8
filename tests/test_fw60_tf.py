"""TensorFlow's leftovers (issue 29): a ``tf.custom_gradient`` rule with ``variables=`` inside a ``tf.function`` called
more than once in one loss is judged at each call, each walk of the rule's gradient function paired with the forward
call whose values it reads (`tf_graph.Walker.keyed_calls`); code that chooses by its dtype inside a ``tf.cond`` branch
or a ``tf.while_loop`` body is judged, and differenced, as the float32 program it is (`tf_graph.chose_by_dtype`)."""

import numpy as np
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
            "at its call on 1.4, for scale it returns 2.8, the exact derivative is 1.4") in finding.message, \
        finding.message
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


def _by_dtype(x):
    if x.dtype == tf.float32:
        return x * 2.0
    return x * x


def _floor_by_dtype(x):
    return tf.math.log(tf.maximum(x, 1e-3 if x.dtype == tf.float32 else 1e-12))


@tf.function
def _chosen_inside(x):
    return _by_dtype(x)


def chosen_in_a_nested_function(x):
    return _chosen_inside(x)


def chosen_in_a_branch(x):
    return tf.cond(x > 0, lambda: _by_dtype(x), lambda: -x)


def chosen_in_a_loop(x):
    return tf.while_loop(lambda i, y: i < 2, lambda i, y: (i + 1, _by_dtype(y)), (tf.constant(0), x))[1]


def floor_chosen_in_a_branch(x):
    return tf.cond(x > 0, lambda: _floor_by_dtype(x), lambda: -x)


@pytest.mark.parametrize("function, point, value32, slope32, slope64", [
    (chosen_in_a_nested_function, 3.0, 6.0, 2.0, 6.0),  # float32: 2 x; float64: x^2
    (chosen_in_a_branch, 3.0, 6.0, 2.0, 6.0),
    (chosen_in_a_loop, 3.0, 12.0, 4.0, 108.0),  # float32: 4 x; float64: x^4
    (floor_chosen_in_a_branch, 1e-4, float(np.log(np.float32(1e-3))), 0.0, 1e4),  # float32's floor 1e-3 holds
])
def test_a_dtype_chosen_inside_a_function_cond_or_loop_is_the_float32_programs(function, point, value32, slope32,
                                                                               slope64):
    from gradcli import check

    float32, float64 = check(function, [{"x": point}], dtypes=("float32", "float64"), fixes=False).results
    assert (float32.status.value, float64.status.value) == ("ok", "ok"), (float32.findings, float64.findings)
    assert float(float32.exact_value) == pytest.approx(value32, rel=1e-6)
    assert float(float32.exact_gradient["x"]) == slope32
    assert float(float64.exact_gradient["x"]) == pytest.approx(slope64)
    assert float(float32.fd_gradient["x"]) == pytest.approx(slope32, rel=1e-8, abs=1e-8)
