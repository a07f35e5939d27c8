"""A value off its exact reference by no more than the rounding of the program's own data passes, as a gradient
entry so off does.

(3 x - 1)^2 at the double nearest 1/3 is 3.08e-33, computed 0: 3 x rounds to 1. Moving x by two units in its last
place moves the exact value to 7.7e-32 and 1.5e-31, 25 to 50 times the computed error: the computed 0 is the exact
value of the program at data float64 cannot tell from its own (backward stable), and an exact 0 computed as 3e-33
would pass as well. Its slope, -3.3e-16 computed as 0, passes by the same rule. A tiny value the data's rounding does
not reach stays unstable: 1 - cos(x) at x = 1e-8 is 5e-17, computed 0, and two ulps of x move it by 1e-32.
"""

import gradcli

import pytest


def squared_residual(x):
    return (3.0 * x - 1.0) ** 2


def versine(x):
    import gradcli.numpy as np

    return 1.0 - np.cos(x)


def test_a_value_within_its_datas_rounding_passes_with_a_note():
    (result,) = gradcli.check(squared_residual, [dict(x=0.3333333333333333)], dtypes=["float64"]).results
    assert result.status == "ok", (result.status, result.notes)
    assert result.value == 0.0 and result.exact_value == pytest.approx(3.0814879110195774e-33, rel=1e-12)
    assert any(note.startswith("the value is off its exact value by no more than moving") for note in result.notes)


def test_a_tiny_value_its_data_does_not_reach_is_still_lost():
    (result,) = gradcli.check(versine, [dict(x=1e-8)], dtypes=["float64"]).results
    assert (result.status, result.value_status) == ("unstable", "unstable")
    assert not any(note.startswith("the value is off its exact value") for note in result.notes)
