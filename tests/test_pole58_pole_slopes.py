"""At a pole of the value (a log of an exact 0 the program's algebra makes) the verdict is domain, each coordinate
the pole's term does not move keeps its exact slope, the others have none, and no kink test runs.

log(x0^2) + x1^2 at x0 = 0 is -inf all along x1, and its slope there is x1^2's; a coordinate counts as unmoved
only where the pole's argument's slope along it is the zero function of the inputs (a proof run on unknowns), never
a slope merely 0 at the point (x0^2 x1^2 at x0 = 0 moves with x1 wherever x0 does not vanish: its log's slope there
is 2 / x1 beside the pole, tests/test_pole59_pole_slopes.py).
"""

import math
import sys

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.checker import reference_mpmath

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from test_fft58_roots_in_one_field import HANN_4, HANN_4_AT  # noqa: E402


def _exact(function, point):
    result = gradcli.check(function, [{"x": np.array(point)}], dtypes=("float64",), fixes=False,
                           max_digits=120, max_time=math.inf).results[0]
    assert result.status == "domain", [f.message for f in result.findings]
    assert result.exact_value == -np.inf
    return [float(e) for e in np.ravel(result.exact_gradient["x"])]


def _matches(found, truth):
    return len(found) == len(truth) and all(
        math.isnan(f) if math.isnan(t) else abs(f - t) <= 1e-12 * max(1.0, abs(t)) for f, t in zip(found, truth))


@pytest.mark.parametrize("function, truth", [
    (lambda x: gnp.log(x[0] ** 2) + x[1] ** 2, [math.nan, 6.0]),
    (lambda x: gnp.log(x[0] ** 2 + 0 * x[1]) - 2 * x[1], [math.nan, -2.0]),
    (lambda x: 3 * gnp.log(x[0] ** 2) / 2 + gnp.sin(x[1]), [math.nan, math.cos(3.0)]),
    # x1 moves the pole's argument, whose log's slope 2 / x1 beside the line x0 = 0 is the slope beside the pole
    (lambda x: gnp.log(x[0] ** 2 * x[1] ** 2) + x[1], [math.nan, 5 / 3]),
    # x1 moves the pole's argument off 0 along x1: log((x1 - 3)^2) has no slope at 3
    (lambda x: gnp.log(x[0] ** 2 + (x[1] - 3) ** 2) + x[1], [math.nan, math.nan]),
    # the pole's term times x1: its slope in x1 is the term itself, no number
    (lambda x: x[1] * gnp.log(x[0] ** 2), [math.nan, math.nan]),
], ids=["sum", "unmoved-argument", "scaled", "argument-moves", "argument-leaves-0", "times-the-term"])
def test_a_coordinate_the_poles_term_does_not_move_keeps_its_slope(function, truth):
    # before: every entry NaN
    found = _exact(function, [0.0, 3.0])
    assert _matches(found, truth), found


def test_a_silent_bins_pole_keeps_the_other_frames_slopes_and_runs_no_kink_test(monkeypatch):
    # x[0] and x[4] meet the window's 0: slope 0; x[1..3] move the silent bin 2 of the first frame: no slope; the
    # second frame's bins are 10 log10 of finite powers (before: all NaN, and a kink test per coordinate)
    tested = []
    monkeypatch.setattr(reference_mpmath, "find_kinks", lambda *a, **k: tested.append(a) or ([], []))
    found = _exact(HANN_4, HANN_4_AT)
    assert tested == []
    assert found[0] == 0 and found[4] == 0 and all(math.isnan(e) for e in found[1:4])
    second = np.array(HANN_4_AT[4:])
    window = 0.5 - 0.5 * np.cos(2 * np.pi * np.arange(4) / 4)
    step = 1e-6
    for k in (5, 6, 7):  # the second frame's slopes, by a central difference in float64 (|error| ~1e-9)
        moved = [second.copy(), second.copy()]
        moved[0][k - 4] += step
        moved[1][k - 4] -= step
        powers = [np.abs(np.fft.rfft(m * window)) ** 2 for m in moved]
        slope = (np.sum(10 * np.log10(powers[0])) - np.sum(10 * np.log10(powers[1]))) / (2 * step)
        assert abs(found[k] - slope) < 1e-6 * max(1.0, abs(slope)), (k, found[k], slope)
