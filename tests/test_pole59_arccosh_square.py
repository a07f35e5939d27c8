"""The square of arccosh's cone is smooth: arccosh(1 + u)^2 = 2 u - u^2 / 3 + ... where u >= 0 all around the point,
so a proof keeps its slopes (2 u' at u = 0), where arccosh's own slope divides by sqrt(u) = 0.

Where u may fall below 0 beside the point (1 - x^2) the function is no number there, and nothing is proven.
"""

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.autodiff import arb as arb_core
from gradcli.checker import exact_python, python_zero
from gradcli.checker.targets import resolve


def _proven(function, point):
    arb_core.enable()
    run = resolve(function).mp_function
    return python_zero.proven(lambda *a: exact_python._traced(run, a), [np.array(point)])[1]


def _bumped(x):
    """arccosh(1 + u)^2 + x1 with u = x0^2 (1 + (2 - x1) x0) / (2 - x1) >= 0 near x0 = 0: no step is symmetric."""
    return gnp.arccosh(1 + x[0] ** 2 / (2 - x[1]) + x[0] ** 3) ** 2 + x[1]


def test_the_smooth_square_of_the_cone_has_its_exact_slopes():
    # before: error, "an exact entry is within 5.9e-2560 of 0 at 3840 digits but not proven 0"
    result = gradcli.check(_bumped, {"x": np.array([0.0, 0.5])}, dtypes=["float64"], fixes=False).results[0]
    assert result.status == "wrong", [f.message for f in result.findings]  # the rule's 0 * inf is NaN
    assert result.exact_gradient == {"x": [0.0, 1.0]}


@pytest.mark.parametrize("function, zeros", [
    (lambda x: gnp.arccosh(1 + x[0] ** 2 / (2 - x[1]) + x[0] ** 3) ** 4 + x[1], [True, False]),
    (lambda x: (lambda a: a * a)(gnp.arccosh(1 + x[0] ** 2 / (2 - x[1]) + x[0] ** 3)) + x[1], [True, False]),
    # 0 all along x0 = 0: both slopes 0
    (lambda x: gnp.square(gnp.arccosh(1 + x[0] ** 2 * gnp.exp(x[1]))) * gnp.cos(x[1]), [True, True]),
], ids=["fourth-power", "times-itself", "square-of-a-product"])
def test_every_even_power_of_the_cone_is_proven(function, zeros):
    assert _proven(function, [0.0, 0.5]) == zeros


@pytest.mark.parametrize("function", [
    lambda x: gnp.arccosh(1 - x[0] ** 2 + x[1] ** 3) ** 2,  # 1 - x0^2 < 1 beside x0 = 0: no number there
    lambda x: gnp.arccosh(1 + x[0] * x[1]) ** 2,  # x0 x1 < 0 on one side of each axis
    lambda x: gnp.arccosh(1 + x[0] ** 2 / (2 - x[1]) + x[0] ** 3),  # the cone itself: no slope
], ids=["below-1-around", "below-1-on-one-side", "the-cone"])
def test_no_slope_is_proven_where_the_argument_may_fall_below_1(function):
    assert _proven(function, [0.0, 0.0]) == [False, False]
