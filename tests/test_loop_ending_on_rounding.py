"""A loop that ends where rounding makes ``s + term == s`` (the float idiom for "until the term no longer counts")
never ends on proof numbers, whose exact sums always move: the proof run that decides the point's branches stops after
`python_zero.DECIDING_SECONDS` and mpmath's path, whose every precision rounds, takes over (round 59c's F2: the check
ran until --max-time, whatever it was, and said to raise it).
"""

import math
import os

import pytest

import gradcli
from gradcli.checker import python_zero

# e^x by its Taylor series, summed until adding a term leaves the sum unchanged (round 59c's user code)
SERIES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials", "lib59c.py") + ":exp_until_same"


def test_a_series_summed_until_the_term_no_longer_counts(monkeypatch):
    monkeypatch.setattr(python_zero, "DECIDING_SECONDS", 0.5)
    (result,) = gradcli.check(SERIES, [{"x": 1.0}], dtypes=["float64"], max_time=120).results
    assert result.status == "ok", [f.message for f in result.findings]
    assert float(result.exact_gradient["x"]) == pytest.approx(math.e, rel=1e-15)
