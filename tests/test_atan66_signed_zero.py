"""arctan2 at y = -0.0, x < 0: IEEE's atan2(-0.0, x) is -pi, the limit from below the cut, and so is the float64
program's value; the exact reference, whose balls and mpmath numbers hold no signed zero, takes y as 0 and says +pi.
Truth: math.atan2, IEEE's own."""

import math

import pytest

import gradcli
import gradcli.numpy as gnp


@pytest.mark.xfail(strict=True, reason=(
    "the exact reference reads the input -0.0 as 0 (a ball or an mpmath number has no signed zero), so its value at "
    "y = -0.0, x = -1 is +pi where IEEE's atan2 and the program give -pi, and the jump finding calls +pi the value at "
    "the point"))
@pytest.mark.parametrize("target", [lambda y, x: gnp.arctan2(y, x), "arctan2(y, x)"], ids=["python", "formula"])
def test_arctan2_below_its_cut_is_minus_pi_exactly(target):
    (result,) = gradcli.check(target, [{"y": -0.0, "x": -1.0}], dtypes=("float64",), fixes=False).results
    assert result.value == math.atan2(-0.0, -1.0) == -math.pi
    assert float(result.exact_value) == pytest.approx(-math.pi, rel=1e-15)
