"""A value a stop_gradient holds that only makes a discrete choice (an index, a branch) leaves the exact reference
the function as written: at a tie the choice is a switch, judged by the kink test, not a missing reference."""

import numpy as np

import gradcli
import gradcli.numpy as gnp

KNOTS = np.array([0.0, 1.0, 2.0, 4.0])
HEIGHTS = np.array([0.0, 1.0, 4.0, 6.0])  # slopes 1, 3, 1


def interp(x):
    i = gnp.clip(gnp.searchsorted(KNOTS, gradcli.stop_gradient(x), side="right"), 1, len(KNOTS) - 1)
    x0, x1, y0, y1 = KNOTS[i - 1], KNOTS[i], HEIGHTS[i - 1], HEIGHTS[i]
    return gnp.sum(y0 + (y1 - y0) * (x - x0) / (x1 - x0))


def doubled_largest(x):
    return x[gnp.argmax(gradcli.stop_gradient(x))] * 2.0


def shifted_above_one(x):
    return gnp.sum(gnp.where(gradcli.stop_gradient(x) > 1, x, x + 1))


def rounded_straight_through(x):
    y = x + gradcli.stop_gradient(gnp.round(x) - x)
    return gnp.sum(y * y)


def _checked(function, x):
    (result,) = gradcli.check(function, [{"x": x}], dtypes=("float64",), fixes=False).results
    return result, " ".join(f.message for f in result.findings)


def test_a_held_index_at_a_knot_is_the_kink_between_its_pieces():
    result, said = _checked(interp, np.array([1.0, 3.0]))
    assert result.status.value == "domain", said
    assert "1 from the left and 3 from the right" in said and "stop_gradient holds constant" not in said


def test_a_held_argmax_at_a_tie_is_the_kink_of_the_max():
    result, said = _checked(doubled_largest, np.array([1.0, 1.0]))
    assert result.status.value == "domain", said
    assert "0 from the left and 2 from the right" in said


def test_a_held_comparison_switching_a_jump_is_the_jump():
    result, said = _checked(shifted_above_one, 1.0)
    assert result.status.value == "domain", said
    assert "jumps" in said


def test_a_held_value_the_arithmetic_reads_jumps_at_its_tie():
    # round(x) - x held: the value is round(x)^2 whatever is held, which jumps at 0.5: no derivative, held or not
    result, said = _checked(rounded_straight_through, 0.5)
    assert result.status.value == "domain", said
    assert "value is 0 from the left and 1 from the right" in said
