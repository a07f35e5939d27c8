"""A corner whose flat side's difference quotient shrinks slower than h^(1/2): still a kink, never the mean.

``where(x < 1, x - 1, cbrt(x - 1)**4)`` at 1 has slope 1 from the left and 0 from the right, where the right
quotient is h^(1/3): it shrinks with the step, yet slower than the square root of the step ratio. Its central
difference tends to 1/2, the mean of the slopes, which is no derivative: the check says ``domain`` with NaN. Each
side's slope below is its piece's closed form at 1 (d/dx |x - 1|^p is 0 there for every p > 1). A side that falls
only like 1/|log h| is no claim either way, and the reference says it has no answer rather than give the mean.
"""

import math

import pytest

import gradcli
import gradcli.numpy as np

from test_python_kinks import kinks, one


def cube_root_to_the_fourth(x):
    return np.where(x < 1.0, x - 1.0, np.cbrt(x - 1.0) ** 4)


def power_1_2(x):
    return np.where(x < 1.0, 3.0 * (x - 1.0), np.abs(x - 1.0) ** 1.2)


def power_1_15(x):
    return np.where(x < 1.0, 3.0 * (x - 1.0), np.abs(x - 1.0) ** 1.15)


def the_same_slope_on_both_sides(x):
    return np.where(x < 1.0, 3.0 * (x - 1.0), 3.0 * (x - 1.0) + np.abs(x - 1.0) ** 1.2)


def over_a_log(x):
    return np.where(x < 1.0, 2.0 * (x - 1.0), (x - 1.0) / np.abs(np.log(x - 1.0)))


@pytest.mark.parametrize("function, left", [(cube_root_to_the_fourth, 1.0), (power_1_2, 3.0), (power_1_15, 3.0)])
def test_a_flat_side_falling_as_a_small_power_of_the_step_is_a_corner(function, left):
    result = one(function, {"x": 1.0})
    assert result.status == "domain", result.findings
    assert math.isnan(result.exact_gradient["x"])
    assert kinks(result) == {"x": (left, 0.0)}


def test_a_formula_corner_with_a_cube_root_flat_side():
    (result,) = gradcli.check("where(x < 1, x - 1, cbrt(x - 1)**4)", [1.0], dtypes=("float64",)).results
    assert result.status == "domain" and math.isnan(result.exact_gradient["x"])
    assert kinks(result) == {"x": (1.0, 0.0)}


def test_a_small_power_beside_a_shared_slope_is_no_corner():
    result = one(the_same_slope_on_both_sides, {"x": 1.0})
    assert result.status == "ok" and result.exact_gradient["x"] == 3.0
    assert not kinks(result)


def test_a_side_falling_like_one_over_log_gives_no_mean():
    result = one(over_a_log, {"x": 1.0})
    assert result.exact_gradient["x"] is None or math.isnan(result.exact_gradient["x"]), result.exact_gradient
