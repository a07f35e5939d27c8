"""W's branch point -1/e, which a program reaches only in the limit, is read as the branch point at every
precision, with the noise its square root gives the argument's rounding (round 77c's F2).

x e^x at x = -1 is -1/e exactly, but rounds to either side of it at every precision, and W is NaN just past it: the
exact reference had no verdict ("did not settle ... cancels") where each branch of W(x e^x) has a kink, its sides
well conditioned. Read as -1 with no noise, the one-sided test's smallest steps (x e^x moves by h^2 / 2e, below the
precision's units) saw both sides flat, and called W_-1's kink a derivative 0.
"""

import math

import mpmath
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.scipy.special import lambertw


def principal_of_x_exp_x(x):
    return lambertw(x * gnp.exp(x)).real


def lower_of_x_exp_x(x):
    return lambertw(x * gnp.exp(x), -1).real


def final_size(r0):
    return 1.0 + lambertw(-r0 * gnp.exp(-r0)).real / r0


def _result(fun, point):
    [result] = gradcli.check(fun, [point], dtypes=["float64"], fixes=False).results
    return result


@pytest.mark.parametrize("fun, left, right", [(principal_of_x_exp_x, -1, 1), (lower_of_x_exp_x, 1, -1)])
def test_each_branch_has_its_kink_at_the_branch_point(fun, left, right):
    # W_0(x e^x) is x right of -1 and the other root left of it (and W_-1 the other way round): slopes +-1; float64's
    # -1 * exp(-1) is past -1/e, so W's NaN there loses the value -1: unstable beside the kink
    result = _result(fun, {"x": -1.0})
    assert (result.status, result.gradient_status) == ("unstable", "domain"), [f.message for f in result.findings]
    assert float(result.exact_value) == -1.0
    [kink] = [f for f in result.findings if f.kind == "kink"]
    assert f"is {left} from the left and {right} from the right" in kink.message


def test_a_point_just_off_the_branch_point_keeps_its_own_value_and_slope():
    r0 = 1.0 + 2.0**-52  # -r0 e^-r0 is 1.8e-33 inside -1/e: W is -1 + 4.4e-16 there, not the branch point's -1
    with mpmath.workdps(80):
        exact = 1 + mpmath.lambertw(-mpmath.mpf(r0) * mpmath.exp(-mpmath.mpf(r0))) / mpmath.mpf(r0)
        slope = mpmath.diff(lambda t: 1 + mpmath.lambertw(-t * mpmath.exp(-t)) / t, mpmath.mpf(r0))
    result = _result(final_size, {"r0": r0})
    assert float(result.exact_value) == pytest.approx(float(exact), rel=1e-10)
    assert float(result.exact_gradient["r0"]) == pytest.approx(float(slope), rel=1e-10)
    assert math.isclose(float(exact), 2.0**-51, rel_tol=1e-6)  # the truth itself: 2 (r0 - 1) to first order
