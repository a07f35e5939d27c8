"""A slope bounded about 0 but not proven 0, on a switch between two sides, beside a gradient rule that gives NaN:
no exact reference, not `wrong`.

log(|x| + e^1e7) at 0 (``np.logaddexp(np.log(np.abs(x)), 1e7)``) has slopes -e^-1e7 and +e^-1e7 on its two sides:
a kink, no derivative. No digits within reach resolve e^-1e7, so the differences only bound the slope within
2e-1273 of 0, and the reference took that bound's 0 as the slope, calling the rule's NaN (log's 1/0 times 0) wrong
(round 55c). On a switch whose two sides take different branches (abs at 0) a kink and a slope the rule misses cannot
be told apart there: no verdict, said so. A where filled at an equality (x == 0, which the point alone takes) keeps
its judgement: its sides are one branch (tests/test_exact71_removable_where.py).
"""

import pytest

import gradcli

SOURCE = '''import numpy as np


def tiny_kink(x):
    return np.logaddexp(np.log(np.abs(x)), 1e7)


def plain_kink(x):
    return np.logaddexp(np.log(np.abs(x)), 0.0)
'''


def test_a_kink_below_every_digit_is_no_verdict_not_a_wrong_rule(tmp_path):
    path = tmp_path / "switch.py"
    path.write_text(SOURCE)
    (result,) = gradcli.check(f"{path}:tiny_kink", [{"x": 0.0}], dtypes=["float64"]).results
    assert result.status == "error", [f.message for f in result.findings]
    said = " ".join(f.message for f in result.findings)
    assert "sits on a switch" in said and "no verdict" in said
    assert not any(f.kind == "nonfinite-rule" for f in result.findings)


def test_the_same_kink_with_slopes_in_reach_is_domain(tmp_path):
    path = tmp_path / "switch.py"
    path.write_text(SOURCE)
    (result,) = gradcli.check(f"{path}:plain_kink", [{"x": 0.0}], dtypes=["float64"]).results
    assert result.status == "domain", [f.message for f in result.findings]


def test_away_from_the_switch_the_tiny_slope_is_given():
    (result,) = gradcli.check("logaddexp(log(abs(x)), 1e7)", [{"x": 1.0}], dtypes=["float64"]).results
    assert result.status == "ok"
