"""A quotient by an exact 0 that an input's move leaves at 0 is the infinity IEEE makes of it, and a number over that
infinity is exactly 0: the function along the input is then the program's own (round 109c's F1).

An air gap's radiative coefficient 4 sigma Tm^3 / (1 / e1 + 1 / e2 - 1) at e1 = 0 (a perfectly reflecting foil) is 0
for every e2 and Tm, and its resistance 1 / (hc + h_r) is 1 / hc there: the slopes in e2 and Tm are exactly 0, the
slope in e1 that of the rational function 4 sigma Tm^3 e1 / (1 + e1 (1 / e2 - 1)) that the program computes beside
it. gradcli had left those 0s unproven (no exact reference at all) where 1 / (hc + ...) kept the rounding of 1 / hc in
their differences. Where the answer itself is that infinity (1 / x + y at x = 0), no slope is proven from it: y keeps
its slope 1 beside the pole.
"""

import math

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.autodiff import arb as arb_core
from gradcli.checker import exact_python, python_zero, targets

SIGMA = 5.670374419e-8


def gap_resistance(e1, e2, tm, hc):
    return 1.0 / (hc + 4.0 * SIGMA * tm**3 / (1.0 / e1 + 1.0 / e2 - 1.0))


def pole_plus(x, y):
    return 1.0 / x + y


def _checked(fun, point):
    [result] = gradcli.check(fun, [point], dtypes=["float64"], fixes=False).results
    return result


def test_the_slopes_beside_an_absorbed_infinity_are_exact():
    result = _checked(gap_resistance, {"e1": 0.0, "e2": 0.9, "tm": 283.0, "hc": 1.25})
    assert result.status == "wrong", (result.error, [f.message for f in result.findings])  # the rule's NaN in e1
    exact = {k: float(v) for k, v in result.exact_gradient.items()}
    assert exact["e1"] == pytest.approx(-4 * SIGMA * 283.0**3 / 1.25**2, rel=1e-12)
    assert exact["e2"] == 0.0 and exact["tm"] == 0.0
    assert exact["hc"] == pytest.approx(-1 / 1.25**2, rel=1e-12)


def _proven_zero(fun, point, coordinate):
    target = targets.resolve(fun)
    arb_core.enable()
    args = [np.float64(v) for v in point]
    return python_zero.proven(lambda *a: exact_python._traced(target.mp_function, a), args, coordinate=coordinate)[1][0]


def test_a_proof_takes_the_infinity_through_a_sum_to_its_reciprocal_0():
    assert _proven_zero(gap_resistance, [0.0, 0.9, 283.0, 1.25], 1)  # e2
    assert _proven_zero(gap_resistance, [0.0, 0.9, 283.0, 1.25], 2)  # tm


def tiny_over_a_reciprocal(y, t):
    return 1e-200 / (2.0 + 1.0 / y) + t


def test_a_zero_its_own_seed_moves_is_no_constant_infinity():
    # along y itself 1e-200 / (2 + 1 / y) is 1e-200 y / (2 y + 1): slope 1e-200 at y = 0, no 0 to prove (the
    # review's counter-example), and the air gap's slope in e1 is -3.29, none proven 0 either
    assert not _proven_zero(tiny_over_a_reciprocal, [0.0, 0.5], 0)
    assert not _proven_zero(gap_resistance, [0.0, 0.9, 283.0, 1.25], 0)
    result = _checked(tiny_over_a_reciprocal, {"y": 0.0, "t": 0.5})
    assert float(result.exact_gradient["y"]) == pytest.approx(1e-200, rel=1e-12), result.exact_gradient


def test_an_answer_that_is_the_infinity_proves_no_slope():
    assert not _proven_zero(pole_plus, [0.0, 0.5], 1)
    result = _checked(pole_plus, {"x": 0.0, "y": 0.5})
    assert result.status == "domain"
    assert math.isnan(float(result.exact_gradient["x"])) and float(result.exact_gradient["y"]) == 1.0


def slant_transmittance(tau, sza):
    return gnp.exp(-tau / gnp.cos(gnp.deg2rad(sza)))


def test_a_zero_the_program_computes_has_no_sign_to_divide_by():
    # cos(pi / 2) is an exact 0 of no sign: -tau / 0 is -inf or +inf, exp of it 0 or inf, so tau has no slope either
    # (round 108c), where tau / +0.0, an input's own 0, is -inf for certain
    result = _checked(slant_transmittance, {"tau": 0.3, "sza": 90.0})
    assert result.status == "domain"
    assert math.isnan(float(result.exact_gradient["tau"])) and math.isnan(float(result.exact_gradient["sza"]))


def ekman_current(z, depth, v0):
    return v0 * gnp.exp(z / depth) * gnp.cos(np.pi / 4.0 + z / depth)


def test_an_infinity_meets_only_the_ops_that_know_one():
    # z / 0 = -inf: exp of it is 0, but cos of it is NaN (a ball's cos of -inf is [+-1], and 0 times that 0), so
    # the value is NaN and no input has a slope (round 105c)
    result = _checked(ekman_current, {"z": -10.0, "depth": 0.0, "v0": 0.1})
    assert result.status == "domain"
    assert all(math.isnan(float(v)) for v in result.exact_gradient.values()), result.exact_gradient
