"""For the tests of a framework's own calls bounded by --max-time (`capture.own_time`): the user's file run, and a
bridge's bounded calls each first held on an event the test releases at its end, so no thread is left spinning."""

import contextlib
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


@contextlib.contextmanager
def held(monkeypatch, bridge_module):
    """Within it, each call ``bridge_module`` bounds (its `run_bounded`) is held on the event yielded, set at the end,
    and then returns without running (nothing of the framework's runs on beside the next test); the floor of the
    wait taken away, so that a short --max-time is the wait."""
    monkeypatch.setattr(own_time, "FLOOR_SECONDS", 0.0)
    release, real = threading.Event(), bridge_module.run_bounded
    monkeypatch.setattr(bridge_module, "run_bounded", lambda call, what: real(lambda: release.wait(30), what))
    try:
        yield release
    finally:
        release.set()


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
