"""polygamma(n, x) differentiated in its order, in gradcli.numpy: SciPy's polygamma is NaN off whole orders >= 0, so it
has no derivative in n, and the exact reference says so for n while it still gives x's slope psi(n + 1, x), never the
0 a slope table would claim for the order. Truths: SciPy's own NaN beside a whole order and mpmath's psi."""

import math

import mpmath
import numpy as np
import pytest
import scipy.special

import gradcli
import gradcli.numpy as gnp
import gradcli.scipy.special as sps
from polygamma_checks import psi


@gradcli.custom_gradient
def _trigamma_claiming_a_flat_order(n, x):
    def grad_fn(g):
        return 0.0 * gnp.sum(g), g * sps.polygamma(n + 1, x)

    return sps.polygamma(n, x), grad_fn


def _flat_order_sum(n, x):
    return gnp.sum(_trigamma_claiming_a_flat_order(n, x))


def test_scipys_polygamma_is_nan_beside_a_whole_order():
    """The truth the exact reference follows: SciPy's number a step either side of n = 1 is NaN."""
    assert all(math.isnan(scipy.special.polygamma(n, 2.5)) for n in (1 - 2.0**-40, 1 + 2.0**-40, 1.5, -1.0))


def test_the_reference_paths_give_nan_off_whole_orders():
    import flint

    from gradcli.autodiff import arb as arb_core
    from gradcli.autodiff import mp as mp_core

    arb_core.enable()
    mp_core.enable()
    for order in (1.5, 1 + 2.0**-40, -1.0):
        ball = arb_core.ELEMENTWISE["polygamma"](arb_core.ARB(order), arb_core.ARB(2.5))
        assert ball.is_nan() and ball.rad() == 0, (order, ball)  # NaN itself, not an order cut down
        assert mpmath.isnan(mp_core._polygamma(mpmath.mpf(order), mpmath.mpf(2.5))), order
    with mpmath.workdps(60):
        whole = mp_core._polygamma(mpmath.mpf(2), mpmath.mpf(2.5))
        assert abs(whole - mpmath.polygamma(2, mpmath.mpf("2.5"))) < mpmath.mpf(10) ** -50
    saved, flint.ctx.prec = flint.ctx.prec, 128
    try:
        moving_order = arb_core.Jet(arb_core.ARB(1), np.array([arb_core.ARB(1)], dtype=object))
        with pytest.raises(arb_core.NoArb):  # no slope in the order on jets, where 0 would be claimed
            arb_core.JETS["polygamma"](moving_order, arb_core.ARB(2.5))
        moving_x = arb_core.Jet(arb_core.ARB(2.5), np.array([arb_core.ARB(1)], dtype=object))
        slope = arb_core.JETS["polygamma"](1, moving_x).d[0]
        with mpmath.workdps(60):
            assert slope.overlaps(flint.arb(mpmath.nstr(mpmath.polygamma(2, 2.5), 60)))
    finally:
        flint.ctx.prec = saved


def test_a_rule_claiming_a_flat_order_meets_no_derivative_in_n_and_x_slope_exact():
    (result,) = gradcli.check(_flat_order_sum, [{"n": 1.0, "x": 2.5}], dtypes=("float64",), fixes=False).results
    assert mpmath.isnan(result.exact_gradient["n"]), result.exact_gradient  # not the rule's 0
    assert "no derivative" in result.exact_gradient_why["n"], result.exact_gradient_why
    assert float(result.exact_gradient["x"]) == pytest.approx(psi(2, 2.5), rel=1e-14)
    assert result.status.value != "ok"


def test_checked_in_x_alone_the_order_is_data():
    (result,) = gradcli.check(_flat_order_sum, [{"n": 2.0, "x": np.array([0.5, 7.25])}], dtypes=("float64",),
                              fixes=False, wrt=["x"]).results
    assert result.status.value == "ok", [f.message for f in result.findings]
    np.testing.assert_allclose(np.asarray(result.exact_gradient["x"], dtype=float), [psi(3, 0.5), psi(3, 7.25)],
                               rtol=1e-14)
