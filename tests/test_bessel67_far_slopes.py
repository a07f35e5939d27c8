"""gradcli.scipy's own rules for the exponentially scaled Bessel functions (i0e, i1e, ive, k0e, k1e, kve) far right:
their slope is -1/(2x) of their value there, which the recurrence forms (i1e - i0e, k0e - k1e) reach only by
cancelling log2(2x) bits, all 53 of them by 1e17. The rules' float64 gradient must keep its digits from 1e3 to 1e200,
and near 0. Truth: mpmath, from I_v' = (I_{v-1} + I_{v+1}) / 2 and K_v' = -(K_{v-1} + K_{v+1}) / 2 at enough digits to
hold the cancellation; past 1e30, where the next term is 1e-30 of it, the leading term of the large-x expansion."""

import math

import mpmath
import numpy as np
import pytest

import gradcli
from gradcli.scipy import special as gsp

# name: (the program, order, first kind: I scaled by e^-|x|, else K scaled by e^x)
FUNCTIONS = {
    "i0e": (gsp.i0e, 0, True), "i1e": (gsp.i1e, 1, True), "ive": (lambda x: gsp.ive(2.5, x), 2.5, True),
    "k0e": (gsp.k0e, 0, False), "k1e": (gsp.k1e, 1, False), "kve": (lambda x: gsp.kve(2.5, x), 2.5, False),
}


def _true_slope(v, x, first_kind):
    x = mpmath.mpf(x)
    if abs(x) >= 1e30:  # the leading term: -(2 pi x)^-1/2 / (2x), or -(pi / 2x)^1/2 / (2x)
        return -(1 / mpmath.sqrt(2 * mpmath.pi * x) if first_kind else mpmath.sqrt(mpmath.pi / (2 * x))) / (2 * x)
    with mpmath.workdps(int(max(0, mpmath.log10(abs(x)))) + 40):
        if first_kind:
            slope = (mpmath.besseli(v - 1, x) + mpmath.besseli(v + 1, x)) / 2 - mpmath.sign(x) * mpmath.besseli(v, x)
            return mpmath.exp(-abs(x)) * slope
        return mpmath.exp(x) * (mpmath.besselk(v, x) - (mpmath.besselk(v - 1, x) + mpmath.besselk(v + 1, x)) / 2)


@pytest.mark.parametrize("x", [0.5, 5.0, 29.5, 31.0, 1e3, 1e7, 1e17, 1e30, 1e100, 1e200])
@pytest.mark.parametrize("name", sorted(FUNCTIONS))
def test_the_rules_slope_keeps_its_digits_from_near_0_to_far_right(name, x):
    function, v, first_kind = FUNCTIONS[name]
    slope = float(gradcli.grad(function)(np.float64(x)))
    assert math.isclose(slope, float(_true_slope(v, x, first_kind)), rel_tol=1e-13)


@pytest.mark.parametrize("x", [-0.5, -29.5, -1e3, -1e7, -1e100])
@pytest.mark.parametrize("name", ["i0e", "i1e"])
def test_left_of_0_i0es_slope_is_odd_and_i1es_even(name, x):
    function, v, _ = FUNCTIONS[name]
    parity = -1 if name == "i0e" else 1
    slope = float(gradcli.grad(function)(np.float64(x)))
    assert math.isclose(slope, parity * float(_true_slope(v, -x, True)), rel_tol=1e-13)
