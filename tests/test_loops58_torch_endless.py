"""A PyTorch while_loop whose float run ends only by rounding (a number squared until it underflows to 0) goes on
for ever on exact numbers: the exact replay traces it at most `_MOST_STEPS_ON` trips longer, then the point has no
verdict, the loop named with its trips in float64 and float32 (32 traces of ever longer unrolled loops before)."""

import inspect

import mpmath
import numpy as np
import pytest
import torch
from torch._higher_order_ops.while_loop import while_loop

import gradcli
from gradcli.capture import loop_trips, torch_bridge
from gradcli.capture.loop_trips import LoopStopped


def squared_away(x):
    """x^2 plus 0 times the squarings of 1/2 it takes to reach 0: 11 in float64, 8 in float32, never exactly."""
    count, _ = while_loop(lambda c, y: y > 0, lambda c, y: (c + 1.0, y * y), (torch.zeros_like(x), 0.5 + 0.0 * x))
    return x * x + 0.0 * count


@pytest.fixture
def traces(monkeypatch):
    """The trip counts of every trace the PyTorch bridge makes (None: the trace at the point's own counts)."""
    made, original = [], torch_bridge._Captured._trace

    def counted(self, *args, **kwargs):
        made.append(kwargs.get("counts"))
        return original(self, *args, **kwargs)

    monkeypatch.setattr(torch_bridge._Captured, "_trace", counted)
    return made


def test_a_loop_the_exact_numbers_never_end_is_traced_twice_longer_then_named(traces):
    (result,) = gradcli.check(squared_away, [{"x": 1.5}], dtypes=["float64"], fixes=False, framework="torch").results
    assert result.status == "error"
    line = inspect.getsourcelines(squared_away)[1] + 2
    message = result.findings[0].message
    assert message.startswith(f"torch's while_loop at {__file__}:{line} runs its body 11 times in PyTorch's run at "
                              "this point and 8 times in float32, and on the exact numbers its condition still holds "
                              "after 13: its float runs end where their rounding ends them"), message
    assert "no verdict" in message
    assert traces == [None, (12,), (13,)]  # every later pass of the point meets the stop without a trace
    assert result.value == 2.25 and result.gradient == {"x": 3.0}  # PyTorch's own numbers, shown


def test_the_same_exact_numbers_meet_the_stop_at_once(monkeypatch):
    replays, original = [], torch_bridge.replay

    def counted(graph, *args, **kwargs):
        replays.append(graph.trip_counts)
        return original(graph, *args, **kwargs)

    monkeypatch.setattr(torch_bridge, "replay", counted)
    bridge = torch_bridge.capture(squared_away, "squared_away")
    with mpmath.workdps(30):
        point = np.array(mpmath.mpf(1.25), dtype=object)
        with pytest.raises(LoopStopped) as first:
            bridge.forward(point)
        assert replays == [(11,), (12,), (13,)]
        with pytest.raises(LoopStopped) as again:
            bridge.forward(point)
    assert str(again.value) == str(first.value) and len(replays) == 3


def stepped(x):
    """x^2 plus 0 times the 200 steps of 0.01 it takes to pass 2."""
    count, _ = while_loop(lambda c, y: y < 1.995, lambda c, y: (c + 1.0, y + 0.01), (torch.zeros_like(x), 0.0 * x))
    return x * x + 0.0 * count


def test_a_trace_unrolling_a_long_loop_is_bounded_by_the_time_of_the_watch_and_not_made_again(monkeypatch):
    """Unrolled, a loop costs gradcli's trace far more per trip than PyTorch's run (a 20,000-trip loop: 49 s against
    1.9 s of CPU): the trace asks the watch as the loop does. A watch of no seconds for traces alone (PyTorch's counting
    run is left to end) stops it at its first question."""

    class TracesOnly(loop_trips.Watch):
        def ask(self, key, trips, name, started, running=None):
            if running is not None:
                super().ask(key, trips, name, started, running)

    traces, original = [], torch_bridge.trace

    def counted(*args, **kwargs):
        traces.append(kwargs)
        return original(*args, **kwargs)

    monkeypatch.setattr(torch_bridge, "trace", counted)
    bridge = torch_bridge.capture(stepped, "stepped")
    line = inspect.getsourcelines(stepped)[1] + 2
    with loop_trips.watching(TracesOnly(what="the test", each_loop=0.0)):
        with pytest.raises(LoopStopped, match=rf"gradcli's trace of torch's while_loop at {__file__}:{line}, unrolling "
                                              r"it 200 times as the run at the point loops, was at step 16 ") as first:
            bridge.forward(np.float64(0.5))
        made = len(traces)
        with pytest.raises(LoopStopped) as again:
            bridge.forward(np.float64(0.5))
    assert first.value.by_time and str(again.value) == str(first.value) and len(traces) == made
    assert bridge.forward(np.float64(0.5)) == 0.25  # unwatched, the trace is made
