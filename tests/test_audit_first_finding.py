"""Which finding a view shows first: the op that broke, never the note that the differences are unreliable.

At x = -1e-10, ``log(1 - exp(x))`` loses its value to cancellation in the
subtraction (a located forward finding), and its finite differences are
unreliable there (a note on gradcli's method). Every view, whether it lists
the findings or picks one, shows the subtraction first: the check's JSON, the
terminal, JUnit (of a check and of an audit), Markdown, HTML and the pytest
fixture's message. Reports read back from JSON written in another order
(an earlier gradcli, a merged shard) are shown in the same order.
"""

import copy
import io
import json
import xml.etree.ElementTree as ET

import pytest
from audit_reports import case, case_rows, parse_html
from click.testing import CliRunner

import gradcli
from gradcli.audit.results import AuditReport
from gradcli.cli import cli
from gradcli.jsondata import jsonable
from gradcli.testing import GradientCheckError, assert_gradients_ok
from gradcli.views import audit_cases, html, junit, markdown, terminal_audit

TARGET, POINT = "log(1 - exp(x))", {"x": -1e-10}
NOTE = "finite differences are unreliable"
BROKE = "forward subtract: "


@pytest.fixture(scope="module")
def report():
    return gradcli.check(TARGET, [POINT], dtypes=("float64",), fixes=False)


@pytest.fixture(scope="module")
def check(report):
    return json.loads(json.dumps(jsonable(report.to_dict())))


def noted_first(check):
    """``check`` as a report written in the old order holds it: the method's note before what broke,
    and before them a point judged ok with only that note."""
    old = copy.deepcopy(check)
    (result,) = old["results"]
    note = next(f for f in result["findings"] if f["kind"] == "fd-unreliable")
    result["findings"] = [note] + [f for f in result["findings"] if f is not note]
    calm = {**copy.deepcopy(result), "point": {"x": -50.0}, "status": "ok", "findings": [note]}
    old["results"] = [calm, result]
    return old


def audit(check):
    return AuditReport(cases=[case("t18", "fail", check=check, target=TARGET)], seconds=1.0)


def test_the_point_s_findings_list_what_broke_before_the_method_s_note(check):
    (result,) = check["results"]
    assert result["status"] == "unstable"
    kinds = [f["kind"] for f in result["findings"]]
    assert kinds[0] == "cancellation" and result["findings"][0]["op"] == "subtract" and result["findings"][0]["phase"] == "forward"
    assert kinds[-1] == "fd-unreliable" and kinds.count("fd-unreliable") == 1


@pytest.mark.parametrize("order", ["as checked", "as an old report holds it"])
def test_every_audit_view_shows_the_located_finding_first(check, order):
    report = audit(check if order == "as checked" else noted_first(check))
    first = audit_cases.first_finding(report.cases[0])
    assert first.startswith(BROKE) and first.endswith("(x = -1e-10 [float64])"), first

    out = io.StringIO()
    terminal_audit.print_audit(report, file=out)
    row = next(line for line in out.getvalue().splitlines() if "t18" in line)
    assert BROKE.strip() in row and NOTE not in row

    md_row = next(line for line in markdown.render(report).splitlines() if line.startswith("| t18"))
    assert md_row.rstrip(" |").split(" | ")[-1].startswith(BROKE.strip()) and NOTE not in md_row

    (html_row,) = case_rows(parse_html(html.render(report)))
    assert html_row[-1] == first

    testcase = next(ET.fromstring(junit.render(report)).iter("testcase"))
    assert testcase.find("failure").get("message") == first


def test_a_note_at_an_ok_point_is_no_finding(check):
    calm = noted_first(check)
    calm["results"] = calm["results"][:1]
    # at a point judged ok the method's note is not what went wrong: a case judged ok has no first finding
    assert audit_cases.first_of(audit(calm).cases[0]) is None and audit_cases.first_finding(audit(calm).cases[0]) == ""


def test_junit_of_a_check_names_what_broke_in_its_message(report):
    (failure,) = [c.find("failure") for c in ET.fromstring(junit.junit_xml([report])).iter("testcase")]
    assert failure.get("message").startswith("unstable: cancellation: subtract(")
    lines = failure.text.splitlines()
    assert lines[1].startswith(BROKE) and lines[-1].startswith("forward finite differences: " + NOTE)


def test_the_terminal_lists_what_broke_before_the_note():
    shown = CliRunner().invoke(cli, ["check", TARGET, "--at", "x=-1e-10", "--dtype", "float64", "--no-fix"])
    assert shown.exit_code == 1, shown.output
    text = shown.stdout
    assert text.index("subtract") < text.index(NOTE), text


def test_the_pytest_fixture_s_message_lists_what_broke_before_the_note():
    with pytest.raises(GradientCheckError) as failed:
        assert_gradients_ok(TARGET, [POINT], dtypes=("float64",))
    lines = str(failed.value).splitlines()
    findings = [line.strip() for line in lines if line.startswith("    ") and not line.startswith("      ")]
    assert findings[0].startswith(BROKE) and findings[-1].startswith("forward finite differences: " + NOTE), lines
