"""The terminal: the rich console every terminal view prints to, and the views of ``gradcli ops`` and ``gradcli diff``.

The views of checks, sweeps and audits are `terminal_check`, `terminal_sweep`
and `terminal_audit`. rich is imported inside the functions, so importing
any of them is cheap (``gradcli --help`` loads no rich).
"""

from __future__ import annotations

import sys


def console(stderr=False, file=None):
    """A rich console on stdout (or stderr, or ``file``); 120 columns wide when it is not a terminal."""
    from rich.console import Console  # rich loads only when something is printed

    # emoji=False: a location such as "loss.py:100:" must not print as an emoji code.
    out = Console(stderr=stderr, file=file, highlight=False, soft_wrap=False, emoji=False)
    if not out.is_terminal:
        # Piped or captured output has no width to respect: don't truncate names.
        out.width = 120
    return out


def print_ops_table(rows) -> None:
    """The op catalogue as a table: name, arity, kind, differentiable, VJP, JVP, mpmath."""
    from rich.table import Table  # rich loads only when something is printed

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


def print_caches(rows) -> None:
    """gradcli's caches, one line each: what it keeps, its folder, its files and their size (``gradcli cache``)."""
    out = console()
    for row in rows:
        where = row.folder if row.folder is not None else "-"
        amount = f"{row.files} files, {_size(row.bytes)}" if row.folder is not None else ""
        note = f" ({row.note})" if row.note and row.folder is not None else row.note
        out.print(f"{row.name}: {where}  {amount}{note}", highlight=False, markup=False, soft_wrap=True)


def _size(count):
    """A number of bytes for people: 0 B, 512 B, 3.4 kB, 12.0 MB, 2500.0 MB (powers of 1000)."""
    if count < 1000:
        return f"{count} B"
    kilobytes = f"{count / 1000:.1f}"
    return f"{kilobytes} kB" if float(kilobytes) < 1000 else f"{count / 1000**2:.1f} MB"


def print_diff(result, fmt="text") -> None:
    """The derivatives of ``gradcli diff``: text (rich), LaTeX lines, or gradcli.numpy code."""
    from rich.markup import escape  # rich loads only when something is printed

    from ..expr.diff import python_imports, python_name  # sympy: the expression layer loads only for gradcli diff

    # The texts come from result.show, which gradcli diff made within --max-time.
    if fmt == "latex":
        for d in result.derivatives:
            print(f"{d.latex_label} = {result.show('latex', d)}")
    elif fmt == "python":
        args = ", ".join(python_name(v) for v in result.formula.variables)
        print("\n".join(python_imports(*(result.show("python", d) for d in result.derivatives))))
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
