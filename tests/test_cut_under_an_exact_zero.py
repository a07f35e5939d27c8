"""arctan2 on its cut under a term whose value is exactly 0 at the point: the jump beside it is still found.

(degrees(arctan2(e, n)) - 180)^2 at e = 0, n = -1 is 0 at the point and from
the right, and 129600 from the left. On balls the slope of the side the point
is on is bounded below any float (2 (180 - 180) times arctan2's slope), which
proves nothing of the other side: the one-sided test judges the cut, as it does
wherever the value is not exactly 0.
"""

import math

import pytest

import gradcli

MODEL = '''
import gradcli.numpy as np


def squared_residual(e, n):
    return (np.rad2deg(np.arctan2(e, n)) - 180.0) ** 2


def residual(e, n):
    return np.rad2deg(np.arctan2(e, n)) - 180.0


def smooth_across(e, n):  # cos of the angle is continuous across the cut: no jump
    return np.cos(np.arctan2(e, n)) ** 2
'''


@pytest.fixture(scope="module")
def model(tmp_path_factory):
    path = tmp_path_factory.mktemp("cut_zero") / "cut_zero.py"
    path.write_text(MODEL)
    return str(path)


@pytest.mark.parametrize("name", ["squared_residual", "residual"])
def test_the_jump_is_found_whatever_the_value_at_the_point(model, name):
    result = gradcli.check(f"{model}:{name}", [{"e": 0.0, "n": -1.0}], dtypes=("float64",), fixes=False).results[0]
    assert result.status.value == "domain"
    assert math.isnan(result.exact_gradient["e"]) and result.exact_gradient["n"] == 0.0
    assert "jumps here in e" in " ".join(f.message for f in result.findings)


def test_a_function_continuous_across_the_cut_keeps_its_slopes(model):
    result = gradcli.check(f"{model}:smooth_across", [{"e": 0.0, "n": -1.0}], dtypes=("float64",),
                           fixes=False).results[0]
    assert result.status.value == "ok"
    assert result.exact_gradient == {"e": 0.0, "n": 0.0}
