"""An audit case judged ok everywhere has no finding, in every report: what gradcli notes of its own method there
(the finite differences doubted) is a note, never the case's first finding.

``sin(x)`` at 1e15 is ok in float32 and float64, and at both points the
differences are noted unreliable (complex-step and central differences
disagree). The terminal, Markdown, HTML and JUnit reports show no first
finding for it, and a report read back from its JSON shows none either.
"""

import io
import json
import xml.etree.ElementTree as ET

import pytest
from audit_reports import case, case_rows, parse_html

import gradcli
from gradcli.audit.baseline import load_report
from gradcli.audit.results import AuditReport
from gradcli.checker.verdict import Verdict
from gradcli.jsondata import jsonable
from gradcli.views import audit_cases, html, junit, markdown, terminal_audit

CALM, BROKEN = "sin(x)", "log(1 - exp(x))"


@pytest.fixture(scope="module")
def report():
    calm = gradcli.check(CALM, [{"x": 1e15}], dtypes=("float32", "float64"), fixes=False).to_dict()
    assert {r["status"] for r in calm["results"]} == {"ok"}
    assert all(f["kind"] == "fd-unreliable" for r in calm["results"] for f in r["findings"])
    assert sum(len(r["findings"]) for r in calm["results"]) == 2  # the note is there to be left out
    broken = gradcli.check(BROKEN, [{"x": -1e-10}], dtypes=("float64",), fixes=False).to_dict()
    # a case that fails on its expect alone, with no reason written: JUnit's message falls back to its status
    expected = case("expected worse", "fail", check=calm, target=CALM, expect=Verdict.UNSTABLE)
    cases = [case("calm", "pass", check=calm, target=CALM), case("broken", "fail", check=broken, target=BROKEN), expected]
    return AuditReport(cases=cases, seconds=1.0)


def test_an_ok_case_has_no_first_finding_and_a_broken_one_has_its_own(report):
    calm, broken, expected = report.cases
    assert audit_cases.first_of(calm) is None and audit_cases.first_finding(calm) == ""
    assert audit_cases.first_finding(expected) == ""
    assert audit_cases.first_finding(broken).startswith("forward subtract: ")
    assert audit_cases.findings_label(calm) == "2 notes"  # still listed in its details, as notes


def test_terminal_markdown_and_html_show_no_finding_for_the_ok_case(report):
    out = io.StringIO()
    terminal_audit.print_audit(report, file=out)
    (row,) = [line for line in out.getvalue().splitlines() if "│ calm " in line]
    assert row.split("│")[-2].strip() == "" and "finite differences" not in out.getvalue().split("broken")[0]
    md_rows = [line for line in markdown.render(report).splitlines() if line.startswith("| calm ")]
    assert md_rows == ["| calm | sin(x) | pass | ok | ok |  |"]
    rows = case_rows(parse_html(html.render(report)))
    assert rows[0][-1] == "" and rows[1][-1].startswith("forward subtract: ")


def test_junit_says_no_note_as_what_failed(report):
    testcases = {t.get("name"): t for t in ET.fromstring(junit.render(report)).iter("testcase")}
    assert testcases["calm"].find("failure") is None and testcases["calm"].find("system-out") is None
    assert testcases["expected worse"].find("failure").get("message") == "fail"
    assert testcases["broken"].find("failure").get("message").startswith("forward subtract: ")


def test_a_report_read_back_from_json_shows_no_finding_for_the_ok_case(report, tmp_path):
    (path := tmp_path / "audit.json").write_text(json.dumps(jsonable(report.to_dict())))
    again = load_report(path)
    assert [audit_cases.first_finding(c) for c in again.cases][0::2] == ["", ""]
    assert markdown.render(again).splitlines()[6] == "| calm | sin(x) | pass | ok | ok |  |"
