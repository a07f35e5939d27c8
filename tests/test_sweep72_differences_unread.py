"""A sweep's checks make no finite differences: its intervals read verdicts and findings, never the differences.

The same sweep with the differences made (`differences_unread` taken away)
draws the same intervals, thresholds, causes and samples, so leaving them out
changes nothing a sweep shows.
"""

import contextlib
import math

import pytest

import gradcli
from gradcli.checker import fd
from gradcli.sweep import run as sweep_run

# A custom gradient accurate near 0 and wrong far left of it (the rule's 1 - 1/(1 + e^x) cancels), beside a
# plain Python function: the per-point path of the differences, its replays one value at a time.
SOURCE = '''
import gradcli.numpy as np
from gradcli import custom_gradient


@custom_gradient
def log1pexp(x):
    e = np.exp(x)

    def grad_fn(upstream):
        return upstream * (1 - 1 / (1 + e))

    return np.log(1 + e), grad_fn
'''


@pytest.fixture(scope="module")
def target(tmp_path_factory):
    path = tmp_path_factory.mktemp("unread") / "unread_softplus.py"
    path.write_text(SOURCE)
    return f"{path}:log1pexp"


def _counted(monkeypatch):
    calls = []
    differences = fd.differences

    def counted(*args, **kwargs):
        calls.append(args[1])
        return differences(*args, **kwargs)

    monkeypatch.setattr(fd, "differences", counted)
    return calls


def _shown(result):
    """What a sweep shows, without its clock."""
    shown = result.to_dict()
    shown.pop("seconds", None)
    shown.pop("setup_seconds", None)
    return shown


def _swept(target):
    return sweep_run.sweep(target, {"x": (-60, 5, 9)}, dtypes=("float64",), fixes=False, max_time=math.inf)


def test_a_sweeps_checks_make_no_differences_and_show_what_they_showed_with_them(target, monkeypatch):
    calls = _counted(monkeypatch)
    without = _swept(target)
    assert calls == []
    assert {i.status for i in without.dtypes["float64"].intervals} >= {"ok", "unstable"}  # a threshold to draw
    monkeypatch.setattr(sweep_run, "differences_unread", contextlib.nullcontext)
    made = _swept(target)
    assert calls  # the differences were made this time, at every point checked
    assert _shown(made) == _shown(without)


def test_a_check_outside_a_sweep_still_makes_and_shows_its_differences(target, monkeypatch):
    calls = _counted(monkeypatch)
    (result,) = gradcli.check(target, [{"x": -1.5}], dtypes=("float64",), fixes=False).results
    assert calls and result.fd_gradient["x"] is not None and result.fd_error["x"] is not None
