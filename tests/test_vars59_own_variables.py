"""gradcli's own custom_gradient with variables=: each call of each rule judged alone, handed the upstream gradients
the backward pass gave it, so the finding names the rule and the call that are off (not the first rule the backward
ran); a Variable past 64 entries judged along random directions; a function that reads no Variable pays no search."""

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli import Variable, custom_gradient
from gradcli.checker import rule_blame

scale = Variable(2.0, name="scale")
weights = Variable(np.array([5.0, 10.0]), name="weights")
big = Variable(np.linspace(0.1, 1.0, 100), name="big")


@custom_gradient
def doubled_scale(x):
    """scale * x, whose rule returns twice the scale's gradient."""

    def grad(upstream, variables=None):
        return upstream * scale, [2.0 * upstream * x]

    return scale * x, grad


@custom_gradient
def sine_scale(x):
    """scale * sin(x), its rule right."""

    def grad(upstream, variables=None):
        return upstream * scale * gnp.cos(x), [upstream * gnp.sin(x)]

    return scale * gnp.sin(x), grad


@custom_gradient
def big_sine(x):
    """sum(big * sin(x)), whose rule returns twice big's gradient (``right``: once)."""

    def grad(upstream, variables=None):
        return upstream * gnp.sum(big * gnp.cos(x)), [factor[0] * upstream * gnp.sin(x) * gnp.ones_like(big)]

    return gnp.sum(big * gnp.sin(x)), grad


factor = [2.0]


@custom_gradient
def swapped_weights(x):
    """weights[1] * x + weights[0], its rule returning the weights' gradient as [x, 1] where [1, x]."""

    def grad(upstream, variables=None):
        return upstream * weights[1], [upstream * gnp.stack([x, gnp.ones_like(x)])]

    return weights[1] * x + weights[0], grad


def right_then_wrong(x):
    return sine_scale(x) + doubled_scale(x)


def wrong_then_right(x):
    return doubled_scale(x) + sine_scale(x)


def wrong_twice(x):
    return doubled_scale(x) + doubled_scale(x * x)


def wrong_in_a_loop(x):
    for _ in range(2):
        x = sine_scale(doubled_scale(x))
    return x


def big_sum(x):
    return big_sine(x)


def swapped_polynomial(x):
    return swapped_weights(x)


def swapped_vector(x):
    return gnp.stack([swapped_weights(x), x * x])


def no_variables(x):
    return gnp.sin(x) * x


def variable_read_plainly(x):
    return scale * gnp.sin(x)  # a Variable, but no rule of a call that reads it


def _result(function, x=0.7, **options):
    (result,) = gradcli.check(function, [{"x": x}], dtypes=("float64",), framework="gradcli", fixes=False,
                              **options).results
    return result


def _line(function):
    import inspect

    lines, first = inspect.getsourcelines(function)
    return first + next(k for k, line in enumerate(lines) if "def grad(" in line)


def _variables_findings(result):
    return [f for f in result.findings if f.kind == "wrong-rule" and "variables it reads" in f.message]


@pytest.mark.parametrize("function", [right_then_wrong, wrong_then_right])
def test_of_two_rules_the_wrong_one_is_named_whichever_the_backward_runs_first(function):
    result = _result(function)
    assert result.status == "wrong"
    (finding,) = _variables_findings(result)
    assert finding.location.endswith(f"test_vars59_own_variables.py:{_line(doubled_scale)}"), finding.location
    assert "for scale it returns 1.4, the exact derivative is 0.7" in finding.message


def test_a_rule_called_twice_is_judged_at_each_call_told_apart_by_its_inputs():
    (finding,) = _variables_findings(_result(wrong_twice))
    assert "at 2 of its 2 calls" in finding.message
    assert "at its call on 0.7, for scale it returns 1.4, the exact derivative is 0.7" in finding.message
    assert "at its call on 0.49, for scale it returns 0.98, the exact derivative is 0.49" in finding.message


def test_rules_in_a_loop_each_call_judged_and_only_the_wrong_rule_named():
    result = _result(wrong_in_a_loop)
    (finding,) = _variables_findings(result)
    assert finding.location.endswith(f":{_line(doubled_scale)}")
    assert "at 2 of its 2 calls" in finding.message
    assert scale.numpy() == 2.0  # the differences restore the Variable


def test_a_variable_past_64_entries_is_judged_along_random_directions():
    result = _result(big_sum)
    assert result.status == "wrong"
    (finding,) = _variables_findings(result)
    assert "for big, along 3 random directions (its 100 entries are judged by directions, not one by one)" in finding.message
    returned, exact = finding.message.split("it returns ")[1].split(", the exact derivative is ")
    returned = [float(v) for v in returned.strip("[]").split(", ")]
    exact = [float(v) for v in exact.split("]")[0].strip("[").split(", ")]
    assert np.allclose(returned, 2 * np.array(exact), rtol=1e-7)  # the rule doubles every direction's slope
    factor[0] = 1.0
    try:
        assert _result(big_sum).status == "ok"
    finally:
        factor[0] = 2.0
    assert np.allclose(big.numpy(), np.linspace(0.1, 1.0, 100))


def test_a_vector_outputs_rows_each_judge_the_variables():
    result = _result(swapped_polynomial, 100.0)
    assert result.status == "wrong"
    (finding,) = _variables_findings(result)
    assert "it returns [100.0, 1.0], the exact derivative is [1.0, 100.0]" in finding.message
    rows = _variables_findings(_result(swapped_vector, 100.0))
    assert len(rows) == 1 and rows[0].message.startswith("f[0]: ")  # row f[1] = x^2 reads no Variable


def test_digits_shown_tell_a_small_difference_apart():
    (finding,) = _variables_findings(_result(swapped_polynomial, 1.0 + 2.0**-26))
    returned, exact = finding.message.split("it returns ")[1].split(", the exact derivative is ")
    assert returned != exact.split(";")[0]  # 1.5e-8 apart: 8 digits show both as [1.0, 1.0], more are shown


def test_order_2_says_the_variables_second_derivatives_are_not_judged():
    result = _result(swapped_polynomial, 100.0, order=2)
    assert any("those in the Variables the function reads (weights) are not judged" in note for note in result.notes)
    assert _variables_findings(result)


def test_a_sweep_judges_the_variables_at_its_checked_points():
    report = gradcli.sweep(swapped_polynomial, {"x": (1.0, 100.0, 5)}, dtypes=("float64",), framework="gradcli",
                           fixes=False)
    statuses = [str(i.status) for i in report.dtypes["float64"].intervals]
    assert "wrong" in statuses


def test_a_function_reading_no_variable_is_not_searched(monkeypatch):
    searched = []
    original = rule_blame._own_rule_variables
    monkeypatch.setattr(rule_blame, "_own_rule_variables", lambda *a: searched.append(a[0]) or original(*a))
    assert _result(no_variables).status == "ok"
    assert searched == []  # Variables exist in this process, but this function reads none
    assert _result(variable_read_plainly).status == "ok"
    assert searched == []  # it reads one, but runs no variables= rule: nothing to judge
    assert _result(swapped_polynomial, 100.0).status == "wrong"
    assert searched  # one that reads one is searched


def test_the_variables_are_held_to_the_arguments_rule_tolerance():
    # [x, 1] where [1, x], 1.5e-11 apart: within float64's rule tolerance (its rtol, 1e-10), as the arguments' are
    assert _result(swapped_polynomial, 1.0 + 2.0**-36).status == "ok"
