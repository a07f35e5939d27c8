"""A point in a header reads back as the point that was checked: short where short digits say it, in full where not."""

from __future__ import annotations

import math

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gradcli.cli import cli
from gradcli.views.formatting import point_text


def test_a_point_one_ulp_below_one_is_not_headed_one():
    below = math.nextafter(1.0, 0.0)
    assert point_text({"x": below}) == "x = 0.9999999999999999"
    result = CliRunner().invoke(cli, ["grad", "acos(x)", "--at", f"x={below!r}", "--dtype", "float64"])
    assert result.exit_code == 0, result.output
    assert "at x = 0.9999999999999999" in result.output


def test_short_points_stay_short():
    assert point_text({"x": 100.0, "y": 1e15, "z": -40.0, "w": 0.1}) == "x = 100, y = 1e+15, z = -40, w = 0.1"


def test_an_array_point_shows_its_entries_in_full_where_short_digits_would_merge_them():
    assert point_text({"x": [1.0, math.nextafter(2.0, 3.0)]}) == "x = [1, 2.0000000000000004]"


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])  # a loaded machine's slow example is no failure
@given(st.floats(allow_nan=False, allow_infinity=False), st.integers(3, 9))
def test_every_printed_point_reads_back(value, digits):
    text = point_text({"x": value}, digits)
    assert float(text.removeprefix("x = ")) == value


def test_an_array_cut_short_keeps_short_digits_it_could_not_read_back_with_anyway():
    point = {"w": [0.1257302210933933, -0.1321048632913019, 0.6404226504432821, 2.0]}
    assert point_text(point) == "w = [0.1257302, -0.1321049, 0.6404227, ...]"
