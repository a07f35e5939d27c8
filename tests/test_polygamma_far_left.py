"""polygamma(n, x) for x < 0 by reflection from 1 - x, in floats, on mpmath numbers and on balls.

SciPy's and mpmath's polygamma step x up to the positive axis one unit at a time: a check of digamma (whose gradient
is polygamma(1, x)) or gammaln at x = -999999999999999.8 ran for more than eight minutes in SciPy's polygamma alone.
The reflection psi_n(x) = (-1)^(n+1) ((-1)^n pi d^n/dx^n cot(pi x) - psi_n(1 - x)) costs one polygamma at 1 - x.
"""

import mpmath
import numpy as np
import pytest

import gradcli

from gradcli.autodiff import arb, mp, ops_special
from gradcli.autodiff.tracer import primitive_of
from gradcli.scipy import special as gsp


@pytest.mark.parametrize("n", [0, 1, 2, 3, 4])
@pytest.mark.parametrize("x", ["-10.3", "-3.1", "-1000.75"])
def test_the_reflection_is_the_polygamma(n, x):
    with mpmath.workdps(40):
        x = mpmath.mpf(x)
        r = x - mpmath.nint(x)
        got = ops_special.polygamma_reflected(n, mpmath.cot(mpmath.pi * r), mpmath.pi, mpmath.polygamma(n, 1 - x))
        assert abs(got - mpmath.polygamma(n, x)) <= mpmath.mpf(10) ** -35 * abs(got)


def test_the_cot_derivatives():
    # cot' = -(1 + c^2), cot'' = 2 c (1 + c^2), in units of pi
    assert ops_special.cot_derivative(0) == [0, 1]
    assert ops_special.cot_derivative(1) == [-1, 0, -1]
    assert ops_special.cot_derivative(2) == [0, 2, 0, 2]


def test_floats_far_left_never_reach_scipys_slow_steps():
    mp.enable()
    asked = []

    def scipy_polygamma(n, x):
        asked.append(np.min(x))
        return primitive_of(gsp.polygamma).fun(n, np.maximum(x, 0.5))  # what SciPy answers right of the far left

    evaluate = ops_special._polygamma_by_scipy_or_reflection(scipy_polygamma)
    x = np.array([-999999999999999.75, -2.5e6 - 0.25, -3.0, 2.5])
    out = evaluate(np.array([1, 2, 1, 1]), x)
    assert min(asked) >= -1e6
    with mpmath.workdps(40):
        for got, n, at in zip(out[:2], (1, 2), x[:2]):
            truth = mp._polygamma(n, mpmath.mpf(at))
            assert abs(got - truth) <= 1e-13 * abs(truth)


def test_mpmath_numbers_take_the_reflection(monkeypatch):
    mp.enable()
    asked = []
    polygamma = mpmath.polygamma
    monkeypatch.setattr(mpmath, "polygamma", lambda n, x: asked.append(x) or polygamma(n, x))
    with mpmath.workdps(30):
        value = mp._polygamma(1, mpmath.mpf(-999999999999999.75))
        assert all(x > 0 for x in asked)
        assert abs(value - mpmath.mpf("19.7392088021787172")) < mpmath.mpf(10) ** -14


def test_balls_hold_the_reflection():
    arb.enable()
    ball = arb._polygamma(2, arb.ARB(-999999999999999.75))
    with mpmath.workdps(40):
        truth = mp._polygamma(2, mpmath.mpf(-999999999999999.75))
    assert ball.contains(arb.ARB(str(truth))) or abs(float(ball.mid()) - float(truth)) <= float(ball.rad()) + 1e-12
    with pytest.raises(arb.NoArb):
        arb._polygamma(1, arb.ARB(-3))  # a pole: the mpmath path answers


def test_a_check_of_digamma_far_left_is_judged():
    def digamma(x):
        return gsp.digamma(x)

    (result,) = gradcli.check(digamma, [{"x": -999999999999999.8}], dtypes=["float64"], fixes=False).results
    assert result.status == "ok", [f.message for f in result.findings]
    assert float(result.exact_gradient["x"]) == pytest.approx(19.7392088021787172, rel=1e-13)

