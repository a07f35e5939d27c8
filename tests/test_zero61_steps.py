"""A step function of an argument that is exactly a whole number by algebra (floor(sin(x)^2 + cos(x)^2) is floor(1)):
no ball at any precision parts the argument from the step, so the reference takes the proof's own exact numbers,
the step its constant's, slope 0 along a seed that leaves the argument still (issue 27: such a check found no
exact reference at all)."""

import math

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp


def _checked(target, at):
    (result,) = gradcli.check(target, [{"x": at}], dtypes=["float64"], fixes=False).results
    return result


@pytest.mark.parametrize("target", ["floor(sin(x)**2 + cos(x)**2)*x",
                                    lambda x: gnp.ceil(gnp.sin(x) ** 2 + gnp.cos(x) ** 2) * x])
def test_a_step_of_a_whole_number_by_algebra_is_that_number(target):
    result = _checked(target, 0.3)
    assert result.status == "ok", [f.message for f in result.findings]
    assert result.exact_value == 0.3 and result.exact_gradient["x"] == 1
    # gradcli's rule at high precision is floor(1) too, from the proof, not a climb through its rounding's noise
    assert result.rule_gradient["x"] == 1 and not any("rounding" in note for note in result.notes)


def _through_held_steps(function, at):
    from gradcli.autodiff import arb
    from gradcli.checker import exact_python, python_zero

    arb.enable()
    run = lambda *a: exact_python._traced(function, a)  # noqa: E731 - the program's own numbers, as a check runs it
    found = python_zero.through_held_steps(run, [np.asarray(at, dtype=np.float64)], 128)
    return None if found is None else [float(ball.mid()) for ball in found]


@pytest.mark.parametrize(("function", "value", "slopes"), [
    (lambda x: gnp.floor(gnp.sin(x) ** 2 + gnp.cos(x) ** 2) * x, 0.3, [1.0]),
    (lambda x: gnp.rint(gnp.sin(x) ** 2 + gnp.cos(x) ** 2 + 1.5) * x * x, 0.18, [1.2]),  # rint(2.5): 2, a half to even
    (lambda x: gnp.trunc(-gnp.sin(x) ** 2 - gnp.cos(x) ** 2) + gnp.exp(x), -1 + math.exp(0.3), [math.exp(0.3)]),
    (lambda x: gnp.sum(gnp.floor(gnp.sin(x) ** 2 + gnp.cos(x) ** 2) * x * x), 1.09, [0.6, 2.0]),
])
def test_the_proof_gives_every_entry_through_the_step(function, value, slopes):
    at = 0.3 if len(slopes) == 1 else [0.3, 1.0]
    found = _through_held_steps(function, at)
    assert found is not None
    assert found[0] == pytest.approx(value, rel=1e-15) and found[1:] == pytest.approx(slopes, rel=1e-15)


def test_a_step_the_balls_decide_is_left_to_them():
    """floor(x) at 2.5 and floor of a constant inside its step: no argument held at a step, nothing from the proof."""
    assert _through_held_steps(lambda x: gnp.floor(x) * x, 2.5) is None
    assert _through_held_steps(lambda x: gnp.floor(gnp.sin(x) ** 2 + gnp.cos(x) ** 2 + 0.5) * x, 0.3) is None
