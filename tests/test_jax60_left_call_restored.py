"""A framework call left running in compiled code (issue 28: XLA's program that never returns) keeps the threads it
made busy, XLA's pool among them, to the least CPU priority and one core while it runs; once it ends, each of them
gets back the priority and the cores it had, so the programs XLA's pool runs later, a later check's in the same
process, run as before. The pool thread here is a thread of no Python ``threading`` object, as XLA's are, spinning
while the held call runs and idle, alive, after it."""

import _thread
import os
import threading
import time

import pytest

from gradcli.capture import own_time
from own_calls_held import already_in, bounded, ended_all


def _named():
    return "the held call", ""


def _may_raise_priority():
    """Whether this process may give a thread a higher priority back (root, or a RLIMIT_NICE that allows it)."""
    import resource

    return os.geteuid() == 0 or resource.getrlimit(resource.RLIMIT_NICE)[0] >= 20


@pytest.mark.skipif(not hasattr(os, "sched_setaffinity"), reason="a thread's own priority and cores are Linux's")
def test_the_threads_a_left_call_kept_busy_get_their_priority_and_cores_back_when_it_ends(monkeypatch):
    spinning, ended, ids = threading.Event(), threading.Event(), []

    def pool():  # one of XLA's threads: busy while a program runs, waiting for the next one after it
        ids.append(threading.get_native_id())
        while spinning.is_set():
            pass
        ended.wait()

    spinning.set()
    _thread.start_new_thread(pool, ())
    while not ids:
        time.sleep(0.01)
    before = (os.getpriority(os.PRIO_PROCESS, ids[0]), os.sched_getaffinity(ids[0]))
    found_busy = own_time._busy_since

    def spun_its_share(since, seconds):  # the pool thread given the core a machine with one to spare gives it
        least = own_time._BUSY_SHARE * seconds * os.sysconf("SC_CLK_TCK")
        while own_time._threads_cpu().get(ids[0], 0) - since.get(ids[0], 0) < least:
            ended.wait(0.01)
        return found_busy(since, seconds)

    monkeypatch.setattr(own_time, "_busy_since", spun_its_share)
    try:
        with bounded(monkeypatch, 0.2, 0.3) as release:
            entered = threading.Event()

            def held_in_c():  # which nothing stops, as XLA's code is
                entered.set()
                release.wait()

            already_in(monkeypatch, held_in_c, entered)
            with pytest.raises(own_time.OwnCallStopped, match="could not stop it"):
                own_time.run_bounded(lambda: 7, _named)
            assert os.getpriority(os.PRIO_PROCESS, ids[0]) == 19
            assert os.sched_getaffinity(ids[0]) == {max(os.sched_getaffinity(0))}
            spinning.clear()
        # the held call ended (released, joined): the pool thread, still alive, runs as it did before it
        deadline = time.monotonic() + 60  # a bound: the call ended as the block did
        while own_time._LEFT and time.monotonic() < deadline:  # the watcher gives them back as the call ends
            own_time._running_on()
            time.sleep(0.01)
        assert os.sched_getaffinity(ids[0]) == before[1]
        if _may_raise_priority():
            assert os.getpriority(os.PRIO_PROCESS, ids[0]) == before[0]
        assert own_time.run_bounded(lambda: 7, _named) == 7  # and calls start again beside it
    finally:
        spinning.clear()
        ended.set()
        ended_all()
