"""The terminal view of a check: a table per point, each finding with its op underlined, the fixes.

A view of a `CheckReport` (gradcli.checker.results); nothing here computes.
rich is imported inside the functions, so importing this module is cheap.
"""

from __future__ import annotations

import math

from ..checker.dtypes import mantissa_bits
from ..checker.verdict import Verdict
from .formatting import (beyond_float, finding_underline, flatten, gradient_text, matrix_text, number, point_text,
                         short_location, shown_target, styled, with_held)
from .terminal import console


def _exact_gradient_text(r, digits):
    """The exact-gradient cell: per variable, or along the random direction when that is all that is known."""
    if r.exact_directional is not None and all(v is None for v in r.exact_gradient.values()):
        return f"{number(r.exact_directional, digits)} along a direction"
    shown = {k: beyond_float(v, r.exact_gradient_text.get(k), digits) for k, v in r.exact_gradient.items()}
    # An exact inf or NaN is no slope of the function's: none is (in some inputs alone, where another one's fails).
    shown = {k: _no_finite_derivative(v) for k, v in shown.items()}
    return gradient_text(shown, digits)


def _no_finite_derivative(value):
    """``value`` with each non-finite entry (a rule's inf at high precision, a NaN) as "no finite derivative"."""
    if isinstance(value, list):
        return [_no_finite_derivative(v) for v in value]
    return "no finite derivative" if isinstance(value, float) and not math.isfinite(value) else value


def _fd_text(r, digits):
    """The finite-difference cell: per variable, or the derivative along a random direction."""
    # Unreliable differences are marked in the cell itself, so a wrong number never looks confident.
    doubt = " (unreliable)" if _fd_doubted(r) else ""
    if any(v is not None for v in r.fd_gradient.values()):
        return gradient_text(r.fd_gradient, digits) + doubt
    if r.fd_method == "random-direction":
        if r.fd_directional is None:
            return "along a direction"
        return f"{number(r.fd_directional, digits)} along a direction{doubt}"
    return "-"


def _fd_doubted(r):
    """Whether the differences are unreliable: said so by the checker, or a 0 where the exact entry is not 0.

    A difference of 0 where the exact gradient is 4.2e-18 is the step's rounding
    swamping a derivative too small to see, not a measurement of it.
    """
    if any(f.kind == "fd-unreliable" for f in r.findings):
        return True
    for name, fd in r.fd_gradient.items():
        exact = r.exact_gradient.get(name)
        if fd is None or exact is None:
            continue
        pairs = zip(flatten(fd), flatten(exact))
        if any(_is_number(d) and _is_number(e) and float(d) == 0 and float(e) != 0 for d, e in pairs):
            return True
    return False


