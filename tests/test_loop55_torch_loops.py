"""A PyTorch while_loop that never ends at a finite difference's step: the step's loop, counted eagerly there
(`torch_loops._while_counted`), is stopped at its bound by its trips at the point (the same condition's code), so
the difference is unreliable and the check ends with the exact reference's verdict. `loop_trips.MAX_TRIPS` is
lowered so that a bound taken away fails the test at that ceiling instead of hanging the suite."""

import pytest
from loop55_helper import POINT, assert_stopped_at_its_bound, lower_the_ceiling

import gradcli

torch = pytest.importorskip("torch")
from torch._higher_order_ops.while_loop import while_loop  # noqa: E402


def halvings(x):
    """x^2 plus 0 times the halvings of 1 it takes to reach x or below: never ending where x <= 0."""
    _, _, count = while_loop(
        lambda x, y, c: (y > x).all(), lambda x, y, c: (x.clone(), y / 2, c + 1),
        (x.clone(), torch.ones_like(x), torch.zeros_like(x)),
    )
    return x * x + 0.0 * count


def test_a_torch_while_loop_that_never_ends_at_a_step_makes_the_difference_unreliable(monkeypatch):
    lower_the_ceiling(monkeypatch)
    report = gradcli.check(halvings, [{"x": POINT}], dtypes=("float64",), fixes=False, framework="torch")
    assert_stopped_at_its_bound(report, "torch's while_loop")
