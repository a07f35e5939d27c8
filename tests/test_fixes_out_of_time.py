"""A fix's re-check that the time budget (--max-time) cuts short is said to be cut short, never judged "worse".

The budget is planted, never timed: `Budget.left` reports the clock as run out
inside a fix's re-check only (`reading_verdicts_only`), as a loaded machine does
when the original check used up the seconds. Each test runs the same check
without the plant too, so the plant is what changes the outcome.
"""

import textwrap

import pytest

import gradcli
from gradcli.checker import balls
from gradcli.checker.fixes import NOT_JUDGED, _judged_fix, verdict_parts
from gradcli.checker.point import reading_verdicts_only
from gradcli.sweep import sweep

F64 = ("float64",)


@pytest.fixture
def late_rechecks(monkeypatch):
    """The clock runs out between the original check and its fixes' re-checks."""
    real = balls.Budget.left
    monkeypatch.setattr(balls.Budget, "left", lambda self: -1.0 if reading_verdicts_only() else real(self))


def _rejections(report):
    return [n for n in report.notes if "rewrites" in n]


def test_a_rewrite_rechecked_out_of_time_is_not_judged_and_says_so(late_rechecks):
    report = gradcli.check("log(1+exp(x))", [100.0])
    assert report.fixes == []
    (note,) = _rejections(report)
    assert note.startswith(NOT_JUDGED)
    for name in ("softplus", "logaddexp(0, u)", "log1p"):
        assert f"{name} (not re-checked at x=100 float32)" in note
    assert "worse" not in note and "did not help" not in note


def test_without_the_plant_the_same_rewrites_are_judged():
    report = gradcli.check("log(1+exp(x))", [100.0])
    assert [f.name for f in report.fixes][:2] == ["softplus", "logaddexp(0, u)"]
    assert _rejections(report) == ["rewrites tried that did not help: log1p (better nowhere)"]


def test_a_custom_gradient_rechecked_out_of_time_is_named(late_rechecks):
    # Values that are fine and a NaN gradient from the branch not taken: the snippet is what would be offered.
    report = gradcli.check("where(x > 0, sqrt(x), 0)", [-1.0, 4.0], dtypes=F64)
    assert all(r.value_status == "ok" for r in report.results)
    assert not [f for f in report.fixes if f.kind == "custom_gradient"]
    assert any(n.startswith(NOT_JUDGED) and "custom gradient (not re-checked at x=-1 float64)" in n for n in report.notes)


def test_without_the_plant_that_custom_gradient_is_judged():
    report = gradcli.check("where(x > 0, sqrt(x), 0)", [-1.0, 4.0], dtypes=F64)
    assert [f for f in report.fixes if f.kind == "custom_gradient"]
    assert not any(n.startswith(NOT_JUDGED) for n in report.notes)


SOURCE = '''
import gradcli
import gradcli.numpy as gnp


@gradcli.custom_gradient
def cancelling(x):
    e = gnp.exp(x)

    def grad(dy):
        return dy * (1 - 1 / (1 + e))

    return gnp.log(1 + e), grad
'''


def test_a_python_functions_source_rewrite_rechecked_out_of_time_is_not_worse(tmp_path, late_rechecks):
    path = tmp_path / "cancelling.py"
    path.write_text(textwrap.dedent(SOURCE))
    report = gradcli.check(f"{path}:cancelling", [-40.0], dtypes=F64)
    assert report.results[0].status == "unstable"
    notes = _rejections(report)
    assert notes and all(n.startswith(NOT_JUDGED) and "not re-checked at x=-40 float64" in n for n in notes)
    assert not any("worse" in n for n in report.notes)


def _one(status, out_of_time=False):
    """verdict_parts of a one-point report whose point has ``status`` (an error past --max-time if ``out_of_time``)."""
    result = gradcli.check("x*x", [2.0], dtypes=F64, fixes=False)
    r = result.results[0]
    r.status = r.value_status = r.gradient_status = gradcli.checker.verdict.Verdict(status)
    if out_of_time:
        r.findings.append(gradcli.checker.results.Finding("undetermined", "forward", "exact reference", balls.Budget(1.0).message()))
    return result


