"""tanh on mpmath numbers rounds the working way, so the rounding noise of a saturated tanh is seen.

mpmath's tanh gives exactly +-1 in every rounding mode once 1 - |tanh x| is below the precision's unit; the
directed runs that measure a high-precision run's rounding noise (`precision.with_noise`) then saw none in
1 + tanh(-80) at 60 digits, and the gradient rule of x (1 + tanh x), which lost that term (3.6e-70) there, was taken
as exact and called wrong (round 51c).
"""

import math

import mpmath
import pytest

import gradcli
from gradcli.checker.precision import with_noise


def _slope(x):
    """d/dx x (1 + tanh x) = 1 + tanh x + x sech^2 x, from exponentials (no tanh), at 200 digits."""
    with mpmath.workdps(200):
        x = mpmath.mpf(x)
        e = mpmath.exp(2 * x)
        return float(2 * e / (1 + e) + 4 * x * e / (1 + e) ** 2)


@pytest.mark.parametrize("x, verdict", [(-80.0, "unstable"), (-50.0, "unstable"), (-400.0, "ok"), (80.0, "ok")])
def test_a_saturated_tanh_in_a_rule_is_judged_by_its_digits(x, verdict):
    result = gradcli.check("x*(1 + tanh(x))", [{"x": x}], dtypes=["float64"]).results[0]
    assert result.status == verdict, [f.message for f in result.findings]
    assert not [f for f in result.findings if f.kind == "wrong-rule"]
    assert math.isclose(result.exact_gradient["x"], _slope(x), rel_tol=1e-12, abs_tol=1e-300)


def test_the_directed_runs_see_a_saturated_tanhs_rounding():
    from gradcli.autodiff import mp, ops

    mp.enable()  # every primitive takes mpmath numbers, as the exact reference runs them
    with mpmath.workdps(60):
        total, noise = with_noise(lambda: [1 + ops.tanh(mpmath.mpf(-80))])
    assert total == [0]
    assert noise[0] > 0  # 1 + tanh(-80) = 3.6e-70 is below 60 digits' unit of 1: a 0 only within the noise
