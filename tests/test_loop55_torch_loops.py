"""A PyTorch while_loop that never ends at a finite difference's step: the step's loop, counted eagerly there
(`torch_loops._while_counted`), is stopped at its bound by its trips at the point (the same condition's code), so the
difference is unreliable and the check ends with the exact reference's verdict. `loop_trips.MAX_TRIPS` is lowered so
that a bound taken away fails the test at that ceiling instead of hanging the suite. A loop past its bound at the
point itself leaves that point without a verdict (`error`, naming the loop, its line and its trips) and the check
goes on to the next point. The command then exits 1, as for any error verdict, not 2 (bad input)."""

import json

import pytest
from loop55_helper import (FAR_BELOW, FEW_TRIPS, POINT, assert_no_verdict_at_the_stopped_point,
                           assert_stopped_at_its_bound, lower_the_ceiling)

import gradcli
from gradcli.capture import loop_trips

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


def test_a_loop_past_its_bound_at_the_point_is_that_points_error_and_the_check_goes_on(monkeypatch):
    def check(points):
        return gradcli.check(halvings, points, dtypes=("float64",), fixes=False, framework="torch")

    assert_no_verdict_at_the_stopped_point(monkeypatch, check, halvings, "torch's while_loop")


def test_the_command_exits_as_for_an_error_verdict_not_as_for_bad_input(monkeypatch):
    from click.testing import CliRunner

    from gradcli.cli import cli

    monkeypatch.setattr(loop_trips, "MAX_TRIPS", FEW_TRIPS)
    result = CliRunner().invoke(cli, ["check", f"{__file__}:halvings", "--at", f"x={FAR_BELOW}", "--dtype", "float64",
                                      "--json"], catch_exceptions=False)
    assert result.exit_code == 1, result.output  # a check that failed; 2 is bad input
    (point,) = json.loads(result.stdout)["results"]
    assert point["status"] == "error" and "torch's while_loop at " in point["findings"][0]["message"]
