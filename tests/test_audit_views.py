"""The audit's report views, each read back by parsing it: JUnit with ElementTree, Markdown's table, HTML's tree.

The audit they render is real: checks and a sweep of log(1+exp(x)), one of
them read back from JSON, an expected verdict that holds, and an error.
"""

import copy
import dataclasses
import io
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest
from audit_reports import HOSTILE, case, case_bodies, case_rows, parse_html, sample_report

import gradcli
from gradcli.audit.results import AuditReport
from gradcli.checker.verdict import Verdict
from gradcli.views import audit_cases as cases, html, junit, markdown, sweep_rows, terminal_audit as terminal
from gradcli.errors import InputError
from gradcli.files import write_atomically

NAMES = ["headline", "expected", "swept", "calm", HOSTILE]


@pytest.fixture(scope="module")
def report():
    return sample_report()


# -- JUnit ---------------------------------------------------------------------------


def test_junit_has_one_testcase_per_case_so_ci_counts_cases(report):
    suites = ET.fromstring(junit.render(report))
    (suite,) = suites.findall("testsuite")
    assert suite.get("name") == "gradcli audit"
    testcases = suite.findall("testcase")
    assert [c.get("name") for c in testcases] == NAMES and suite.get("tests") == "5"
    assert {c.get("classname") for c in testcases} == {"gradcli audit"}
    failed = [c.get("name") for c in testcases if c.find("failure") is not None]
    assert failed == ["headline", "swept"]
    assert suite.get("failures") == "2" and suite.get("errors") == "1"


def properties(testcase):
    return {p.get("name"): p.get("value") for p in testcase.find("properties")}


def test_junit_points_and_dtypes_are_properties_of_their_case(report):
    cases = {c.get("name"): c for c in ET.fromstring(junit.render(report)).iter("testcase")}
    assert properties(cases["headline"]) == {
        "target": "log(1+exp(x))",
        "x = 100.0 [float32]": "unstable", "x = 100.0 [float64]": "ok", "x = 1.0 [float32]": "ok", "x = 1.0 [float64]": "ok",
    }
    assert properties(cases["swept"])["sweep [float32]"] == "unstable"


def test_junit_failure_text_carries_the_findings_and_errors_stay_errors(report):
    cases = {c.get("name"): c for c in ET.fromstring(junit.render(report)).iter("testcase")}
    headline = cases["headline"].find("failure")
    assert headline.get("message") == "worst verdict unstable (float32 at x = 100)"
    assert "x = 100 [float32]: forward exp: exp(100.0) overflowed: inf" in headline.text
    swept = cases["swept"].find("failure").text
    assert "forward log: log(1.0000" in swept and "of a number next to 1" in swept
    assert "float32: unstable (cancellation) for x in [-100, " in swept
    error = cases[HOSTILE]  # the name comes back exactly, markup and all
    assert error.find("failure") is None and error.find("error").get("message") == "it raised"
    assert "ZeroDivisionError: float division by zero" in error.find("error").text


def test_junit_a_passing_case_tells_its_known_verdicts_as_output(report):
    expected = next(c for c in ET.fromstring(junit.render(report)).iter("testcase") if c.get("name") == "expected")
    assert expected.find("failure") is None and expected.find("error") is None
    assert "x = 100.0 [float32]: unstable: forward exp: exp(100.0) overflowed: inf" in expected.find("system-out").text


# -- Markdown ------------------------------------------------------------------------


def markdown_table(text):
    """The rows of the first Markdown table, cells split at unescaped pipes and unescaped."""
    rows = []
    for line in text.splitlines():
        if line.startswith("|"):
            cells = re.split(r"(?<!\\)\|", line.strip()[1:-1])
            rows.append([re.sub(r"\\(.)", r"\1", cell.strip()) for cell in cells])
    return rows[0], rows[2:]


def test_markdown_summary_table_and_regressions(report):
    text = markdown.render(report)
    assert "**5 cases: 2 passed, 2 failed, 1 error** in 3.5 s" in text
    header, rows = markdown_table(text)
    assert header == ["case", "target", "status", "float32", "float64", "first finding"]
    assert [row[:5] for row in rows] == [
        ["headline", "log(1+exp(x))", "fail", "unstable", "ok"],
        ["expected", "log(1+exp(x))", "pass", "unstable", "ok"],
        ["swept", "log(1+exp(x))", "fail", "unstable", "unstable"],
        ["calm", "sin(x)", "pass", "ok", "ok"],
        [HOSTILE, "models.py:loss", "error", "-", "-"],  # markup in a name is text, not a link or a tag
    ]
    # The check read back from JSON and the one fresh from to_dict() show alike.
    assert rows[0][5] == rows[1][5] == "forward exp: exp(100.0) overflowed: inf (x = 100 [float32])"
    assert rows[4][5] == "ZeroDivisionError: float division by zero"
    assert "- regressions: headline" in text and "- fixed: old" in text


