"""The audit as JUnit XML: one testcase per case, and one per point and dtype (or swept dtype) inside it.

A CI server shows each case as a test; a failing case's points say where it
fails, as ``gradcli check --junit`` names them. Written with ElementTree.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from ..checker.verdict import DEFAULT_FAIL_ON
from .terminal_check import junit_counts, junit_testcase
from . import audit_cases as cases

SUITE = "gradcli audit"


def render(report) -> str:
    """The JUnit XML of an audit: one testsuite "gradcli audit"; <failure> for a failing case, <error> for an error."""
    suites = ET.Element("testsuites")
    suite = ET.SubElement(suites, "testsuite", name=SUITE)
    if report.seconds:
        suite.set("time", f"{report.seconds:.3f}")
    for case in report.cases:
        _case(suite, case)
        for r in (case.check or {}).get("results", []):
            junit_testcase(suite, case.name, r, _fail_on(case))
        for dtype, swept in (case.sweep or {}).get("dtypes", {}).items():
            _swept_dtype(suite, case.name, dtype, swept, _fail_on(case))
    junit_counts(suite)
    ET.indent(suites)
    return ET.tostring(suites, encoding="unicode", xml_declaration=True) + "\n"


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
    message = case.reason or cases.first_finding(case) or case.status
    failure = ET.SubElement(testcase, element, message=message, type=case.status)
    lines = [f"target {case.target}"]
    if case.error:
        lines.append(case.error.rstrip())
    lines += [f"{where}: {cases.finding_text(f)}" for where, f in cases.findings(case)]
    lines += [f"{interval_dtype}: {cases.interval_text(i)}" for interval_dtype, i in cases.failing_intervals(case.sweep)]
    failure.text = "\n".join(lines)


def _swept_dtype(suite, classname, dtype, swept, fail_on):
    """The testcase of one swept dtype: a failure listing its intervals when one has a failing verdict."""
    testcase = ET.SubElement(suite, "testcase", classname=classname, name=f"sweep [{dtype}]")
    failing = [i for i in swept.get("intervals", []) if str(i["status"]) != "ok"]
    text = "\n".join(cases.interval_text(i) for i in failing)
    if any(str(i["status"]) in fail_on for i in failing):
        status = next(str(i["status"]) for i in failing if str(i["status"]) in fail_on)
        ET.SubElement(testcase, "failure", message=cases.interval_text(failing[0]), type=status).text = text
    elif failing:
        ET.SubElement(testcase, "system-out").text = text
