"""What the twenty-third round (c) of user trials found (tests/test_user_trials23c.py, tests/trials/cases23c.py), for
the whole class of each finding, on formulas: tanh written by exponentials (T1), log(cosh(u)) at both ends (L1),
removable singularities offered their series near 0 (R1) and arctan of a ratio offered arctan2 (A1).

The round's whole programs re-run in the long mode (`make trials`); these tests run in every run.
"""

import mpmath
import pytest

import gradcli


def _fix(formula, points, name):
    (fix,) = [f for f in gradcli.check(formula, points).fixes if f.name == name]
    return fix


@pytest.mark.parametrize("formula, half_difference", [
    ("(exp(x) - exp(-x))/(exp(x) + exp(-x))", lambda x: x),
    ("(exp(2*x) - 1)/(exp(2*x) + 1)", lambda x: x),
    ("(1 - exp(-3*x))/(1 + exp(-3*x))", lambda x: 3 * x / 2),
])
def test_tanh_written_by_exponentials_is_offered_tanh_and_it_is_rechecked_ok(formula, half_difference):
    """T1's class: (e^a - e^b)/(e^a + e^b) is tanh((a - b)/2), with no e^a to make inf/inf."""
    fix = _fix(formula, [-400.0, 400.0], "tanh")
    assert not fix.partial and all(str(v) == "ok" for v in fix.after.values())
    assert fix.formula.startswith("tanh(")
    value = gradcli.check(fix.formula, [0.3], dtypes=("float64",), fixes=False).results[0].value
    assert abs(value - mpmath.tanh(half_difference(mpmath.mpf(0.3)))) < 1e-15


def test_log_cosh_is_offered_a_form_right_at_both_ends():
    """L1's class: log(cosh(u)) past cosh's overflow and near 0, where u + softplus(-2u) - log 2 loses the slope."""
    points = [-800.0, 1e-300, 0.5]
    fix = _fix("log(cosh(x))", points, "log cosh")
    assert not fix.partial and all(str(v) == "ok" for v in fix.after.values())
    report = gradcli.check(fix.formula, points, fixes=False)
    for result in report.results:
        x = mpmath.mpf(result.point["x"])
        with mpmath.workdps(40):
            assert abs(result.gradient["x"] - mpmath.tanh(x)) <= 1e-6 * abs(mpmath.tanh(x)) + 1e-300


@pytest.mark.parametrize("formula, name, series_limit", [
    ("(exp(x) - 1)/x", "exprel", 0.1), ("expm1(x)/x", "exprel", 0.1), ("(1 - cos(x))/x**2", "versine ratio", 0.1),
])
def test_a_removable_singularity_is_offered_its_series_near_zero(formula, name, series_limit):
    """R1's class: a quotient whose value the catalogue mends (expm1, the half angle) but whose slope still cancels
    near 0 is offered its Taylor series there, re-checked ok on both sides of where the series stops."""
    points = [1e-12, 0.0011, series_limit * 0.99, series_limit * 1.01, -3.0]  # 0.0011: float32 cancels there
    fix = _fix(formula, points, name)
    assert not fix.partial and all(str(v) == "ok" for v in fix.after.values())


def test_arctan_of_a_ratio_is_offered_arctan2_of_the_same_function():
    """A1's class: arctan(a/b) -> where(b < 0, arctan2(-a, -b), arctan2(a, b)), the same value in every quadrant (a
    bare arctan2(a, b) is off by pi where b < 0), its slope kept where a/b overflows."""
    points = [{"x": 1e-320, "y": 1.0}, {"x": -1e-300, "y": 3.0}]
    fix = _fix("atan(y/x)", points, "arctan2")
    assert not fix.partial and str(fix.after["y=1,x=9.99989e-321 float64"]) == "ok"
    for x, y in [(-2.0, 1.0), (-0.5, -0.25), (3.0, -4.0)]:
        value = gradcli.check(fix.formula, [{"x": x, "y": y}], dtypes=("float64",), fixes=False).results[0].value
        assert abs(value - mpmath.atan(mpmath.mpf(y) / x)) < 1e-15
