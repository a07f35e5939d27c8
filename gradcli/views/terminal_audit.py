"""The audit in the terminal: a table of cases, the counts, and what changed against a baseline; the run's summary for stderr."""

from __future__ import annotations

from . import audit_cases
from .formatting import CASE_LOOKS, styled
from .terminal import console


def print_audit(report, file=None) -> None:
    """Print a table of the cases (name, status, worst verdict per dtype, first finding) and the counts.

    With a baseline compared, the regressions and the fixed cases follow.
    ``file`` is a text stream (stdout by default).
    """
    from rich.markup import escape  # rich loads only when something is printed
    from rich.table import Table

    out = console(file=file)
    columns = audit_cases.dtypes(report)
    table = Table(title="gradcli audit", title_justify="left")
    for header in ("case", "status", *columns, "first finding"):
        table.add_column(header, overflow="fold")
    for case in map(audit_cases.spelled_result, report.cases):  # each file as its spec wrote it
        verdicts = [audit_cases.verdict(case, d) for d in columns]
        table.add_row(
            escape(case.name),
            styled(case.status, CASE_LOOKS),
            *(styled(v) for v in verdicts),
            escape(audit_cases.first_finding(case)),
        )
    out.print(table)
    out.print(escape(audit_cases.summary_text(report)) + (f" in {report.seconds:.1f} s" if report.seconds else ""))
    if report.baseline is not None:
        out.print(f"against the baseline {escape(report.baseline)}:")
        for label, names in audit_cases.baseline_changes(report):
            out.print(f"  {label}: {escape(', '.join(names)) or 'none'}")


def summary(report) -> str:
    """The one-paragraph summary of a run for stderr: counts, time, and against a baseline what changed."""
    text = f"{audit_cases.summary_text(report)} in {report.seconds:.1f} s"
    if report.shard is not None:
        text += f" (shard {report.shard[0]}/{report.shard[1]})"
    if report.missing_shards:
        text += f" (partial: shard{'s' if len(report.missing_shards) > 1 else ''} {', '.join(report.missing_shards)} missing)"
    if report.baseline is not None:
        text += f"\nagainst {report.baseline}: {len(report.regressions)} regression{'' if len(report.regressions) == 1 else 's'}"
        if report.new:
            text += f", {len(report.new)} new failing"
        if report.failing_outside_baseline:
            text += f", {len(report.failing_outside_baseline)} failing outside the baseline"
        text += "".join(f"\n  regressed: {name}" for name in audit_cases.regressed_names(report))
        text += "".join(f"\n  new: {name}" for name in report.new)
        text += "".join(f"\n  fixed: {name}" for name in report.fixed)
        text += "".join(f"\n  changed: {name} (its target was {target})" for name, target in report.changed.items())
        text += "".join(f"\n  outside the baseline: {name}" for name in audit_cases.outside_baseline_names(report))
        text += "".join(f"\n  in the baseline, not in this run: {name}" for name in audit_cases.not_in_run_names(report))
        if report.outside_baseline:
            text += "\n  (compare a shard with the same shard's baseline, or with a whole run's: gradcli report merge --json)"
    return text
