"""A root of a computed exact 0 that one coordinate leaves at 0: that coordinate keeps its slope.

A ray from o = (ox, oy) along +x meets the unit circle at t = -b - sqrt(b^2 - c), b = ox, c = ox^2 + oy^2 - 1. At
grazing incidence, o = (-3, 1), the discriminant b^2 - c is 9 - 9 = 0, and it is 1 - oy^2 whatever ox is: the hit
moves with the origin, slope -1 in ox, while in oy the root's slope is infinite from below and above 1 the ray
misses (no derivative). Each difference step along ox rounds b * b and ox ** 2 each its own way, so the root reads
that rounding (a NaN below 0, a square root's worth of noise above) at every precision and the reference never
settled; the proof numbers, the inputs unknowns, see the discriminant stand still along ox and give its slope.
Every expected number is the closed form's, never gradcli's output.
"""

from __future__ import annotations

import math
import textwrap

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.autodiff import arb as arb_core
from gradcli.checker import python_zero

pytest.importorskip("flint")

SOURCE = textwrap.dedent(
    """
    import gradcli.numpy as np


    def grazing(x, y):
        c = x ** 2 + y ** 2 - 1
        return -x - np.sqrt(x * x - c)


    def grazing_quarter_power(x, y):
        c = x ** 2 + y ** 2 - 1
        return x ** 3 - (x * x - c) ** 0.25
    """
)


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    path = tmp_path_factory.mktemp("still_roots") / "still_roots.py"
    path.write_text(SOURCE)
    return path


@pytest.mark.parametrize("name, x_slope", [("grazing", -1.0), ("grazing_quarter_power", 3 * 9.0)])
def test_a_root_one_coordinate_leaves_at_zero_keeps_that_coordinates_slope(module, name, x_slope):
    [result] = gradcli.check(f"{module}:{name}", [{"x": -3.0, "y": 1.0}], dtypes=("float64",), fixes=False).results
    # no derivative in y; x's slope is a number, which the chain rule's inf * 0 at the zero radicand makes NaN at any
    # precision: `wrong` in x (as checking x alone says), y's edge said beside it
    assert result.status == "wrong", [f.message for f in result.findings]
    assert any("singular here in y" in f.message and "no derivative here" in f.message for f in result.findings)
    assert float(result.exact_gradient["x"]) == x_slope  # exact: the proof's quotient, 3 x^2 of an integer x
    assert not math.isfinite(float(result.exact_gradient["y"]))  # infinite from below, no value above


def _still(function, point):
    arb_core.enable()
    found = python_zero.still_root_slopes(function, [np.float64(v) for v in point])
    return None if found is None else {k: float(ball.mid()) for k, ball in found(128).items()}


@pytest.mark.parametrize(
    "function, point, expected",
    [
        (lambda x, y: -x - gnp.sqrt(x * x - (x**2 + y**2 - 1)), [-3.0, 1.0], {0: -1.0}),
        (lambda x, y: x + gnp.sqrt(1 - y * y), [2.0, 1.0], {0: 1.0}),
        # a radicand that is the zero function: a root of 0 everywhere, whose 0 slope the zero proofs settle
        (lambda x, y: x * gnp.sqrt(x * x - x**2) + y, [2.0, 1.0], None),
        (lambda x: gnp.sqrt(x * x - 9), [3.0], None),  # moved by its own coordinate: no slope to give
        (lambda x, y: gnp.sqrt(x) + y, [0.0, 1.0], None),  # an input's own 0 stands still with no rounding to read
        (lambda x, y: -x - gnp.sqrt(x * x - (x**2 + y**2 - 1)), [-3.0, 0.5], None),  # no root of 0 here
    ],
    ids=["grazing", "radicand_without_x", "zero_function", "moving_radicand", "input_radicand", "off_0"],
)
def test_still_root_slopes_are_given_only_where_a_computed_zero_stands_still(function, point, expected):
    assert _still(function, point) == expected
