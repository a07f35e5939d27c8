"""A sweep's table as users read it: rows that differ only in the bits they lose are one row, long op names fit, and
the counts of grid points stand beside the stretches the refined table covers.

``(exp(x) - 1)/x`` swept over x = 1e-14 .. 0.5 (11 grid points) in float64:
its cancellation loses every bit up to 7.97e-9 and 52 of 53 bits after it,
so the sweep's intervals split there, and the gradient's cancellation beyond
is blamed on "add (the gradient accumulation of the paths of an input that
meet in divide)". One grid point is unstable, yet the refined stretch reaches
0.000946: the counts say 1 grid point, the line under them where the stretch
lies.
"""

import json

import pytest

from audit_reports import case

import gradcli
from gradcli.audit.results import AuditReport
from gradcli.checker.verdict import Verdict
from gradcli.jsondata import jsonable
from gradcli.sweep.results import DtypeSweep, Interval
from gradcli.views import audit_cases, html, junit, sweep_rows, terminal_sweep

TARGET = "(exp(x) - 1)/x"
ACCUMULATION = "add (the gradient accumulation of the paths of an input that meet in divide)"


@pytest.fixture(scope="module")
def swept():
    result = gradcli.sweep(TARGET, {"x": (1e-14, 0.5, 11)}, dtypes=("float64",), fixes=False)
    intervals = result.dtypes["float64"].intervals
    # the split the rows join: every bit lost, then 52 of 53, one verdict, kind, parts and op
    first, second = intervals[:2]
    assert (first.status, first.kind, first.parts, first.op) == (second.status, second.kind, second.parts, second.op)
    assert first.lost_all and not second.lost_all and first.op == "subtract"
    assert ACCUMULATION in [i.op for i in intervals]
    return result


def _table_lines(text):
    lines = text.splitlines()
    start = next(k for k, line in enumerate(lines) if line.split()[:2] == ["from", "to"])
    end = next(k for k, line in enumerate(lines) if line.startswith("  thresholds"))
    return lines[start + 1:end]


def test_the_terminal_table_joins_the_rows_that_differ_in_bits_lost_and_fits_the_long_op(swept, capsys):
    terminal_sweep.print_sweep(swept)
    text = capsys.readouterr().out
    rows, footnotes = [], []
    for line in _table_lines(text):
        (footnotes if line.lstrip().startswith("[") else rows).append(line.split())
    assert [row[:2] for row in rows] == [["1e-14", "2.161848e-07"], ["2.161848e-07", "0.000945895"], ["0.000945895", "0.5"]]
    assert rows[0][-4:] == ["subtract", "52.0-53.0", "of", "53"]  # every bit lost in part: 53 of 53 at worst
    assert rows[1][-3:] == ["add", "[1]", "41.9"]
    assert footnotes == [["[1]", *ACCUMULATION.split()]]
    assert all(len(line.rstrip()) <= 120 for line in _table_lines(text) if "  [1] " not in line)  # within the console: no row wraps


def test_the_counts_of_grid_points_have_the_refined_stretch_under_them(swept, capsys):
    terminal_sweep.print_sweep(swept)
    lines = capsys.readouterr().out.splitlines()
    at = next(k for k, line in enumerate(lines) if line.startswith("float64:"))
    assert lines[at] == "float64: 11 points (10 ok, 1 unstable); " + lines[at].split("; ")[1]
    assert lines[at + 1] == "  refined to adjacent floats: unstable for x in [1e-14, 0.000945895] (1 grid point)"


def test_the_json_adds_stretches_and_each_interval_s_grid_points_and_keeps_every_interval(swept):
    data = json.loads(json.dumps(jsonable(swept.to_dict())))
    run = data["dtypes"]["float64"]
    assert run["counts"] == {"ok": 10, "unstable": 1} and run["points"] == 11
    assert len(run["intervals"]) == 4 and [i["points"] for i in run["intervals"]] == [1, 0, 0, 10]
    (unstable, ok) = run["stretches"]
    assert (unstable["status"], unstable["variable"], unstable["lo"], unstable["points"]) == ("unstable", "x", 1e-14, 1)
    assert unstable["hi"] == run["intervals"][2]["hi"] and ok["lo"] == run["intervals"][3]["lo"]
    assert (ok["status"], ok["hi"], ok["points"]) == ("ok", 0.5, 10)
    # a report read back from JSON shows the same rows
    assert [r["joined"] for r in sweep_rows.rows(run["intervals"])] == [2, 1, 1]


def test_html_and_the_audit_reports_show_the_rows_too(swept):
    data = json.loads(json.dumps(jsonable(swept.to_dict())))
    page = html.render_sweep(data)
    assert page.count('<td class="v-unstable">') == 2 and "<td>52.0-53.0 of 53</td>" in page
    failing = audit_cases.failing_intervals(data)
    assert [audit_cases.interval_text(i) for _, i in failing] == [
        "unstable (cancellation) for x in [1e-14, 2.161848e-07]",
        "unstable (cancellation) for x in [2.161848e-07, 0.000945895]",
    ]
    text = junit.render(AuditReport(cases=[case("swept", "fail", sweep=data, target=TARGET)]))
    assert text.count("unstable (cancellation) for x in") == 2


