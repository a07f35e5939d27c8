"""A value that jumps along one coordinate, where a stop_gradient holds a value, has no derivative along that coordinate
alone: along the others the exact gradient is the slope with the held values frozen, the one the user's stop_gradient
defines.

``x + stop_gradient(round(x) - x)`` (a straight-through estimator) jumps at x[0] = 0.5; x[1] = 2 is off every step,
and its entry of sum(q^2) is 2 round(2) = 4. The jump used to make every entry "no derivative", so a wrong rule on
another input beside it went unseen (round 53d's open finding).
"""

import math

import pytest

import gradcli

SOURCE = '''import gradcli.numpy as np
from gradcli import custom_gradient, stop_gradient


def ste(x):
    q = x + stop_gradient(np.round(x) - x)
    return np.sum(q * q)


@custom_gradient
def doubled_exp(y):
    e = np.exp(y)

    def grad(dy):
        return dy * 2 * e

    return e, grad


def ste_beside_a_wrong_rule(x, y):
    q = x + stop_gradient(np.round(x) - x)
    return np.sum(q * q) + doubled_exp(y)


def floor_held(x, y):
    return x * stop_gradient(np.floor(x)) + y * stop_gradient(np.floor(x)) + y * y


def ste_squared(x):
    q = x + stop_gradient(np.round(x) - x)
    return np.sum(q * q)


def where_beside_held(x):
    return np.sum(np.clip(x, 0.5, 3.0) * stop_gradient(x) + np.where(x >= 0.5, 1.0, 0.0))
'''

TORCH_SOURCE = '''import torch


def ste(x):
    q = x + (torch.round(x) - x).detach()
    return torch.sum(q * q)
'''


def _check(tmp_path, source, function, point):
    path = tmp_path / "held.py"
    path.write_text(source)
    (result,) = gradcli.check(f"{path}:{function}", [point], dtypes=["float64"]).results
    return result


def _entries(value):
    return [float(v) for v in (value if isinstance(value, list) else [value])]


def test_the_jump_keeps_to_its_own_coordinate(tmp_path):
    result = _check(tmp_path, SOURCE, "ste", {"x": [0.5, 2.0]})
    assert result.status == "domain", [f.message for f in result.findings]
    first, second = _entries(result.exact_gradient["x"])
    assert math.isnan(first) and second == 4.0
    assert any("jumps here in x[0]" in f.message for f in result.findings)
    assert not any("x[1]" in f.message for f in result.findings)


def test_a_wrong_rule_beside_the_jump_is_caught(tmp_path):
    result = _check(tmp_path, SOURCE, "ste_beside_a_wrong_rule", {"x": [0.5, 2.0], "y": 1.0})
    assert result.status == "wrong", [f.message for f in result.findings]
    assert float(result.exact_gradient["y"]) == pytest.approx(math.e, rel=1e-12)
    (rule,) = [f for f in result.findings if f.kind == "wrong-rule"]
    assert "doubled_exp" in rule.op and rule.location.endswith("held.py:14"), (rule.op, rule.location)


def test_a_held_value_read_by_two_inputs(tmp_path):
    # floor(x) held: x jumps at 2, y's slope is floor(2) + 2 y = 8
    result = _check(tmp_path, SOURCE, "floor_held", {"x": 2.0, "y": 3.0})
    assert result.status == "domain", [f.message for f in result.findings]
    assert math.isnan(float(result.exact_gradient["x"])) and float(result.exact_gradient["y"]) == 8.0


def test_on_balls_a_tie_that_jumps_is_named_at_its_switch(tmp_path):
    # where(x >= 0.5) jumps at x[0] = 0.5; clip is continuous there; x[1]'s slope is the held x[1] = 2
    result = _check(tmp_path, SOURCE, "where_beside_held", {"x": [0.5, 2.0]})
    assert result.status == "domain", [f.message for f in result.findings]
    first, second = _entries(result.exact_gradient["x"])
    assert math.isnan(first) and second == 2.0
    assert any("greater_equal" in f.message for f in result.findings)


def test_a_detached_straight_through_estimator_in_pytorch(tmp_path):
    pytest.importorskip("torch")
    result = _check(tmp_path, TORCH_SOURCE, "ste", {"x": [0.5, 2.0]})
    assert result.status == "domain", [f.message for f in result.findings]
    first, second = _entries(result.exact_gradient["x"])
    assert math.isnan(first) and second == 4.0


KINK_SOURCE = '''import gradcli.numpy as np
from gradcli import stop_gradient


def kink_beside_held(x):
    return np.sum(np.abs(x - 1.0) * stop_gradient(x))
'''


def test_a_kink_where_a_value_is_held_keeps_to_its_coordinate(tmp_path):
    # |x - 1| x held: x[0] = 1 is the corner (slopes -1 and 1, held x = 1); x[1]'s slope is sign(1) 2 = 2
    result = _check(tmp_path, KINK_SOURCE, "kink_beside_held", {"x": [1.0, 2.0]})
    assert result.status == "domain", [f.message for f in result.findings]
    first, second = _entries(result.exact_gradient["x"])
    assert math.isnan(first) and second == 2.0


def test_held_values_read_beside_an_entry_of_1e150_stay_frozen(tmp_path):
    # moving the held round(x) - x by a part in 10^8 moves a sum of 1e300 by less than its rounding, so the values
    # looked like choices; with them frozen the slope is 2 round(x): the rule's own answer, ok
    result = _check(tmp_path, SOURCE, "ste_squared", {"x": [1.4, -2.6, 1e150]})
    assert result.status == "ok", [f.message for f in result.findings]
    assert _entries(result.exact_gradient["x"]) == [2.0, -6.0, 2e150]
