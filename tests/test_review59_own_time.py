"""A framework's call that runs on past --max-time (`capture.own_time`) keeps every later call from starting, a call
outside any bound too (a library user's check with max_time=inf after one that hung): beside XLA's pool held by the
one that runs on, it would wait for ever. No framework is imported: the calls are plain C waits."""

import threading

import pytest

from gradcli.capture import own_time
from own_calls_held import already_in, ended_all


def _named():
    return "the held call", ""


def test_an_unbounded_call_beside_one_that_runs_on_is_not_started(monkeypatch):
    monkeypatch.setattr(own_time, "FLOOR_SECONDS", 0.0)
    monkeypatch.setattr(own_time, "_GRACE_SECONDS", 0.1)
    release = threading.Event()
    try:
        entered = threading.Event()  # held in C with no cancellation, as XLA's compiled code is
        already_in(monkeypatch, lambda: (entered.set(), release.wait()), entered)
        with own_time.bounding(0.2), pytest.raises(own_time.OwnCallStopped, match="could not stop it"):
            own_time.run_bounded(lambda: 7, _named)
        with pytest.raises(own_time.OwnCallStopped, match="the held call was not started: an earlier call"):
            own_time.run_bounded(lambda: 7, _named)  # no bound here
    finally:
        release.set()
        ended_all()
    assert own_time.run_bounded(lambda: 7, _named) == 7  # once it ended, calls start again
