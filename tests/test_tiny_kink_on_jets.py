"""A kink whose two one-sided slopes differ by less than the kink test's differences part (1e-14 of them), at a
switch the point sits on: the pieces on jets, each side's branches replayed, show it, and the point has no
derivative there.

An outlier-robust Kalman filter clamps its first innovation at exactly +-3 and moves the state by a gain of 1e-13
times it (round 76c's F1): the slope in z[0] is 3 from one side and 3 + 8.5e-14 from the other. The differences
resolved nothing that small and took the rule's side as the exact derivative: ok, where the function has none.
"""

import math

import numpy as np

import gradcli
import gradcli.numpy as gnp


def clamp_beside_a_square(z, gain):
    return 0.5 * z * z + gain * gnp.clip(z, -3.0, 3.0)


def _result(point):
    [result] = gradcli.check(clamp_beside_a_square, [point], dtypes=["float64"], fixes=False).results
    return result


def test_a_kink_of_relative_size_1e_14_is_found():
    result = _result({"z": 3.0, "gain": 1e-13})
    assert result.status == "domain", (result.status, [f.message for f in result.findings])
    assert math.isnan(float(result.exact_gradient["z"]))
    kinks = [f.message for f in result.findings if f.kind == "kink"]
    assert kinks and "3 from the left and 3 from the right (they differ by -1.0e-13)" in kinks[0], kinks


def test_off_the_clamp_the_slope_stands():
    result = _result({"z": 2.5, "gain": 1e-13})
    assert result.status == "ok"
    assert float(result.exact_gradient["z"]) == 2.5 + 1e-13
    assert float(result.exact_gradient["gain"]) == 2.5


def test_a_gain_of_0_leaves_no_kink():
    result = _result({"z": 3.0, "gain": 0.0})
    # gain's own slope clip(3) = 3 is smooth in gain; z's sides are both 3: no kink in z
    assert float(result.exact_gradient["z"]) == 3.0, (result.exact_gradient, [f.message for f in result.findings])


def corner_weighted(x, c):
    return x + c * gnp.maximum(x, 0.0)


def test_corners_weighted_from_1e_13_down_are_kinks():
    for c in (1e-13, 1e-14, 1e-16, 1e-19):
        [result] = gradcli.check(corner_weighted, [{"x": 0.0, "c": c}], dtypes=["float64"], wrt=["x"],
                                 fixes=False).results
        assert result.status == "domain" and math.isnan(float(result.exact_gradient["x"])), (c, result.status)
