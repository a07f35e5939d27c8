"""What test_loop55_tf_loops.py and test_loop55_jax_loops.py assert of a check whose loop never ends at a step."""

from gradcli.capture import loop_trips
from gradcli.checker import fd

POINT = 1e-7  # halving 1 below it takes 24 trips; a step of 6e-6 to either side puts x - h below 0
TRIPS_AT_POINT = 24


def lower_the_ceiling(monkeypatch):
    """A ceiling of trips far below the default, far above every bound under test: a bound gone fails, not hangs."""
    monkeypatch.setattr(loop_trips, "MAX_TRIPS", 20 * (fd.LOOP_TRIPS_SLACK + 100))


def assert_stopped_at_its_bound(report, loop):
    """``report``'s one result is ok with x^2's exact slope, its differences unreliable at ``loop``, which the bound
    (the point's trips times `fd.LOOP_TRIPS_FACTOR`, plus the slack) stopped, not the ceiling."""
    (result,) = report.results
    assert result.status == "ok"
    assert abs(result.exact_gradient["x"] - 2 * POINT) <= 1e-20
    (note,) = [f.message for f in result.findings if f.kind == "fd-unreliable"]
    assert loop in note and f"where it takes {TRIPS_AT_POINT} at the point" in note, note
    trips = int(note.split(" ran ")[1].split(" trips")[0])
    assert trips <= fd.LOOP_TRIPS_FACTOR * TRIPS_AT_POINT + fd.LOOP_TRIPS_SLACK + 16  # asked every 16 trips
