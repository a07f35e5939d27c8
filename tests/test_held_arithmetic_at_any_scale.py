"""Whether arithmetic reads the values a stop_gradient holds is a fact of the program, not of the other entries' scale.

``x * stop_gradient(floor(x))`` at x[0] = 0 reads the held floor by arithmetic: its derivative, the one the user's
stop_gradient defines, is the held value frozen, floor(0) = 0, with no kink (round 57c's H2). The test that tells
arithmetic from a choice (an index, a branch) shifts the held values twice and compares the value's changes: it
measured them against 1, so beside entries of 1e-300 (whose changes are 1e-300 of the shifts) the held values looked
like choices, and the function's own kink at 0 (slope -1 from the left) made it domain; at x = [0] alone the value
stands still at every shift. A held index stays a choice.
"""

import math

import pytest

import gradcli

SOURCE = '''import gradcli.numpy as np
from gradcli import stop_gradient


def floor_scaled(x):
    return np.sum(x * stop_gradient(np.floor(x)))


def sign_scaled(x):
    return np.sum(x * stop_gradient(np.sign(x)))


def held_index(x):
    i = np.searchsorted(np.array([0.0, 1.0, 2.0]), stop_gradient(x[0]))
    return np.array([10.0, 20.0, 30.0, 40.0])[i] * x[1]
'''


def _check(tmp_path, function, point):
    path = tmp_path / "held.py"
    path.write_text(SOURCE)
    (result,) = gradcli.check(f"{path}:{function}", [point], dtypes=["float64"]).results
    return result


def _entries(value):
    return [float(v) for v in (value if isinstance(value, list) else [value])]


@pytest.mark.parametrize("x, slopes", [
    ([0.0, 1e-300, -1e-300], [0.0, 0.0, -1.0]),
    ([0.0, 0.5], [0.0, 0.0]),
    ([0.0], [0.0]),
    ([0.0, 5e-324], [0.0, 0.0]),
])
def test_a_held_floor_read_by_arithmetic_is_frozen_whatever_the_scale(tmp_path, x, slopes):
    result = _check(tmp_path, "floor_scaled", {"x": x})
    assert result.status == "ok", [f.message for f in result.findings]
    assert _entries(result.exact_gradient["x"]) == slopes
    assert not any(f.kind == "kink" for f in result.findings)


@pytest.mark.parametrize("x", [[0.0, -1e-300], [0.0, -2.0, 1e-300]])
def test_a_held_sign_read_by_arithmetic_is_frozen_whatever_the_scale(tmp_path, x):
    result = _check(tmp_path, "sign_scaled", {"x": x})
    assert result.status == "ok", [f.message for f in result.findings]
    assert _entries(result.exact_gradient["x"])[0] == 0.0


def test_a_held_index_at_a_tie_is_still_a_choice(tmp_path):
    # searchsorted of the held x[0] = 1 sits on a knot: the function jumps there (20 -> 30 times x[1]), whatever is held
    result = _check(tmp_path, "held_index", {"x": [1.0, 2.0]})
    assert result.status == "domain", [f.message for f in result.findings]
    first, second = _entries(result.exact_gradient["x"])
    assert math.isnan(first) and second in (20.0, 30.0)

