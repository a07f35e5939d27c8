"""An index read from an input picks one entry of an array: the entries it leaves have slope 0 by construction."""

from __future__ import annotations

import mpmath
import pytest

import gradcli

SOURCE = '''\
import numpy as np


def indexed(x, v):
    return np.logaddexp2(v[int(np.floor(x * 2.0))], 1.0)
'''


@pytest.mark.xfail(strict=True, reason=(
    "unread_inputs claims whole inputs only: v is read through its picked entry v[1], so the entries v[0] and v[2] "
    "the index leaves keep differences of rounding noise, 'within 2.6e-2560 of 0 but not proven 0', and the point "
    "has no exact reference (error) where their slopes are 0 by construction"))
def test_the_entries_an_index_leaves_have_slope_0(tmp_path):
    path = tmp_path / "unread66.py"
    path.write_text(SOURCE)
    (result,) = gradcli.check(f"{path}:indexed", [{"x": 0.75, "v": [1.0, 2.0, 3.0]}], dtypes=["float64"],
                              fixes=False).results
    with mpmath.workdps(40):
        picked = float(mpmath.diff(lambda t: mpmath.log(2 ** t + 2, 2), 2))  # d/dv1 log2(2^v1 + 2) at v1 = 2
    assert result.status == "ok", [f.message for f in result.findings]
    assert [float(g) for g in result.exact_gradient["v"]] == pytest.approx([0.0, picked, 0.0], rel=1e-14, abs=0)
    assert float(result.exact_gradient["x"]) == 0.0
