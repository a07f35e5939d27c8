"""A sweep never calls a span it did not check by a neighbour's verdict.

``shrunk_norm(x) = sqrt(x * 1e-10 * x)`` has three classes over x in
[1e-300, 1]: the square underflows to 0 (x < 1.6e-157, value and gradient
lost), turns subnormal (up to 9.7e-153, both inaccurate), and is fine above.
A log sweep of 7 points samples none of the middle band: the sweep finds it
only by bisecting the threshold of the first, a class of its own
(`DtypeRun.settle`). With the rounds of finding such classes planted down to
one, the middle band is found and never refined: it must read "not refined",
at the worst verdict checked in it, and never "ok" from the run past it.
"""

import types

import pytest

import gradcli
import gradcli.sweep.dtype_run as dtype_run
import gradcli.sweep.run as sweep_run
from gradcli.checker.verdict import Verdict
from gradcli.sweep.results import NOT_REFINED
from gradcli.views.html import render_sweep
from gradcli.views.terminal_sweep import intervals_text, print_sweep

MODULE = '''import gradcli.numpy as gnp


def shrunk_norm(x):
    return gnp.sum(gnp.sqrt(x * 1e-10 * x))
'''
RANGE = {"x": (1e-300, 1.0, 7, "log")}
INSIDE = 1e-155  # in the subnormal band, between samples 1e-200 and 1e-150


@pytest.fixture
def target(tmp_path):
    (tmp_path / "norms.py").write_text(MODULE)
    return f"{tmp_path / 'norms.py'}:shrunk_norm"


def holding(d, x):
    (interval,) = [i for i in d.intervals if i.lo <= x <= i.hi]
    return interval


def test_the_point_inside_the_hidden_band_is_unstable(target):
    (result,) = gradcli.check(target, [{"x": INSIDE}], dtypes=("float64",), fixes=False).results
    assert result.status == Verdict.UNSTABLE


def test_the_full_sweep_refines_the_hidden_band(target):
    result = sweep_run.sweep(target, RANGE, dtypes=("float64",), fixes=False)
    d = result.dtypes["float64"]
    assert holding(d, INSIDE).status == Verdict.UNSTABLE and holding(d, INSIDE).kind != NOT_REFINED
    assert not any(i.kind == NOT_REFINED for i in d.intervals)


def test_a_band_found_after_the_last_round_is_not_refined_never_ok(monkeypatch, target):
    monkeypatch.setattr(dtype_run, "MAX_DISCOVERIES", 1)  # the planted limit: one round finds the band, none refines it
    result = sweep_run.sweep(target, RANGE, dtypes=("float64",), fixes=False)
    d = result.dtypes["float64"]
    held = holding(d, INSIDE)
    assert held.status == Verdict.UNSTABLE and held.kind == NOT_REFINED and held.mixed
    assert held.parts == ("value", "gradient")
    # The ok run begins at its first checked ok float, above the band's checked floats.
    ok = [i for i in d.intervals if i.status == Verdict.OK]
    assert len(ok) == 1 and ok[0].lo > held.hi > INSIDE
    # The threshold into the band says what the float past it is (unstable), not the run it was not refined into.
    (threshold,) = [t for t in d.thresholds if t.next == held.lo]
    assert threshold.after == Verdict.UNSTABLE and threshold.after_kind not in (None, NOT_REFINED)
    assert any("not refined" in note and "never its neighbour's" in note for note in result.notes)
    # Every view says so: JSON, the one-line text, the terminal table, HTML.
    (shown,) = [i for i in result.to_dict()["dtypes"]["float64"]["intervals"] if i["kind"] == NOT_REFINED]
    assert shown["status"] == "unstable"
    assert "unstable (not refined, mixed)" in intervals_text(d.intervals)
    assert "not refined" in render_sweep(result.to_dict())


def test_the_terminal_table_names_the_span_not_refined(monkeypatch, capsys, target):
    monkeypatch.setattr(dtype_run, "MAX_DISCOVERIES", 1)
    print_sweep(sweep_run.sweep(target, RANGE, dtypes=("float64",), fixes=False))
    out = capsys.readouterr().out
    row = next(line for line in out.splitlines() if "not refined" in line and "unstable" in line)
    assert "ok" not in row.split()
    assert "note:" in out and "labelled 'not refined'" in " ".join(out.split())


def _result(bits, location, op):
    finding = types.SimpleNamespace(kind="nonfinite", phase="backward", op=op, location=location)
    return types.SimpleNamespace(bits_lost=bits, findings=[finding], status="unstable")


def test_a_bands_example_is_a_point_whose_finding_names_the_users_line():
    # Two points of a band, equally lost: the first's replay found no step to blame and names the whole jitted
    # function; the second names the op at the user's line, as the point check does inside the band.
    run = object.__new__(dtype_run.DtypeRun)
    point_class = (Verdict.UNSTABLE, "inf", ("gradient",), True)
    run.results = {1: _result(53.0, None, "adam_step"), 2: _result(53.0, "f.py:110", "divide")}
    run.classes = {1: point_class, 2: point_class}
    run.kinds = {1: "inf", 2: "inf"}
    kind, example = run.named([1, 2])
    assert kind == "inf" and example is run.results[2]
    run.results[1].bits_lost = 53.5  # a point that lost more stays the example, located or not
    assert run.named([1, 2])[1] is run.results[1]
