"""SciPy's digamma and polygamma on balls: psi_n(x) as flint's digamma or (-1)^(n+1) n! zeta(n + 1, x), so a program
whose rule is polygamma(1, x) (digamma's) is judged on balls and jets at any precision, where mpmath's Euler and
Maclaurin sum at psi(0.5) costs a second a call at thousands of digits. Truths: mpmath's polygamma at 60 digits."""

import mpmath
import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
import gradcli.scipy.special as sps


@pytest.mark.parametrize("n", [0, 1, 2, 3])
@pytest.mark.parametrize("x", [0.5, 7.25, 1e300])
def test_polygamma_on_balls_holds_mpmaths(n, x):
    import flint

    from gradcli.autodiff import arb as arb_core

    arb_core.enable()
    saved, flint.ctx.prec = flint.ctx.prec, 256
    try:
        ball = arb_core.ELEMENTWISE["polygamma"](n, arb_core.ARB(x))
        with mpmath.workdps(90):
            truth = mpmath.polygamma(n, x)
            assert ball.overlaps(flint.arb(mpmath.nstr(truth, 90))), (ball, truth)
            assert ball.rad() < abs(flint.arb(mpmath.nstr(truth, 90))) * flint.arb(2) ** -200, ball
    finally:
        flint.ctx.prec = saved


@pytest.mark.wall_clock_budget
def test_a_sum_of_digammas_far_apart_is_judged_on_balls():
    """psi(0.5) beside psi(1e300): the slope 1e-300 of the far one needs hundreds of digits beside 690."""
    (result,) = gradcli.check(lambda x: gnp.sum(sps.digamma(x)), [{"x": np.array([0.5, 1e300])}], dtypes=("float64",),
                              fixes=False).results
    assert result.status == "ok", [f.message for f in result.findings]
    with mpmath.workdps(60):
        want = [mpmath.polygamma(1, 0.5), mpmath.polygamma(1, mpmath.mpf(1e300))]
        assert abs(want[0] - mpmath.pi**2 / 2) < 1e-50
    np.testing.assert_allclose(np.asarray(result.exact_gradient["x"], dtype=float), [float(w) for w in want], rtol=1e-14)


@pytest.mark.wall_clock_budget
def test_a_trigamma_sum_has_tetragamma_slopes():
    (result,) = gradcli.check(lambda x: gnp.sum(sps.polygamma(1, x)), [{"x": np.array([0.5, 3.0, 1e150])}],
                              dtypes=("float64",), fixes=False).results
    assert result.status == "ok", [f.message for f in result.findings]
    with mpmath.workdps(60):
        want = [float(mpmath.polygamma(2, mpmath.mpf(x))) for x in (0.5, 3.0, 1e150)]
    np.testing.assert_allclose(np.asarray(result.exact_gradient["x"], dtype=float), want, rtol=1e-14)


def test_digamma_beside_a_held_value_is_differentiated_on_jets():
    """d/dx digamma(x) stop(x) = trigamma(x) x, the held x constant: jets run digamma, so the held value is held."""
    (result,) = gradcli.check(lambda x: sps.digamma(x) * gradcli.stop_gradient(x), [{"x": 1.5}], dtypes=("float64",),
                              fixes=False).results
    assert result.status == "ok", [f.message for f in result.findings]
    with mpmath.workdps(40):
        want = mpmath.polygamma(1, 1.5) * 1.5
    assert float(result.exact_gradient["x"]) == pytest.approx(float(want), rel=1e-14)
