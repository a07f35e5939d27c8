"""For the tests of a framework's own calls bounded by --max-time (`capture.own_time`): the user's file run, and a
bridge's bounded calls each first held on an event the test releases at its end, so no thread is left running."""

import contextlib
import contextvars
import functools
import threading

import numpy as np
import pytest

from gradcli.capture import own_time


def users_functions(folder, source, filename):
    """What ``source`` defines, run as the user's file ``filename`` written in ``folder``; its path at ``__file__``."""
    path = str(folder / filename)
    with open(path, "w") as file:
        file.write(source)
    names = {"__file__": path}
    exec(compile(source, path, "exec"), names)  # noqa: S102 - the test's own source, under its file's name
    return names


def held_in_python(release):
    """Wait for the event ``release`` in lines of Python, as a loop of the user's runs: a call gradcli can stop."""
    while not release.wait(0.01):
        pass


@contextlib.contextmanager
def held(monkeypatch, bridge_module, stoppable=True):
    """Within it, each call ``bridge_module`` bounds (its `run_bounded`) is held on the event yielded (in Python's
    lines where ``stoppable``, else in C, which nothing stops), set at the end, and then returns without running; the
    floor of the wait and most of the grace taken away, so that a short --max-time is the wait. At the end no held
    call is left running beside the next test."""
    monkeypatch.setattr(own_time, "FLOOR_SECONDS", 0.0)
    monkeypatch.setattr(own_time, "_GRACE_SECONDS", 0.1)
    release, real = threading.Event(), bridge_module.run_bounded
    hold = functools.partial(held_in_python if stoppable else threading.Event.wait, release)
    monkeypatch.setattr(bridge_module, "run_bounded", lambda call, what, **_: real(hold, what))
    try:
        yield release
    finally:
        release.set()
        ended_all()


def ended_all():
    """Wait until every call left running (`own_time._running_on`) has ended: the tests' holds end once released."""
    for worker in own_time._running_on():
        worker.thread.join(5)


def range_stopped(monkeypatch, bridge_module, bridge):
    """The message that stops ``bridge``'s own run over a range of 3 float64 points, held past --max-time 0.2."""
    with held(monkeypatch, bridge_module), own_time.bounding(0.2), pytest.raises(own_time.OwnCallStopped) as stopped:
        bridge.vectorised([np.linspace(0.1, 0.3, 3)], np.float64)
    return str(stopped.value)


def assert_twice_sine_in_time(bridge):
    """``bridge`` (of 2 sin x) gives, within a bound, the framework's own value and gradient at 0.5 in float64."""
    with own_time.bounding(5.0):
        value, (grad,) = bridge.own((np.float64(0.5),), np.float64(1.0))
    assert np.isclose(value, 2 * np.sin(0.5), rtol=1e-14) and np.isclose(grad, 2 * np.cos(0.5), rtol=1e-14)


@contextlib.contextmanager
def bounded(monkeypatch, seconds, grace):
    """Within it, bounded calls wait ``seconds`` (no floor), an abandoned one is given ``grace`` to end; yields the
    event the test's held calls wait on, set at the end, when no call is left running beside the next test."""
    monkeypatch.setattr(own_time, "FLOOR_SECONDS", 0.0)
    monkeypatch.setattr(own_time, "_GRACE_SECONDS", grace)
    release = threading.Event()
    try:
        with own_time.bounding(seconds):
            yield release
    finally:
        release.set()
        ended_all()


def already_in(monkeypatch, call, entered):
    """The next bounded call's worker (`own_time.run_bounded`), made to run ``call`` first, returned once ``call`` has
    set the event ``entered``: the bounded call queued behind it waits past its time whatever the machine's load, and
    its stop finds ``call`` where ``entered`` was set (in a finaliser, or about to wait in C)."""
    worker = own_time._Worker()
    worker.jobs.put((call, threading.Event(), []))
    monkeypatch.setattr(own_time, "_WORKER", worker)
    assert entered.wait(120)
    return worker


def in_a_check_of_its_own(call, what):
    """``call`` run bounded (`own_time.run_bounded`, named by ``what``) in a check of its own, with a bound it ends
    well within: a check whose held call used its time waits a tenth of it for the next, no time to start a worker on
    a loaded machine."""
    def checked():
        with own_time.bounding(120.0):
            return own_time.run_bounded(call, what)
    return contextvars.Context().run(checked)
