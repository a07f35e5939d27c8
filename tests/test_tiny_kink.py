"""A kink is a property of the point however small its gap beside the slope (rounds 75c's F1 and 69d's F1): the lasso's
lam |x| with lam = 1e-8 beside a slope of 0.6, x + 1e-9 |x| at 0, odeint's step-size rule tied at k = 1 (one-sided
slopes 1e-8 apart). Sides that agree to a millionth of themselves were taken for one slope and averaged; they are a
kink where they stand apart by far more than each side's two steps leave open, which a smooth function's curvature
never makes them."""

import pytest

import gradcli
import gradcli.numpy as gnp


def line_with_a_tiny_kink(x, c):
    return x + c * gnp.abs(x)


def steep(x):
    return gnp.exp(40.0 * x) + x ** 3


@pytest.mark.parametrize("c", [1e-9, 1e-13])
def test_a_kink_a_billionth_of_the_slope_is_a_kink(c):
    [result] = gradcli.check(line_with_a_tiny_kink, [{"x": 0.0, "c": c}], dtypes=["float64"], wrt=["x"],
                             fixes=False).results
    assert result.status == "domain", [f.message for f in result.findings]
    [kink] = [f for f in result.findings if f.kind == "kink"]
    assert "they differ by" in kink.message


@pytest.mark.parametrize("point", [{"x": 0.3}, {"x": -2.0}, {"x": 1e-8}])
def test_a_steep_smooth_function_has_no_kink(point):
    [result] = gradcli.check(steep, [point], dtypes=["float64"], fixes=False).results
    assert result.status == "ok", [f.message for f in result.findings]


def test_sides_apart_beyond_what_their_steps_leave_open():
    import mpmath

    from gradcli.checker.kinks import _apart_beyond_the_steps

    one = mpmath.mpf(1)
    assert _apart_beyond_the_steps(one, one + mpmath.mpf("1e-9"), [mpmath.mpf("1e-20")] * 2, mpmath.mpf(0))
    assert not _apart_beyond_the_steps(one, one + mpmath.mpf("1e-22"), [mpmath.mpf("1e-20")] * 2, mpmath.mpf(0))
    assert not _apart_beyond_the_steps(one, one + mpmath.mpf("1e-9"), [mpmath.mpf("1e-20")], mpmath.mpf(0))
