"""maximum's and minimum's rules on balls weigh their operands as the pick chose them.

``np.maximum(y, y + np.exp(x))`` at x = -90, y = 1: the two operands overlap as balls at any working precision
(1 and 1 + 8e-40), and the pick chose the second through their anchored difference, but its rule compared the balls
themselves, found neither greater nor equal, and gave both operands a weight of 0: the rule at high precision
{x: 0, y: 0}, and the check called it wrong, from x = -90 down (round 55c's F3, found at -800). The rule now orders
them as the pick did (`arb._pick_order`, bound into `ops_rules`): the float64 tie is the rounding's, `unstable`,
named with the gap; at x = -800 the float64 gradient {0, 1} is the exact one rounded, `ok`.
"""

import math

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.autodiff import arb as arb_core
from gradcli.autodiff.transforms import value_and_grad

SOURCE = '''import numpy as np


def upper(x, y):
    return np.maximum(y, y + np.exp(x))


def lower(x, y):
    return np.minimum(y, y - np.exp(x))
'''


def test_the_rule_on_balls_weighs_the_operand_picked():
    import flint

    arb_core.enable()
    saved, flint.ctx.prec = flint.ctx.prec, 128
    try:
        x, y = arb_core.ARB(-90), arb_core.ARB(1)
        _, (gx, gy) = value_and_grad(lambda a, b: gnp.maximum(b, b + gnp.exp(a)), argnums=(0, 1))(x, y)
        _, (hx, hy) = value_and_grad(lambda a, b: gnp.minimum(b, b - gnp.exp(a)), argnums=(0, 1))(x, y)
    finally:
        flint.ctx.prec = saved
    assert float(gy.mid()) == 1.0 and float(hy.mid()) == 1.0
    assert math.isclose(float(gx.mid()), math.exp(-90), rel_tol=1e-12)
    assert math.isclose(float(hx.mid()), -math.exp(-90), rel_tol=1e-12)


@pytest.mark.parametrize("function", ["upper", "lower"])
def test_a_tie_of_the_rounding_alone_is_unstable_and_names_the_gap(tmp_path, function):
    path = tmp_path / "picks.py"
    path.write_text(SOURCE)
    (result,) = gradcli.check(f"{path}:{function}", [{"x": -90.0, "y": 1.0}], dtypes=["float64"]).results
    assert result.status == "unstable", [f.message for f in result.findings]
    said = " ".join(f.message for f in result.findings)
    assert "is at its switch, a tie" in said and "and 1.0 " in said and "about" in said, said


def test_below_the_least_subnormal_the_rounded_gradient_is_ok(tmp_path):
    path = tmp_path / "picks.py"
    path.write_text(SOURCE)
    (result,) = gradcli.check(f"{path}:upper", [{"x": -800.0, "y": 1.0}], dtypes=["float64"]).results
    assert result.status == "ok", [f.message for f in result.findings]
    assert float(np.ravel(result.exact_gradient["y"])[0]) == 1.0
