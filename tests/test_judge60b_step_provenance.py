"""An unstable result made by a step function names the step that rounded differently, not the ops downstream of it.

NumPy's round(2.675, 2) scales to 267.5 and rounds up to 2.68, where the float 2.675 is 2.67499999... and its round
is 2.67: x * round(x, 2) is off in its value and its gradient by that jump alone. A floor whose input an op before it
rounded across a whole number (3 x at the float of 1/3 is 1.0, 1 - 2^-54 exactly) is named the same way, with the
rounding that carried it there."""

import gradcli
import gradcli.numpy as gnp


def rounded_to_cents(x):
    return x * gnp.round(x, 2)


def floored_thirds(x):
    return x * gnp.floor(x * 3) + x


def findings(function, x):
    (result,) = gradcli.check(function, [{"x": x}], dtypes=("float64",), fixes=False).results
    assert result.status == "unstable"
    return [f for f in result.findings if f.kind == "inaccurate"]


def test_the_step_that_rounded_to_the_other_side_is_named_and_no_rule_after_it():
    (step,) = findings(rounded_to_cents, 2.675)
    assert (step.op, step.phase, step.output) == ("round", "forward", "2.68")
    assert "round of those very numbers is 2.67" in step.message and "2.6749999999999998224" in step.message


def test_a_step_its_input_was_rounded_across_is_named_with_that_rounding():
    (step,) = findings(floored_thirds, 1 / 3)
    assert (step.op, step.output) == ("floor", "1.0")
    assert "the exact run's is 0.0" in step.message and "carried its input across a step" in step.message
