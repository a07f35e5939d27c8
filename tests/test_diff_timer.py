"""The simplifying child's repeating CPU timer (diff --timeout): quiet once the child stops, disarmed however it ends.

The timer fires again every `_AGAIN` s after the budget, so a repeat can
land after the worker caught the first `_OutOfTime`, while it reports
"stopped"; raised there, it would end the child with a traceback and no
report. And a child that finished every expression near its budget must not
leave the timer armed into multiprocessing's exit. These tests run the
worker in this process and call the timer's handler where the signal would
land, so that the window is hit every time.
"""

import signal

import pytest
import sympy as sp

from gradcli.expr import diff

X = sp.Symbol("x")


class Queue:
    """A stand-in for the child's queue that records what was put; ``on_put`` runs first, as a signal landing there."""

    def __init__(self, on_put=lambda item: None):
        self.items, self.on_put = [], on_put

    def put(self, item):
        self.on_put(item)
        self.items.append(item)


@pytest.fixture
def timer():
    """ITIMER_PROF of this process, disarmed again after the test whatever the worker left."""
    yield
    signal.setitimer(signal.ITIMER_PROF, 0)


def test_a_repeat_landing_while_the_worker_reports_stopped_is_quiet(monkeypatch, timer):
    def budget_spent(expr, *args, **kwargs):
        diff._out_of_time(signal.SIGPROF, None)  # the first firing, inside sympy
        raise AssertionError("the handler did not raise")

    def fires_again(item):
        if item == ("stopped", None):
            diff._out_of_time(signal.SIGPROF, None)  # the repeat, after the exception was caught

    monkeypatch.setattr(sp, "simplify", budget_spent)
    monkeypatch.setattr(diff, "_limit_cpu", lambda seconds: None)
    queue = Queue(fires_again)
    diff._simplify_worker([X**2, X**3], queue, seconds=0.2)
    assert queue.items == [("stopped", None)]
    assert diff._spent == [signal.SIGPROF, signal.SIGPROF]


def test_the_timer_is_disarmed_when_every_expression_finished(monkeypatch, timer):
    # Armed far beyond what the test spends, and with no handler of ours: only the worker's disarming stops it.
    monkeypatch.setattr(diff, "_limit_cpu", lambda seconds: signal.setitimer(signal.ITIMER_PROF, 1000.0, 1000.0))
    queue = Queue()
    diff._simplify_worker([(X**2 - 1) / (X - 1)], queue, seconds=1000.0)
    assert [index for index, _ in queue.items] == [0] and queue.items[0][1] is not None
    assert signal.getitimer(signal.ITIMER_PROF) == (0.0, 0.0)


def test_the_timer_is_disarmed_when_the_worker_stops_on_its_budget(monkeypatch, timer):
    def armed_and_spent(seconds):
        signal.setitimer(signal.ITIMER_PROF, 1000.0, 1000.0)
        raise diff._OutOfTime

    monkeypatch.setattr(diff, "_limit_cpu", armed_and_spent)
    queue = Queue()
    diff._simplify_worker([X**2], queue, seconds=1000.0)
    assert queue.items == [("stopped", None)]
    assert signal.getitimer(signal.ITIMER_PROF) == (0.0, 0.0)


def test_before_the_worker_stops_the_handler_raises_at_every_firing():
    diff._stopping = False
    for _ in range(2):
        with pytest.raises(diff._OutOfTime):
            diff._out_of_time(signal.SIGPROF, None)
