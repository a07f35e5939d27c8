"""The audit in the terminal: a table of cases, the counts, and what changed against a baseline."""

from __future__ import annotations

from .terminal_check import _STATUS_STYLE, console
from . import audit_cases as cases

_CASE_STYLE = {"pass": "green", "fail": "red", "error": "bold red"}


def print_audit(report, file=None) -> None:
    """Print a table of the cases (name, status, worst verdict per dtype, first finding) and the counts.

    With a baseline compared, the regressions and the fixed cases follow.
    ``file`` is a text stream (stdout by default).
    """
    from rich.markup import escape
    from rich.table import Table

    out = console(file=file)
    columns = cases.dtypes(report)
    table = Table(title="gradcli audit", title_justify="left")
    for header in ("case", "status", *columns, "first finding"):
        table.add_column(header, overflow="fold")
    for case in report.cases:
        verdicts = [cases.verdict(case, d) for d in columns]
        table.add_row(
            escape(case.name),
            f"[{_CASE_STYLE.get(case.status, 'white')}]{case.status}[/]",
            *(f"[{_STATUS_STYLE.get(v, 'white')}]{v}[/]" for v in verdicts),
            escape(cases.first_finding(case)),
        )
    out.print(table)
    out.print(escape(cases.summary_text(report)) + (f" in {report.seconds:.1f} s" if report.seconds else ""))
    if report.baseline is not None:
        out.print(f"against the baseline {escape(report.baseline)}:")
        out.print(f"  regressions: {escape(', '.join(report.regressions)) or 'none'}")
        out.print(f"  fixed: {escape(', '.join(report.fixed)) or 'none'}")
