"""Checks and audits as JUnit XML: for a check one testcase per point and dtype, for an audit one per case.

``gradcli check --junit`` writes a testsuite per target (`junit_xml`);
``gradcli audit --junit`` one testsuite for the run (`render`), in which each
audit case is one testcase, so CI dashboards count cases as the audit does;
with a baseline, the comparison is the testsuite's properties.
Its points and dtypes (named as ``check --junit`` names them) and its swept
dtypes are the testcase's properties, each with its verdict, and what is not
ok about them is its output. Written with ElementTree.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from ..checker.results import shown_order
from ..checker.verdict import Verdict
from . import audit_cases, sweep_rows
from .formatting import beyond_float, exact_gradient_shown, exact_point_text

SUITE = "gradcli audit"


def junit_xml(reports) -> str:
    """JUnit XML: one testcase per (target, point, dtype); failures carry the findings."""
    suites = ET.Element("testsuites")
    for report in reports:
        suite = ET.SubElement(suites, "testsuite", name=f"gradcli: {report.target}")
        for r in report.results:
            _testcase(suite, report.target, r.to_dict(), report.fail_on)
        _counts(suite)
    return _text(suites)


def _testcase(suite, classname, result, fail_on):
    """Add one check result (a ``gradcli.check/1`` result dict) to a JUnit testsuite as a testcase.

    A status in ``fail_on`` is a <failure> carrying the values and findings,
    and an error result (nothing was judged) is an <error> whatever ``fail_on``
    says, as it fails the check's exit code; any other verdict but ok is told
    in <system-out>.
    """
    status = str(result["status"])
    case = ET.SubElement(
        suite, "testcase", classname=classname, name=f"{exact_point_text(result['point'])} [{result['dtype']}]"
    )
    findings = shown_order(result.get("findings", []))
    if status in fail_on or status == Verdict.ERROR:
        first = findings[0]["message"] if findings else (result.get("error") or status)
        element = "error" if status == Verdict.ERROR else "failure"
        failure = ET.SubElement(case, element, message=f"{status}: {first}", type=status)
        failure.text = "\n".join(
            [
                f"value {result['value']} (exact {beyond_float(result['exact_value'], result.get('exact_value_text'), 10)}); "
                f"gradient {result['gradient']} "
                f"(exact {exact_gradient_shown(result['exact_gradient'], result.get('exact_gradient_text'))})"
            ]
            + [audit_cases.finding_text(f) for f in findings]
        )
    elif status != Verdict.OK:
        ET.SubElement(case, "system-out").text = f"{status}: " + "; ".join(f["message"] for f in findings)
    return case


def _text(suites):
    """The XML document of a <testsuites> element, indented, with its declaration."""
    ET.indent(suites)
    return ET.tostring(suites, encoding="unicode", xml_declaration=True) + "\n"


def _counts(suite):
    """Set a testsuite's tests, failures and errors attributes from the testcases it holds."""
    testcases = suite.findall("testcase")
    suite.set("tests", str(len(testcases)))
    suite.set("failures", str(sum(1 for c in testcases if c.find("failure") is not None)))
    suite.set("errors", str(sum(1 for c in testcases if c.find("error") is not None)))


def render(report) -> str:
    """The JUnit XML of an audit: one testsuite "gradcli audit", one testcase per case (<failure>, <error> or neither)."""
    suites = ET.Element("testsuites")
    suite = ET.SubElement(suites, "testsuite", name=SUITE)
    if report.seconds:
        suite.set("time", f"{report.seconds:.3f}")
    if report.baseline is not None:  # the comparison, as the other reports say it: one property per line of it
        properties = ET.SubElement(suite, "properties")
        ET.SubElement(properties, "property", name="baseline", value=report.baseline)
        for label, names in audit_cases.baseline_changes(report):
            ET.SubElement(properties, "property", name=f"baseline: {label}", value=", ".join(names) or "none")
    for case in report.cases:
        case = audit_cases.spelled_result(case)
        _inside(_case(suite, case), case)
    _counts(suite)
    return _text(suites)


def _inside(testcase, case):
    """A case's points and swept dtypes as the testcase's properties (their verdicts), and what is not ok as its output."""
    verdicts, notes = [], []
    for r in (case.check or {}).get("results", []):
        name = f"{exact_point_text(r['point'])} [{r['dtype']}]"
        verdicts.append((name, str(r["status"])))
        if str(r["status"]) != Verdict.OK:
            told = [audit_cases.finding_text(f) for f in shown_order(r.get("findings", []))] or [r.get("error") or ""]
            notes += [f"{name}: {r['status']}: {text}" for text in told]
    for dtype, swept in (case.sweep or {}).get("dtypes", {}).items():
        intervals = swept.get("intervals", [])
        verdicts.append((f"sweep [{dtype}]", str(Verdict.worst(*(Verdict(i["status"]) for i in intervals))) if intervals else "-"))
        notes += [f"sweep [{dtype}]: {audit_cases.interval_text(i)}" for i in sweep_rows.rows(intervals) if str(i["status"]) != Verdict.OK]
    properties = ET.Element("properties")
    ET.SubElement(properties, "property", name="target", value=case.target)
    for name, verdict in verdicts:
        ET.SubElement(properties, "property", name=name, value=verdict)
    testcase.insert(0, properties)
    if notes and case.status == "pass":
        ET.SubElement(testcase, "system-out").text = "\n".join(notes)


def _case(suite, case):
    """The testcase of a whole case: its status, with its reason, error and every finding as the text."""
    testcase = ET.SubElement(suite, "testcase", classname=SUITE, name=case.name, time=f"{case.seconds:.3f}")
    if case.status == "pass":
        return testcase
    element = "error" if case.status == "error" else "failure"
    message = case.reason or audit_cases.first_finding(case) or case.status
    failure = ET.SubElement(testcase, element, message=message, type=case.status)
    lines = [f"target {case.target}"]
    if case.error:
        lines.append(case.error.rstrip())
    lines += [f"{where}: {audit_cases.located_text(f)}" for where, f in audit_cases.findings(case)]
    inside = audit_cases.inside_text(audit_cases.sweep_findings_inside(case.sweep))
    if inside:
        lines.append(inside)
    lines += [f"{interval_dtype}: {audit_cases.interval_text(i)}" for interval_dtype, i in audit_cases.failing_intervals(case.sweep)]
    failure.text = "\n".join(lines)
    return testcase
