"""Views of results: rich tables for the terminal and JSON-ready data.

Every output format is a view of the same result objects; nothing here computes.
rich is imported inside the functions, so importing this module is cheap.
"""

from __future__ import annotations

import json
import math
import sys

from ..checker.dtypes import mantissa_bits
from ..checker.verdict import Verdict


def jsonable(value):
    """Plain JSON data: non-finite floats become "nan"/"inf"/"-inf", arrays nested lists."""
    if hasattr(value, "to_dict"):
        return jsonable(value.to_dict())
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    if isinstance(value, int):
        return value
    if hasattr(value, "tolist") and not isinstance(value, float):
        return jsonable(value.tolist())
    try:
        number = float(value)
    except (TypeError, ValueError):
        return str(value)
    if math.isnan(number):
        return "nan"
    if math.isinf(number):
        return "inf" if number > 0 else "-inf"
    return number


def dump_json(data, stream=None) -> None:
    """Write ``data`` as indented JSON (a final newline included)."""
    stream = stream or sys.stdout
    stream.write(json.dumps(jsonable(data), indent=2) + "\n")


def console(stderr=False, file=None):
    from rich.console import Console

    out = Console(stderr=stderr, file=file, highlight=False, soft_wrap=False)
    if not out.is_terminal:
        # Piped or captured output has no width to respect: don't truncate names.
        out.width = 120
    return out


def print_ops_table(rows) -> None:
    """The op catalogue as a table: name, arity, kind, differentiable, VJP, JVP, mpmath."""
    from rich.table import Table

    table = Table(title="gradcli.numpy ops", title_justify="left")
    for header in ("op", "arity", "kind", "differentiable", "VJP", "JVP", "mpmath", "note"):
        table.add_column(header)
    for row in rows:
        table.add_row(
            row.name,
            row.arity,
            row.kind,
            row.differentiable,
            row.vjp,
            row.jvp,
            "yes" if row.mpmath else "no",
            row.note,
        )
    out = console()
    out.print(table)
    differentiable = sum(1 for r in rows if r.differentiable == "yes")
    out.print(
        f"{len(rows)} ops: {differentiable} differentiable, "
        f"{sum(1 for r in rows if r.differentiable == 'no')} with zero gradient, "
        f"{sum(1 for r in rows if r.differentiable == 'constant')} constructors."
    )


def print_diff(result, fmt="text") -> None:
    """The derivatives of ``gradcli diff``: text (rich), LaTeX lines, or gradcli.numpy code."""
    from rich.markup import escape

    from ..expr.diff import python_name

    # The texts come from result.show, which gradcli diff made within --max-time.
    if fmt == "latex":
        for d in result.derivatives:
            print(f"{d.latex_label} = {result.show('latex', d)}")
    elif fmt == "python":
        args = ", ".join(python_name(v) for v in result.formula.variables)
        print("import gradcli.numpy as gnp")
        for d in result.derivatives:
            name = "d" + ("" if len(d.wrt) == 1 else str(len(d.wrt))) + "f_d" + "_d".join(d.wrt)
            print(f"\n\ndef {name}({args}):")
            print(f"    return {result.show('python', d)}")
    else:
        # One line per formula, however long: rich would break them at the console's width.
        out = console()
        head = f"f({', '.join(result.formula.variables)})"
        out.print(f"[bold]{escape(head)}[/bold] = {escape(result.show('text'))}", soft_wrap=True)
        for d in result.derivatives:
            out.print(f"[bold]{escape(d.label)} f[/bold] = {escape(result.show('text', d))}", soft_wrap=True)
    sys.stdout.flush()
    for note in result.notes:
        console(stderr=True).print(f"note: {note}")


# -- check reports ----------------------------------------------------------------

_STATUS_STYLE = {Verdict.OK: "green", Verdict.UNSTABLE: "yellow", Verdict.WRONG: "red", Verdict.DOMAIN: "magenta", Verdict.ERROR: "red"}


def _number(value, digits=7):
    """A compact, exact-looking number: nested lists summarised, non-finite spelled out."""
    if value is None:
        return "-"
    if isinstance(value, list):
        flat = []

        def walk(v):
            if isinstance(v, list):
                for item in v:
                    walk(item)
            else:
                flat.append(v)

        walk(value)
        shown = ", ".join(_number(v, digits) for v in flat[:3])
        return f"[{shown}{', ...' if len(flat) > 3 else ''}]"
    if isinstance(value, str):
        return value
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return f"{value:.{digits}g}"
    return str(value)