def test_a_point_where_the_original_ran_out_counts_for_neither_side():
    before = verdict_parts(_one("error", out_of_time=True))
    fix, why = _judged_fix(before, _one("ok"), "rewrite", "r", "x", "n")
    assert fix is None and "ran out" in why  # an error cut by the clock is not a failure the fix mended
    # An error that is an answer (the function raised) is mended by a fix that runs.
    fix, why = _judged_fix(verdict_parts(_one("error")), _one("ok"), "rewrite", "r", "x", "n")
    assert fix is not None and why == ""


def test_a_sweeps_fixes_cut_short_are_named_in_its_notes(late_rechecks):
    result = sweep("log(1+exp(x))", {"x": (0, 200, 9)})
    assert result.fixes == []
    assert any(n.startswith(NOT_JUDGED) for n in result.notes)


def _swept(statuses, kinds):
    """A sweep result's one dtype, as `_better` reads it: per point, the status and kind of its interval."""
    from types import SimpleNamespace

    import numpy as np

    samples = SimpleNamespace(status=np.array(statuses, dtype=object), kind=np.array(kinds, dtype=object))
    return SimpleNamespace(dtypes={"float64": SimpleNamespace(samples=samples)})


def test_a_swept_fix_is_not_judged_worse_where_its_sweep_ran_out_of_time():
    from gradcli.sweep.run import _better

    before = _swept(["unstable", "unstable", "ok"], ["precision", "precision", ""])
    # Better at the first point; the second ran past --max-time: no verdict, so not worse.
    after = _swept(["ok", "error", "ok"], ["", "out of time", ""])
    assert _better(before, after)
    # An error that is an answer (the fix raised there) is worse.
    raised = _swept(["ok", "error", "ok"], ["", "raised", ""])
    assert not _better(before, raised)


RINGING = '''
import gradcli.numpy as np
from gradcli.checker.balls import Budget, OutOfTime


def f(x):
    number = getattr(x, "_value", x)  # traced: the number inside
    if type(number).__name__ in ("arb", "Jet"):  # the exact reference, on balls: the timer rings in the user's code
        raise OutOfTime(Budget(1.0).message())
    return np.sin(x) * x
'''


def test_the_clock_ringing_inside_the_users_function_is_out_of_time_not_a_function_that_fails(tmp_path):
    path = tmp_path / "ringing.py"
    path.write_text(RINGING)
    (result,) = gradcli.check(f"{path}:f", [1.0], dtypes=F64, fixes=False).results
    assert result.status == "error" and balls.ran_out_of_time(result)
    assert not any("does not run" in f.message for f in result.findings)


def test_a_checks_clock_counts_the_references_own_work_alone(monkeypatch):
    from types import SimpleNamespace

    now = [100.0]  # a planted clock: seconds pass when the test says so
    monkeypatch.setattr(balls, "time", SimpleNamespace(perf_counter=lambda: now[0]))
    with balls.one_clock():
        budget = balls.Budget(5.0)
        now[0] += 60  # a framework's capture on a loaded machine: not the reference's seconds
        assert budget.left() == pytest.approx(5.0)
        with budget.interrupting():  # the reference at work
            now[0] += 2
            assert budget.left() == pytest.approx(3.0)
        now[0] += 60
        recheck = balls.Budget(5.0)  # a fix's re-check draws on the same clock
        assert recheck.left() == pytest.approx(3.0)
        with recheck.interrupting():
            now[0] += 4
        with pytest.raises(balls.OutOfTime):
            recheck.afford()
    with balls.one_clock(wall=True):  # a sweep's --max-time: every second counts
        budget = balls.Budget(5.0)
        now[0] += 6
        with pytest.raises(balls.OutOfTime):
            budget.afford()
    alone = balls.Budget(5.0)  # outside a check: a wall clock of its own, from when it was made
    now[0] += 6
    with pytest.raises(balls.OutOfTime):
        alone.afford()
