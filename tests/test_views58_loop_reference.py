"""A sweep's wider-dtype reference and the loops it replays (`sweep.dtype_run.DtypeRun.reference`).

The reference replays every swept point at once under a watch of its own;
a loop that ends keeps it, a loop stopped anywhere inside drops it with one
note naming the stop (the checks then judge the points without it). The
stops are forced with a stand-in for the replay, so no framework is needed.
"""

import types

import numpy as np
import pytest

from gradcli.capture import loop_trips
from gradcli.sweep import dtype_run


def _run():
    """A float32 sweep's DtypeRun with just what `reference` reads: no exact roots, so the float64 run is asked."""
    run = object.__new__(dtype_run.DtypeRun)
    run.exact_roots, run.wider, run.dtype = None, np.dtype(np.float64), np.dtype(np.float32)
    run.options = types.SimpleNamespace(wrt=None, max_time=60.0)
    run.started = float("inf")  # never out of time: `time_left` stays positive
    run.notes, run.loop_noted, run.held_program, run.each_point = [], False, "the held program", False
    run.time_left = lambda: 60.0
    return run


def _replay(loop):
    """A stand-in for `reference_columns` that runs ``loop`` and then answers the doubled points as values."""

    def replayed(program, args, wrt, each_point):
        assert program == "the held program"
        loop()
        return args[0] * 2, {"x": args[0] * 0 + 2}, None

    return replayed


def _ends_after(trips):
    def loop():
        for trip in loop_trips.turns(object(), "the loop"):
            if trip == trips:
                break
    return loop


def _under_a_watch_of_its_own():
    """A loop stopped by a watch with ``allowed`` (a difference's steps' bound), which `one_point` does not note."""
    watch = loop_trips.Watch(allowed=lambda key: (20, "where it takes 1 at the point"), what="the differences")
    with loop_trips.watching(watch):
        for _ in loop_trips.turns(object(), "the inner loop"):
            pass


def test_a_loop_that_ends_keeps_the_wider_reference(monkeypatch):
    monkeypatch.setattr(dtype_run, "reference_columns", _replay(_ends_after(3)))
    run = _run()
    (values, grads), label = run.reference([np.array([1.0, 2.0], dtype=np.float32)])
    assert label == "float64" and values.tolist() == [2.0, 4.0] and grads["x"].tolist() == [2.0, 2.0]
    assert run.notes == []


def test_a_loop_stopped_by_a_watch_of_its_own_drops_the_reference_with_a_note(monkeypatch):
    monkeypatch.setattr(dtype_run, "reference_columns", _replay(_under_a_watch_of_its_own))
    run = _run()
    assert run.reference([np.array([1.0], dtype=np.float32)]) == (None, "")
    (note,) = run.notes
    assert note.startswith("float32: no float64 reference for the points swept together (the inner loop ran ")
    assert "where it takes 1 at the point" in note and note.endswith("the checks judge them")


def test_a_loop_stopped_at_the_ceiling_drops_the_reference_and_is_noted_once(monkeypatch):
    monkeypatch.setattr(loop_trips, "MAX_TRIPS", 40)
    monkeypatch.setattr(dtype_run, "reference_columns", _replay(_ends_after(10**9)))
    run = _run()
    for _ in range(2):
        assert run.reference([np.array([1.0], dtype=np.float32)]) == (None, "")
    (note,) = run.notes
    assert "the loop ran 40 trips without its condition turning false" in note


def test_a_stop_caught_inside_the_replay_still_drops_the_reference(monkeypatch):
    """A replay that catches a loop's stop and answers anyway answers numbers the loop did not finish."""

    def caught():
        with pytest.raises(loop_trips.LoopStopped):
            _ends_after(10**9)()

    monkeypatch.setattr(loop_trips, "MAX_TRIPS", 40)
    monkeypatch.setattr(dtype_run, "reference_columns", _replay(caught))
    run = _run()
    assert run.reference([np.array([1.0], dtype=np.float32)]) == (None, "")
    assert "ran 40 trips" in run.notes[0]
