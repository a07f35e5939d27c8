"""SciPy's voigt_profile at sigma = 0 is the Cauchy density, and its slope in sigma there is 0 where x^2 > gamma^2.

V(x, s, g) = Re w(z) / (s sqrt(2 pi)), z = (x + i g) / (s sqrt 2). For s < 0 (z in the lower half-plane) the
reference computed w by e^(-z^2) erfc(-iz), two numbers of sizes e^(+-|z|^2) whose errors swamp their product: the
kink test's steps to the left never settled ("did not settle below 4000 digits", no verdict). It now takes
w(z) = 2 e^(-z^2) - w(-z), with w(-z) by the far expansion, which SciPy's own values for s < 0 follow. There SciPy's
formula adds 2 Re e^(-z^2) / (s sqrt(2 pi)) to the Cauchy density, flat to every order at s = 0 where x^2 > gamma^2
(its slope 0, which a proof takes: `arb_proof.FLAT_AT_ZERO`) and blowing up where x^2 < gamma^2 (singular from the
left: domain, its quotients said as powers of 10).
"""

from __future__ import annotations

import textwrap

import pytest

import gradcli

mpmath = pytest.importorskip("mpmath")
special = pytest.importorskip("scipy.special")

SOURCE = textwrap.dedent(
    """
    from gradcli.scipy import special


    def voigt(x, sigma, gamma):
        return special.voigt_profile(x, sigma, gamma)
    """
)


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    path = tmp_path_factory.mktemp("voigt") / "lines.py"
    path.write_text(SOURCE)
    return path


def test_the_cauchy_limit_is_ok_with_the_widths_slope_zero(module):
    [result] = gradcli.check(f"{module}:voigt", [{"x": 0.3, "sigma": 0.0, "gamma": 0.1}], dtypes=("float64",)).results
    assert result.status == "ok", (result.status, [f.message for f in result.findings])
    r = 0.3 ** 2 + 0.1 ** 2
    exact = {n: float(g) for n, g in result.exact_gradient.items()}
    assert exact["sigma"] == 0.0
    assert exact["x"] == pytest.approx(-2 * 0.3 * 0.1 / (mpmath.pi * r * r), rel=1e-12)
    assert exact["gamma"] == pytest.approx((0.3 ** 2 - 0.1 ** 2) / (mpmath.pi * r * r), rel=1e-12)


@pytest.mark.parametrize("x", [0.0, 0.3, 1.0])
def test_inside_the_half_width_the_left_side_blows_up(module, x):
    # x^2 < g^2: e^((g^2 - x^2) / (2 s^2)) on the left; x^2 = g^2: 2 cos(x g / s^2) / (s sqrt(2 pi)), unbounded too
    [result] = gradcli.check(f"{module}:voigt", [{"x": x, "sigma": 0.0, "gamma": 1.0}], dtypes=("float64",)).results
    assert result.status == "domain"
    [singular] = [f for f in result.findings if f.kind == "singular"]
    assert "in sigma" in singular.message and "from the right the derivative is 0" in singular.message
    if x == 0.0:
        assert "10^(" in singular.message and len(singular.message) < 600  # e^(1 / (2 h^2)), not its digits


@pytest.mark.parametrize("x, sigma, gamma", [(0.3, -1e-4, 0.1), (0.3, -0.5, 0.1), (1.0, -2.0, 0.5), (0.5, -1e-30, 0.1)])
def test_the_exact_profile_below_zero_width_is_scipys(x, sigma, gamma):
    from gradcli.autodiff.ops_normal_integrals import _faddeeva_mp

    with mpmath.workdps(40):
        mine = float(_faddeeva_mp(mpmath.mpf(x), mpmath.mpf(sigma), mpmath.mpf(gamma))[0].real)
    assert mine == pytest.approx(float(special.voigt_profile(x, sigma, gamma)), rel=1e-9)

