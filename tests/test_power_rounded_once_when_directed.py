"""A square computed by power rounds once in the exact reference's directed runs, as multiply's does.

The rounding noise of the mpmath reference comes from runs with every op rounding down or up (`precision.with_noise`),
and the answers of ops made of several mpmath steps are moved outward a few units in the last place so that they land
on the asked side. power was moved so too; but x ** 2 is one correctly rounded product in mpmath, and moving it pushed
sin(radians(90 + h)) ** 2, just below 1, above 1: arcsin of it NaN in one directed run at every precision, infinite
noise, and the kink of arcsin(sin(radians(x)) ** 2) at x = 90 was never seen (no verdict), where x = -90, np.square
and sin * sin all have it: slopes -+ sqrt(2) pi / 180.
"""

import math
import textwrap

import mpmath
import pytest

import gradcli
from gradcli.autodiff import mp as mp_core
from gradcli.autodiff import ops
from gradcli.autodiff.tracer import primitive_of

SOURCE = textwrap.dedent(
    """
    import gradcli.numpy as np


    def squared_sine_angle(x):
        return np.arcsin(np.sin(np.radians(x)) ** 2)
    """
)


@pytest.mark.parametrize("mode", ["f", "c"])
def test_a_square_just_below_one_stays_below_it_in_either_direction(mode):
    mp_core.enable()
    power = primitive_of(ops.power).mp
    with mpmath.workdps(120):
        x = 1 - mpmath.mpf("8.713e-121")  # a sine beside its maximum, carrying its rounding
        saved = mpmath.mp._prec_rounding[1]
        mpmath.mp._prec_rounding[1] = mode
        try:
            square = power(x, 2)
        finally:
            mpmath.mp._prec_rounding[1] = saved
        assert square < 1
        assert abs(square - x * x) <= mpmath.eps * 2  # one rounding of the exact product


@pytest.mark.parametrize("point", [90.0, -90.0])
def test_the_kink_at_a_squared_sine_of_one_is_found(tmp_path, point):
    path = tmp_path / "angles.py"
    path.write_text(SOURCE)
    [result] = gradcli.check(f"{path}:squared_sine_angle", [{"x": point}], dtypes=["float64"], fixes=False).results
    assert result.status == "domain", [f.message for f in result.findings]
    (kink,) = [f for f in result.findings if f.kind == "kink"]
    slope = math.sqrt(2) * math.pi / 180  # arcsin(1 - u^2) = pi/2 - sqrt(2) |u| + ..., u the angle off pi/2
    assert f"{slope:.6g}" in kink.message, kink.message
