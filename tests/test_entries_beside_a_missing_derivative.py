"""Entries of an array input beside an entry without a derivative are judged as an input of their own would be
(round 71c's F1).

'over' of RGBA pixels packed in one (n, 4) array, at a pixel whose two alphas are 0: the alphas jump there (no
derivative), the colours' exact slopes are 0, and the program's where leaks the untaken 0 / 0 into them as NaN. With
the alphas in planes of their own the colours were judged `wrong`; packed beside the alphas they hid behind the
jump as `domain`. An input is now judged entry by entry.
"""

import math

import gradcli
import gradcli.numpy as gnp

FG = [[0.9, 0.2, 0.1, 0.0], [0.3, 0.8, 0.5, 0.25]]
BG = [[0.1, 0.3, 0.7, 0.0], [0.6, 0.6, 0.2, 1.0]]


def over(fg, bg):
    af, ab = fg[:, 3], bg[:, 3]
    a = af + ab * (1 - af)
    rgb = (fg[:, :3] * af[:, None] + bg[:, :3] * (ab * (1 - af))[:, None]) / a[:, None]
    rgb = gnp.where(a[:, None] > 0, rgb, 0.0)
    return gnp.sum(rgb) + gnp.sum(a)


def over_planes(rgb_f, a_f, rgb_b, a_b):
    a = a_f + a_b * (1 - a_f)
    rgb = (rgb_f * a_f[:, None] + rgb_b * (a_b * (1 - a_f))[:, None]) / a[:, None]
    rgb = gnp.where(a[:, None] > 0, rgb, 0.0)
    return gnp.sum(rgb) + gnp.sum(a)


def ramp_beside_a_corner(x):
    return gnp.abs(x[0]) + gnp.sum(x[1:] * x[1:])


def _result(fun, point):
    [result] = gradcli.check(fun, [point], dtypes=["float64"], fixes=False).results
    return result


def test_a_leak_beside_a_jump_in_the_same_array_is_wrong_as_in_planes_of_their_own():
    packed = _result(over, {"fg": FG, "bg": BG})
    planes = _result(over_planes, {"rgb_f": [row[:3] for row in FG], "a_f": [row[3] for row in FG],
                                   "rgb_b": [row[:3] for row in BG], "a_b": [row[3] for row in BG]})
    assert packed.status == planes.status == "wrong", (packed.status, planes.status)
    jumps = [f.op for f in packed.findings if f.kind == "jump"]
    assert any("fg[0, 3]" in op for op in jumps) and any("bg[0, 3]" in op for op in jumps), jumps
    [rule] = [f for f in packed.findings if f.kind == "nonfinite-rule"]
    # the message shows the exact derivative as it is: no slope in the alpha, 0 in the colours
    assert "fg: [[0, 0, 0, nan]" in rule.message, rule.message
    fg = [[float(e) for e in row] for row in packed.exact_gradient["fg"]]
    assert fg[0][:3] == [0.0, 0.0, 0.0] and math.isnan(fg[0][3])


def test_entries_beside_a_corner_that_are_right_leave_the_point_domain():
    result = _result(ramp_beside_a_corner, {"x": [0.0, 1.5, -2.0]})
    assert result.status == "domain", [f.message for f in result.findings]
    x = [float(e) for e in result.exact_gradient["x"]]
    assert math.isnan(x[0]) and x[1:] == [3.0, -4.0]


@gradcli.custom_gradient
def _exp_off_by_3e_11(x):
    y = gnp.exp(x)
    return y, lambda g: g * y * (1 + 3e-11)


def corner_beside_a_slightly_wrong_rule(x):
    return gnp.abs(x[0]) + gnp.sum(_exp_off_by_3e_11(x[1:]))


def test_a_wrong_rule_beside_a_corner_is_told_apart_in_enough_digits():
    # the digits are chosen on the entries judged (the corner's NaN would tell the two texts apart at any digits)
    [result] = gradcli.check(corner_beside_a_slightly_wrong_rule, [{"x": [0.0, 2.0]}], dtypes=["float64"],
                             fixes=False, rtol=1e-12).results
    assert result.status == "wrong", [f.message for f in result.findings]
    [rule] = [f.message for f in result.findings if f.kind == "wrong-rule"]
    assert "gives {x: [0, 7.3890560991523]} but the exact derivative is {x: [nan, 7.3890560989307]}" in rule, rule
