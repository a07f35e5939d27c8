"""SciPy's exponentially scaled functions in a proof: each its plain function times its scale (`arb_proof.SCALED`),
so a scale the program takes off again cancels by algebra. erfcx(x) e^-x^2 is erfc(x), ive(v, x) e^|x| is iv(v, x),
and log_ndtr(x) is log(ndtr(x)) far into its left tail, where the balls of 1 - erf(|x|) keep their digits (erfc's).
Before: erfcx's and the tail's 'not proven 0' (error), ive's past the 30 s budget (error). Truths: the same expressions in mpmath at 60 digits, written here from the functions' definitions."""

from __future__ import annotations

import math

import mpmath
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.scipy import special as sp


def _besseli_scaled(v, x):
    return mpmath.besseli(v, x) * mpmath.exp(-abs(x))


# name -> (the program, the same mathematics in mpmath, the point)
IDENTITIES = {
    "erfcx": (lambda x: sp.erfcx(x) * gnp.exp(-x * x) - sp.erfc(x),
              lambda x: mpmath.erfc(x) * mpmath.exp(x * x) * mpmath.exp(-x * x) - mpmath.erfc(x), [0.7, -1.5]),
    "log erfcx, far right": (lambda x: gnp.log(sp.erfcx(x)) - x * x - gnp.log(sp.erfc(x)),
                             lambda x: mpmath.log(mpmath.erfc(x) * mpmath.exp(x * x)) - x * x - mpmath.log(mpmath.erfc(x)),
                             [20.0]),
    "ive": (lambda x: sp.ive(1.5, x) * gnp.exp(gnp.abs(x)) - sp.iv(1.5, x),
            lambda x: _besseli_scaled(1.5, x) * mpmath.exp(abs(x)) - mpmath.besseli(1.5, x), [2.0]),
    "log_ndtr's left tail": (lambda x: sp.log_ndtr(x) - gnp.log(sp.ndtr(x)),
                             lambda x: mpmath.log(mpmath.ncdf(x)) - mpmath.log(mpmath.erfc(-x / mpmath.sqrt(2)) / 2),
                             [-35.0]),
}
CASES = [(name, at) for name, (_, _, points) in IDENTITIES.items() for at in points]


@pytest.mark.parametrize("name, at", CASES, ids=[f"{name}@{at}" for name, at in CASES])
def test_a_scale_taken_off_again_cancels_in_a_proof(name, at):
    program, truth, _ = IDENTITIES[name]
    with mpmath.workdps(60):
        value, slope = truth(mpmath.mpf(at)), mpmath.diff(truth, mpmath.mpf(at))
    assert abs(value) < mpmath.mpf(10) ** -50 and abs(slope) < mpmath.mpf(10) ** -45  # the truth: an identity
    (r,) = gradcli.check(lambda x, y: program(x) * y, [{"x": at, "y": 2.0}], dtypes=["float64"], fixes=False).results
    assert r.status == "ok", [f.message for f in r.findings]
    assert r.exact_value == 0 and r.exact_gradient == {"x": 0.0, "y": 0.0}  # proven, not small numbers


def test_erfcxs_own_slope_through_its_scale_is_the_normal_density():
    """erfcx(x) e^-x^2 (erfc by another name) has slope -2/sqrt(pi) e^-x^2, the scale's 2 x erfcx and erfc's own."""
    (r,) = gradcli.check(lambda x: sp.erfcx(x) * gnp.exp(-x * x), [{"x": 3.0}], dtypes=["float64"], fixes=False).results
    with mpmath.workdps(60):
        want = -2 / mpmath.sqrt(mpmath.pi) * mpmath.exp(-9)
    assert r.status == "ok" and math.isclose(r.exact_gradient["x"], float(want), rel_tol=1e-13)
