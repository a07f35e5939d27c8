"""A value balls only bound, below every float's least, is the 0 every dtype rounds it to (round 69c's F1).

A natural cubic spline whose moments come from np.linalg.solve, read at a knot whose data is 0, is exactly 0 there,
but balls of gradcli's most bits place it only within 2^-32763 of 0: the check was an error ("not proven 0 ... no
verdict"). Such a value is taken as the 0 it rounds to in every dtype, as a derivative entry so bounded is, and
said in a note; a value that balls bound less tightly than every float's least stays no reference.
"""

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp

KNOTS = np.array([0.0, 1.0, 2.0, 3.5, 5.0])
DATA = np.array([1.0, 2.0, 0.0, 1.5, 3.0])


def _moments(xs, ys):
    n, h = xs.shape[0], xs[1:] - xs[:-1]
    a = np.zeros((n, n))
    a[0, 0] = a[n - 1, n - 1] = 1.0
    rhs = [0.0 * ys[0]]
    for k in range(1, n - 1):
        a[k, k - 1], a[k, k], a[k, k + 1] = h[k - 1], 2.0 * (h[k - 1] + h[k]), h[k]
        rhs.append(6.0 * ((ys[k + 1] - ys[k]) / h[k] - (ys[k] - ys[k - 1]) / h[k - 1]))
    rhs.append(0.0 * ys[0])
    return gnp.linalg.solve(a, gnp.stack(rhs))


def spline_at(x):
    """The natural spline through (KNOTS, DATA) on [1, 2]: at the knot 2 its value is DATA[2] = 0, its slope -1.25."""
    m = _moments(KNOTS, DATA)
    a, b = 2.0 - x, x - 1.0
    return m[1] * a ** 3 / 6 + m[2] * b ** 3 / 6 + (DATA[1] - m[1] / 6) * a + (DATA[2] - m[2] / 6) * b


def test_a_value_balls_bound_below_every_float_is_judged_as_its_rounded_0():
    [result] = gradcli.check(spline_at, [{"x": 2.0}], dtypes=["float64"], fixes=False).results
    assert result.status == "ok", (result.status, result.notes)
    assert result.exact_value is None and result.exact_value_text.startswith("below 2^-")  # the bound, never a 0
    assert float(result.exact_gradient["x"]) == pytest.approx(-1.25, rel=1e-14)
    assert any("below every float's least" in note for note in result.notes), result.notes


def test_the_bound_lies_below_longdoubles_least_too():
    from gradcli.checker.exact_python import _BELOW_EVERY_FLOAT_LOG2

    assert _BELOW_EVERY_FLOAT_LOG2 < np.log2(np.finfo(np.longdouble).smallest_subnormal)
    assert _BELOW_EVERY_FLOAT_LOG2 < -1074
