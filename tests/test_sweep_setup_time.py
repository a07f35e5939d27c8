"""A sweep's --max-time is for checking points: loading the target and its framework and tracing it come first.

Nothing here is timed. A planted slow set-up moves the clock itself: every
``time.perf_counter()`` the sweep and its checks read jumps forward by
`SLOW` seconds while the target loads (as a framework's import on a loaded
machine can take seconds) and while the bridge is told what the sweep will
ask (its tracing), so the answer is the same on any machine at any load.
"""

import time

import pytest

import gradcli.sweep.run as sweep_run
from gradcli.sweep.results import NOT_CHECKED, OUT_OF_TIME

from test_sweep_out_of_time import planted

TARGET, RANGE = "log(1+exp(x))", {"x": (-800, 800, 33)}
SLOW = 1000.0  # seconds the planted set-up takes by the clock: far past the 30 s default budget and the tests' own


@pytest.fixture
def slow_setup(monkeypatch):
    """Make loading the target and preparing its bridge take `SLOW` seconds each by every clock the sweep reads."""
    real = time.perf_counter
    jumped = [0.0]
    monkeypatch.setattr(time, "perf_counter", lambda: real() + jumped[0])

    def slow(function):
        def wrapped(*args, **kwargs):
            out = function(*args, **kwargs)
            jumped[0] += SLOW
            return out
        return wrapped

    monkeypatch.setattr(sweep_run, "resolve", slow(sweep_run.resolve))
    monkeypatch.setattr(sweep_run, "expect_sweep", slow(sweep_run.expect_sweep))
    return jumped


def test_a_slow_setup_spends_none_of_the_budget(slow_setup):
    # A budget far below what the set-up took by the clock, far above what checking the points takes on any machine.
    result = sweep_run.sweep(TARGET, RANGE, dtypes=("float64",), fixes=False, max_time=SLOW / 2)
    assert slow_setup[0] == 2 * SLOW  # both planted steps ran
    d = result.dtypes["float64"]
    assert not d.counts.get(OUT_OF_TIME) and not d.counts.get(NOT_CHECKED) and d.out_of_time == 0
    assert set(d.counts) == {"ok", "unstable"}
    assert result.setup_seconds >= 2 * SLOW and result.seconds >= result.setup_seconds
    assert result.to_dict()["setup_seconds"] == result.setup_seconds
    assert not any("--max-time" in note for note in result.notes)


def test_a_sweep_out_of_time_says_what_its_setup_took(slow_setup, monkeypatch):
    planted(monkeypatch, 0)  # the budget runs out at the first point, whatever the set-up took
    result = sweep_run.sweep(TARGET, RANGE, dtypes=("float64",), fixes=False)
    assert result.dtypes["float64"].counts.get(OUT_OF_TIME)
    (note,) = [n for n in result.notes if n.startswith("--max-time counted from the first point")]
    assert f"took {result.setup_seconds:.1f} s" in note and result.setup_seconds >= 2 * SLOW


def test_a_quick_setup_is_reported_too():
    result = sweep_run.sweep(TARGET, {"x": (0, 1, 5)}, dtypes=("float64",), fixes=False)
    assert 0 < result.setup_seconds <= result.seconds
