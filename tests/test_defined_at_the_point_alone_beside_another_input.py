"""A function defined at the point alone along a coordinate has no derivative there, whatever another input sets the
steps' scale to (round 79c's F1).

p + sqrt(1 - (1 + y^2)) at y = 0 is NaN for every y != 0. With p = 0.1 beside y, the one-sided test's steps from y = 0
are relative to 0.1, and the shorter step's 1 + h^2 rounded to 1 at the working digits: the root of 0, the value p, a
side that looked flat, and y's exact slope was said 0 (`wrong`, where the point is `domain`). A side that is a number
at the working digits and NaN at more is a move lost to the rounding, taken again deeper.
"""

import gradcli
import gradcli.numpy as gnp


def limb_beside_a_depth(y, p):
    return p + gnp.sqrt(1.0 - (1.0 + y * y))


def test_a_coordinate_defined_at_the_point_alone_has_no_slope_beside_another_input():
    [result] = gradcli.check(limb_beside_a_depth, [{"y": 0.0, "p": 0.1}], dtypes=["float64"], fixes=False).results
    assert result.status == "domain", [f.message for f in result.findings]
    [singular] = [f for f in result.findings if f.kind == "singular"]
    assert singular.op == "y" and "defined at this point alone" in singular.message
    assert float(result.exact_gradient["p"]) == 1.0