# -- terminal ------------------------------------------------------------------------


def test_terminal_table_shows_each_case_with_its_verdicts_and_the_baseline(report):
    out = io.StringIO()
    terminal.print_audit(report, file=out)
    lines = out.getvalue().splitlines()
    row = next(line for line in lines if "headline" in line)
    assert re.search(r"headline\s+│ fail\s+│ unstable\s+│ ok\s+│ forward exp: exp\(100\.0\) overflowed", row)
    assert any(re.search(r"calm\s+│ pass\s+│ ok\s+│ ok", line) for line in lines)
    assert "5 cases: 2 passed, 2 failed, 1 error in 3.5 s" in lines
    assert "  regressions: headline" in lines and "  fixed: old" in lines


def test_a_regression_that_is_a_fix_says_its_expect_is_out_of_date():
    """A case expected wrong that now checks ok fails (its expect is out of date) and is a regression against a
    baseline it passed in; the summary and the reports say it got better, so no one hunts for a broken gradient."""
    from gradcli.audit.results import CaseResult

    fixed = CaseResult(name="x log x", target="losses.py:entropy", status="fail", worst=Verdict.OK,
                       worst_by_dtype={"float64": Verdict.OK}, expect=Verdict.WRONG)
    broken = CaseResult(name="batchnorm", target="losses.py:bn", status="fail", worst=Verdict.UNSTABLE,
                        worst_by_dtype={"float64": Verdict.UNSTABLE})
    run = AuditReport(cases=[fixed, broken], regressions=["x log x", "batchnorm"], baseline="baseline.json")
    better = "x log x (better than expected: ok where wrong is expected; update its expect)"
    assert f"  regressed: {better}" in terminal.summary(run).splitlines()
    assert "  regressed: batchnorm" in terminal.summary(run).splitlines()
    assert f"- regressions: {better}, batchnorm" in markdown.render(run)


def test_terminal_without_a_baseline_says_nothing_of_one(report):
    out = io.StringIO()
    terminal.print_audit(AuditReport(cases=report.cases[:1]), file=out)
    assert "1 case: 0 passed, 1 failed, 0 errors" in out.getvalue() and "baseline" not in out.getvalue()


# -- HTML ----------------------------------------------------------------------------


def test_html_is_one_page_with_a_sortable_table_of_cases(report):
    page = parse_html(html.render(report))
    headers = [th.attrs["data-column"] for th in page.iter("th") if "data-column" in th.attrs]
    assert headers == ["index", "case", "target", "status", "float32", "float64", "seconds", "finding"]
    rows = case_rows(page)  # in spec order until the page's script sorts them
    assert [row[:6] for row in rows] == [
        ["1", "headline", "log(1+exp(x))", "fail", "unstable", "ok"],
        ["2", "expected", "log(1+exp(x))", "pass", "unstable", "ok"],
        ["3", "swept", "log(1+exp(x))", "fail", "unstable", "unstable"],
        ["4", "calm", "sin(x)", "pass", "ok", "ok"],
        ["5", HOSTILE, "models.py:loss", "error", "-", "-"],
    ]
    assert [len(list(body.iter("details"))) for body in case_bodies(next(page.iter("table")))] == [1] * 5
    assert len(list(page.iter("script"))) == 1  # ours; the hostile name is text


def test_html_needs_no_network(report):
    text = html.render(report)
    page = parse_html(text)
    assert not re.search(r"https?:|//[a-z]|url\(|@import", text, re.I)
    assert not [n.tag for n in page.iter() if n.tag in ("link", "img", "iframe", "object", "embed")]
    assert not [n for n in page.iter() if "src" in n.attrs or "href" in n.attrs]