def _gradient_text(gradient, digits):
    if not gradient or all(v is None for v in gradient.values()):
        return "-"
    if len(gradient) == 1:
        return _number(next(iter(gradient.values())), digits)
    return ", ".join(f"{k}: {_number(v, digits)}" for k, v in gradient.items())


def _exact_gradient_text(r, digits):
    """The exact-gradient cell: per variable, or along the random direction when that is all that is known."""
    if r.exact_directional is not None and all(v is None for v in r.exact_gradient.values()):
        return f"{_number(r.exact_directional, digits)} along a direction"
    shown = {k: _beyond_float(v, r.exact_gradient_text.get(k), digits) for k, v in r.exact_gradient.items()}
    return _gradient_text(shown, digits)


def _beyond_float(value, text, digits):
    """An exact number that a float cannot hold (1e+347 shows as inf, 1e-348 as 0): its digits instead."""
    from decimal import Decimal, InvalidOperation

    if text is None or not isinstance(value, float) or not (math.isinf(value) or value == 0):
        return value
    if "^" in text:
        return text  # 10^(1.2e+347): too large even for an exponent in digits
    try:
        exact = Decimal(text)
    except InvalidOperation:
        return value
    return value if exact.is_zero() or not exact.is_finite() else f"{exact:.{digits}g}"


def _fd_text(r, digits):
    """The finite-difference cell: per variable, or the derivative along a random direction."""
    # Unreliable differences are marked in the cell itself, so a wrong number never looks confident.
    doubt = " (unreliable)" if any(f.kind == "fd-unreliable" for f in r.findings) else ""
    if any(v is not None for v in r.fd_gradient.values()):
        return _gradient_text(r.fd_gradient, digits) + doubt
    if r.fd_method == "random-direction":
        if r.fd_directional is None:
            return "along a direction"
        return f"{_number(r.fd_directional, digits)} along a direction{doubt}"
    return "-"


def _point_text(point, digits=7):
    return ", ".join(f"{k} = {_number(v, digits)}" for k, v in point.items())


def underline(text, span, indent="    "):
    """The formula on one line and carets under ``span`` on the next."""
    start, end = span
    return f"{indent}{text}\n{indent}{' ' * start}{'^' * max(1, end - start)}"


def print_report(report, digits=7) -> None:
    """A check report on one screen: the table, each finding with its op underlined, the fixes."""
    from rich.markup import escape
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
        title = f"at {_point_text(point, digits)}"
        summed = next((r.summed_over for r in rows if r.summed_over), None)
        if summed:
            title += f": {report.target} summed over the {summed} elements"  # its gradient: elementwise
        table = Table(title=escape(title), title_justify="left", show_edge=True)
        for header in ("dtype", "value", "gradient", "exact value", "exact gradient", "finite diff.", "verdict"):
            table.add_column(header)
        for r in rows:
            verdict = f"[{_STATUS_STYLE.get(r.status, 'white')}]{r.status}[/]"
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
                _number(r.value, digits),
                _gradient_text(r.gradient, digits),
                _number(_beyond_float(r.exact_value, r.exact_value_text, digits), digits),
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


def _print_diff(out, fix, changes):
    """A Python function's fix: its name, what it changed, and the unified diff of the user's lines."""
    from rich.markup import escape

    out.print(f"  {escape(fix.name)} ({escape(fix.note)}; {changes}):")
    styles = {"+": "green", "-": "red", "@": "cyan"}
    for line in fix.diff.rstrip("\n").splitlines():
        style = styles.get(line[:1]) if not line.startswith(("+++", "---")) else "bold"
        text = f"    {escape(line)}"
        out.print(f"[{style}]{text}[/]" if style else text, highlight=False)


def _jacobian_cells(r, digits):
    """The value, gradient, exact value, exact gradient and finite-difference cells of a vector output."""
    from rich.markup import escape

    jac = r.jacobian
    if jac.mode == "full":
        inputs = len([x for v in jac.rows[0].gradient.values() for x in _flat(v)])
        below = f"{len(jac.rows)}x{inputs} Jacobian (below)"
    else:
        below = "random VJP and JVP (below)"
    return escape(_number(r.value, digits)), below, escape(_number(r.exact_value, digits)), "(below)", "(below)"


