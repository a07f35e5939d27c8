"""--max-time inside the climb of precisions: a step is not started when the last one's cost, grown as a step grows
(`reference_mpmath.step_cost`: twice the digits, four times the seconds), would end past the budget.

The clock is injected: the check's clock reads a counter that the function's own high-precision evaluations advance
by (digits / 30)^2 seconds each, so what is measured is the decision, not this machine's speed.
"""

import mpmath
import numpy as np

import gradcli
import gradcli.numpy as gnp
import gradcli.scipy.linalg as linalg
from gradcli.checker import balls
from gradcli.checker.reference_mpmath import step_cost

BIG = 1e80  # the derivative of `absorbed` shows only past 140 digits: the climb takes 30, 60, 120, 240 digits


def absorbed(x):
    """X - BIG for 1 X + X 0 = x + BIG: x itself, seen only at the digits that hold x beside BIG (solve_sylvester has
    no ball implementation: mpmath)."""
    return linalg.solve_sylvester(np.ones((1, 1)), np.zeros((1, 1)), gnp.reshape(x + BIG, (1, 1)))[0, 0] - BIG


def _raw(value):
    while hasattr(value, "_value"):
        value = value._value
    return value


def _checked_on_a_counted_clock(monkeypatch, max_time):
    """The check of `absorbed` at 0.5 with --max-time ``max_time`` on the injected clock: (result, seconds used)."""
    now = [0.0]
    solve = linalg.solve_sylvester

    def costly_solve(a, b, q):
        answer = solve(a, b, q)
        raw = _raw(answer)
        if isinstance(raw, mpmath.mpf) or (isinstance(raw, np.ndarray) and raw.dtype == object):
            now[0] += (mpmath.mp.dps / 30) ** 2  # an mpmath pass: seconds growing as the square of its digits
        return answer

    monkeypatch.setattr(linalg, "solve_sylvester", costly_solve)
    monkeypatch.setattr(balls._Clock, "used", lambda clock: now[0])
    (result,) = gradcli.check(absorbed, [0.5], dtypes=("float64",), fixes=False, max_time=max_time).results
    return result, now[0]


def test_a_step_that_would_end_past_the_budget_is_not_started(monkeypatch):
    # Steps of 30, 60, 120 digits cost about 9, 36 and 144 counted seconds; the 240-digit one would cost 576, and
    # 690 leaves some 500 after the first three: it is not started, and the budget is never passed.
    result, used = _checked_on_a_counted_clock(monkeypatch, 690.0)
    assert result.status == "error" and result.exact_gradient["x"] is None
    assert any(f.message.startswith("the exact reference ran past --max-time (690 seconds") for f in result.findings)
    assert 150 < used <= 690


def test_a_budget_that_holds_the_last_step_gets_the_reference(monkeypatch):
    result, used = _checked_on_a_counted_clock(monkeypatch, 1e6)
    assert result.status == "unstable"
    np.testing.assert_allclose(float(result.exact_gradient["x"]), 1.0, rtol=1e-14)
    assert used > 690  # the step the smaller budget left out was taken here


def test_a_step_at_twice_the_digits_is_expected_to_cost_four_times_the_last():
    assert step_cost(2.0, 120, 240) == 8.0 and step_cost(2.0, 120, 180) == 4.5 and step_cost(0.0, 30, 30) == 0.0
