"""Formulas calling SciPy's complete elliptic integrals ellipk, ellipkm1 and ellipe (m the parameter k^2): their
values and slopes at a check, the derivative `gradcli diff` prints (itself a formula, checked at the points), and the
fix ellipkm1(u) for ellipk(1 - u), whose subtraction rounds a small u away. Truth: mpmath's ellipk and ellipe, slopes
by mpmath's numerical differentiation at 40 digits (at p = 1e-300, where a step would cross m = 1, Legendre's
relation on mpmath's K and E at 400 digits)."""

import math

import mpmath
import pytest
from click.testing import CliRunner

import gradcli
from gradcli.cli import cli


def _k_of_complement(p):
    return mpmath.ellipk(1 - p)


TRUTH = {"ellipk": mpmath.ellipk, "ellipkm1": _k_of_complement, "ellipe": mpmath.ellipe}
# a point at each function's special place: m = 0 (the slopes' 0/0), far left, and near m = 1
POINTS = {"ellipk": [0.0, 0.3, -50.0, 0.999999], "ellipkm1": [1.0, 0.25, 1e-12, 40.0],
          "ellipe": [0.0, -0.7, -1e10, 0.999999]}
CASES = [(name, x) for name, points in POINTS.items() for x in points]


def _true(name, x):
    with mpmath.workdps(40):
        return TRUTH[name](mpmath.mpf(x)), mpmath.diff(TRUTH[name], mpmath.mpf(x))


def _exact(text, x):
    (result,) = gradcli.check(text, [{"m": x}], dtypes=("float64",), fixes=False).results
    return result


@pytest.mark.parametrize(("name", "x"), CASES)
def test_the_value_and_slope_are_the_integrals_own(name, x):
    result = _exact(f"{name}(m)", x)
    value, slope = _true(name, x)
    assert result.status == "ok"
    assert math.isclose(float(result.exact_value), float(value), rel_tol=1e-14)
    assert math.isclose(float(result.exact_gradient["m"]), float(slope), rel_tol=1e-12)
    assert math.isclose(result.gradient["m"], float(slope), rel_tol=1e-10)


def test_k_of_a_complement_of_1e_300_keeps_it_whole():
    result = _exact("ellipkm1(m)", 1e-300)
    with mpmath.workdps(400):
        m = 1 - mpmath.mpf(1e-300)
        k, e = mpmath.ellipk(m), mpmath.ellipe(m)
        slope = -(e / (1 - m) - k) / (2 * m)  # d/dp K(1 - p) = -K'(m), Legendre: K' = (E/(1 - m) - K)/(2m)
    assert result.status == "ok"
    assert math.isclose(float(result.exact_value), float(k), rel_tol=1e-14)
    assert math.isclose(float(result.exact_gradient["m"]), float(slope), rel_tol=1e-12)


@pytest.mark.parametrize("name", sorted(POINTS))
def test_the_printed_derivative_is_the_slope_at_each_point(name):
    out = CliRunner().invoke(cli, ["diff", f"{name}(m)"])
    assert out.exit_code == 0, out.output
    (printed,) = [line.split("=", 1)[1].strip() for line in out.output.splitlines() if line.startswith("d/dm")]
    shown = gradcli.check(f"{name}(m)", [{"m": 0.5}], dtypes=("float64",), fixes=False).derivative["m"]  # a check's
    for derivative in (printed, shown):
        for x in POINTS[name]:
            truth = float(_true(name, x)[1])
            assert math.isclose(float(_exact(derivative, x).exact_value), truth, rel_tol=1e-12), (derivative, x)


def test_ellipk_of_one_minus_a_small_number_is_fixed_by_ellipkm1():
    report = gradcli.check("ellipk(1 - p)", [{"p": 1e-300}], dtypes=("float64",))
    (fix,) = [f for f in report.fixes if f.name == "ellipkm1"]
    assert fix.formula == "ellipkm1(p)"
    assert list(fix.before.values()) == ["unstable"] and list(fix.after.values()) == ["ok"]
