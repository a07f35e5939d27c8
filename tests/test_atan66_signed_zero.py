"""arctan2 at y = -0.0, x < 0: IEEE's atan2(-0.0, x) is -pi, the limit from below the cut, and so is the float64
program's value. The exact reference, whose balls and mpmath numbers hold no signed zero, takes the value at a signed
zero input on the cut as the limit from that zero's side; the function still jumps there, so the slope in y is none.
Truth: math.atan2, IEEE's own, and the mathematics of the two sides."""

import math

import pytest

import gradcli
import gradcli.numpy as gnp

TARGETS = [lambda y, x: gnp.arctan2(y, x), "arctan2(y, x)"]


def _checked(target, y, x=-1.0):
    (result,) = gradcli.check(target, [{"y": y, "x": x}], dtypes=("float64",), fixes=False).results
    return result


@pytest.mark.parametrize("target", TARGETS, ids=["python", "formula"])
@pytest.mark.parametrize("y", [-0.0, 0.0], ids=["below", "above"])
def test_arctan2_on_its_cut_is_the_limit_from_the_zeros_side_exactly(target, y):
    result = _checked(target, y)
    assert result.value == math.atan2(y, -1.0)
    assert float(result.exact_value) == pytest.approx(math.atan2(y, -1.0), rel=1e-15)


@pytest.mark.parametrize("target", TARGETS, ids=["python", "formula"])
def test_below_the_cut_the_jump_stays_a_jump_with_no_slope_in_y_and_none_wrong(target):
    result = _checked(target, -0.0)
    assert result.status == "domain"
    assert math.isnan(result.exact_gradient["y"])
    assert result.exact_gradient["x"] == 0.0  # -y / (x^2 + y^2) at y = 0
    (jump,) = [f for f in result.findings if f.kind == "jump"]
    assert jump.output["at"] == pytest.approx(-math.pi) and jump.output["left"] == pytest.approx(-math.pi)
    assert jump.output["right"] == pytest.approx(math.pi)


def test_a_negated_zero_reaches_the_cut_from_the_other_side_as_in_ieee():
    for y in (-0.0, 0.0):
        result = _checked(lambda y, x: gnp.arctan2(-y, x), y)
        assert float(result.exact_value) == pytest.approx(math.atan2(-y, -1.0), rel=1e-15) == result.value
