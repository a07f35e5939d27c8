"""A value that jumps whatever a stop_gradient holds has no derivative in any entry, the ones along smooth coordinates
too: ``x * stop_gradient(floor(x)) + y**2`` at x = 2 is x floor(x) + y^2, 2 + y^2 from the left of x and 4 + y^2 at
it, so the function is not continuous there and has no gradient, though y^2 alone is smooth (its slope 2y beside the
point would move what the stop_gradient holds). The result says so by a flag of its own, not by its note's text."""

import math

import pytest

import gradcli
import gradcli.numpy as gnp


def held_floor_and_square(x, y):
    return x * gradcli.stop_gradient(gnp.floor(x)) + y ** 2


def test_every_entry_of_a_held_jump_is_no_derivative():
    (result,) = gradcli.check(held_floor_and_square, [{"x": 2.0, "y": 3.0}], dtypes=("float64",), fixes=False).results
    assert result.status == "domain", [f.message for f in result.findings]
    assert all(math.isnan(float(result.exact_gradient[name])) for name in ("x", "y")), result.exact_gradient
    assert "a slope along this coordinate would move what a stop_gradient holds" in result.exact_gradient_why["y"]


def test_off_the_jump_each_entry_is_its_derivative():
    (result,) = gradcli.check(held_floor_and_square, [{"x": 2.5, "y": 3.0}], dtypes=("float64",), fixes=False).results
    assert result.status == "ok"
    assert [float(result.exact_gradient[n]) for n in ("x", "y")] == pytest.approx([2.0, 6.0], rel=1e-15)  # floor held; 2y
