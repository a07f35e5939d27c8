"""A kink whose gap beside the slopes is below what differences see is found by proof, and said with its two sides
(round 76c's F2 and a settling slip beside it).

Above 16 inputs the test along the random direction failed on a scalar argument (a 0-d object array's arithmetic
answers a bare ball, which cannot be indexed), so a saturated sensor among 21 readings beside a scalar gain was ok.
A proven kink's entry keeps its two one-sided slopes as its reason, where difference quotients at the point's
smallest scale (c itself) said x + 1e-22 max(x, 0) at 0 "does not settle" on either side.
"""

import math

import pytest

import gradcli
import gradcli.numpy as gnp


def ramp_beside(x, c):
    return gnp.sum(x + c * gnp.maximum(x, 0.0))


def clipped_smoothing(alpha, x):
    s = gnp.clip(x[0], -2.0, 2.0)
    for k in range(1, x.shape[0]):
        s = alpha * gnp.clip(x[k], -2.0, 2.0) + (1 - alpha) * s
    return s


def _result(fun, point, wrt=None):
    [result] = gradcli.check(fun, [point], dtypes=["float64"], wrt=wrt, fixes=False).results
    return result


@pytest.mark.parametrize("c", [1e-10, 1e-22, 1e-40, 1e-300])
def test_a_kink_below_what_differences_see_is_found(c):
    result = _result(ramp_beside, {"x": [0.0, 0.5], "c": c}, wrt=["x"])
    assert result.status == "domain", [f.message for f in result.findings]
    x0, x1 = (float(e) for e in result.exact_gradient["x"])
    assert math.isnan(x0) and x1 == pytest.approx(1 + c, rel=1e-15)
    assert result.exact_gradient_why["x"][0].startswith("no derivative: the slope is 1 from the left and the slope is")
    assert any(f.kind == "kink" and "x[0]" in f.op for f in result.findings), [(f.kind, f.op) for f in result.findings]


def test_no_gap_no_kink():
    result = _result(ramp_beside, {"x": [0.0, 0.5], "c": 0.0}, wrt=["x"])
    assert result.status == "ok" and [float(e) for e in result.exact_gradient["x"]] == [1.0, 1.0]


def test_a_kink_among_many_inputs_beside_a_scalar_is_found_along_the_direction():
    x = [2.0] + [1.0, 0.5, 1.5] * 6 + [1.0, 0.5]  # 21 readings, the first at the saturation: slopes 1e-20 and 0
    result = _result(clipped_smoothing, {"alpha": 0.9, "x": x})
    assert result.status == "domain", [f.message for f in result.findings]
    assert math.isnan(float(result.exact_directional))
    assert any(f.kind == "kink" for f in result.findings), [(f.kind, f.op) for f in result.findings]


def hue_step_beside_many(x, a2):
    zero = 0.0 * x[0]
    dh = gnp.degrees(gnp.arctan2(zero, a2)) - gnp.degrees(gnp.arctan2(zero, x[0]))
    return gnp.where(dh > 180, dh - 360, dh) * x[0] + gnp.sum(x * x)


def test_a_tie_only_proof_decides_beside_many_inputs_and_a_scalar_is_judged():
    # arctan2(0, -1) in degrees is 180 exactly: only proof numbers decide dh > 180, along one direction (21 inputs)
    [result] = gradcli.check(hue_step_beside_many, [{"x": [1.0] + [0.5] * 19, "a2": -1.0}], dtypes=["float64"],
                             fixes=False, max_digits=120).results
    assert result.status == "ok", [f.message for f in result.findings]
