"""A program off a gradient entry that balls prove below every float, but cannot settle, is judged against it.

A Gaussian log-density with covariance s^2 [[2, 1], [1, 2]] at x = s (1, 2): its slope in s, x^T C^-1 x / s^3 - 2/s,
is exactly 0 (x^T [[2, 1], [1, 2]]^-1 x = 2), and so is its slope in x[0] ((C^-1 x)_0 = 0). The solve on balls
leaves each a ball around 0 whose width no precision gradcli climbs to proves 0: below 2^-32000, below every float.
float64 computes the slope in s as 2e100 - 2e100 at s = 1e-100 and keeps 8.5e83 of its rounding. Whatever number
below 2^-32000 the slope is, float64's 8.5e83 is that far off it, so the point is judged as against the 0 every float
rounds it to: `unstable` (gradcli's rule on balls is within the bound too), `wrong` for a rule that is off by
itself (a custom gradient adding 1 to the slope in s), and the slope is said as its bound, never as a number.
At s = 1, where float64 gives both slopes as 0, the point is `ok` as before. Truth: the identities above.
"""

import pytest

import gradcli
import gradcli.numpy as gnp

SHAPE = gnp.array([[2.0, 1.0], [1.0, 2.0]])


def log_density(x, s):
    cov = s ** 2 * SHAPE
    _, logdet = gnp.linalg.slogdet(cov)
    return -0.5 * x @ gnp.linalg.solve(cov, x) - 0.5 * logdet - gnp.log(2 * gnp.pi)


@gradcli.custom_gradient
def _log_density_rule_off(x, s):
    value = log_density(x, s)

    def grad(g):
        cov = s ** 2 * SHAPE
        w = gnp.linalg.solve(cov, x)
        return g * -w, g * ((x @ w) / s - 2 / s + 1.0)  # the + 1.0: the slip

    return value, grad


def log_density_rule_off(x, s):
    return _log_density_rule_off(x, s)


def _check(function, s):
    [result] = gradcli.check(function, [{"x": [s, 2 * s], "s": s}], dtypes=("float64",)).results
    return result


def test_a_program_off_a_bound_below_every_float_is_unstable_and_the_slope_is_said_as_the_bound():
    result = _check(log_density, 1e-100)
    assert result.status == "unstable", result.findings
    assert result.gradient_status == "unstable"
    assert result.exact_gradient["s"] is None  # no number stands for it: only the bound is proven
    bound = result.exact_gradient_text["s"]
    assert bound.startswith("below 2^-") and int(bound.split("^")[1].split()[0]) < -1075
    assert result.exact_gradient_text["x"][0] == bound
    assert result.exact_gradient_text["x"][1].startswith("-9.99999999")  # -(C^-1 x)_1 = -1/s = -1e100, settled
    assert any(f"is {bound}, proven on balls" in note and "judged against" in note for note in result.notes)


def test_a_rule_off_by_itself_beside_such_a_bound_is_wrong():
    result = _check(log_density_rule_off, 1e-100)
    assert result.status == "wrong", result.findings
    [finding] = [f for f in result.findings if f.kind == "wrong-rule"]
    bound = result.exact_gradient_text["s"]
    # the exact derivative as the bound, never as a 0: "an exact gradient is 0 only where it is proven 0"
    assert f"the exact derivative is {{x: [{bound}, -1e+100], s: {bound}}}" in finding.message


def test_a_program_that_rounds_to_the_bound_stays_ok():
    result = _check(log_density, 1.0)
    assert result.status == "ok", result.findings
    assert result.exact_gradient["s"] is None and result.exact_gradient_text["s"].startswith("below 2^-")


@pytest.mark.parametrize("log2, dtype, judged", [(-1100, "float64", True), (-1074, "float64", False),
                                                 (-200, "float32", True), (-140, "float32", False)])
def test_only_a_bound_below_the_dtypes_least_float_judges_a_program_off_it(log2, dtype, judged):
    import mpmath
    import numpy as np

    from gradcli.checker import judge
    from gradcli.checker.precision import Bounded, Exact
    from gradcli.checker.provenance import Recording
    from gradcli.checker.results import PointResult
    from gradcli.checker.targets import Target

    target = Target("f", "function", ("x", "y"), lambda x, y: x, lambda x, y: x)
    exact = Exact(determined=False, unsettled=True, why="on balls, the exact gradient is within a bound of 0",
                  bounded=Bounded(log2, mpmath.mpf(2), [None, mpmath.mpf(1)], [mpmath.mpf(0), mpmath.mpf(1)]))
    result = PointResult(point={"x": 0.0, "y": 1.0}, dtype=dtype)
    result.rtol, result.atol = 1e-10 if dtype == "float64" else 1e-4, 0.0
    found = judge._judged_against_the_bound(result, target, 2.0, {"x": 1e-3, "y": 1.0}, exact, ["x", "y"],
                                            np.dtype(dtype), result.rtol, Recording(), False, None, None)
    assert (found is not None) == judged
    if judged:
        assert any(j.gradient == "unstable" for j in found)
        assert result.exact_gradient_text["x"] == f"below 2^{log2} in magnitude"
