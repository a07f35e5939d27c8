"""The twenty-third round of user trials, third part (tests/trials/cases23c.py): naive formulas with a known stable
spelling in JAX, PyTorch, TensorFlow and plain NumPy (log(1 - exp(-x)), log(sigmoid), the log of a softmax, hypot,
(exp(x) - 1)/x, (1 - cos x)/x^2, log(cosh x), tanh by exponentials, atan(y/x), the log of a Gaussian cdf, a where
around a square root), each where it breaks, and custom rules wrong in new ways.

The whole set runs with ``python tests/trials/run.py lib23c``; here, a few cheap ones (NumPy alone) and the
catalogue rewrites the round added, on formulas. Known disagreements are strict xfails naming their finding.
"""

import os
import sys

import mpmath
import pytest

import gradcli

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases23c  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = [
    # finding L1: log(cosh(x)) past 710 had no fix; np.logaddexp's spelling of the catalogue's log cosh is re-checked ok
    "numpy_lib23c:log_cosh_loss@x=[800]:float64",
    # finding R1: (exp(x) - 1)/x was offered expm1(x)/x alone, whose slope still cancels; exprel's series is ok
    "numpy_lib23c:relative_growth@x=1e-12:float64",
    "numpy_lib23c:versine_ratio@x=1e-5:float64",
    # finding G1: the log of the normal CDF written by erf or erfc had no log_ndtr fix
    "numpy_lib23c:log_gauss_cdf_erf@x=[-40]:float64",
    "numpy_lib23c:log_gauss_cdf_erfc@x=[-40,1]:float64",
    # finding A1: atan(y/x) at a subnormal x (y/x = inf, its slope inf * 0) had no fix
    "numpy_lib23c:heading@x=1e-320,y=1:float64",
    # the log1mexp pattern in NumPy's spelling
    "numpy_lib23c:log_one_minus_exp@x=[1e-10]:float64",
]
KNOWN_WRONG = {}
# Each known-wrong case's words for its finding, seen at a ceiling of 120 digits (`known_wrong_problems`).
SYMPTOMS = {}


test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases23c, CHOSEN, KNOWN_WRONG, SYMPTOMS)


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
