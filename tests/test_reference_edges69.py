"""Slopes at points where a rule's own factors have a pole or leave the float range while the slope does not.

1/Gamma is entire, but its rule -rgamma(x) digamma(x) is 0 times digamma's pole at x = -n: the slope there is
(-1)^n n!, taken from the reflection formula 1/Gamma(x) = sin(pi x) Gamma(1 - x) / pi (in the float rule, on
mpmath numbers and on balls), and differentiated again -2 (-1)^n n! digamma(n + 1). Truths: mpmath's rgamma
differentiated at 40 digits, independently of the rule.
"""

import math

import mpmath
import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
import gradcli.scipy.special as sps
from gradcli.autodiff import grad

POLES = [0.0, -1.0, -2.0, -3.0, -7.0, -20.0]


def rgamma_derivative(x, order):
    with mpmath.workdps(40):
        return mpmath.diff(mpmath.rgamma, mpmath.mpf(x), order)


def test_the_reciprocal_gamma_slope_at_each_pole_is_its_factorial():
    got = grad(lambda v: gnp.sum(sps.rgamma(v)))(np.array(POLES))
    for x, g in zip(POLES, got):
        want = (-1) ** int(-x) * math.factorial(int(-x))
        assert abs(float(g) - want) <= 4e-16 * abs(want), (x, g, want)


@pytest.mark.parametrize("x", POLES[:5] + [-2.5, 1e-310, 0.3, 4.0])
def test_the_reciprocal_gamma_second_slope_holds_at_and_beside_the_poles(x):
    got = grad(grad(lambda v: sps.rgamma(v)))(x)
    want = rgamma_derivative(x, 2)
    # 1e-13 of the larger of the value and 1: near 0.3 the second slope rgamma (psi^2 - psi') cancels to 0.0075
    assert abs(float(got) - want) <= 1e-13 * max(abs(want), 1), (x, got, want)


def test_the_reciprocal_gamma_slope_on_balls_has_no_pole():
    """Forward mode on balls (the exact reference's jets) by the reflection formula left of 1/2: exact at a pole,
    and a ball holding a pole encloses the slope across it."""
    import flint
    from gradcli.autodiff.ops_scipy import _JET_SLOPES  # the slope the jets' forward mode takes on balls

    for x in (-3, 0, -2.5, -40):
        ball = flint.arb(x)
        got = _JET_SLOPES["rgamma"](ball.rgamma(), ball)
        want = flint.arb(mpmath.nstr(rgamma_derivative(x, 1), 35))
        assert got.overlaps(want) and got.rad() < 1e-12 * abs(want.mid()), (x, got, want)
    around = flint.arb(-3, 1e-10)
    assert _JET_SLOPES["rgamma"](around.rgamma(), around).contains(-6)


def test_the_checker_judges_the_reciprocal_gamma_at_its_poles_ok(tmp_path):
    (tmp_path / "poles.py").write_text("import gradcli.numpy as gnp\nimport gradcli.scipy.special as sps\n\n\n"
                                       "def f(x):\n    return gnp.sum(sps.rgamma(x))\n")
    points = np.array([-3.0, -2.0, 0.0, -7.0])
    (result,) = gradcli.check(f"{tmp_path / 'poles.py'}:f", [{"x": points}], dtypes=("float64",)).results
    assert result.status == "ok", [f.message for f in result.findings]
    for x, exact in zip(points, result.exact_gradient["x"]):
        assert float(exact) == (-1) ** int(-x) * math.factorial(int(-x))
