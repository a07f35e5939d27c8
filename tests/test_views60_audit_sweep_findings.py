"""An audit's sweep case lists the findings at thresholds between rows of its table, as the terminal sweep does, and
counts those inside a joined row (where only the bits lost or the op changes); the JSON report keeps every one.

``(exp(x) - 1)/x`` swept over x = 1e-14 .. 0.5 (11 grid points) in float64 has three thresholds with findings; the
first lies between floats of the table's first row (every bit lost on one side, 52 of 53 on the other).
"""

import xml.etree.ElementTree as ET

import pytest

import gradcli
from gradcli.audit.results import AuditReport, CaseResult
from gradcli.checker.verdict import Verdict
from gradcli.views import audit_cases, html, junit, sweep_rows

TARGET = "(exp(x) - 1)/x"


@pytest.fixture(scope="module")
def report():
    swept = gradcli.sweep(TARGET, {"x": (1e-14, 0.5, 11)}, dtypes=("float64",), fixes=False).to_dict()
    case = CaseResult(name="expm1 by hand", target=TARGET, status="fail", sweep=swept, worst=Verdict.UNSTABLE,
                      worst_by_dtype={"float64": Verdict.UNSTABLE}, reason="worst verdict unstable")
    return AuditReport(cases=[case], seconds=1.0)


def _inside(swept):
    d = swept["dtypes"]["float64"]
    table = sweep_rows.rows(d["intervals"])
    return [t for t in d["thresholds"] if t.get("finding") and sweep_rows.inside_a_row(table, t["variable"], t["at"], t["next"])]


def test_the_findings_listed_are_those_between_rows_and_the_rest_counted(report):
    (case,) = report.cases
    inside = _inside(case.sweep)
    assert len(inside) == 1 and len(case.sweep["dtypes"]["float64"]["thresholds"]) == 3  # the JSON keeps every one
    listed = audit_cases.sweep_findings(case.sweep)
    assert len(listed) == 2 and all(repr(inside[0]["at"]) not in where for where, _ in listed)
    assert audit_cases.sweep_findings_inside(case.sweep) == 1
    assert audit_cases.findings_label(case) == "3 findings"  # what the details hold: two listed, one counted


def test_junit_and_html_say_the_count_beside_the_listed_findings(report):
    (testcase,) = ET.fromstring(junit.render(report)).iter("testcase")
    text = testcase.find("failure").text
    assert text.count("float64: x = ") == 2
    assert "1 more finding lies at a threshold inside the rows of the table" in text
    page = html.render_sweep(report.cases[0].sweep)
    assert page.count('<li><span class="where">float64: x = ') == 2
    assert "1 more finding lies at a threshold inside the rows of the table" in page
