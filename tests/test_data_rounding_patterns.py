"""The rounding of the program's data is measured with the inputs moved against the constants, and for a lone number.

README: a computed 0 against a tiny exact entry passes where moving the program's rounded constants and inputs by
two units in the last place moves the exact entry as far. The Kelly optimum 0.6 log(1 + f) + 0.4 log(1 - f) at
f = 0.2 has the exact slope -5.78e-17 (0 of the decimals): moving every datum up moves it 1.2e-17 only, and the
second pattern moved an input at index 0 up too, so the same slope was unstable there and ok at index 1 (round 63c's
F1): a third pattern moves the inputs against the constants (`data_rounding.PATTERNS`). With f the only input the
slope was its array's whole magnitude, so no reach was measured (F2): an entry where an exact 0 would pass, below
rtol x the others' largest (1 where there are none), is measured by it (`compare._passes_as_a_zero`).
"""

import mpmath
import numpy as np

import gradcli
from gradcli.checker import compare, data_rounding

SOURCE = '''import gradcli.numpy as np


def kelly(z):
    f = z[0]
    return 0.6 * np.log(1.0 + f) + 0.4 * np.log(1.0 - f) + z[1]


def kelly_alone(f):
    return 0.6 * np.log(1.0 + f) + 0.4 * np.log(1.0 - f)


def lost(x):
    return np.exp(x) / (np.exp(x) - 1.0)
'''


def _check(tmp_path, function, point):
    path = tmp_path / "growth.py"
    path.write_text(SOURCE)
    (result,) = gradcli.check(f"{path}:{function}", [point], dtypes=["float64"]).results
    return result


def test_the_optimum_at_index_0_is_the_rounding_of_its_data(tmp_path):
    result = _check(tmp_path, "kelly", {"z": np.array([0.2, 1.0])})
    assert result.status == "ok", [f.message for f in result.findings]
    assert any("rounding of the program's data" in note for note in result.notes)


def test_the_optimum_of_a_lone_input_is_the_rounding_of_its_data(tmp_path):
    result = _check(tmp_path, "kelly_alone", {"f": 0.2})
    assert result.status == "ok", [f.message for f in result.findings]
    assert any("smaller than what passes against an exact 0" in note for note in result.notes)


def test_a_digit_the_arithmetic_lost_is_still_unstable(tmp_path):
    # exp(x) / (exp(x) - 1) at 300: the slope -5e-131, computed 0, is no rounding of 300 (meant exactly)
    assert _check(tmp_path, "lost", {"x": np.array([300.0, 1.0])}).status == "unstable"


def test_a_lone_number_is_measured_by_its_reach():
    with mpmath.workdps(30):
        exact = mpmath.mpf("-5.78e-17")
        assert not compare.compare(0.0, exact, 1e-10, 0.0, "float64")[1]
        assert compare.compare(0.0, exact, 1e-10, 0.0, "float64", reach=[mpmath.mpf("1e-16")])[1]
        assert not compare.compare(0.0, exact, 1e-10, 0.0, "float64", reach=[mpmath.mpf("1e-17")])[1]
        # a number an exact 0 would not pass beside: 1e-5 computed as 0 is lost whatever the reach
        assert not compare.compare(0.0, mpmath.mpf("1e-5"), 1e-10, 0.0, "float64", reach=[mpmath.mpf(1)])[1]


def test_the_third_pattern_moves_the_inputs_against_the_constants():
    point = [np.array([0.2, 0.3]), 0.1]
    up, parity, against = (data_rounding.nudged_point(point, "float64", pattern) for pattern in data_rounding.PATTERNS)
    assert up[0][0] > 0.2 and parity[0][0] > 0.2 and against[0][0] < 0.2
    assert parity[0][1] < 0.3 and against[0][1] > 0.3
    assert (parity[1] - 0.1) == -(against[1] - 0.1) != 0
