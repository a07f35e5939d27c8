"""Above 16 inputs a change of slope far below the slopes along the random direction is a kink, as at 16 and below.

sum(v + max(v, 0) 1e-250) at v = 0 (17 or 32 entries): along a direction d its slope is sum(d) + 1e-250
sum(d_i > 0) from the right and sum(d) + 1e-250 sum(d_i < 0) from the left, apart by 1e-250 sum(|d_i|).
The test along the direction parts slopes to 1e-6 of them; where the point decides a branch at a tie, the
pieces' difference is differentiated along d on jets, and a gap proven nonzero is the kink. Equal pieces
(max(v, 0) - max(-v, 0), which is v) keep their gradient. The expected gap is the closed form's.
"""

from __future__ import annotations

import textwrap

import numpy as np
import pytest

import gradcli
from gradcli.checker.precision import random_direction

pytest.importorskip("flint")

BODY = """
import gradcli.numpy as np


def tiny_in_a_vector(v):
    return np.sum(v + np.maximum(v, 0) * 1e-250)


def parts_sum(v):
    return np.sum(np.maximum(v, 0) - np.maximum(-v, 0))
"""


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    path = tmp_path_factory.mktemp("kinks") / "along.py"
    path.write_text(textwrap.dedent(BODY))
    return path


def _only(module, name, point):
    (result,) = gradcli.check(f"{module}:{name}", [point], dtypes=("float64",)).results
    return result


@pytest.mark.parametrize("n", [17, 32])
def test_a_tiny_change_of_slope_along_the_direction_is_a_kink(module, n):
    import mpmath

    v = np.zeros(n)
    result = _only(module, "tiny_in_a_vector", {"v": v})
    assert result.status == "domain", [f.message for f in result.findings]
    (kink,) = [f.message for f in result.findings if f.kind == "kink"]
    assert "in the random direction" in kink
    (d,) = random_direction([v], 0)
    with mpmath.workdps(50):
        gap = mpmath.mpf(1e-250) * mpmath.fsum(abs(mpmath.mpf(float(e))) for e in d)
        expected = mpmath.nstr(gap, 6)
    assert kink.endswith(f"(they differ by {expected})"), kink


def test_equal_pieces_along_the_direction_are_no_kink(module):
    result = _only(module, "parts_sum", {"v": np.zeros(17)})
    assert result.status == "ok", [f.message for f in result.findings]
