"""A loop stopped at a point (by --max-time or by the ceiling of trips) is run to its bound once: the point's later
passes (read-ahead, differences, reference, the replay beside the framework's run) meet the same stop at once
(`loop_trips.one_point`). Counted in trips run, never timed. The ceiling is lowered so that a bound gone fails the
test at that ceiling instead of hanging the suite. (A lax.while_loop: gradcli replays it trip by trip in each pass;
PyTorch's bridge already keeps a loop's stop between its passes.)"""

import pytest
from loop55_helper import FEW_TRIPS, NEAR_ONE

import gradcli
from gradcli.capture import loop_trips

jnp = pytest.importorskip("jax.numpy")
from jax import lax  # noqa: E402

from gradcli.capture import jax_loops  # noqa: E402


def steps(x):
    """x^2 plus 0 times the steps of x^2 + 1e-3 it takes to pass 1: 1000 at x = 0, past FEW_TRIPS; 4 at NEAR_ONE."""
    _, count = lax.while_loop(lambda c: c[0] < 1.0, lambda c: (c[0] + x * x + 1e-3, c[1] + 1.0),
                              (jnp.zeros_like(x), jnp.zeros_like(x)))
    return x * x + 0.0 * count


def _never_ending(key="a loop"):
    for _ in loop_trips.turns(key, "the loop"):
        pass


def test_a_loop_stopped_at_the_ceiling_raises_the_same_stop_at_once_within_its_point(monkeypatch):
    monkeypatch.setattr(loop_trips, "MAX_TRIPS", FEW_TRIPS)
    runs = []
    original = loop_trips.turns

    def counted(key, name):
        runs.append(0)
        for trip in original(key, name):
            runs[-1] = trip + 1
            yield trip

    monkeypatch.setattr(loop_trips, "turns", counted)
    key, other = object(), object()
    with loop_trips.one_point({}) as stopped:
        with pytest.raises(loop_trips.LoopStopped) as first:
            _never_ending(key)
        with pytest.raises(loop_trips.LoopStopped) as again:
            _never_ending(key)
        assert str(again.value) == str(first.value) and list(stopped.values())[0][0] is key
        with pytest.raises(loop_trips.LoopStopped):
            _never_ending(other)  # another loop runs to its own bound
    with pytest.raises(loop_trips.LoopStopped):
        _never_ending(key)  # outside the point's passes nothing is known
    assert runs == [FEW_TRIPS, 0, FEW_TRIPS, FEW_TRIPS]


def test_a_loop_that_ended_in_the_points_passes_is_stopped_beside_it_not_at_it(monkeypatch):
    """Each pass begins at the point: a loop that ended there once and is stopped later ran at a step beside it (a
    kink test's side), whose stop is not the point's."""
    monkeypatch.setattr(loop_trips, "MAX_TRIPS", FEW_TRIPS)
    key = object()
    with loop_trips.one_point({}) as stopped:
        for trip in loop_trips.turns(key, "the loop"):
            if trip == 3:
                break
        with pytest.raises(loop_trips.LoopStopped):
            _never_ending(key)
        with pytest.raises(loop_trips.LoopStopped):
            _never_ending(key)
    assert stopped == {id(key): (key, None, 3, 53)}  # its trips at float64's 53 bits


def test_a_stop_by_a_steps_bound_of_trips_is_not_the_points(monkeypatch):
    watch = loop_trips.Watch(allowed=lambda key: (20, "where it takes 1 at the point"))
    with loop_trips.one_point({}) as stopped, loop_trips.watching(watch):
        with pytest.raises(loop_trips.LoopStopped, match="where it takes 1 at the point"):
            _never_ending()
    assert stopped == {}


def test_a_check_runs_a_loop_past_the_ceiling_at_its_point_once(monkeypatch):
    """The read-ahead meets the ceiling at x = 0; the replay beside JAX's run there raises the same stop without a
    trip (each pass would run it to the ceiling again otherwise). The next point's loop runs as it would."""
    monkeypatch.setattr(loop_trips, "MAX_TRIPS", FEW_TRIPS)
    stopped_after = []  # the trips each run that stopped had run
    original = jax_loops.turns

    def counted(key, name):
        ran = 0
        try:
            for trip in original(key, name):
                ran = trip + 1
                yield trip
        except loop_trips.LoopStopped:
            stopped_after.append(ran)
            raise

    monkeypatch.setattr(jax_loops, "turns", counted)
    stopped, after = gradcli.check(steps, [{"x": 0.0}, {"x": NEAR_ONE}], dtypes=("float64",), fixes=False,
                                   framework="jax").results
    assert stopped.status == "error" and after.status == "ok"
    assert f"ran {FEW_TRIPS} trips" in stopped.findings[0].message
    assert sorted(stopped_after) == [0, FEW_TRIPS], stopped_after


@pytest.mark.wall_clock_budget
def test_a_sweeps_wider_reference_runs_its_loops_under_a_watch(monkeypatch):
    """The reference a sweep measures its bands against replays every point's loop at once (24 to 90 trips here), as long as the longest
    point's: it may take a share of the time left (none here, so the loop stops at its first question), never run
    to the ceiling unwatched; the checks judge the points without it."""
    from gradcli.sweep import dtype_run

    monkeypatch.setattr(dtype_run, "_LOOPS_SHARE", 0.0)
    result = gradcli.sweep(steps, {"x": (0.1, 0.2, 5)}, dtypes=("float64",), fixes=False, framework="jax")
    (note,) = [n for n in result.notes if "reference for the points swept together" in n]
    assert "a lax.while_loop" in note and "the checks judge them" in note
    assert result.dtypes["float64"].counts == {"ok": 5}


def halvings(x):
    """x^2 plus 0 times the halvings of 1 it takes to reach x or below: 49 at 2^-49, 50 just below it."""
    count, _ = lax.while_loop(lambda c: c[1] > x, lambda c: (c[0] + 1, c[1] / 2), (0, jnp.ones_like(x)))
    return x * x + 0.0 * count


def test_a_loop_stopped_beside_the_point_says_no_verdict_never_domain(monkeypatch):
    """At x = 2^-49 the loop ends within a ceiling of 50 trips, and x - h takes 50: the reference's differences
    meet the ceiling beside the point, which says nothing of the function's domain there (a lowered-ceiling sweep
    showed this point alone as `domain`): no verdict, the loop named. A step above it is ok."""
    monkeypatch.setattr(loop_trips, "MAX_TRIPS", FEW_TRIPS)
    beside, above = gradcli.check(halvings, [{"x": 2.0**-49}, {"x": 2.0**-40}], dtypes=("float64",), fixes=False,
                                  framework="jax").results
    assert beside.status == "error", (beside.status, beside.exact_gradient_why)
    assert f"a lax.while_loop at {__file__}:" in beside.findings[0].message
    assert above.status == "ok" and above.exact_gradient["x"] == 2.0**-39
