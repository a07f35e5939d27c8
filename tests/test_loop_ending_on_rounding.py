"""A loop that ends where rounding makes ``s + term == s`` (the float idiom for "until the term no longer counts")
never ends on proof numbers, whose exact sums always move: the proof run that decides the point's branches stops after
`python_zero.DECIDING_SECONDS` and mpmath's path, whose every precision rounds, takes over (round 59c's F2: the check
ran until --max-time, whatever it was, and said to raise it).
"""

import math

import pytest

import gradcli
from gradcli.checker import python_zero

SOURCE = '''def exp_until_same(x):
    s = 1.0 + 0.0 * x
    term = 1.0 + 0.0 * x
    k = 1
    while True:
        term = term * x / k
        if s + term == s:
            break
        s = s + term
        k += 1
    return s
'''


def test_a_series_summed_until_the_term_no_longer_counts(tmp_path, monkeypatch):
    monkeypatch.setattr(python_zero, "DECIDING_SECONDS", 0.5)
    path = tmp_path / "series.py"
    path.write_text(SOURCE)
    (result,) = gradcli.check(f"{path}:exp_until_same", [{"x": 1.0}], dtypes=["float64"], max_time=120).results
    assert result.status == "ok", [f.message for f in result.findings]
    assert float(result.exact_gradient["x"]) == pytest.approx(math.e, rel=1e-15)
