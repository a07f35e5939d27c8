"""A sweep whose framework's call over the whole range does not return within its share of --max-time goes point by
point, each call bounded, and says so (`sweep.vectorised`); the whole range is not asked again in the next dtype."""

from dataclasses import replace

import numpy as np
import pytest

from gradcli.capture import own_time
from gradcli.checker.targets import resolve
from gradcli.sweep import vectorised
from own_calls_held import bounded as held_briefly


class _RangeNeverReturns:
    """A bridge whose call over a whole range does not return within its bound (held in C until ``release``), counted."""

    def __init__(self, release):
        self.asked, self.release = 0, release

    def vectorised(self, arrays, dtype):
        self.asked += 1
        return own_time.run_bounded(self.release.wait, lambda: ("the call over the range", ""))


@pytest.fixture
def bounded(monkeypatch):
    """A bound of 0.4 seconds with no floor and a short grace; the event every held call waits on, set at the end."""
    with held_briefly(monkeypatch, 0.4, 0.05) as release:
        yield release


def test_a_whole_range_that_never_returns_goes_point_by_point_and_says_so(bounded):
    bridge = _RangeNeverReturns(bounded)
    target = replace(resolve("x * x"), bridge=bridge)
    points = [np.array([0.5, 1.5, 3.0])]
    values, grads, why = vectorised.evaluate_columns(target, points, ("x",))
    assert values.tolist() == [0.25, 2.25, 9.0] and grads["x"].tolist() == [1.0, 3.0, 6.0]
    assert why.startswith("its framework's call over the whole range did not return (the call over the range was "
                          "still running after 0.2 seconds (--max-time 0.4)"), why  # half the bound: the rest is theirs
    assert why.endswith("so each point was asked on its own, each call bounded by what --max-time leaves: a point "
                        "whose call does not return either has no verdict")
    again = vectorised.evaluate_columns(target, [points[0].astype(np.float32)], ("x",))
    assert again[2] == why and bridge.asked == 1  # the next dtype's range is not waited for again


def test_a_share_of_the_bound_is_what_a_call_waits(bounded):
    with own_time.sharing(0.25), pytest.raises(own_time.OwnCallStopped, match="after 0.1 seconds"):
        own_time.run_bounded(bounded.wait, lambda: ("the held call", ""))
