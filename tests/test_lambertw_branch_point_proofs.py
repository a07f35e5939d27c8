"""W at its branch point on proof numbers: an argument whose exact quotient is -1/e is -1, the slopes along inputs
that leave it still 0 (rounds 77c's F2 and 83c's F1).

-r0 e^-r0 at r0 = 1, and -e^(-1 - K t) at t = 0 for every K, are -1/e exactly, which no ball settles W at (every
ball around -1/e holds numbers outside the real domain), so the 0s beside it (the final size's value, K's slope)
were never proven and the reference climbed to 4000 digits without a verdict. The proof reads W there as -1, and
exp of a quotient that reduces to a constant (-(c a + d) / (c a + d) = -1) as exp of that constant.
"""

import math

import gradcli
import gradcli.numpy as gnp
from gradcli.scipy.special import lambertw


def final_size(r0):
    return 1.0 + lambertw(-r0 * gnp.exp(-r0)).real / r0


def principal_at_rate_zero(K, t):
    return lambertw(-gnp.exp(-1.0 - K * t)).real


def green_ampt(K, psi, dtheta, t):
    a = psi * dtheta
    return a * (-lambertw(-gnp.exp(-1.0 - K * t / a), -1).real - 1.0)


def _result(fun, point):
    [result] = gradcli.check(fun, [point], dtypes=["float64"], fixes=False).results
    return result


def test_the_final_size_at_the_threshold_is_a_kink_with_value_0():
    # float64's -exp(-1) is past -1/e, so W's NaN loses the value 0 there: unstable, beside the kink
    result = _result(final_size, {"r0": 1.0})
    assert result.status == "unstable" and result.gradient_status == "domain", (
        result.status, [f.message for f in result.findings])
    assert any(f.kind == "kink" for f in result.findings)
    assert float(result.exact_value) == 0.0
    assert math.isnan(float(result.exact_gradient["r0"]))


def test_an_input_that_leaves_the_branch_point_still_has_slope_0():
    result = _result(principal_at_rate_zero, {"K": 1.0, "t": 0.0})
    assert float(result.exact_gradient["K"]) == 0.0, (result.status, [f.message for f in result.findings])
    assert math.isnan(float(result.exact_gradient["t"]))
    assert result.status != "error"


def test_a_reduced_quotient_meets_the_branch_point():
    result = _result(green_ampt, {"K": 1.0, "psi": 11.0, "dtheta": 0.3, "t": 0.0})
    for name in ("K", "psi", "dtheta"):
        assert float(result.exact_gradient[name]) == 0.0, (name, result.exact_gradient, result.notes)
    assert math.isnan(float(result.exact_gradient["t"]))
