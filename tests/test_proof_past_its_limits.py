"""A value whose exact rational number outgrows a proof is held as an atom known by its ball, its derivative entries
kept: a slope that is exactly 0 is still proven 0 (round 109c's F2).

ISO 7730's clothing temperature is a damped fixed-point iteration; after three steps its exact value at the point is a
rational number of thousands of digits, past what a proof may hold, and the proof of the air speed's slope 0 (the
branch np.maximum leaves, natural convection winning at every step) gave up with it. At met = 1, where the sweating
term's switch makes met a kink, the reference then had no exact answer at all ("an exact entry is within 2.8e-2557 of
0 ... but not proven 0"), and the check no verdict.

Held so, a run can go on for as long as the program does, its derivative entries growing a little with every op (a
logistic map's 50 trips held past the limits multiplied 28 million products of terms, for minutes): the work a run
does once it holds such atoms is counted and bounded (`arb_proof_quotients.PAST_LIMITS_WORK`), past which it is no
proof either way. A polynomial's length is its longest coefficient's, not its leading one's: an atom's short
coefficient may lead a constant of a million bits.
"""

import math

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.autodiff import arb as arb_core
from gradcli.autodiff import arb_proof_quotients as quotients
from gradcli.checker import exact_python, python_zero, targets


def pmv(ta, tr, vel, rh, met, clo):
    """ISO 7730's predicted mean vote, three steps of its clothing-temperature iteration."""
    pa = rh * 10.0 * gnp.exp(16.6536 - 4030.183 / (ta + 235.0))
    icl, m = 0.155 * clo, met * 58.15
    fcl = gnp.where(icl <= 0.078, 1.0 + 1.29 * icl, 1.05 + 0.645 * icl)
    hcf = 12.1 * gnp.sqrt(vel)
    taa, tra = ta + 273.0, tr + 273.0
    p1 = icl * fcl
    p2, p3, p4 = p1 * 3.96, p1 * 100.0, p1 * taa
    p5 = 308.7 - 0.028 * m + p2 * (tra / 100.0) ** 4
    tcla = taa + (35.5 - ta) / (3.5 * icl + 0.1)
    xn, xf = tcla / 100.0, tcla / 50.0
    for _ in range(3):
        xf = (xf + xn) / 2.0
        hc = gnp.maximum(hcf, 2.38 * gnp.abs(100.0 * xf - taa) ** 0.25)
        xn = (p5 + p4 * hc - p2 * xf**4) / (100.0 + p3 * hc)
    tcl = 100.0 * xn - 273.0
    losses = (3.05e-3 * (5733.0 - 6.99 * m - pa) + gnp.where(m > 58.15, 0.42 * (m - 58.15), 0.0)
              + 1.7e-5 * m * (5867.0 - pa) + 0.0014 * m * (34.0 - ta)
              + 3.96 * fcl * (xn**4 - (tra / 100.0) ** 4) + fcl * hc * (tcl - ta))
    return (0.303 * gnp.exp(-0.036 * m) + 0.028) * (m - losses)


NAMES, POINT = ("ta", "tr", "vel", "rh", "met", "clo"), [22.0, 22.0, 0.1, 50.0, 1.0, 0.5]


def test_the_slope_a_max_leaves_is_proven_0_past_the_proofs_limits():
    target = targets.resolve(pmv)
    arb_core.enable()
    args = [np.float64(v) for v in POINT]
    run = lambda *a: exact_python._traced(target.mp_function, a)  # noqa: E731
    assert python_zero.proven(run, args, coordinate=2)[1] == [True]  # vel


def test_the_check_finds_the_kink_in_met_beside_the_exact_slopes():
    [result] = gradcli.check(pmv, [dict(zip(NAMES, POINT))], dtypes=["float64"], fixes=False).results
    assert result.status == "domain", (result.error, [f.message for f in result.findings])
    assert float(result.exact_gradient["vel"]) == 0.0
    assert math.isnan(float(result.exact_gradient["met"]))
    clo = 2.4500593138129667  # round 109c's truth, from mpmath at 2,000 digits
    assert float(result.exact_gradient["clo"]) == pytest.approx(clo, rel=1e-10)


def test_a_run_held_past_its_limits_stops_once_its_work_is_spent(monkeypatch):
    monkeypatch.setattr(quotients, "PAST_LIMITS_WORK", 400)
    arb_core.enable()
    with python_zero._proving():
        proof = quotients.state()
        terms = quotients.const(0.0)
        for k in range(10):  # 1 + a0 + ... + a9: ten terms
            terms = quotients.add(terms, proof.atom(("term", k)))
        terms = quotients.add(terms, quotients.const(1.0))
        quotients.mul(terms, terms)  # before any hold: not counted
        quotients.hold_past_limits()
        quotients.mul(terms, terms)  # 11 x 11 + 1 of 400
        with pytest.raises(quotients.PastLimits, match="too much work"):
            for _ in range(4):
                quotients.mul(terms, terms)


def test_a_polynomials_length_is_its_longest_coefficients():
    arb_core.enable()
    with python_zero._proving():
        proof = quotients.state()
        atom = proof.atom(("short", 0))
        long = quotients.add(atom, (proof.ctx.constant(3**600), proof.one))  # a0 + 3^600: a0 leads, with 1
        assert quotients._bits(long[0]) == (3**600).bit_length()


def test_a_constant_longer_than_a_proof_holds_is_no_proof_not_an_abort():
    """2^-(2^23), a difference step's exact ball deep in a kink test: GMP would abort the whole process on its
    power of 2 (it raises nothing); the proof declines it instead."""
    import flint
    import mpmath

    arb_core.enable()
    with python_zero._proving():
        with pytest.raises(quotients.PastLimits, match="numbers too long"):
            quotients.state().constant(flint.arb(2) ** flint.arb(-(2**23)))
        with pytest.raises(quotients.NoProof, match="longer than a proof holds"):
            quotients.state().constant(mpmath.ldexp(1, -(2**23)))
        assert quotients.state().constant(flint.arb(2) ** flint.arb(-1000))[0] == quotients.state().ctx.constant(
            flint.fmpq(1, 2**1000))


def logistic(r, x):
    """The logistic map's 50 trips: its exact numbers double in length each trip, past every proof's limits."""
    for _ in range(50):
        x = r * x * (1.0 - x)
    return x


def test_a_chaotic_maps_proofs_give_up_in_time_for_its_verdict():
    """Held past the limits, each product's terms carry numbers of a million bits: the work counts them too."""
    [result] = gradcli.check(logistic, [{"r": 3.7, "x": 0.3}], dtypes=["float64"], fixes=False, max_time=60).results
    assert result.status == "unstable", result.error
