"""A branch taken at a tie whose two sides part only off a coordinate's line, and a cone's tip whose radicand the
shorter step rounds away: the slope along that coordinate is proven, and the cone's kink is found.

1 - c^2 with c = x[0] / |x| at x = (2, 0) is 0, and clip(1 - c^2, 0, 1) takes its branch at that tie. Along x[0] the
cosine stays exactly 1 (x[1] = 0 all along), so the tie never parts and the slope of sqrt(clip(1 - c^2, 0, 1)) is
the exact 0; with every input an unknown the proof sees 1 - c^2 = x1^2 / (x0^2 + x1^2) move with x[0] and claims no
path. Along x[1] the same root is |x1| / 2 beside the point: a cone with slopes -1/2 and 1/2, whose radicand h^2 / 4
lies at the rounding of c^2 at the kink test's shorter step at every precision, so the root of its rounding was read
as no move at all (round 75d's insightface ArcMargin at x_0 along W_0, with PyTorch's NaN in x[0, 0]).
"""

import math

import numpy as np

import gradcli
import gradcli.numpy as gnp


def sine_of_the_angle(x):
    c = x[0] / gnp.linalg.norm(x)
    return gnp.sqrt(gnp.clip(1.0 - c * c, 0.0, 1.0))


def cosine_less_sine(x):
    c = x[0] / gnp.linalg.norm(x)
    return c - gnp.sqrt(gnp.clip(1.0 - c * c, 0.0, 1.0))


def margin(x, w):
    c = gnp.dot(x, w) / (gnp.linalg.norm(x) * gnp.linalg.norm(w))
    s = gnp.sqrt(gnp.clip(1.0 - c * c, 0.0, 1.0))
    return 16.0 * (c * 0.8775825618903728 - s * 0.479425538604203)


def _result(fun, point):
    [result] = gradcli.check(fun, [point], dtypes=["float64"], fixes=False).results
    return result


def test_the_slope_along_the_line_of_a_tie_is_proven_and_the_cone_beside_it_found():
    for fun, sign in ((sine_of_the_angle, 1), (cosine_less_sine, -1)):
        result = _result(fun, {"x": np.array([2.0, 0.0])})
        x0, x1 = result.exact_gradient["x"]
        assert float(x0) == 0.0 and math.isnan(float(x1)), (fun.__name__, result.exact_gradient)
        kinks = {f.message for f in result.findings if f.kind == "kink"}
        assert any(f"in x[1] is {-0.5 * sign:g} from the left and {0.5 * sign:g} from the right" in m for m in kinks), kinks
        # the rule's sqrt'(0) * 0 makes x[0]'s exact 0 NaN, at high precision too
        assert result.status == "wrong", (fun.__name__, result.status, [f.message for f in result.findings])


def test_two_inputs_parallel_at_the_margin():
    result = _result(margin, {"x": np.array([2.0, 0.0]), "w": np.array([1.0, 0.0])})
    assert result.status == "wrong", [f.message for f in result.findings]
    for name in ("x", "w"):
        first, second = result.exact_gradient[name]
        assert float(first) == 0.0 and math.isnan(float(second)), result.exact_gradient
