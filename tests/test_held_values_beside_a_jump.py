"""A value a stop_gradient holds, beside an input whose move makes the value jump: the slopes the held value defines.

CIoU's aspect term alpha v, alpha = stop_gradient(v / (1 + v)), at a box of height 0: atan(w / 0) is pi/2 for every
width near the point, and the height's move makes the value jump (round 78d's F1 and F2). Three things held:
- the box's corners a[1] = a[3] moved alike kept the height 0 and the ratio of the other box, so the held alpha
  looked like a constant of the function and was differentiated through (b's slopes alpha's moved, +-0.0573, where
  holding it gives +-1/(10 pi)); every input moves by its own weight now;
- the width's slope is 0 with alpha held, which only its one-sided slopes show (the frozen program jumps too);
- an array with an entry that jumps beside one whose slope that settlement finds is judged entry by entry, as where
  the reference found the slope itself: the program's 0 * inf in the width is wrong.
"""

import math

import numpy as np

import gradcli
import gradcli.numpy as gnp
from gradcli.checker.point import verdicts_only


def aspect(a, b):
    v = 4.0 / math.pi**2 * (gnp.arctan((b[2] - b[0]) / (b[3] - b[1])) - gnp.arctan((a[2] - a[0]) / (a[3] - a[1]))) ** 2
    return gradcli.stop_gradient(v / (1.0 + v)) * v


def held_square(w, h, g):
    v = (gnp.arctan(g) - gnp.arctan(w / h)) ** 2
    return gradcli.stop_gradient(v) * v


def weighted_square(wh, g):
    v = (gnp.arctan(g) - gnp.arctan(wh[0] / wh[1])) ** 2
    return 0.375 * v


def _result(fun, point):
    [result] = gradcli.check(fun, [point], dtypes=["float64"], fixes=False).results
    return result


def _floats(entries):
    return np.asarray(entries, dtype=float)


def test_the_held_ratio_beside_a_box_of_height_zero():
    result = _result(aspect, {"a": np.array([1.0, 5.0, 3.0, 5.0]), "b": np.array([0.0, 0.0, 2.0, 2.0])})
    slope = 1 / (10 * math.pi)
    assert np.allclose(_floats(result.exact_gradient["b"]), [slope, -slope, -slope, slope], rtol=1e-12, atol=0)
    a = _floats(result.exact_gradient["a"])
    assert a[0] == 0.0 and a[2] == 0.0 and math.isnan(a[1]) and math.isnan(a[3]), a
    assert result.status == "wrong", [f.message for f in result.findings]


def test_a_slope_beside_the_jump_with_the_held_value_frozen():
    result = _result(held_square, {"w": 2.0, "h": 0.0, "g": 1.0})
    assert float(result.exact_gradient["w"]) == 0.0
    assert math.isnan(float(result.exact_gradient["h"]))
    assert "jumps" in result.exact_gradient_why["h"], result.exact_gradient_why
    # d/dg of v0 v with v0 held: v0 2 (atan(1) - pi/2) / 2
    v0 = (math.pi / 4 - math.pi / 2) ** 2
    assert math.isclose(float(result.exact_gradient["g"]), v0 * 2 * (math.pi / 4 - math.pi / 2) / 2, rel_tol=1e-12)
    assert result.status == "wrong", [f.message for f in result.findings]


def test_an_entry_settled_beside_a_jump_is_judged_apart():
    result = _result(weighted_square, {"wh": np.array([2.0, 0.0]), "g": 1.0})
    w, h = _floats(result.exact_gradient["wh"])
    assert w == 0.0 and math.isnan(h)
    assert result.status == "wrong", [f.message for f in result.findings]
    assert any("the gradient rule gives" in f.message for f in result.findings)
    with verdicts_only():  # a fix's re-check gives the verdict the check gives
        assert _result(weighted_square, {"wh": np.array([2.0, 0.0]), "g": 1.0}).status == "wrong"
