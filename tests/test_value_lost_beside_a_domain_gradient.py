"""A value the dtype loses is unstable, though the point's gradient is domain.

x (1 + (1/x)^2) at x = 1e-200 is 1e200 exactly enough for float64, but (1/x)^2 overflows and the program returns
inf; its slope, -1e400, is past float64's range (domain: the dtype's limit, said as such). The value is judged
where it is defined all the same, as a value computed wrong is: the point is unstable (value), its overflow named,
and the CI that runs the check fails. A domain point whose value is right stays domain.
"""

import math

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp


def wavefront_radius(z, zr):
    return z * (1 + (zr / z) ** 2)


def test_a_formulas_overflowed_value_beside_a_slope_past_float64_is_unstable():
    (result,) = gradcli.check("x*(1+(1/x)^2)", [dict(x=1e-200)], dtypes=["float64"]).results
    assert (result.status, result.value_status, result.gradient_status) == ("unstable", "unstable", "domain")
    assert result.value == math.inf and result.exact_value == pytest.approx(1e200, rel=1e-12)
    assert any(f.kind == "nonfinite" and f.op == "power" and "overflowed" in f.message for f in result.findings)
    assert any("beyond float64's range" in f.message for f in result.findings)


@pytest.mark.parametrize("dtype, z", [("float64", 1e-200), ("float32", 1e-20)])
def test_a_python_functions_overflowed_value_is_unstable_with_its_one_input_domain(dtype, z):
    (result,) = gradcli.check(wavefront_radius, [dict(z=z, zr=1.0)], dtypes=[dtype], wrt=["z"]).results
    assert result.status == "unstable" and result.gradient_status == "domain", (result.status, result.notes)
    assert math.isinf(result.value)


@pytest.mark.parametrize("formula, at", [("sqrt(x)", 0.0), ("abs(x)", 0.0), ("x*(1+(1/x)^2)", 1e-100)])
def test_a_domain_point_whose_value_is_right_stays_domain(formula, at):
    (result,) = gradcli.check(formula, [dict(x=at)], dtypes=["float64"]).results
    if formula.startswith("x*"):  # 1e-100: the value 1e100 and its slope -1e200 both fit float64
        assert result.status == "ok"
    else:
        assert (result.status, result.value_status) == ("domain", "ok")


def angle(x, y):
    return gnp.angle(x + 1j * y)


def test_a_value_at_a_jump_is_one_sides_by_convention_and_stays_domain():
    # arg on its cut: -pi at y = -0.0, +pi at the exact 0 the reference reads; no precision is lost
    (result,) = gradcli.check(angle, [dict(x=-1.0, y=-0.0)], dtypes=["float64"]).results
    assert result.status == "domain", (result.status, result.notes)
