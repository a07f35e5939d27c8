"""A framework's own call past --max-time is stopped where it can be (`capture.own_time`): a call in lines of Python
ends at its next line, a framework's own cancellation ends what it compiled, and a call that honours neither runs on
with no other call started beside it. No framework is imported here: the calls are plain Python and C waits."""

import functools
import os
import threading
import time

import pytest

from gradcli.capture import own_time
from own_calls_held import already_in, bounded as held_briefly, ended_all, in_a_check_of_its_own


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
    assert in_a_check_of_its_own(lambda: 7, _named) == 7  # the next call starts, on a fresh worker


class _HeldInAFinaliser:
    """An object whose finaliser (``__del__``) spins in lines of Python until a stop lands in it, which Python then
    drops; ``entered`` is set once it runs, ``ended_by`` gets the exception that ended it."""

    def __init__(self, release, entered, ended_by):
        self.release, self.entered, self.ended_by = release, entered, ended_by

    def __del__(self):
        self.entered.set()
        try:
            while not self.release.is_set():
                pass
        except BaseException as error:  # noqa: BLE001 - noted, then dropped by Python as any finaliser's exception
            self.ended_by.append(type(error))
            raise


def _spins_past_a_finaliser(release, entered, ended_by):
    """A call whose first stop lands in a finaliser (which drops it) and which then spins in its own lines."""
    _HeldInAFinaliser(release, entered, ended_by)  # finalised at once: the call waits in ``__del__``
    while not release.is_set():
        pass


@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")  # the stop Python drops
def test_a_stop_dropped_by_a_finaliser_is_raised_again(bounded, monkeypatch):
    # the grace a bound the call ends well within once stopped outside its finaliser, not a time it is meant to take
    monkeypatch.setattr(own_time, "_GRACE_SECONDS", 10.0)
    entered, ended_by = threading.Event(), []
    worker = already_in(monkeypatch, functools.partial(_spins_past_a_finaliser, bounded, entered, ended_by), entered)
    with pytest.raises(own_time.OwnCallStopped) as stopped:
        own_time.run_bounded(lambda: 7, _named)
    assert "gradcli stopped it" in str(stopped.value) and not worker.thread.is_alive()
    assert ended_by == [own_time._Abandoned]  # the first stop landed in the finaliser, which dropped it


def test_a_framework_s_own_cancellation_stops_what_it_compiled(bounded):
    cancelled = threading.Event()

    def cancellable(call):  # a stand-in for TensorFlow's: the call waits in C until its manager cancels
        return (lambda: (call(), cancelled.wait())), cancelled.set

    message, thread = _stopped(lambda: None, stop_with=cancellable)
    assert "gradcli stopped it" in message and not thread.is_alive()


def test_a_call_nothing_stops_runs_on_and_no_call_starts_beside_it(bounded, monkeypatch):
    entered = threading.Event()

    def held_in_c():  # with no cancellation, as XLA's compiled code is
        entered.set()
        bounded.wait()

    thread = already_in(monkeypatch, held_in_c, entered).thread
    with pytest.raises(own_time.OwnCallStopped) as stopped:
        own_time.run_bounded(lambda: 7, _named)
    message = str(stopped.value)
    assert "gradcli could not stop it (compiled code honours no stop): it runs on until this process ends" in message
    assert thread.is_alive() and [worker.thread for worker in own_time._running_on()] == [thread]
    with pytest.raises(own_time.OwnCallStopped) as refused:
        own_time.run_bounded(lambda: 7, _named)
    assert str(refused.value).startswith(
        "the held call was not started: an earlier call gradcli stopped waiting for (the held call) still runs in "
        "compiled code that honours no stop, and gradcli starts no framework call beside it: no verdict")
    bounded.set()
    ended_all()
    assert in_a_check_of_its_own(lambda: 7, _named) == 7  # once it ended, calls start again


@pytest.mark.skipif(not hasattr(os, "sched_setaffinity"), reason="a thread's own priority and cores are Linux's")
def test_the_threads_a_call_keeps_busy_are_found_and_kept_to_one_idle_core():
    stop, spun, waiting, ids, idle = threading.Event(), threading.Event(), threading.Event(), [], []

    def busy():
        ids.append(threading.get_native_id())
        started = time.thread_time()
        while not stop.is_set():
            if time.thread_time() - started >= 2 * own_time._BUSY_SHARE * 0.3:  # its own CPU time, however loaded
                spun.set()

    def idle_wait():
        idle.append(threading.get_native_id())
        waiting.set()
        stop.wait()

    # The waiting thread is one that does nothing else: this test's own thread also reads /proc and may run a
    # garbage collection of a worker's whole heap in between, CPU time a loaded machine can push past the share.
    waiter = threading.Thread(target=idle_wait, daemon=True)
    waiter.start()
    assert waiting.wait(120)
    thread = threading.Thread(target=busy, daemon=True)
    before = own_time._threads_cpu()
    thread.start()
    try:
        assert spun.wait(120)
        busy_threads = own_time._busy_since(before, 0.3)
        assert ids[0] in busy_threads
        assert idle[0] in before and idle[0] not in busy_threads  # this one waited
        own_time._one_idle_core(ids[0])
        assert os.getpriority(os.PRIO_PROCESS, ids[0]) == 19
        assert os.sched_getaffinity(ids[0]) == {max(os.sched_getaffinity(0))}
    finally:
        stop.set()
        thread.join()
        waiter.join()
