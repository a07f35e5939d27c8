"""A framework call gradcli could not stop caps the process (`own_time.MOST_RUNNING_ON`): no framework call starts
beside it. The cap lifts once that call ends by itself (a slow program, not an endless one), with no one waiting for
it, and checks with no framework call (a formula, a gradcli.numpy function) are never refused while it holds."""

import threading
import time

import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.capture import own_time
from own_calls_held import already_in, bounded, in_a_check_of_its_own


def _named():
    return "the held call", ""


def _smooth(x):
    return gnp.sin(x) * 2.0


def test_the_cap_lifts_when_the_left_call_ends_and_never_refuses_gradcli_s_own_targets(monkeypatch):
    with bounded(monkeypatch, 0.2, 0.1) as release:
        entered = threading.Event()

        def held_in_c():  # as XLA's compiled code is
            entered.set()
            release.wait()

        already_in(monkeypatch, held_in_c, entered)
        with pytest.raises(own_time.OwnCallStopped, match="gradcli could not stop it"):
            own_time.run_bounded(lambda: 7, _named)
        with pytest.raises(own_time.OwnCallStopped, match="was not started"):
            own_time.run_bounded(lambda: 7, _named)
        for target in ("log(1 + exp(x))", _smooth):
            (result,) = gradcli.check(target, [{"x": 0.5}], dtypes=("float64",), fixes=False, max_time=5).results
            assert result.status.value == "ok", result.findings
        release.set()  # the slow call ends by itself; nobody joins it
        for _ in range(500):
            if not own_time._running_on():
                break
            time.sleep(0.01)
        assert own_time._running_on() == []
        assert in_a_check_of_its_own(lambda: 7, _named) == 7
