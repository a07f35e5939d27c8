"""At the pole of log(a / b), the input that does not move the pole keeps the slope beside it, however the quotient
is spelled and whatever --wrt picks.

log(x / y) at x = 0 is -inf all along y; beside it (x > 0) its slope in y is -1 / y, as log(x) - log(y) says. The
division's answer at its pole was an unknown with no quotient, so log(y / x) kept no slope in y (NaN), and a check
--wrt y held x as the constant 0, whose log(0 / y) is the log of an exact 0 (slope 0). The quotient now stays
beside its pole for the log that reads it, and --wrt proves the slopes beside a pole on the whole function. The
quotient is carried through the rational ops after the division (1 / x, then / y, * y or + y) while it is a pole
still. The verdict stays `domain`: the exact value itself is infinite. Expected slopes are the closed forms.
"""

from __future__ import annotations

import math
import textwrap

import pytest

import gradcli

pytest.importorskip("mpmath")

SOURCE = textwrap.dedent(
    """
    import gradcli.numpy as np


    def log_of_quotient(x, y):
        return np.log(x / y)


    def log_of_difference(x, y):
        return np.log(x) - np.log(y)


    def log_of_inverse_quotient(x, y):
        return np.log(y / x)


    def forcing(c, c0):
        return 5.35 * np.log(c / c0)


    def wind_profile(z, z0, ustar):
        return (ustar / 0.4) * np.log(z / z0)


    def removable(x, y):
        return np.log((x * y) / x)


    def inverse_then_divided(x, y):
        return np.log((1.0 / x) / y)


    def inverse_then_scaled(x, y):
        return np.log(y * (2.0 / x))


    def inverse_then_shifted(x, y):
        return np.log(y + 1.0 / x)


    def pole_at_one_then_divided(x, y):
        return 2.0 * (np.log(1.0 / (1.0 - x) / y) - x)


    def inverse_squared_then_scaled(x, y):
        return np.log((1.0 / x) ** 2 * y)


    def pole_cancelled_by_a_product(x, y):
        return np.log(x * (1.0 / x)) + y
    """
)


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    path = tmp_path_factory.mktemp("quotient_poles") / "poles.py"
    path.write_text(SOURCE)
    return path


def _exact(module, name, point, wrt=None):
    [result] = gradcli.check(f"{module}:{name}", [point], dtypes=("float64",), wrt=wrt).results
    assert result.status == "domain", (result.status, [f.message for f in result.findings])
    return {n: float(g) for n, g in result.exact_gradient.items()}


@pytest.mark.parametrize("wrt", [None, ("y",)])
@pytest.mark.parametrize("name, slope", [("log_of_quotient", -0.5), ("log_of_difference", -0.5),
                                         ("log_of_inverse_quotient", 0.5)])
def test_the_other_input_keeps_its_slope_beside_the_pole(module, name, slope, wrt):
    exact = _exact(module, name, {"x": 0.0, "y": 2.0}, wrt)
    assert exact["y"] == pytest.approx(slope, rel=1e-12)
    if wrt is None:
        assert math.isnan(exact["x"])  # the pole's own input has no derivative


@pytest.mark.parametrize("wrt", [None, ("c0",)])
def test_a_forcing_at_zero_concentration_keeps_the_references_slope(module, wrt):
    exact = _exact(module, "forcing", {"c": 0.0, "c0": 280.0}, wrt)
    assert exact["c0"] == pytest.approx(-5.35 / 280, rel=1e-12)


def test_a_wind_profile_at_zero_roughness_keeps_the_heights_slope(module):
    exact = _exact(module, "wind_profile", {"z": 10.0, "z0": 0.0, "ustar": 0.3})
    assert exact["z"] == pytest.approx(0.3 / (0.4 * 10.0), rel=1e-12)
    assert math.isnan(exact["z0"]) and math.isnan(exact["ustar"])  # ustar's slope is log(inf) / 0.4: infinite


@pytest.mark.parametrize("wrt", [None, ("y",)])
def test_the_slope_kept_beside_the_pole_is_shown_not_judged_whatever_wrt_picks(module, wrt):
    # the value is +inf: the point is domain, y's 1 / y reported; the rule's NaN for y (inf * 0) is not called wrong
    [result] = gradcli.check(f"{module}:log_of_inverse_quotient", [{"x": 0.0, "y": 2.0}], dtypes=("float64",),
                             wrt=wrt).results
    assert result.status == "domain" and result.gradient_status != "wrong", result.gradient_status
    assert not any(f.kind == "nonfinite-rule" for f in result.findings), [f.message for f in result.findings]


@pytest.mark.parametrize("wrt", [None, ("y",)])
def test_a_removable_quotient_has_no_pole_to_keep_slopes_beside(module, wrt):
    # x y / x at x = 0 is 0 / 0, no number, whatever y does: log of it keeps no slope in y (its reduced y is another
    # function), with every input checked or y alone
    [result] = gradcli.check(f"{module}:removable", [{"x": 0.0, "y": 2.0}], dtypes=("float64",), wrt=wrt).results
    assert result.status == "domain"
    assert math.isnan(float(result.exact_gradient["y"])), result.exact_gradient


@pytest.mark.parametrize("name, point, slope", [
    ("inverse_then_divided", {"x": 0.0, "y": 2.0}, -0.5),  # log(1 / (x y)): -1 / y
    ("inverse_then_scaled", {"x": 0.0, "y": 2.0}, 0.5),  # log(2 y / x): 1 / y
    ("inverse_then_shifted", {"x": 0.0, "y": 2.0}, 0.0),  # 1 / (1 / x + y) = x / (1 + x y): 0 at x = 0
    ("pole_at_one_then_divided", {"x": 1.0, "y": 2.0}, -1.0),  # 2 * -1 / y
    ("inverse_squared_then_scaled", {"x": 0.0, "y": 2.0}, 0.5),  # log(y / x^2): 1 / y, as np.square(1 / x) gives
])
def test_a_pole_made_before_the_other_input_enters_keeps_its_slope(module, name, point, slope):
    # the pole is 1 / x (or 1 / (1 - x)), made before y meets it: y never moves it, and keeps the slope beside it
    exact = _exact(module, name, point)
    assert exact["y"] == pytest.approx(slope, rel=1e-12, abs=1e-300)
    assert math.isnan(exact["x"])


def test_a_pole_a_product_cancels_is_no_pole_to_carry(module):
    # x (1 / x) at x = 0 is 0 * inf, no number; its quotient 1 is another function: x keeps no slope, y its 1 from
    # outside the log
    exact = _exact(module, "pole_cancelled_by_a_product", {"x": 0.0, "y": 2.0})
    assert math.isnan(exact["x"]) and exact["y"] == pytest.approx(1.0, rel=1e-12)
