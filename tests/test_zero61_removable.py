"""A removable 0/0 at the point (log1p(x)/x, x/expm1(x), sin(x)/x at 0) is no number in any dtype: the exact value
is NaN, the entries its broken term moves have no finite derivative (domain, never a correct rule called wrong), and
every other input keeps the slope the function has beside the line of 0/0, as at a pole (issue 27, findings F1 and
F2 of trials25c)."""

import math

import mpmath
import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp

# each removable quotient as a formula and as a Python function on gradcli.numpy, with its exact slope at x
QUOTIENTS = {
    "log1p(x)/x": (lambda x: gnp.log1p(x) / x, lambda x: (x / (1 + x) - mpmath.log1p(x)) / x**2),
    "x/log1p(x)": (lambda x: x / gnp.log1p(x), lambda x: (mpmath.log1p(x) - x / (1 + x)) / mpmath.log1p(x)**2),
    "expm1(x)/x": (lambda x: gnp.expm1(x) / x, lambda x: (x * mpmath.exp(x) - mpmath.expm1(x)) / x**2),
    "x/expm1(x)": (lambda x: x / gnp.expm1(x), lambda x: (mpmath.expm1(x) - x * mpmath.exp(x)) / mpmath.expm1(x)**2),
    "(exp(x)-1)/x": (lambda x: (gnp.exp(x) - 1) / x, lambda x: (x * mpmath.exp(x) - mpmath.expm1(x)) / x**2),
    "log(1+x)/x": (lambda x: gnp.log(1 + x) / x, lambda x: (x / (1 + x) - mpmath.log1p(x)) / x**2),
    "sin(x)/x": (lambda x: gnp.sin(x) / x, lambda x: (x * mpmath.cos(x) - mpmath.sin(x)) / x**2),
}


def _checked(target, at):
    (result,) = gradcli.check(target, [at], dtypes=["float64"], fixes=False).results
    return result


def _no_derivative(result, name="x"):
    assert result.status == "domain" and result.gradient_status == "domain", [f.message for f in result.findings]
    assert math.isnan(result.exact_value)
    assert not any(f.phase == "backward" and "rule is wrong" in f.message for f in result.findings)


@pytest.mark.parametrize("text", QUOTIENTS)
def test_a_removable_zero_over_zero_has_no_finite_derivative(text):
    function, _ = QUOTIENTS[text]
    for target in (text, function):
        result = _checked(target, {"x": 0.0})
        _no_derivative(result)
        assert math.isnan(result.exact_gradient["x"])


@pytest.mark.parametrize("text", ["log1p(x)/x", "x/expm1(x)", "(exp(x)-1)/x", "sin(x)/x"])
def test_beside_the_line_of_zero_over_zero_the_other_entries_keep_their_slope(text):
    """On a vector, the entry at 0 has none; the entry at 1 has the slope of its own term there, as beside a pole."""
    function, slope = QUOTIENTS[text]
    for target in (text, lambda x: gnp.sum(function(x))):  # a formula at an array point is summed over it
        result = _checked(target, {"x": np.array([0.0, 1.0])})
        _no_derivative(result)
        at_zero, at_one = result.exact_gradient["x"]
        assert math.isnan(at_zero)
        assert at_one == pytest.approx(float(slope(mpmath.mpf(1))), rel=1e-12)


def test_a_formula_keeps_the_slope_of_an_input_the_broken_term_leaves_alone():
    result = _checked("log1p(x)/x + y**2", {"x": 0.0, "y": 2.0})
    _no_derivative(result)
    assert math.isnan(result.exact_gradient["x"]) and result.exact_gradient["y"] == 4.0


@pytest.mark.parametrize("target", ["expm1(x)/cbrt(x)**3", lambda x: gnp.log1p(x) / gnp.cbrt(x)**3])
def test_a_zero_over_zero_the_proof_cannot_follow_has_no_finite_derivative_either(target):
    """cbrt(x)**3 is no polynomial of x to the proof, which meets no pole: the value's NaN alone says there is none."""
    result = _checked(target, {"x": 0.0})
    _no_derivative(result)
    assert math.isnan(result.exact_gradient["x"])
