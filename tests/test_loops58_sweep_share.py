"""A sweep gives each point's loops a share of its time: a point whose loop never ends on exact numbers (a JAX
while_loop squaring 1/2 until float64 underflows to 0) is stopped at its share, with no verdict naming the loop, and
the other points are judged (before: that point's loop ran the whole --max-time and the rest were out of time). A
loop that ended everywhere leaves the sweep its wider dtype's reference."""

import math
import os

import pytest

import gradcli
from gradcli.capture import loop_trips

jnp = pytest.importorskip("jax.numpy")
from jax import lax  # noqa: E402


def squared_below(x):
    """x^2 plus 0 times the squarings of 1/2 it takes to reach 0 where x < 0.3 (11 in float64, never exactly)."""
    count, _ = lax.while_loop(lambda c: c[1] > 0, lambda c: (c[0] + 1.0, c[1] * c[1]),
                              (jnp.zeros_like(x), jnp.where(x < 0.3, 0.5, 0.0)))
    return x * x + 0.0 * count


def _wall_seconds_per_cpu_second():
    """How many wall-clock seconds a second of one process's work takes on this machine now: 1 on an idle one, the
    runnable processes per core on a loaded one (a load of 16 on 2 cores: 8)."""
    return max(1.0, os.getloadavg()[0] / len(os.sched_getaffinity(0)))


def test_a_point_whose_loop_never_ends_leaves_the_other_points_judged(monkeypatch):
    # A loop whose trips at the point say nothing of its end on exact numbers: only time stops it. The budget is 3 s
    # of this process's work: the four other points' checks fit in what the looping point's share leaves of it on an
    # idle machine, and on a loaded one in as many more wall seconds as the load makes each of theirs (without the
    # share, the loop would take all of it however long it is).
    monkeypatch.setattr(loop_trips, "BEYOND_THE_POINT", (10, 10**9))
    result = gradcli.sweep(squared_below, {"x": (0.2, 1.2, 5)}, dtypes=("float64",), fixes=False, framework="jax",
                           max_time=3.0 * _wall_seconds_per_cpu_second())
    swept = result.dtypes["float64"]
    assert swept.counts == {"ok": 4, "error": 1}, (swept.counts, result.notes)
    first = swept.intervals[0]
    assert (first.lo, first.status, first.kind) == (0.2, "error", "no verdict")
    last = swept.intervals[-1]  # how far the switch at 0.3 is bisected depends on the time left: not asserted
    assert (last.status, last.hi) == ("ok", 1.2) and last.lo <= 0.45
    assert not any("reference for the points swept together" in note for note in result.notes), result.notes


def test_a_checks_loops_are_bounded_by_a_points_share_where_it_is_less():
    with loop_trips.each_point_sharing(0.5, 2.0):
        shared = loop_trips.watch_for_a_check(1.5)
        whole = loop_trips.watch_for_a_check(0.25)
    assert shared.each_loop == 0.5 and loop_trips.A_POINTS_SHARE in shared.each_loop_said
    assert whole.each_loop == 0.25 and whole.each_loop_said == "--max-time (0.25 seconds)"
    assert loop_trips.watch_for_a_check(None).each_loop is None


def test_an_exact_loop_far_past_the_points_own_trips_is_that_points_no_verdict():
    """At 0.2 the float64 replay squares 1/2 to 0 in 11 trips; the exact reference's loop is stopped past ten times
    that plus a thousand, the loop named (before: it ran the whole --max-time, and the point said only that)."""
    (result,) = gradcli.check(squared_below, [{"x": 0.2}], dtypes=("float64",), fixes=False, framework="jax",
                              max_time=math.inf).results
    assert result.status == "error"
    message = result.findings[0].message
    assert message.startswith(f"a lax.while_loop at {__file__}:") and "bits, where it took 11 in the first run at " \
        "the point at 53: its float run may end only by rounding" in message, message
