"""log2 and log10 of an exact power of their base are whole numbers on balls and under every rounding of the
high-precision runs, so a floor of them steps where the mathematics does (round 66c's log_floor_log2).

``np.floor(np.log2(x))`` at x = 8 is 3; a ball about 3 that no floor decides, or a run rounding log2(8) down to
2.999..., put the point on the other step, and the kink test read its own rounding noise as the jump: "the exact
gradient is undefined or infinite". The value does jump there (by ln 2 - LN2, the double's error, 2.3e-17), and the
finding now says so, at the floor.
"""

import math

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp

LN2 = math.log(2.0)


def log_by_floor_log2(x):
    e = gnp.floor(gnp.log2(x))
    return gnp.log(x / 2.0 ** e) + e * LN2


def hundredths_by_floor_log10(x):
    e = gnp.floor(gnp.log10(x))
    return x / 10.0 ** e + e


@pytest.mark.parametrize("fun, at", [(log_by_floor_log2, 8.0), (hundredths_by_floor_log10, 1000.0)])
def test_a_floor_of_an_exact_log_is_a_jump_at_the_floor(fun, at):
    [result] = gradcli.check(fun, [{"x": at}], dtypes=["float64"], fixes=False).results
    assert result.status == "domain"
    jumps = [f for f in result.findings if f.kind == "jump"]
    assert len(jumps) == 1 and "switch floor" in jumps[0].message, [f.message for f in result.findings]
    assert not any("undefined or infinite" in f.message for f in result.findings)


@pytest.mark.parametrize("fun, at", [(log_by_floor_log2, 12.0), (hundredths_by_floor_log10, 250.0)])
def test_off_the_powers_the_step_is_constant(fun, at):
    [result] = gradcli.check(fun, [{"x": at}], dtypes=["float64"], fixes=False).results
    slope = 1 / at if fun is log_by_floor_log2 else 1 / 100
    assert result.status == "ok"
    assert float(result.exact_gradient["x"]) == pytest.approx(slope, rel=1e-15)


def test_whole_logs_on_balls_and_in_directed_rounding():
    import mpmath

    from gradcli.autodiff import arb, mp
    from gradcli.checker.precision import with_noise

    log2, log10 = arb.ELEMENTWISE["log2"], arb.ELEMENTWISE["log10"]
    for value, whole in ((log2(arb.ARB(8)), 3), (log2(arb.ARB(0.375) / 3), -3), (log10(arb.ARB(1000)), 3)):
        assert value.is_exact() and value == whole
    assert not log2(arb.ARB(12)).is_exact() and not log10(arb.ARB(0.001)).is_exact()
    mp.enable()
    with mpmath.workdps(60):
        for x, base, k in ((mpmath.mpf(8), 2, 3), (mpmath.mpf(2) ** -1074, 2, -1074), (mpmath.mpf(10) ** 5, 10, 5)):
            nearest, noise = with_noise(lambda: [mp._ln(x, base)])
            assert nearest == [k] and noise == [0]
