"""A lax.while_loop that never ends at a finite difference's step (its stopping rule no number meets once the step
crosses 0): the difference is unreliable, named as the loop that ran on, and the check ends with the exact
reference's verdict. Work is counted in trips, never in seconds; `loop_trips.MAX_TRIPS` is lowered so that a bound
taken away fails the test at that ceiling instead of hanging the suite. A loop past its bound at the point itself
leaves that point without a verdict (`error`, naming the loop, its line and its trips) and the check goes on to the
next point."""

import pytest
from loop55_helper import POINT, assert_no_verdict_at_the_stopped_point, assert_stopped_at_its_bound, lower_the_ceiling

import gradcli

jax = pytest.importorskip("jax")
jnp = jax.numpy


def halvings(x):
    """x^2 plus 0 times the halvings of 1 it takes to reach x or below: never ending where x <= 0."""
    count, _ = jax.lax.while_loop(lambda c: c[1] > x, lambda c: (c[0] + 1, c[1] / 2), (0, jnp.ones_like(x)))
    return x * x + 0.0 * count


def test_a_lax_while_loop_that_never_ends_at_a_step_makes_the_difference_unreliable(monkeypatch):
    lower_the_ceiling(monkeypatch)
    report = gradcli.check(halvings, [{"x": POINT}], dtypes=("float64",), fixes=False, framework="jax")
    assert_stopped_at_its_bound(report, "a lax.while_loop")


def test_a_loop_past_its_bound_at_the_point_is_that_points_error_and_the_check_goes_on(monkeypatch):
    def check(points):
        return gradcli.check(halvings, points, dtypes=("float64",), fixes=False, framework="jax")

    assert_no_verdict_at_the_stopped_point(monkeypatch, check, halvings, "a lax.while_loop")
