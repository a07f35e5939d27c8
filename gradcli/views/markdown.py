"""The audit as Markdown: counts and a table of cases, for CI job summaries ($GITHUB_STEP_SUMMARY)."""

from __future__ import annotations

import re

from . import audit_cases


def render(report) -> str:
    """A Markdown summary: the counts, one table row per case (status in words, worst verdicts, first finding), regressions."""
    columns = audit_cases.dtypes(report)
    took = f" in {report.seconds:.1f} s" if report.seconds else ""
    lines = ["## gradcli audit", "", f"**{audit_cases.summary_text(report)}**{took}", ""]
    lines.append(_row(["case", "target", "status", *columns, "first finding"]))
    lines.append(_row(["---"] * (len(columns) + 4)))
    for case in map(audit_cases.spelled_result, report.cases):  # each file as its spec wrote it
        cells = [case.name, case.target, case.status, *(audit_cases.verdict(case, d) for d in columns), audit_cases.first_finding(case)]
        lines.append(_row([_escape(cell) for cell in cells]))
    if report.baseline is not None:
        lines += ["", f"Against the baseline {_escape(report.baseline)}:", ""]
        lines += [f"- {label}: {', '.join(_escape(n) for n in names) or 'none'}" for label, names in audit_cases.baseline_changes(report)]
    return "\n".join(lines) + "\n"


def _row(cells):
    return "| " + " | ".join(cells) + " |"


def _escape(text):
    """User text as literal Markdown in a table cell: one line, every markup character backslashed."""
    return re.sub(r"([\\`*_\[\]<>|#~])", r"\\\1", " ".join(str(text).split()))
