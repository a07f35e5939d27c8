"""Which finding an audit case is headlined by when its points failed in different ways: the most severe point's.

The target raises at x = 0 (verdict error) and, in float32, its ``exp``
overflows at x = 100 (verdict unstable, a finding located at ``exp``). The
raise is the case's worst verdict, so it is the headline in every view that
shows one (the terminal, Markdown, HTML and JUnit's failure message),
whichever order the points were checked in. A located finding still comes
before an unlocated one at a point of the same verdict.
"""

import io
import json
import re
import xml.etree.ElementTree as ET

import pytest
from audit_reports import case, case_rows, parse_html

import gradcli
import gradcli.numpy as gnp
from gradcli.audit.results import AuditReport
from gradcli.jsondata import jsonable
from gradcli.views import audit_cases, html, junit, markdown, terminal_audit

OVERFLOW = "forward exp: exp(100.0) overflowed: inf at test_audit_headline_severity.py:32 (x = 100 [float32])"


def softplus_raising_at_zero(x):
    """log(1 + exp(x)), except that it raises at x = 0."""
    if not gradcli.stop_gradient(x):
        raise ZeroDivisionError("float division by zero")
    return gnp.log(1 + gnp.exp(x))


@pytest.fixture(scope="module")
def checked():
    points = [{"x": 0.0}, {"x": 100.0}]
    report = gradcli.check(softplus_raising_at_zero, points, dtypes=("float32",), fixes=False)
    return json.loads(json.dumps(jsonable(report.to_dict())))


def raised(check):
    """The headline of the raising point: what it raised, where in the user's code, and the point."""
    (error,) = [r["error"] for r in check["results"] if r["status"] == "error"]
    assert error.startswith("ZeroDivisionError: float division by zero (at ") and "test_audit_headline_severity.py:" in error
    return f"the target raised {error} (x = 0 [float32])"


def in_order(check, order):
    """``check`` with its points in ``order``: "raise first" as checked, or "raise last"."""
    results = check["results"] if order == "raise first" else check["results"][::-1]
    return {**check, "results": results}


def test_the_check_has_one_error_point_and_one_unstable_point_located_at_exp(checked):
    by_x = {r["point"]["x"]: r for r in checked["results"]}
    assert by_x[0.0]["status"] == "error" and by_x[0.0]["error"].startswith("ZeroDivisionError")
    assert by_x[100.0]["status"] == "unstable" and by_x[100.0]["findings"][0]["op"] == "exp"


@pytest.mark.parametrize("order", ["raise first", "raise last"])
def test_every_view_headlines_the_raise_not_the_less_severe_overflow(checked, order):
    report = AuditReport(cases=[case("raises", "fail", check=in_order(checked, order))], seconds=1.0)
    first = audit_cases.first_finding(report.cases[0])
    headline = raised(checked)
    assert first == headline

    out = io.StringIO()
    terminal_audit.print_audit(report, file=out)
    row = next(line for line in out.getvalue().splitlines() if "raises" in line)
    assert "ZeroDivisionError" in row and "overflow" not in row

    md_row = next(line for line in markdown.render(report).splitlines() if line.startswith("| raises"))
    assert md_row.rstrip(" |").split(" | ")[-1] == re.sub(r"([\\`*_\[\]<>|#~])", r"\\\1", headline)  # Markdown backslashes its markup

    (html_row,) = case_rows(parse_html(html.render(report)))
    assert html_row[-1] == headline

    testcase = next(ET.fromstring(junit.render(report)).iter("testcase"))
    assert testcase.find("failure").get("message") == headline


def test_without_the_raise_the_located_overflow_is_the_headline(checked):
    unstable_only = {**checked, "results": [r for r in checked["results"] if r["status"] != "error"]}
    report = AuditReport(cases=[case("overflows", "fail", check=unstable_only)], seconds=1.0)
    assert audit_cases.first_finding(report.cases[0]) == OVERFLOW


def test_at_equal_verdicts_a_located_finding_comes_before_an_unlocated_one(checked):
    unstable = next(r for r in checked["results"] if r["status"] == "unstable")
    unlocated = {"kind": "nonfinite", "phase": "", "op": "", "message": "the value is not finite"}
    earlier = {**unstable, "point": {"x": 90.0}, "findings": [unlocated]}
    report = AuditReport(cases=[case("both", "fail", check={**checked, "results": [earlier, unstable]})], seconds=1.0)
    assert audit_cases.first_finding(report.cases[0]) == OVERFLOW