_JACOBIAN_IN_FULL = (8, 4)  # up to this many outputs, and inputs per output, the Jacobian is shown whole


def _print_jacobian(out, r, digits):
    """A vector output's Jacobian: row by row when small, else its verdicts and worst entries."""
    from rich.markup import escape
    from rich.table import Table

    jac = r.jacobian
    if jac.mode == "random":
        _print_random_jacobian(out, r, digits)
        return
    width = max(len(_flat(v)) for row in jac.rows for v in row.gradient.values())
    if len(jac.rows) <= _JACOBIAN_IN_FULL[0] and width <= _JACOBIAN_IN_FULL[1]:
        table = Table(title=escape(f"{r.dtype}: the Jacobian, one row per output (f has shape {tuple(jac.shape)})"), title_justify="left")
        for header in ("output", "value", "gradient", "exact gradient", "finite diff.", "verdict"):
            table.add_column(header)
        for label, row in zip(jac.labels, jac.rows):
            table.add_row(
                label,
                escape(_number(row.value, digits)),
                escape(_gradient_text(row.gradient, digits)),
                escape(_exact_gradient_text(row, digits)),
                escape(_fd_text(row, digits)),
                f"[{_STATUS_STYLE.get(row.status, 'white')}]{row.status}[/]",
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
        table.add_row(e["output"], e["input"], escape(_number(e["computed"], digits)), escape(_number(e["exact"], digits)), _number(e["error"], 2))
    out.print(table)


def _flat(value):
    return [value] if not isinstance(value, list) else [x for v in value for x in _flat(v)]


def _print_random_jacobian(out, r, digits):
    from rich.markup import escape
    from rich.table import Table

    jac = r.jacobian
    title = (
        f"{r.dtype}: f has {'x'.join(map(str, jac.shape))} outputs: checked along {len(jac.rows)} random "
        f"cotangents u (VJP: the gradient of u . f) and tangents v (JVP: u . J v), seed {jac.seed}"
    )
    table = Table(title=escape(title), title_justify="left")
    for header in ("check", "computed", "exact", "finite diff.", "error", "verdict"):
        table.add_column(header)
    for label, row in zip(jac.labels, jac.rows):
        table.add_row(
            f"VJP {label}", escape(_gradient_text(row.gradient, digits)), escape(_exact_gradient_text(row, digits)),
            escape(_fd_text(row, digits)), _number(row.gradient_error, 2), f"[{_STATUS_STYLE.get(row.status, 'white')}]{row.status}[/]",
        )
    for t in jac.tangents:
        table.add_row(
            f"JVP {t['cotangent']} . J {t['tangent']}", _number(t["jvp"], digits), _number(t["exact"], digits),
            _number(t["fd"], digits), _number(t["error"], 2), f"[{_STATUS_STYLE.get(t['status'], 'white')}]{t['status']}[/]",
        )
    out.print(table)


def _print_details(out, report, r):
    from rich.markup import escape

    if r.status == Verdict.OK and not r.findings and not r.notes and r.hessian is None:
        return
    errors = []
    if r.value_error is not None and r.value_status == Verdict.UNSTABLE:
        errors.append(f"value off by {_number(r.value_error, 2)} relative")
    if r.gradient_error is not None and r.gradient_status == Verdict.UNSTABLE:
        errors.append(f"gradient off by {_number(r.gradient_error, 2)} relative")
    if r.hessian_error is not None and r.hessian_status == Verdict.UNSTABLE:
        errors.append(f"Hessian off by {_number(r.hessian_error, 2)} relative")
    if r.bits_lost:
        errors.append(f"{r.bits_lost:.0f} of {mantissa_bits(r.dtype)} bits lost")
    suffix = f" ({'; '.join(errors)})" if errors else ""
    out.print(f"[bold]{r.dtype}[/bold]: [{_STATUS_STYLE.get(r.status, 'white')}]{r.status}[/]{escape(suffix)}")
    if r.error:
        # A check that --timeout stopped says so in a sentence that starts with the target (gradcli.audit.alone).
        told = r.error if r.error.startswith(f"{report.target} ") else f"the target raised {r.error}"
        out.print(f"  {escape(told)}")
    for f in r.findings:
        where = f" at {_short_location(f.location)}" if f.location else ""
        out.print(f"  {f.phase}, {escape(f.op)}{escape(where)}: {escape(f.message)}")
        shown = finding_underline(report, f)
        if shown:
            out.print(escape(shown), highlight=False)
    if r.hessian is not None:
        # Without the true second derivatives, say what the Hessian was compared with instead.
        compared = f"exact {_matrix(r.exact_hessian)}"
        if r.exact_hessian is None and r.rule_hessian is not None:
            compared += f", by gradcli's rules at high precision {_matrix(r.rule_hessian)}"
        out.print(f"  Hessian {escape(_matrix(r.hessian))}, {escape(compared)}")
    for note in r.notes:
        out.print(f"  note: {escape(note)}")


def finding_underline(report, finding, indent="    "):
    """Where a finding happened, as text: the formula, or a Python target's source line, with its op underlined.

    None when there is nothing to point at (no span, or the source line is gone).
    """
    if finding.span is not None and report.kind == "formula":
        return underline(report.target, finding.span, indent)
    if finding.location:
        return _source_underline(finding.location, finding.op, indent)
    return None


def _matrix(rows, digits=7, largest=4):
    """A matrix in full up to ``largest`` x ``largest``; a larger one as its shape and first entries."""
    if not isinstance(rows, list) or not all(isinstance(row, list) for row in rows):
        return _number(rows, digits)
    if len(rows) <= largest and all(len(row) <= largest for row in rows):
        return "[" + ", ".join("[" + ", ".join(_number(v, digits) for v in row) + "]" for row in rows) + "]"
    return f"{len(rows)}x{len(rows[0]) if rows else 0} {_number(rows, digits)}"


def _short_location(location):
    import os

    path, _, line = location.rpartition(":")
    return f"{os.path.basename(path)}:{line}"


def _source_underline(location, op, indent="    "):
    """The source line of a Python target with the op's name underlined (where it appears)."""
    import linecache
    import re

    path, _, line = location.rpartition(":")
    text = linecache.getline(path, int(line)) if line.isdigit() else ""
    if not text.strip():
        return None
    stripped = text.strip()
    match = re.search(rf"\b{re.escape(op)}\b", stripped)
    symbol = _OPERATORS.get(op)
    if match is None and symbol is not None and len(re.findall(rf"(?<![*e]){re.escape(symbol)}(?!\*)", stripped)) == 1:
        # An operator written as a symbol: underline it only where the line leaves no doubt.
        match = re.search(rf"(?<![*e]){re.escape(symbol)}(?!\*)", stripped)
    if match is None:
        return f"{indent}{stripped}"
    return underline(stripped, match.span(), indent)


_OPERATORS = {"add": "+", "subtract": "-", "multiply": "*", "divide": "/", "power": "**"}


def _exact_point_text(point):
    """A point with every float in full (shortest round-trip) precision: distinct points, distinct names."""

    def shown(value):
        if isinstance(value, float) and math.isfinite(value):
            return repr(value)
        return _number(value, 17)

    return ", ".join(
        f"{k} = {shown(v) if not isinstance(v, list) else _number(v, 17)}" for k, v in point.items()
    )


def junit_xml(reports) -> str:
    """JUnit XML: one testcase per (target, point, dtype); failures carry the findings."""
    import xml.etree.ElementTree as ET

    suites = ET.Element("testsuites")
    for report in reports:
        suite = ET.SubElement(suites, "testsuite", name=f"gradcli: {report.target}")
        for r in report.results:
            junit_testcase(suite, report.target, r.to_dict(), report.fail_on)
        junit_counts(suite)
    ET.indent(suites)
    return ET.tostring(suites, encoding="unicode", xml_declaration=True) + "\n"


def junit_testcase(suite, classname, result, fail_on):
    """Add one check result (a ``gradcli.check/1`` result dict) to a JUnit testsuite as a testcase.

    A status in ``fail_on`` is a <failure> carrying the values and findings,
    or an <error> when the target raised (nothing was judged); any other
    verdict but ok is told in <system-out>.
    """
    import xml.etree.ElementTree as ET

    status = str(result["status"])
    case = ET.SubElement(
        suite, "testcase", classname=classname, name=f"{_exact_point_text(result['point'])} [{result['dtype']}]"
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


def junit_counts(suite):
    """Set a testsuite's tests, failures and errors attributes from the testcases it holds."""
    testcases = suite.findall("testcase")
    suite.set("tests", str(len(testcases)))
    suite.set("failures", str(sum(1 for c in testcases if c.find("failure") is not None)))
    suite.set("errors", str(sum(1 for c in testcases if c.find("error") is not None)))
