"""A sampled point on arctan2's branch cut (y = 0, x < 0) is checked, and named `domain`, even where its
neighbours' values look smooth: the sweep never fills in `ok` over a jump it sampled."""

from __future__ import annotations

import math
import pytest

import gradcli


@pytest.mark.parametrize(
    "target, fixed",
    [("atan2(y, x)", {"x": -1.0}), ("atan2(y, x - 3)", {"x": 1.0}), ("tests/trials/numpy_lib12a.py:heading", {"x": -1.0})],
)
def test_the_cut_on_a_grid_point_is_domain_and_its_neighbours_ok(target, fixed):
    swept = gradcli.sweep(target, {"y": (-1.0, 1.0, 21)}, fixed=fixed, dtypes=("float64",), max_time=math.inf)
    result = swept.dtypes["float64"]
    assert result.counts.get("domain") == 1, result.counts
    (cut,) = [i for i in result.intervals if i.status == "domain"]
    assert cut.lo == cut.hi == 0.0
    assert result.counts.get("ok") == 20


def test_off_the_cut_nothing_is_named():
    swept = gradcli.sweep("atan2(y, x)", {"y": (-1.0, 1.0, 21)}, fixed={"x": 1.0}, dtypes=("float64",))
    assert swept.dtypes["float64"].counts == {"ok": 21}