def _interval(lo, hi, status="unstable", kind="cancellation", op="log", bits=52.0, lost_all=False, **more):
    return Interval("x", lo, hi, Verdict(status), kind, bits, {"x": lo}, ("value",), op, lost_all, **more).to_dict()


def test_rows_join_only_neighbours_of_one_verdict_kind_and_parts():
    intervals = [
        _interval(-3, -2, "ok", None, None, None),
        _interval(-2, -1, bits=24.0, lost_all=True),
        _interval(-1, 0, bits=21.5, mixed=True),
        _interval(0, 1, kind="nan", op="exp", bits=24.0, lost_all=True),
        _interval(1, 2, bits=22.0),
        {**_interval(2, 3, bits=23.0, lost_all=True), "parts": ["value", "gradient"]},
    ]
    rows = sweep_rows.rows(intervals)
    assert [(r["lo"], r["hi"], r["joined"]) for r in rows] == [(-3, -2, 1), (-2, 0, 2), (0, 1, 1), (1, 2, 1), (2, 3, 1)]
    assert rows[1]["mixed"] and rows[1]["lost_all_somewhere"] and not rows[1]["lost_all"]
    assert [sweep_rows.bits_text(r, "float32") for r in rows] == ["-", "21.5-24.0 of 24", "24.0 (all)", "22.0", "23.0 (all)"]
    # a row read back from JSON (parts as a list) joins the one made fresh (a tuple)
    again = sweep_rows.rows([intervals[4], {**intervals[4], "lo": 2, "hi": 3, "parts": ["value"]}])
    assert len(again) == 1 and sweep_rows.bits_text(again[0], "float64") == "22.0"
    # every bit lost where 1 - exp(-40) rounds to 1: 52 bits measured, all 53 lost
    softplus = sweep_rows.rows([_interval(-40, -37, bits=52.0, lost_all=True), _interval(-37, -15, bits=51.9)])
    assert sweep_rows.bits_text(softplus[0], "float64") == "51.9-53.0 of 53"
    boxed = {**intervals[1], "box": {"x": [-2, -1]}}
    assert len(sweep_rows.rows([boxed, {**intervals[2], "box": {"x": [-1, 0]}}])) == 2  # a 2-D class is its own row


def test_a_joined_row_names_each_op_once_and_shortens_those_that_do_not_fit():
    intervals = [_interval(0, 1, op="log in the gradient of power", lost_all=True), _interval(1, 2, op=ACCUMULATION),
                 _interval(2, 3, op="log in the gradient of power", lost_all=True), _interval(3, 4, kind="nan", op="exp")]
    rows = sweep_rows.rows(intervals)
    assert rows[0]["ops"] == ["log in the gradient of power", ACCUMULATION]
    cells, notes = sweep_rows.ops_shown(rows + sweep_rows.rows([_interval(0, 1, op=ACCUMULATION)]))
    assert cells == ["log [1], add [2]", "exp", "add [2]"]
    assert notes == ["[1] log in the gradient of power", f"[2] {ACCUMULATION}"]
    assert sweep_rows.ops_shown(sweep_rows.rows([_interval(0, 1, op="exp"), _interval(1, 2, op="log", lost_all=True)]))[0] == ["exp, log"]
    beside = sweep_rows.rows([_interval(0, 1, op="exp"), _interval(1, 2, op=ACCUMULATION, lost_all=True)])
    assert sweep_rows.ops_shown(beside) == (["exp, add [1]"], [f"[1] {ACCUMULATION}"])  # a one-word op needs no note


def test_a_dtype_sweep_s_table_prints_its_footnotes_under_it():
    d = DtypeSweep("float64", 3, intervals=[Interval(**{k: v for k, v in _interval(0, 1, op=ACCUMULATION).items()
                                                           if k not in ("box", "parts", "status", "example")},
                                                     status=Verdict.UNSTABLE, parts=("value",))])
    table, footnotes = terminal_sweep._interval_table(d, sweep_rows.rows([i.to_dict() for i in d.intervals]), 7)
    assert footnotes == [f"[1] {ACCUMULATION}"] and table.row_count == 1


def test_a_2d_sweep_counts_each_class_s_grid_points_and_has_no_stretches():
    run = gradcli.sweep("log(exp(x) + y)", {"x": (-800, 800, 7), "y": (0.5, 2, 3)}, dtypes=("float64",), fixes=False)
    data = run.to_dict()["dtypes"]["float64"]
    assert sorted(i["points"] for i in data["intervals"]) == [3, 18] and data["counts"] == {"ok": 18, "unstable": 3}
    assert data["stretches"] == []
