"""A TensorFlow while_loop that never ends at a finite difference's step (its stopping rule no number meets once the
step crosses 0): the difference is unreliable, named as the loop that ran on, and the check ends with the exact
reference's verdict; a loop past the differences' --max-time is stopped, naming --max-time. Work is counted in trips
(`loop_trips.Watch`), never in seconds; `loop_trips.MAX_TRIPS` is lowered so that a bound taken away fails the test
at that ceiling instead of hanging the suite. A loop past its bound at the point itself leaves that point without a
verdict (`error`, naming the loop, its line and its trips) and the check goes on to the next point."""

import pytest
from loop55_helper import POINT, assert_no_verdict_at_the_stopped_point, assert_stopped_at_its_bound, lower_the_ceiling

import gradcli
from gradcli.capture import loop_trips
from gradcli.checker import fd
from gradcli.checker.targets import resolve

tf = pytest.importorskip("tensorflow")


@tf.function
def halvings(x):
    """x^2 plus 0 times the halvings of 1 it takes to reach x or below: never ending where x <= 0 (the halves reach
    0 and stay above x)."""
    count, _ = tf.while_loop(lambda i, y: y > x, lambda i, y: (i + 1, y / 2), (tf.constant(0.0, x.dtype), tf.ones_like(x)))
    return x * x + 0.0 * count


def test_a_loop_that_never_ends_at_a_step_makes_the_difference_unreliable_and_the_check_ends(monkeypatch):
    lower_the_ceiling(monkeypatch)
    report = gradcli.check(halvings, [{"x": POINT}], dtypes=("float64",), fixes=False)
    assert_stopped_at_its_bound(report, "the TensorFlow loop")


def test_a_loop_past_the_differences_max_time_is_stopped_naming_it(monkeypatch):
    lower_the_ceiling(monkeypatch)
    target = resolve(halvings)
    with pytest.raises(loop_trips.LoopStopped, match=r"when the finite differences ran past --max-time \(1e-09 seconds"):
        fd.differences(target.mp_function, [1e-10], max_time=1e-9)  # 34 trips: asked at the 16th, the time gone


def test_a_loop_anywhere_in_a_check_runs_at_most_max_time(monkeypatch):
    lower_the_ceiling(monkeypatch)
    target = resolve(halvings)
    check_watch = loop_trips.Watch(what="the check", each_loop=1e-9)  # as `runner._check_points` sets it up
    with pytest.raises(loop_trips.LoopStopped, match=r"after 16 trips and --max-time \(1e-09 seconds\) in the check"):
        with loop_trips.watching(check_watch):
            target.mp_function(1e-10)  # 34 trips: asked at the 16th, the loop's time gone


def test_a_loop_past_its_bound_at_the_point_is_that_points_error_and_the_check_goes_on(monkeypatch):
    def check(points):
        return gradcli.check(halvings, points, dtypes=("float64",), fixes=False, framework="tensorflow")

    assert_no_verdict_at_the_stopped_point(monkeypatch, check, halvings, "the TensorFlow loop while")
