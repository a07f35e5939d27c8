"""A swept audit case's budget: its own timeout governs how long its thresholds are refined."""

import math

import pytest

import gradcli.sweep
from gradcli.audit.cases import make_case
from gradcli.audit.run import run_case


def budget_given(monkeypatch, layer):
    """The ``max_time`` the sweep of a case described by ``layer`` is run with, and the case's status."""
    budgets = []
    real_sweep = gradcli.sweep.sweep

    def recording_sweep(target, ranges, options, **kwargs):
        budgets.append(options.max_time)
        return real_sweep(target, ranges, options, **kwargs)

    monkeypatch.setattr(gradcli.sweep, "sweep", recording_sweep)
    case = make_case("swept", "tanh(x)", [{"range": "x=-2:2:5", "dtypes": ["float64"], "fixes": False, **layer}])
    result = run_case(case)
    return budgets[0], result.status


def test_a_long_timeout_raises_the_sweeps_budget_past_the_checks_default(monkeypatch):
    budget, status = budget_given(monkeypatch, {"timeout": 600})
    assert 100 < budget <= 600
    assert status == "pass"


def test_a_short_timeout_ends_the_sweep_before_the_worker_is_stopped(monkeypatch):
    budget, _ = budget_given(monkeypatch, {"timeout": 5})
    assert 0 < budget < 5


def test_a_max_time_the_case_names_is_kept_under_its_timeout(monkeypatch):
    budget, _ = budget_given(monkeypatch, {"timeout": 600, "max_time": 7})
    assert budget == pytest.approx(7)


@pytest.mark.wall_clock_budget
def test_a_point_case_keeps_the_checks_own_budget():
    case = make_case("points", "tanh(x)", [{"at": ["x=1"], "timeout": 600}])
    assert math.isfinite(case.options.max_time) and case.options.max_time < 600


def test_a_case_spaces_its_sweep_on_the_scale_it_names():
    # 1, 10, 100, 1000, 1e4: exp overflows past 709.78 at two of them (linearly spaced, at four)
    case = make_case("swept", "log(1+exp(x))", [{"range": "x=1:1e4:5", "scale": "log", "dtypes": ["float64"], "fixes": False}])
    swept = run_case(case).sweep
    assert swept["ranges"]["x"]["scale"] == "log"
    assert swept["dtypes"]["float64"]["counts"] == {"ok": 3, "unstable": 2}
