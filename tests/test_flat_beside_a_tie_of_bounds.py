"""clip(x, lo, hi) at x = lo = hi: beside the point in x the value is hi on one side and lo on the other, both 0 in
x, so the slope in x is an exact 0 (and in lo too), while hi is a kink. The proof of the flat sides met clip's own
tie between lo and hi beside the point, and gave up: the check had no exact reference at all (round 59c's F1). A tie
between numbers the step does not move picks one of two equal values, the same piece either way.
"""

import math

import pytest

import gradcli

SOURCE = '''import gradcli.numpy as np


def clip_between(x, lo, hi):
    return np.clip(x, lo, hi)


def minmax_between(x, lo, hi):
    return np.minimum(np.maximum(x, lo), hi)


def abs_beside(x, y):
    return np.abs(x - y) + np.minimum(y, 0.0)
'''


def _check(tmp_path, function, point):
    path = tmp_path / "bounds.py"
    path.write_text(SOURCE)
    (result,) = gradcli.check(f"{path}:{function}", [point], dtypes=["float64"]).results
    return result


@pytest.mark.parametrize("function", ["clip_between", "minmax_between"])
@pytest.mark.parametrize("at", [0.0, 1.0])
def test_clip_at_equal_bounds_is_flat_in_x_and_lo(tmp_path, function, at):
    result = _check(tmp_path, function, {"x": at, "lo": at, "hi": at})
    assert result.status == "wrong", [f.message for f in result.findings]  # the rule's slope in x is not 0
    exact = result.exact_gradient
    assert float(exact["x"]) == 0.0 and float(exact["lo"]) == 0.0 and math.isnan(float(exact["hi"]))
    assert any(f.kind == "kink" and f.op == "hi" for f in result.findings)


def test_a_tie_that_moves_with_the_step_is_still_a_kink(tmp_path):
    # |x - y| at x = y is a kink in x; min(y, 0) at y = 0 ties beside it and moves with y alone
    result = _check(tmp_path, "abs_beside", {"x": 0.0, "y": 0.0})
    assert result.status == "domain", [f.message for f in result.findings]
    assert math.isnan(float(result.exact_gradient["x"]))


INTERP = '''import gradcli.numpy as np


def interp_step(x):
    return np.interp(x, np.array([0.0, 1.0, 1.0, 2.0]), np.array([0.0, 0.0, 1.0, 1.0]))
'''


def test_np_interps_jump_is_named_at_the_users_line(tmp_path):
    # a repeated knot is a step: its switch is the comparison inside np.searchsorted, which NumPy's own code calls
    path = tmp_path / "knots.py"
    path.write_text(INTERP)
    (result,) = gradcli.check(f"{path}:interp_step", [{"x": 1.0}], dtypes=["float64"]).results
    assert result.status == "domain", [f.message for f in result.findings]
    (jump,) = [f for f in result.findings if "jumps here" in f.message]
    assert "(knots.py:5)" in jump.message and "fromnumeric" not in jump.message, jump.message
    assert jump.location == f"{path}:5", jump.location
