"""A sweep whose --max-time runs out part way: finished points keep their verdicts, the rest say they have none.

The budget is planted, never timed: the checker the sweep calls is given a
budget of a nanosecond after the first ``finished`` points, so exactly those
finish and every later one runs out, on any machine at any load.
"""

import itertools
import json
import time
from dataclasses import replace

import pytest

import gradcli.sweep.run as sweep_run
from gradcli.checker.balls import ran_out_of_time
from gradcli.sweep.results import NOT_CHECKED, OUT_OF_TIME
from gradcli.views.terminal_sweep import print_sweep

TARGET, RANGE = "log(1+exp(x))", {"x": (-800, 800, 33)}


def planted(monkeypatch, finished):
    """Make the sweep's checker finish its first ``finished`` points and run out of time at every later one."""
    real = sweep_run.check
    done = []

    def check(target, points, options, **changes):
        cut = min(max(finished - len(done), 0), len(points))
        in_time = real(target, points[:cut], options, **changes) if cut else None
        if cut < len(points):  # past the planted budget: the checker's own out-of-time results
            late = real(target, points[cut:], replace(options, max_time=1e-9), **changes)
            if in_time is not None:
                late.results[:0] = in_time.results
            in_time = late
        report = in_time
        done.extend(report.results)
        return report

    monkeypatch.setattr(sweep_run, "check", check)
    return done


def test_a_sweep_that_runs_out_before_any_point_counts_no_error(monkeypatch):
    checked = planted(monkeypatch, 0)
    result = sweep_run.sweep(TARGET, RANGE, dtypes=("float64",), fixes=False)
    d = result.dtypes["float64"]
    assert checked and all(ran_out_of_time(r) for r in checked)
    assert d.counts == {OUT_OF_TIME: d.checked, NOT_CHECKED: d.points - d.checked}
    assert d.out_of_time == d.checked > 0
    assert any("--max-time ran out" in note and "not checked" in note for note in result.notes)


@pytest.mark.parametrize("in_time", [6, 14, 18])  # out at the first points, or while thresholds are bisected
def test_points_finished_before_the_budget_ran_out_keep_their_verdicts(monkeypatch, in_time):
    whole = sweep_run.sweep(TARGET, RANGE, dtypes=("float64",), fixes=False).dtypes["float64"]
    assert set(whole.counts) == {"ok", "unstable"}  # the full sweep: nothing out of time to compare against
    checked = planted(monkeypatch, in_time)
    result = sweep_run.sweep(TARGET, RANGE, dtypes=("float64",), fixes=False)
    d = result.dtypes["float64"]
    finished = [r for r in checked if not ran_out_of_time(r)]
    assert len(finished) == in_time and len(checked) > 6
    assert "error" not in d.counts and d.out_of_time == len(checked) - in_time
    assert sum(d.counts.values()) == d.points
    # Every finished point lies in an interval of its own verdict, never one out of time.
    for r in finished:
        (held,) = [i for i in d.intervals if i.lo <= r.point["x"] <= i.hi]
        assert held.status == r.status and held.kind != "out of time", r.point
    # A point out of time lends no interval its place: it lies in one that is out of time too.
    for r in checked:
        if ran_out_of_time(r):
            (held,) = [i for i in d.intervals if i.lo <= r.point["x"] <= i.hi]
            assert held.kind == "out of time", r.point


def test_the_terminal_says_out_of_time_and_not_checked_once(monkeypatch, capsys):
    planted(monkeypatch, 0)
    result = sweep_run.sweep(TARGET, RANGE, dtypes=("float64",), fixes=False)
    print_sweep(result)
    out = capsys.readouterr().out
    d = result.dtypes["float64"]
    line = next(l for l in out.splitlines() if l.startswith("float64:"))
    assert f"({d.checked} out of time, {d.points - d.checked} not checked)" in line
    assert "error" not in line and line.count("out of time") == 1


def an_hour_per_reading(monkeypatch):
    """The wall clock an hour later at every reading: any budget runs out at its first look, on any machine, at any load."""
    hours = itertools.count(start=0.0, step=3600.0)
    monkeypatch.setattr(time, "perf_counter", lambda: next(hours))


def test_a_budget_gone_before_the_first_point_says_so_in_every_format(monkeypatch, capsys):
    an_hour_per_reading(monkeypatch)
    result = sweep_run.sweep(TARGET, {"x": (-800, 800, 9)}, dtypes=("float64",), max_time=30.0)
    monkeypatch.undo()
    d = result.dtypes["float64"]
    assert set(d.counts) <= {OUT_OF_TIME, NOT_CHECKED} and d.out_of_time == d.checked > 0
    assert {i.kind for i in d.intervals} == {"out of time"}
    # No fix is offered, and the sweep says it is the clock, not the absence of a fix.
    assert result.fixes == []
    (fixes_note,) = [n for n in result.notes if n.startswith("fixes not looked for")]
    assert "ran out of time (raise --max-time)" in fixes_note
    print_sweep(result)
    shown = capsys.readouterr().out
    assert fixes_note in shown and "not checked" in shown
    assert fixes_note in json.loads(json.dumps(result.to_dict()))["notes"]
