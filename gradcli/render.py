"""Views of results: rich tables for the terminal and JSON-ready data.

Every output format is a view of the same result objects; nothing here computes.
rich is imported inside the functions, so importing this module is cheap.
"""

from __future__ import annotations

import json
import math
import sys


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


def console(stderr=False):
    from rich.console import Console

    out = Console(stderr=stderr, highlight=False, soft_wrap=False)
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
    from .expr.diff import latex, python_code

    if fmt == "latex":
        for d in result.derivatives:
            wrt = " ".join(f"\\partial {name}" for name in d.wrt)
            numerator = "\\partial" if len(d.wrt) == 1 else f"\\partial^{{{len(d.wrt)}}}"
            print(f"\\frac{{{numerator} f}}{{{wrt}}} = {latex(d.expr)}")
    elif fmt == "python":
        args = ", ".join(result.formula.variables)
        print("import gradcli.numpy as gnp")
        for d in result.derivatives:
            name = "d" + ("" if len(d.wrt) == 1 else str(len(d.wrt))) + "f_d" + "_d".join(d.wrt)
            print(f"\n\ndef {name}({args}):")
            print(f"    return {python_code(d.expr)}")
    else:
        out = console()
        out.print(f"[bold]f({', '.join(result.formula.variables)})[/bold] = {result.expr}")
        for d in result.derivatives:
            out.print(f"[bold]{d.label} f[/bold] = {d.expr}")
    sys.stdout.flush()
    for note in result.notes:
        console(stderr=True).print(f"note: {note}")