def _is_number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def print_report(report, digits=7) -> None:
    """A check report on one screen: the table, each finding with its op underlined, the fixes."""
    from rich.markup import escape  # rich loads only when something is printed
    from rich.table import Table

    out = console()
    out.print(f"[bold]{escape(report.target)}[/bold]")
    for key, expr in report.derivative.items():
        label = "d/d" + key if key != "error" else "derivative"
        out.print(f"  {label} = {escape(str(expr))}")
    points = []
    for r in report.results:
        if r.point not in points:
            points.append(r.point)
    for point in points:
        rows = [r for r in report.results if r.point == point]
        title = f"at {point_text(with_held(rows[0]), digits)}"
        summed = next((r.summed_over for r in rows if r.summed_over), None)
        if summed:
            title += f": {report.target} summed over the {summed} elements"  # its gradient: elementwise
        table = Table(title=escape(title), title_justify="left", show_edge=True)
        for header in ("dtype", "value", "gradient", "exact value", "exact gradient", "finite diff.", "verdict"):
            table.add_column(header)
        for r in rows:
            verdict = styled(r.status)
            parts = [
                part
                for part, status in (("value", r.value_status), ("gradient", r.gradient_status), ("Hessian", r.hessian_status))
                if status == Verdict.UNSTABLE
            ]
            if r.status == Verdict.UNSTABLE and parts and parts != ["value", "gradient"]:
                verdict += f" ({', '.join(parts)})"
            if r.jacobian is not None:
                table.add_row(r.dtype, *_jacobian_cells(r, digits), verdict)
                continue
            cells = (
                number(r.value, digits),
                gradient_text(r.gradient, digits),
                number(beyond_float(r.exact_value, r.exact_value_text, digits), digits),
                _exact_gradient_text(r, digits),
                _fd_text(r, digits),
            )
            # Escaped: rich reads "[nan, nan]" as a markup tag and would print an empty cell.
            table.add_row(r.dtype, *(escape(cell) for cell in cells), verdict)
        out.print(table)
        for r in rows:
            if r.jacobian is not None:
                _print_jacobian(out, r, digits)
            _print_details(out, report, r)
    if report.fixes:
        out.print("[bold]Fixes[/bold] (each re-checked at the same points and dtypes):")
        for fix in report.fixes:
            changes = ", ".join(
                f"{escape(k)}: {fix.before[k]} -> {fix.after[k]}" for k in fix.before
            )
            if fix.diff:
                _print_diff(out, fix, changes)
            elif fix.kind == "rewrite":
                out.print(f"  [green]{escape(fix.formula)}[/green]   ({escape(fix.note)}; {changes})")
            else:
                out.print(f"  a custom gradient ({escape(fix.note)}; {changes}):")
                for line in fix.code.rstrip().splitlines():
                    out.print(f"    {escape(line)}", highlight=False)
    for note in report.notes:
        out.print(f"note: {escape(note)}")
    if report.notes:
        out.print()  # the report's notes end its block: the summary, or the next target, stands apart


def _print_diff(out, fix, changes):
    """A Python function's fix: its name, what it changed, and the unified diff of the user's lines."""
    from rich.markup import escape  # rich loads only when something is printed

    out.print(f"  {escape(fix.name)} ({escape(fix.note)}; {changes}):")
    styles = {"+": "green", "-": "red", "@": "cyan"}
    for line in fix.diff.rstrip("\n").splitlines():
        style = styles.get(line[:1]) if not line.startswith(("+++", "---")) else "bold"
        text = f"    {escape(line)}"
        out.print(f"[{style}]{text}[/]" if style else text, highlight=False)


def _jacobian_cells(r, digits):
    """The value, gradient, exact value, exact gradient and finite-difference cells of a vector output."""
    from rich.markup import escape  # rich loads only when something is printed

    jac = r.jacobian
    if jac.mode == "full":
        inputs = len([x for v in jac.rows[0].gradient.values() for x in flatten(v)])
        below = f"{len(jac.rows)}x{inputs} Jacobian (below)"
    else:
        below = f"random VJP{' and JVP' if jac.tangents else ''} (below)"
    exact = number(beyond_float(r.exact_value, r.exact_value_text, digits), digits)
    return escape(number(r.value, digits)), below, escape(exact), "(below)", "(below)"


_JACOBIAN_IN_FULL = (8, 4)  # up to this many outputs, and inputs per output, the Jacobian is shown whole


def _print_jacobian(out, r, digits):
    """A vector output's Jacobian: row by row when small, else its verdicts and worst entries."""
    from rich.markup import escape  # rich loads only when something is printed
    from rich.table import Table

    jac = r.jacobian
    if jac.mode == "random":
        _print_random_jacobian(out, r, digits)
        return
    width = max(len(flatten(v)) for row in jac.rows for v in row.gradient.values())
    if len(jac.rows) <= _JACOBIAN_IN_FULL[0] and width <= _JACOBIAN_IN_FULL[1]:
        table = Table(title=escape(f"{r.dtype}: the Jacobian, one row per output (f has shape {tuple(jac.shape)})"), title_justify="left")
        for header in ("output", "value", "gradient", "exact gradient", "finite diff.", "verdict"):
            table.add_column(header)
        for label, row in zip(jac.labels, jac.rows):
            table.add_row(
                label,
                escape(number(row.value, digits)),
                escape(gradient_text(row.gradient, digits)),
                escape(_exact_gradient_text(row, digits)),
                escape(_fd_text(row, digits)),
                styled(row.status),
            )
        out.print(table)
        return
    counts = {}
    for row in jac.rows:
        counts[row.status] = counts.get(row.status, 0) + 1
    summary = ", ".join(f"{n} {v}" for v, n in counts.items())
    table = Table(title=escape(f"{r.dtype}: the Jacobian of {len(jac.rows)} outputs (f has shape {tuple(jac.shape)}): rows {summary}; worst entries"), title_justify="left")
    for header in ("output", "input", "gradient", "exact", "error"):
        table.add_column(header)
    for e in jac.worst:
        table.add_row(e["output"], e["input"], escape(number(e["computed"], digits)), escape(number(e["exact"], digits)), number(e["error"], 2))
    out.print(table)


