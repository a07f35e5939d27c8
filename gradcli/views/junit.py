"""Checks and audits as JUnit XML: one testcase per point and dtype, and for an audit one per case too.

``gradcli check --junit`` writes a testsuite per target (`junit_xml`);
``gradcli audit --junit`` one testsuite for the run (`render`), in which a
case is a testcase and its points (named as ``check --junit`` names them) and
swept dtypes are testcases too, so a CI server shows where a case fails.
Written with ElementTree.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from ..checker.verdict import DEFAULT_FAIL_ON, Verdict
from . import audit_cases
from .formatting import exact_point_text

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
    or an <error> when the target raised (nothing was judged); any other
    verdict but ok is told in <system-out>.
    """
    status = str(result["status"])
    case = ET.SubElement(
        suite, "testcase", classname=classname, name=f"{exact_point_text(result['point'])} [{result['dtype']}]"
    )
    findings = result.get("findings", [])
    if status in fail_on:
        first = findings[0]["message"] if findings else (result.get("error") or status)
        element = "error" if status == Verdict.ERROR else "failure"
        failure = ET.SubElement(case, element, message=f"{status}: {first}", type=status)
        failure.text = "\n".join(
            [
                f"value {result['value']} (exact {result['exact_value']}); "
                f"gradient {result['gradient']} (exact {result['exact_gradient']})"
            ]
            + [f"{f['phase']} {f['op']}: {f['message']}" for f in findings]
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
    """The JUnit XML of an audit: one testsuite "gradcli audit"; <failure> for a failing case, <error> for an error."""
    suites = ET.Element("testsuites")
    suite = ET.SubElement(suites, "testsuite", name=SUITE)
    if report.seconds:
        suite.set("time", f"{report.seconds:.3f}")
    for case in report.cases:
        _case(suite, case)
        for r in (case.check or {}).get("results", []):
            _testcase(suite, case.name, r, _fail_on(case))
        for dtype, swept in (case.sweep or {}).get("dtypes", {}).items():
            _swept_dtype(suite, case.name, dtype, swept, _fail_on(case))
    _counts(suite)
    return _text(suites)


def _fail_on(case):
    """The verdicts that fail a case's points: none in a passing case (its expected verdict held), else its check's."""
    if case.status == "pass":
        return ()
    return tuple(str(v) for v in (case.check or {}).get("fail_on", DEFAULT_FAIL_ON))


def _case(suite, case):
    """The testcase of a whole case: its status, with its reason, error and every finding as the text."""
    testcase = ET.SubElement(suite, "testcase", classname=SUITE, name=case.name, time=f"{case.seconds:.3f}")
    if case.status == "pass":
        return
    element = "error" if case.status == "error" else "failure"
    message = case.reason or audit_cases.first_finding(case) or case.status
    failure = ET.SubElement(testcase, element, message=message, type=case.status)
    lines = [f"target {case.target}"]
    if case.error:
        lines.append(case.error.rstrip())
    lines += [f"{where}: {audit_cases.finding_text(f)}" for where, f in audit_cases.findings(case)]
    lines += [f"{interval_dtype}: {audit_cases.interval_text(i)}" for interval_dtype, i in audit_cases.failing_intervals(case.sweep)]
    failure.text = "\n".join(lines)


def _swept_dtype(suite, classname, dtype, swept, fail_on):
    """The testcase of one swept dtype: a failure listing its intervals when one has a failing verdict."""
    testcase = ET.SubElement(suite, "testcase", classname=classname, name=f"sweep [{dtype}]")
    failing = [i for i in swept.get("intervals", []) if str(i["status"]) != "ok"]
    text = "\n".join(audit_cases.interval_text(i) for i in failing)
    if any(str(i["status"]) in fail_on for i in failing):
        status = next(str(i["status"]) for i in failing if str(i["status"]) in fail_on)
        ET.SubElement(testcase, "failure", message=audit_cases.interval_text(failing[0]), type=status).text = text
    elif failing:
        ET.SubElement(testcase, "system-out").text = text
