"""Identities proof numbers hold where a switch compares their two sides (exp(log(2)/2)^2 against 2, log Gamma at a
whole or half-whole number against its closed form, log Gamma(1/2) against log(pi)/2), so the point's branch is decided
and judged; and arctan2 on its cut, where a seed that leaves y still keeps the slope both sides share (0 along x) while
one that moves y meets the jump. Truths: mpmath at 60 digits, each comparison's two sides one number there, and each
branch's value and slope from the mathematics written in mpmath."""

import mpmath
import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
import gradcli.scipy.special as sps


def _pi(zero):
    return gnp.arctan2(zero, zero - 1.0)


# (name, the two sides in gradcli.numpy of zero = 0 x, the two sides in mpmath)
TIES = [
    ("exp(log(2)/2)^2 against 2", lambda zero: (gnp.exp(gnp.log(zero + 2.0) / 2) ** 2, zero + 2.0),
     lambda: (mpmath.exp(mpmath.log(2) / 2) ** 2, mpmath.mpf(2))),
    ("log Gamma(1/2) against log(pi)/2", lambda zero: (sps.gammaln(zero + 0.5), 0.5 * gnp.log(_pi(zero))),
     lambda: (mpmath.loggamma(0.5), mpmath.log(mpmath.pi) / 2)),
    ("log Gamma(5/2) against log(3 sqrt(pi)/4)", lambda zero: (sps.gammaln(zero + 2.5), gnp.log(0.75 * gnp.sqrt(_pi(zero)))),
     lambda: (mpmath.loggamma(2.5), mpmath.log(3 * mpmath.sqrt(mpmath.pi) / 4))),
    ("log Gamma(5) against log(24)", lambda zero: (sps.gammaln(zero + 5.0), gnp.log(zero + 24.0)),
     lambda: (mpmath.loggamma(5), mpmath.log(24))),
]


def _switch(sides, above):
    def switch(x):
        left, right = sides(0.0 * x)
        return gnp.where(left > right if above else left >= right, x * x, 3 * x)

    return switch


@pytest.mark.parametrize("above", [True, False], ids=["greater", "greater_equal"])
@pytest.mark.parametrize("name, sides, truth", TIES, ids=[t[0] for t in TIES])
def test_a_switch_on_an_identity_takes_the_branch_its_tie_decides(name, sides, truth, above):
    with mpmath.workdps(60):
        left, right = truth()
        assert abs(left - right) < mpmath.mpf(10) ** -55  # one number: > is False and >= is True on the whole line
    x = 1.5
    value, slope = (3 * x, 3.0) if above else (x * x, 2 * x)
    (result,) = gradcli.check(_switch(sides, above), [{"x": x}], dtypes=("float64",), fixes=False, max_digits=120).results
    assert result.status in ("ok", "unstable"), [f.message for f in result.findings]  # (the float comparison may round)
    assert float(result.exact_value) == value and float(result.exact_gradient["x"]) == slope


def circle(y, x):
    return gnp.arctan2(y, x) + gnp.sin(x) ** 2 + gnp.cos(x) ** 2


def circle_y_still(y, x):
    return gnp.arctan2(0.0 * y, x) * (gnp.sin(x) ** 2 + gnp.cos(x) ** 2) + y


@pytest.mark.parametrize("y", [0.0, -0.0])
def test_on_arctan2s_cut_the_slope_along_it_is_proven_and_the_jump_across_it_named(y):
    with mpmath.workdps(60):  # atan2(0, x) + 1 is pi + 1 all along x < 0; across y it leaves pi for -pi
        t = mpmath.mpf(10) ** -30
        along = (mpmath.atan2(0, -1 + t) - mpmath.atan2(0, -1 - t)) / (2 * t)
        across = mpmath.atan2(t, -1) - mpmath.atan2(-t, -1)
    (result,) = gradcli.check(circle, [{"y": y, "x": -1.0}], dtypes=("float64",), fixes=False).results
    assert result.status == "domain", [f.message for f in result.findings]
    assert along == 0 and float(result.exact_gradient["x"]) == 0.0
    assert np.isnan(float(result.exact_gradient["y"]))
    (jump,) = [f for f in result.findings if f.kind == "jump"]
    assert jump.op == "y" and jump.output["right"] - jump.output["left"] == pytest.approx(float(across), rel=1e-12)


def test_arctan2_on_its_cut_with_y_held_still_is_smooth():
    (result,) = gradcli.check(circle_y_still, [{"y": 2.0, "x": -1.0}], dtypes=("float64",), fixes=False).results
    assert result.status == "ok", [f.message for f in result.findings]
    assert float(result.exact_gradient["y"]) == 1.0 and float(result.exact_gradient["x"]) == 0.0


def test_no_slope_across_arctan2s_cut_is_proven():
    """arctan2(y, x) - y / x at (0, -1): its slope formula in y is 1/x - 1/x = 0, but across the cut the function
    jumps by 2 pi; along x (y held at 0) it is pi, its slope 0 a proof's."""
    from gradcli.autodiff import arb as arb_core
    from gradcli.checker import python_zero

    def jumping(y, x):
        return gnp.arctan2(y, x) - y / x

    with mpmath.workdps(60):
        t = mpmath.mpf(10) ** -30
        assert abs(mpmath.atan2(t, -1) + t - mpmath.atan2(-t, -1) - t) > 6  # across: 2 pi apart
        assert mpmath.atan2(0, -1 + t) == mpmath.atan2(0, -1 - t)  # along: pi
    arb_core.enable()
    point = [np.float64(0.0), np.float64(-1.0)]
    assert python_zero.proven(jumping, point, coordinate=0)[1] == [False]
    assert python_zero.proven(jumping, point, coordinate=1)[1] == [True]
