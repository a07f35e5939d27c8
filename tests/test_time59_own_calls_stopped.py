"""A framework's own call past --max-time is stopped where it can be (`capture.own_time`): a call in lines of Python
ends at its next line, a framework's own cancellation ends what it compiled, and a call that honours neither runs on
with no other call started beside it. No framework is imported here: the calls are plain Python and C waits."""

import functools
import os
import threading
import time

import pytest

from gradcli.capture import own_time
from own_calls_held import bounded as held_briefly, ended_all


@pytest.fixture
def bounded(monkeypatch):
    """A bound of 0.2 seconds with no floor, a short grace, and nothing left running past the test."""
    with held_briefly(monkeypatch, 0.2, 0.5) as release:
        yield release


def _named():
    return "the held call", ""


def _stopped(call, **how):
    """The message of `OwnCallStopped` for ``call`` run bounded, and the thread it ran in."""
    ran_in = []

    def running():
        ran_in.append(threading.current_thread())
        return call()

    with pytest.raises(own_time.OwnCallStopped) as stopped:
        own_time.run_bounded(running, _named, **how)
    return str(stopped.value), ran_in[0]


def _spins(release):
    """A loop of the user's in lines of Python that never ends by itself, which keeps going past ``except Exception``."""
    total = 0
    while not release.is_set():
        try:
            total += 1
        except Exception:  # noqa: BLE001 - the user's own catch-all: the stop is no Exception
            pass
    return total


def test_a_call_in_lines_of_python_is_stopped_and_its_thread_ends(bounded):
    message, thread = _stopped(functools.partial(_spins, bounded))
    assert "gradcli stopped it" in message and "no verdict" in message, message
    assert not thread.is_alive() and own_time._running_on() == []
    assert own_time.run_bounded(lambda: 7, _named) == 7  # the next call starts, on a fresh worker


class _Finalised:
    """An object whose finaliser runs most of each trip: a stop raised while it runs is dropped by Python."""

    def __del__(self):
        for _ in range(20_000):
            pass


def _spins_in_finalisers(release):
    while not release.is_set():
        _Finalised()
        for _ in range(1_000):
            pass


@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")  # the stops Python drops
def test_a_stop_dropped_by_a_finaliser_is_raised_again(bounded, monkeypatch):
    monkeypatch.setattr(own_time, "_GRACE_SECONDS", 2.0)  # a stop lands outside the finaliser one time in twenty
    message, thread = _stopped(functools.partial(_spins_in_finalisers, bounded))
    assert "gradcli stopped it" in message and not thread.is_alive()


def test_a_framework_s_own_cancellation_stops_what_it_compiled(bounded):
    cancelled = threading.Event()

    def cancellable(call):  # a stand-in for TensorFlow's: the call waits in C until its manager cancels
        return (lambda: (call(), cancelled.wait())), cancelled.set

    message, thread = _stopped(lambda: None, stop_with=cancellable)
    assert "gradcli stopped it" in message and not thread.is_alive()


def test_a_call_nothing_stops_runs_on_and_no_call_starts_beside_it(bounded):
    message, thread = _stopped(bounded.wait)  # held in C with no cancellation, as XLA's compiled code is
    assert "gradcli could not stop it (compiled code honours no stop): it runs on until this process ends" in message
    assert thread.is_alive() and [worker.thread for worker in own_time._running_on()] == [thread]
    with pytest.raises(own_time.OwnCallStopped) as refused:
        own_time.run_bounded(lambda: 7, _named)
    assert str(refused.value).startswith(
        "the held call was not started: an earlier call gradcli stopped waiting for (the held call) still runs in "
        "compiled code that honours no stop, and gradcli starts no framework call beside it: no verdict")
    bounded.set()
    ended_all()
    assert own_time.run_bounded(lambda: 7, _named) == 7  # once it ended, calls start again


@pytest.mark.skipif(not hasattr(os, "sched_setaffinity"), reason="a thread's own priority and cores are Linux's")
def test_the_threads_a_call_keeps_busy_are_found_and_kept_to_one_idle_core():
    stop, ids = threading.Event(), []

    def busy():
        ids.append(threading.get_native_id())
        while not stop.is_set():
            pass

    thread = threading.Thread(target=busy, daemon=True)
    before = own_time._threads_cpu()
    thread.start()
    try:
        time.sleep(0.3)
        assert ids[0] in own_time._busy_since(before, 0.3)
        own_time._one_idle_core(ids[0])
        assert os.getpriority(os.PRIO_PROCESS, ids[0]) == 19
        assert os.sched_getaffinity(ids[0]) == {max(os.sched_getaffinity(0))}
    finally:
        stop.set()
        thread.join()
    assert threading.get_native_id() not in own_time._busy_since(own_time._threads_cpu(), 0.3)  # this one waited