def test_html_details_underline_the_op_and_plot_the_sweep(report):
    bodies = case_bodies(next(parse_html(html.render(report)).iter("table")))
    headline = bodies[0]
    assert next(headline.iter("summary")).text() == "headline: 2 findings"
    underlined = [u.text() for u in headline.iter("u")]
    assert underlined == ["exp(x)", "exp(x)"]  # log(1+exp(x)): the exp that overflowed, forward and backward
    formula = next(headline.iter("pre"))
    assert formula.text() == "log(1+exp(x))"
    swept = bodies[2]
    (svg,) = swept.iter("svg")
    rects = [(r.attrs["fill"], r.text()) for r in svg.iter("rect")]
    sweep = next(c.sweep for c in report.cases if c.sweep is not None)
    intervals = [i for d in sweep["dtypes"].values() for i in sweep_rows.rows(d["intervals"])]  # a band per table row
    assert len(intervals) < sum(len(d["intervals"]) for d in sweep["dtypes"].values())  # rows joined on bits lost
    assert rects == [(html.COLOURS[i["status"]], cases.interval_text(i)) for i in intervals]
    assert rects[0] == (html.COLOURS["unstable"], cases.interval_text(intervals[0]))
    assert "unstable (nan) for x in [88.72284, 100]" in [text for _, text in rects]  # exp overflows in float32
    labels = [t.text() for t in svg.iter("text")]
    assert labels[0] == "float32" and "float64" in labels and labels[-2:] == ["x = -100", "100"]
    assert "88.72" in labels  # the threshold where float32's gradient turns NaN
    assert "of a number next to 1" in swept.text()
    assert "ZeroDivisionError" in next(bodies[4].iter("pre")).text()


def test_a_two_variable_sweep_is_drawn_as_boxes():
    box = {"variable": "x", "lo": -1.0, "hi": 0.0, "status": "unstable", "kind": "cancellation", "box": {"x": [-1.0, 0.0], "y": [0.0, 1.0]}}
    calm = {**box, "status": "ok", "kind": None, "box": {"x": [0.5, 1.0], "y": [-1.0, 1.0]}}
    sweep = {
        "schema": "gradcli.sweep/1", "target": "x*y", "kind": "formula", "variables": ["x", "y"],
        "ranges": {v: {"lo": -1.0, "hi": 1.0, "n": 5, "scale": "linear"} for v in "xy"},
        "dtypes": {"float64": {"points": 25, "intervals": [box, calm], "thresholds": []}},
    }
    svg = next(parse_html(html.render_sweep(sweep)).iter("svg"))
    drawn = {r.attrs["fill"]: r.attrs for r in svg.iter("rect") if r.attrs.get("fill") != "none"}
    unstable, ok = drawn[html.COLOURS["unstable"]], drawn[html.COLOURS["ok"]]
    # x from -1 to 1 across 160 pixels from 20; y upwards, from 180 (y = -1) to 20 (y = 1).
    assert [unstable[k] for k in ("x", "y", "width", "height")] == ["20.0", "20.0", "80.0", "80.0"]
    assert [ok[k] for k in ("x", "y", "width", "height")] == ["140.0", "20.0", "40.0", "160.0"]


def test_results_show_themselves_in_notebooks(report):
    check = gradcli.check("log(1+exp(x))", [{"x": 100.0}], dtypes=("float32",), fixes=False)
    shown = parse_html(check._repr_html_())
    (cell,) = [td for td in shown.iter("td") if "v-unstable" in td.classes()]
    assert cell.text() == "unstable" and [u.text() for u in shown.iter("u")] == ["exp(x)", "exp(x)"]
    sweep = gradcli.sweep("log(1+exp(x))", {"x": (-100, 100, 5)}, dtypes=("float64",), fixes=False)
    assert len(list(parse_html(sweep._repr_html_()).iter("svg"))) == 1
    audit = report._repr_html_()
    assert [row[1] for row in case_rows(parse_html(audit))] == NAMES
    for text in (check._repr_html_(), sweep._repr_html_(), audit):
        # A fragment for a notebook cell: styled, no page around it and no script to run.
        assert text.startswith('<div class="gradcli"><style>') and "<html" not in text and "<script" not in text


# -- files and imports ---------------------------------------------------------------


