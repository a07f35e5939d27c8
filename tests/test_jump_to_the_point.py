"""A jump to the point's own value, between sides that agree, says no difference of the sides.

where(b == 1, 0, (b*b - 1) / (b - 1)) is b + 1 on both sides of 1 and 0 at
1: the sides' limits are both 2. The finding printed "2 from the left and
2 from the right (0 at the point; they differ by 2e-20)", the 2e-20 being
the one-sided evaluations' own steps, not the jump. Sides that print alike
beside a point that does not jump to the point; the gap is said only where
the point prints as a side does (F.softplus's threshold: 21.3133 and
21.3133, they differ by -2.06e-9: tests/test_trial_findings24c.py).
"""

import gradcli
import gradcli.numpy as gnp


def guarded_quotient(b):
    return gnp.where(b == 1.0, 0.0, (b * b - 1.0) / (b - 1.0))


def test_the_jump_to_the_point_says_no_gap_of_its_sides():
    result, = gradcli.check(guarded_quotient, [{"b": 1.0}], dtypes=["float64"], fixes=False).results
    jump, = [f for f in result.findings if f.kind == "jump"]
    assert result.status == "domain"
    assert "its value is 2 from the left and 2 from the right (0 at the point), so it" in jump.message, jump.message
