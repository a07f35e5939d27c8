"""A point whose exact reference stopped in a loop, and whose framework's own call (run again for the numbers under
test) did not return in --max-time either, names both: the loop, and the framework's call (`checker.point`)."""

import types

import numpy as np

from gradcli.capture.loop_trips import LoopStopped
from gradcli.capture.own_time import OwnCallStopped
from gradcli.checker import point
from gradcli.checker.options import CheckOptions


def _framework_target():
    """A framework's target as the point check reads it: one variable, a bridge, its shared records."""
    return types.SimpleNamespace(variables=("x",), kind="python", bridge=object(), shared={}, text="f.py:loss",
                                 held={})


def _checked_with(monkeypatch, own_run):
    def loop_stops(*_):
        raise LoopStopped("the loop while at f.py:3 ran 5000 trips here", "the loop while at f.py:3", 5000)

    monkeypatch.setattr(point, "_checked", loop_stops)
    monkeypatch.setattr(point, "_run_with", own_run)
    return point.check_point(_framework_target(), {"x": 0.5}, np.dtype(np.float64), ("x",), CheckOptions())


def test_the_framework_s_call_left_is_named_beside_the_loop(monkeypatch):
    def own_run(*_):
        raise OwnCallStopped("PyTorch's own run of f.py:loss (its forward) was still running after 3 seconds")

    result = _checked_with(monkeypatch, own_run)
    assert result.status.value == "error" and result.value is None
    assert [(f.op, f.message.split(" was ")[0]) for f in result.findings] == [
        ("exact reference", "the loop while at f.py:3 ran 5000 trips here, so gradcli cannot compute this point's "
                            "exact reference and cannot say whether its value and gradient are right: no verdict"),
        ("framework's own call", "PyTorch's own run of f.py:loss (its forward)"),
    ]


def test_the_framework_s_numbers_in_time_are_shown_and_only_the_loop_named(monkeypatch):
    result = _checked_with(monkeypatch, lambda *_: (np.float64(0.25), [np.float64(1.0)], None))
    assert result.value == 0.25 and result.gradient == {"x": 1.0}
    assert [f.op for f in result.findings] == ["exact reference"]