def test_write_atomically_replaces_whole_or_leaves_the_old_file(tmp_path, monkeypatch):
    path = tmp_path / "report.html"
    write_atomically(path, "first")
    write_atomically(path, "second")
    assert path.read_text() == "second"

    def interrupted(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", interrupted)
    with pytest.raises(InputError, match="cannot write .*report.html: No space left on device"):
        write_atomically(path, "third")
    assert path.read_text() == "second" and [p.name for p in tmp_path.iterdir()] == ["report.html"]


def test_views_and_files_do_not_import_click():
    code = (
        "import sys, gradcli.files, gradcli.audit.results\n"
        "from gradcli.views import audit_cases as cases, html, junit, markdown, terminal_audit as terminal\n"
        "assert 'click' not in sys.modules, 'click imported'"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr


def status_keys(page):
    """Each case's sort key of its status cell, by case name."""
    cells = [td for td in page.iter("td") if td.attrs.get("class", "").startswith("s-")]
    return {row[1]: int(td.attrs["data-key"]) for row, td in zip(case_rows(page), cells)}


def test_html_worst_first_orders_by_severity_not_only_failed_first(report):
    unstable, calm, error = report.cases[0], report.cases[3], report.cases[4]
    wrong = dataclasses.replace(unstable, name="wrong", worst=Verdict.WRONG)
    domain = dataclasses.replace(calm, name="domain", worst=Verdict.DOMAIN, status="fail")
    keys = status_keys(parse_html(html.render(AuditReport(cases=[calm, domain, unstable, wrong, error]))))
    assert sorted(keys, key=keys.get, reverse=True) == [HOSTILE, "wrong", "headline", "domain", "calm"]


def test_html_a_passing_case_whose_findings_are_notes_says_notes(report):
    calm = report.cases[3]
    note = {"kind": "kink", "phase": "forward", "op": "abs", "message": "a kink nearby", "span": None, "location": None}
    check = copy.deepcopy(calm.check)
    for result in check["results"]:
        result["findings"] = [note, note]
    bodies = case_bodies(next(parse_html(html.render(AuditReport(cases=[dataclasses.replace(calm, check=check)]))).iter("table")))
    assert next(bodies[0].iter("summary")).text() == f"calm: {2 * len(check['results'])} notes"


def test_every_view_lists_float32_before_float64_whichever_case_met_one_first(report):
    calm = report.cases[3]
    only64 = copy.deepcopy(calm.check)
    only64["results"] = [r for r in only64["results"] if r["dtype"] == "float64"]
    cases = [dataclasses.replace(calm, name="wide", check=only64, worst_by_dtype={"float64": Verdict.OK}), calm]
    ordered = AuditReport(cases=cases, seconds=1.0)
    assert list(cases[0].worst_by_dtype) == ["float64"] and list(cases[1].worst_by_dtype) == ["float32", "float64"]
    header, rows = markdown_table(markdown.render(ordered))
    assert header == ["case", "target", "status", "float32", "float64", "first finding"]
    assert [row[:5] for row in rows] == [["wide", "sin(x)", "pass", "-", "ok"], ["calm", "sin(x)", "pass", "ok", "ok"]]
    out = io.StringIO()
    terminal.print_audit(ordered, file=out)
    assert re.search(r"case\s+┃ status\s+┃ float32\s+┃ float64", out.getvalue())
    page = parse_html(html.render(ordered))
    assert [th.text() for th in page.iter("th")][4:6] == ["float32", "float64"]


def test_a_passing_cases_note_is_no_first_finding(report):
    calm = report.cases[3]
    note = {"kind": "fd-unreliable", "phase": "forward", "op": "finite differences", "message": "finite differences are unreliable here",
            "span": None, "location": None}
    check = copy.deepcopy(calm.check)
    check["results"][0]["findings"] = [note]
    noted = dataclasses.replace(calm, check=check)
    assert cases.first_finding(noted) == ""
    _, rows = markdown_table(markdown.render(AuditReport(cases=[noted])))
    assert rows[0][5] == ""
    assert cases.first_finding(report.cases[0]).startswith("forward")  # what broke at an unstable point is its finding


def test_a_kink_met_by_a_sweep_is_one_finding_not_one_per_edge():
    swept = gradcli.sweep("abs(x)", {"x": (-2, 2, 5)}, dtypes=("float64",), fixes=False).to_dict()
    (edges,) = [run["thresholds"] for run in swept["dtypes"].values()]
    assert len(edges) == 2 and edges[0]["finding"] == edges[1]["finding"]  # ok -> domain at 0, and back
    (only,) = cases.sweep_findings(swept)
    assert "kink" in only[1]["message"]
    assert cases.findings_label(case("kinked", "fail", sweep=swept)) == "1 finding"


def test_a_thresholds_two_sides_read_back_as_two_floats():
    """A threshold lies between adjacent floats: the report's finding names each side as the float it is."""
    threshold = {"variable": "x", "at": -118027658.27555086, "next": -118027658.27555084, "from": "unstable",
                 "to": "unstable", "from_said": "unstable (nan)", "to_said": "unstable (cancellation)",
                 "finding": {"phase": "forward", "op": "log", "message": "log(0.0) gave -inf"}}
    swept = {"dtypes": {"float64": {"thresholds": [threshold]}}}
    ((where, _),) = cases.sweep_findings(swept)
    at, nxt = where.split(" = ", 1)[1].split(",", 1)[0].split(" -> ")
    assert (float(at), float(nxt)) == (threshold["at"], threshold["next"])