def _print_random_jacobian(out, r, digits):
    """A large vector output checked along random directions: a row per VJP and per JVP, with its verdict."""
    from rich.markup import escape  # rich loads only when something is printed
    from rich.table import Table

    jac = r.jacobian
    tangents = " and tangents v (JVP: u . J v)" if jac.tangents else ""  # none where forward mode fails: see the notes
    title = (
        f"{r.dtype}: f has {'x'.join(map(str, jac.shape))} outputs: checked along {len(jac.rows)} random "
        f"cotangents u (VJP: the gradient of u . f){tangents}, seed {jac.seed}"
    )
    table = Table(title=escape(title), title_justify="left")
    for header in ("check", "computed", "exact", "finite diff.", "error", "verdict"):
        table.add_column(header)
    for label, row in zip(jac.labels, jac.rows):
        table.add_row(
            f"VJP {label}", escape(gradient_text(row.gradient, digits)), escape(_exact_gradient_text(row, digits)),
            escape(_fd_text(row, digits)), number(row.gradient_error, 2), styled(row.status),
        )
    for t in jac.tangents:
        table.add_row(
            f"JVP {t['cotangent']} . J {t['tangent']}", number(t["jvp"], digits), number(t["exact"], digits),
            number(t["fd"], digits), number(t["error"], 2), styled(t["status"]),
        )
    out.print(table)


def _print_details(out, report, r):
    """What went wrong at one point and dtype: the errors, the findings with their ops underlined, the Hessian, notes."""
    from rich.markup import escape  # rich loads only when something is printed

    if r.status == Verdict.OK and not r.findings and not r.notes and r.hessian is None:
        return
    errors = []
    if r.value_error is not None and r.value_status == Verdict.UNSTABLE:
        errors.append(f"value off by {number(r.value_error, 2)} relative")
    if r.gradient_error is not None and r.gradient_status == Verdict.UNSTABLE:
        errors.append(f"gradient off by {number(r.gradient_error, 2)} relative")
    if r.hessian_error is not None and r.hessian_status == Verdict.UNSTABLE:
        errors.append(f"Hessian off by {number(r.hessian_error, 2)} relative")
    if r.bits_lost:
        errors.append(f"{r.bits_lost:.0f} of {mantissa_bits(r.dtype)} bits lost")
    suffix = f" ({'; '.join(errors)})" if errors else ""
    out.print(f"[bold]{r.dtype}[/bold]: {styled(r.status)}{escape(suffix)}")
    if r.error:
        # A check that --timeout stopped says so in a sentence that starts with the target.
        told = r.error if r.error.startswith(f"{report.target} ") else f"the target raised {r.error}"
        out.print(f"  {escape(told)}")
    for f in r.findings:
        where = f" at {short_location(f.location)}" if f.location else ""
        out.print(f"  {f.phase}, {escape(shown_target(f.op))}{escape(where)}: {escape(f.message)}")
        shown = finding_underline(report, f)
        if shown:
            out.print(escape(shown), highlight=False)
    if r.hessian is not None:
        # Without the true second derivatives, say what the Hessian was compared with instead.
        compared = f"exact {matrix_text(r.exact_hessian)}"
        if r.exact_hessian is None and r.rule_hessian is not None:
            compared += f", by gradcli's rules at high precision {matrix_text(r.rule_hessian)}"
        out.print(f"  Hessian {escape(matrix_text(r.hessian))}, {escape(compared)}")
    for note in r.notes:
        out.print(f"  note: {escape(note)}")
