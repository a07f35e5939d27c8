"""What test_loop55_*.py assert of a check whose loop never ends at a step, or does not end within its bound at the
point itself."""

import inspect

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


FEW_TRIPS = 50  # a ceiling the loop passes at FAR_BELOW (100 halvings of 1), not at NEAR_ONE (2)
FAR_BELOW, NEAR_ONE = 1e-30, 0.3


def assert_no_verdict_at_the_stopped_point(monkeypatch, check, function, loop):
    """With `loop_trips.MAX_TRIPS` at `FEW_TRIPS`, ``check(points)`` of ``function`` (x^2 plus 0 times its loop's
    count) says of `FAR_BELOW`, where its loop ``loop`` passes the ceiling, `error` naming the loop, the loop's line
    of ``function`` and the trips it ran, with the framework's value and gradient, and goes on to `NEAR_ONE`: ok with
x^2's slope."""
    monkeypatch.setattr(loop_trips, "MAX_TRIPS", FEW_TRIPS)
    stopped, after = check([{"x": FAR_BELOW}, {"x": NEAR_ONE}]).results
    assert stopped.status == "error" and after.status == "ok"
    # the framework's own numbers, shown though no verdict judges them
    assert abs(stopped.value - FAR_BELOW**2) <= 1e-15 * FAR_BELOW**2, stopped.value
    assert abs(stopped.gradient["x"] - 2 * FAR_BELOW) <= 1e-15 * FAR_BELOW, stopped.gradient
    assert abs(after.exact_gradient["x"] - 2 * NEAR_ONE) <= 1e-15
    (finding,) = [f for f in stopped.findings if f.kind == "undetermined"]
    assert f"{loop} at {_loop_line(function)} ran {FEW_TRIPS} trips" in finding.message, finding.message
    assert finding.message.endswith("no verdict")


def _loop_line(function):
    """``file:line`` of the line of ``function``'s source that calls a while loop."""
    function = inspect.unwrap(getattr(function, "python_function", function))
    lines, first = inspect.getsourcelines(function)
    (number,) = [first + k for k, text in enumerate(lines) if "while_loop(" in text]
    return f"{inspect.getsourcefile(function)}:{number}"
