"""A value that jumps whatever a stop_gradient holds has no derivative along the coordinate it jumps in:
``x * stop_gradient(floor(x)) + y**2`` at x = 2 is x floor(x) + y^2, 2 + y^2 from the left of x and 4 + y^2 at it,
so x's entry is no derivative; y's is 2y, the slope along y with the held floor(x) frozen at the point's. The
result says why by a flag of its own, not by its note's text."""

import math

import pytest

import gradcli
import gradcli.numpy as gnp


def held_floor_and_square(x, y):
    return x * gradcli.stop_gradient(gnp.floor(x)) + y ** 2


def test_the_entry_a_held_value_jumps_in_is_no_derivative_and_the_other_its_slope():
    (result,) = gradcli.check(held_floor_and_square, [{"x": 2.0, "y": 3.0}], dtypes=("float64",), fixes=False).results
    assert result.status == "domain", [f.message for f in result.findings]
    assert math.isnan(float(result.exact_gradient["x"])) and float(result.exact_gradient["y"]) == 6.0
    assert "jumps at this point along this coordinate, whatever a stop_gradient holds" in result.exact_gradient_why["x"]
    assert result.exact_gradient_why["y"] is None


def test_off_the_jump_each_entry_is_its_derivative():
    (result,) = gradcli.check(held_floor_and_square, [{"x": 2.5, "y": 3.0}], dtypes=("float64",), fixes=False).results
    assert result.status == "ok"
    assert [float(result.exact_gradient[n]) for n in ("x", "y")] == pytest.approx([2.0, 6.0], rel=1e-15)  # floor held; 2y
