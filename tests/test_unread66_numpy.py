"""An index read from an input picks one entry of an array: the entries it leaves have slope 0 by construction."""

from __future__ import annotations

import mpmath
import numpy as np
import pytest

import gradcli
from gradcli.checker import reference_mpmath
from gradcli.checker.targets import resolve

SOURCE = '''\
import numpy as np


def indexed(x, v):
    return np.logaddexp2(v[int(np.floor(x * 2.0))], 1.0)


def indexed_and_summed(x, v):
    return np.logaddexp2(v[int(np.floor(x * 2.0))], 1.0) + np.sum(v) * 1e-3
'''


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


def test_an_input_arithmetic_reads_has_every_entry_read(tmp_path):
    path = tmp_path / "unread66_summed.py"
    path.write_text(SOURCE)
    point = [0.75, np.array([1.0, 2.0, 3.0])]
    assert reference_mpmath.unread_entries(resolve(f"{path}:indexed"), point) == {0: {0}, 1: {0, 2}}
    assert reference_mpmath.unread_entries(resolve(f"{path}:indexed_and_summed"), point) == {0: {0}}
