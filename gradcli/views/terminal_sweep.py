"""The terminal view of a sweep: a strip of the range per dtype, its intervals, thresholds and fixes.

A view of a `SweepResult` (gradcli.sweep); nothing here computes a
gradient. rich is imported inside the functions, so importing this is cheap.
"""

from __future__ import annotations

import math
import shlex
import time

from ..checker.dtypes import dtype_named
from ..checker.verdict import Verdict
from . import sweep_rows
from .formatting import STATUS_STYLE, float_text, number, short_location, styled
from .terminal import console

STRIP_WIDTH = 60  # columns of the strip: each is the worst of the points it covers
MAP_HEIGHT = 15  # rows of a 2-D sweep's map
STATUS_SYMBOL = {"ok": "·", "unstable": "u", "wrong": "W", "domain": "d", "error": "E"}
# A failing point shows what broke, where the sweep says (KINDS of gradcli.sweep).
KIND_SYMBOL = {
    "nan": "N",
    "inf": "I",
    "overflow": "^",
    "underflow": "v",
    "cancellation": "~",
    "inaccurate": "≈",
    "wrong rule": "X",
    "kink": "K",
    "out of time": "T",
    "not refined": "?",
}


def symbol(status, kind):
    """The character and rich style of a point with this verdict and kind of failure."""
    style = STATUS_STYLE.get(str(status), "white")
    if status != Verdict.OK and kind in KIND_SYMBOL:
        return KIND_SYMBOL[kind], style
    return STATUS_SYMBOL.get(str(status), "?"), style


def print_sweep(result, digits=7) -> None:
    """A sweep on one screen: per dtype its strip (or 2-D map), intervals and thresholds, then the fixes."""
    from rich.markup import escape  # rich loads only when something is printed
    from rich.padding import Padding

    out = console()
    swept = ", ".join(f"{n} = {number(r.lo, digits)} .. {number(r.hi, digits)} ({r.scale}, {r.n} points)" for n, r in result.ranges.items())
    held = "".join(f", {n} = {number(v, digits)}" for n, v in result.fixed.items())
    out.print(f"[bold]{escape(result.target)}[/bold]  swept over {escape(swept + held)}")
    for name, d in result.dtypes.items():
        out.print()
        counts = ", ".join(f"{n} {s}" for s, n in d.counts.items())
        # Sampled points out of time are in the counts; points checked between them (bisection) are said here.
        timed_out = f", {d.out_of_time} out of time" if d.out_of_time and "out of time" not in d.counts else ""
        out.print(f"[bold]{name}[/bold]: {d.points} points ({counts}{timed_out}); {d.checked} checked")
        refined = refined_text(d.stretches(), digits)
        if refined:
            out.print(f"  {escape(refined)}", soft_wrap=True)
        cells = _cells(result, d)
        if cells is not None:
            _print_cells(out, result, cells, digits)
        rows = sweep_rows.rows([i.to_dict() for i in d.intervals])  # the table's rows, between which thresholds lie
        table, footnotes = _interval_table(d, rows, digits, out.width)
        out.print(Padding(table, (0, 0, 0, 1), expand=False))  # indented as the strip above it
        for note in footnotes:
            out.print(f"  {escape(note)}", soft_wrap=True)
        for i in (i for i in d.intervals if i.error):  # what the target raised, or the check's no-derivative finding
            said = escape(i.error) if i.kind == "no derivative" else f"the target raised {escape(i.error)}"
            out.print(f"  {number(i.lo, digits)} .. {number(i.hi, digits)}: {said}")
        _print_thresholds(out, result, name, d, rows)
    _print_fixes(out, result, digits)
    for note in result.notes:
        out.print(f"note: {escape(note)}")


SHOWN_STRETCHES = 4  # per verdict, the refined stretches the line under a dtype's counts names; it counts the others


def refined_text(stretches, digits=7):
    """Where each verdict but ok holds, refined to adjacent floats, beside the grid points the counts count:
    "refined to adjacent floats: unstable for x in [1e-14, 0.0014] (1 grid point)"; "" where all is ok (or 2-D)."""
    said = {}
    for s in stretches:
        if s["status"] != str(Verdict.OK):
            said.setdefault(s["status"], []).append(s)
    parts = []
    digits = telling_digits([(s["lo"], s["hi"]) for found in said.values() for s in found[:SHOWN_STRETCHES]], digits)
    for status, found in said.items():
        shown = [f"[{number(s['lo'], digits)}, {number(s['hi'], digits)}]{_grid_points(s['points'])}" for s in found[:SHOWN_STRETCHES]]
        more = f" and {len(found) - SHOWN_STRETCHES} more" if len(found) > SHOWN_STRETCHES else ""
        parts.append(f"{status} for {found[0]['variable']} in {', '.join(shown)}{more}")
    return "refined to adjacent floats: " + "; ".join(parts) if parts else ""


def telling_digits(ends, digits=7):
    """The fewest significant digits, at least ``digits``, that print the two ends of each stretch in ``ends`` (pairs
    of floats) as two texts where they are two floats (a stretch refined to adjacent floats near 966.35, 5e-9 long,
    is no "966.35 .. 966.35"); 17, a float64's whole, at most. The end of one stretch and the start of the next,
    adjacent floats, may read alike: they are one threshold."""
    apart = [(lo, hi) for lo, hi in ends if isinstance(lo, float) and isinstance(hi, float) and lo != hi
             and math.isfinite(lo) and math.isfinite(hi)]
    while digits < 17 and any(number(lo, digits) == number(hi, digits) for lo, hi in apart):
        digits += 1
    return digits


def _grid_points(count):
    """" (3 grid points)", " (no grid point)", or "" where not known."""
    if count is None:
        return ""
    return f" ({count or 'no'} grid point{'' if count in (0, 1) else 's'})"


def _point_classes(result, d):
    """Per sampled point its status and kind (arrays; a grid in 2-D), from the samples or the 1-D intervals."""
    import numpy as np  # NumPy loads only for a sweep's strip: gradcli --help stays light

    if d.samples is not None:
        return np.asarray(d.samples.status, dtype=object), np.asarray(d.samples.kind, dtype=object)
    if len(result.ranges) != 1 or not d.intervals:
        return None
    (swept,) = result.ranges.values()
    with np.errstate(all="ignore"):
        xs = swept.points().astype(dtype_named(d.dtype)).astype(np.float64)
    where = np.minimum(np.searchsorted([i.hi for i in d.intervals], xs, side="left"), len(d.intervals) - 1)
    status = np.array([str(d.intervals[i].status) for i in where], dtype=object)
    kind = np.array([d.intervals[i].kind or "" for i in where], dtype=object)
    return status, kind


def _bins(n, width):
    """``n`` points split into at most ``width`` consecutive slices of (nearly) equal length."""
    count = min(n, width)
    return [slice(i * n // count, (i + 1) * n // count) for i in range(count)]


def _cells(result, d):
    """The strip (1-D: a list of cells) or map (2-D: rows of cells, top row the high end); a cell is (status, kind)."""
    import numpy as np  # NumPy loads only for a sweep's strip: gradcli --help stays light

    classes = _point_classes(result, d)
    if classes is None:
        return None
    status, kind = classes
    severity = np.vectorize(lambda s: Verdict(s).severity, otypes=[int])(status) if status.size else status

    def worst(block):
        flat = np.argmax(severity[block])
        where = np.unravel_index(flat, severity[block].shape)
        return str(status[block][where]), str(kind[block][where] or "")

    if status.ndim == 1:
        return [worst(b) for b in _bins(len(status), STRIP_WIDTH)]
    columns, rows = _bins(status.shape[0], STRIP_WIDTH), _bins(status.shape[1], MAP_HEIGHT)
    return [[worst((c, r)) for c in columns] for r in reversed(rows)]


def _print_cells(out, result, cells, digits):
    """The strip between the range's ends (or the map with its axes), then the legend of the symbols shown."""
    from rich.text import Text  # rich loads only when something is printed

    names = list(result.ranges)
    first = result.ranges[names[0]]
    ends = (number(first.lo, digits), number(first.hi, digits))
    lines = [cells] if len(names) == 1 else cells
    seen = []
    for i, line in enumerate(lines):
        text = Text("  ")
        if len(names) == 2:
            second = result.ranges[names[1]]
            label = number(second.hi, digits) if i == 0 else number(second.lo, digits) if i == len(lines) - 1 else ""
            text.append(f"{label:>10} ")
        else:
            text.append(f"{names[0]} {ends[0]} ")
        text.append("[")
        for cell in line:
            char, style = symbol(*cell)
            text.append(char, style=style)
            if cell not in seen:
                seen.append(cell)
        text.append("]")
        if len(names) == 1:
            text.append(f" {ends[1]}")
        elif i == 0:
            text.append(f" {names[1]}")
        out.print(text)
    if len(names) == 2:
        out.print(f"  {'':>10}  {names[0]} {ends[0]} .. {ends[1]}")
    legend = Text("  ")
    for status, kind in sorted(seen, key=lambda c: (Verdict(c[0]).severity, c[1])):
        char, style = symbol(status, kind)
        legend.append(char, style=style)
        legend.append(f" {status}{': ' + kind if kind and kind != status else ''}   ")
    out.print(legend)


def _interval_table(d, shown, digits, width=120):
    """The intervals of one dtype as the rows ``shown`` (`sweep_rows`: neighbours differing only in the bits they lose joined):
    where (from/to, or a 2-D box), verdict (mixed: some floats inside fare otherwise), kind, parts, op, worst bits
    lost; and the footnotes naming the ops shortened in it.

    A terminal narrower than the table's columns gets each row as a line of
    its own, wrapped at words, rather than columns too narrow for their words.
    """
    from rich.markup import escape  # rich loads only when something is printed
    from rich.table import Table
    from rich.text import Text

    two_d = any(i.box for i in d.intervals)
    where = ("box",) if two_d else ("from", "to")
    if not two_d:
        digits = telling_digits([(row["lo"], row["hi"]) for row in shown], digits)
    headers = (*where, "verdict", "kind", "parts", "op", "bits lost")
    ops, footnotes = sweep_rows.ops_shown(shown)
    cells = []
    for row, op in zip(shown, ops):
        if two_d:
            place = (", ".join(f"{v} {number(a, digits)}..{number(b, digits)}" for v, (a, b) in (row["box"] or {}).items()),)
        else:
            place = (number(row["lo"], digits), number(row["hi"], digits))
        verdict = styled(row["status"]) + (" (mixed)" if row["mixed"] else "")
        cells.append((*place, verdict, escape(row["kind"] or "-"), ", ".join(row["parts"]) or "-", escape(op),
                      sweep_rows.bits_text(row, d.dtype)))
    widths = [max([len(header)] + [len(Text.from_markup(c[k]).plain) for c in cells]) for k, header in enumerate(headers)]
    table = Table(show_edge=False, box=None, padding=(0, 1))
    if sum(widths) + 2 * len(widths) + 1 <= width:  # the columns, their padding and the indent
        for header in headers:
            table.add_column(header, justify="right" if header in ("from", "to", "bits lost") else "left", no_wrap=True)
        for row_cells in cells:
            table.add_row(*row_cells)
        return table, footnotes
    table = Table(show_edge=False, box=None, padding=(0, 1), show_header=False, width=width - 1)  # beside the indent
    table.add_column(no_wrap=False)
    for c in cells:
        where = c[0] if two_d else f"{c[0]} .. {c[1]}"
        verdict, kind, parts, op, bits = c[-5:]
        said = "".join((f", {kind}" if kind != "-" else "", f" in {parts}" if parts != "-" else "", f" at {op}" if op != "-" else ""))
        table.add_row(f"{where}: {verdict}{said}; bits lost {bits}")
    return table, footnotes


def _failing_side(t):
    """Which side of a threshold fails: its value (``at`` or ``next``) and verdict."""
    before, after = Verdict(t.before), Verdict(t.after)
    if before.severity > after.severity or (before == after and t.before_kind and not t.after_kind):
        return t.at, before
    return t.next, after


def reproduce(result, variable, value, dtype_name):
    """The `gradcli grad` command that checks one point of a sweep in one dtype, or None (a 2-D point unknown)."""
    point = {variable: value, **result.fixed}
    data = [v for v, held in result.fixed.items() if type(held) is int and v not in result.variables]  # held as data
    if set(point) != {*result.variables, *data}:
        return None
    named = [*result.variables, *data]
    at = ",".join(f"{v}={float_text(point[v], dtype_name) if v == variable else _held_text(point[v])}" for v in named)
    wrt = f" --wrt {','.join(result.variables)}" if data else ""  # an int outside --wrt reaches the code as an int
    return f"gradcli grad {shlex.quote(result.target)} --at {shlex.quote(at)}{wrt} --dtype {dtype_name}"


def _held_text(value):
    """A held value as --at reads it back to the same numbers: a float in full, an array as nested lists in full."""
    if isinstance(value, list):
        return "[" + ",".join(_held_text(v) for v in value) + "]"
    return str(value) if type(value) is int else repr(float(value))


def _print_thresholds(out, result, name, d, table):
    """Each threshold of one dtype between two of the ``table``'s rows: the last float before and the first after, and
    how to reproduce it; those inside a row counted."""
    from rich.markup import escape  # rich loads only when something is printed

    shown = [t for t in d.thresholds if not sweep_rows.inside_a_row(table, t.variable, t.at, t.next)]
    inside = len(d.thresholds) - len(shown)
    if shown:
        out.print("  thresholds (adjacent floats of the dtype):")
    for t in shown:
        before, after = t.said()
        out.print(f"    {t.variable} = {float_text(t.at, name)} is {before}, {float_text(t.next, name)} is {after}", soft_wrap=True)
        if t.finding is not None and getattr(t.finding, "message", None):
            # A Python function's finding ends with its file and line, as the audit's one-line finding does.
            location = getattr(t.finding, "location", None)
            where = f" at {short_location(location)}" if location else ""
            out.print(f"      {escape(t.finding.message + where)}", soft_wrap=True)
        command = reproduce(result, t.variable, _failing_side(t)[0], name)
        if command:
            out.print(f"      {escape(command)}", soft_wrap=True)
    if inside:
        said = "threshold lies" if inside == 1 else "thresholds lie"
        out.print(f"  {inside} more {said} inside the rows above, where only the bits lost or the op changes (--json lists every one)",
                  soft_wrap=True)


def intervals_text(intervals, digits=7):
    """Intervals on one line, as the table's rows (`sweep_rows`): ``ok -1000..88.72, unstable (overflow) 88.72..1000``."""
    parts = []
    for row in sweep_rows.rows([i.to_dict() for i in intervals]):
        where = f"{number(row['lo'], digits)}..{number(row['hi'], digits)}" if not row["box"] else " ".join(
            f"{v} {number(a, digits)}..{number(b, digits)}" for v, (a, b) in row["box"].items()
        )
        said = [w for w in (row["kind"], "mixed" if row["mixed"] else None) if w]
        parts.append(f"{row['status']}{' (' + ', '.join(said) + ')' if said else ''} {where}")
    return ", ".join(parts)


def _print_fixes(out, result, digits):
    """Each fix the sweep re-ran: its intervals per dtype before and after."""
    from rich.markup import escape  # rich loads only when something is printed

    if not result.fixes:
        return
    out.print()
    out.print("[bold]Fixes[/bold] (each swept over the same range):")
    for fix in result.fixes:
        verdict = "[green]better[/green]" if fix.better else "not better everywhere"
        out.print(f"  [bold]{escape(fix.formula or fix.name)}[/bold]  ({escape(fix.name)}; {verdict})")
        if fix.code and not fix.formula:
            for line in fix.code.rstrip().splitlines():
                out.print(f"    {escape(line)}", highlight=False)
        for dtype in fix.before:
            out.print(f"    {dtype} before: {escape(intervals_text(fix.before[dtype], digits))}", soft_wrap=True)
            out.print(f"    {dtype} after:  {escape(intervals_text(fix.after.get(dtype, []), digits))}", soft_wrap=True)


class ProgressBar:
    """A progress callback for a sweep: a rich bar on stderr, only on a terminal and after the first second.

    Quick sweeps and piped runs print nothing; use as a context manager so the bar is removed at the end.
    """

    def __init__(self, delay=1.0):
        self.delay = delay
        self.started = time.monotonic()
        self.stderr = console(stderr=True)
        self.bar = None
        self.task = None

    def __call__(self, done, total):
        if self.bar is None:
            if not self.stderr.is_terminal or time.monotonic() - self.started < self.delay:
                return
            from rich.progress import Progress  # rich loads only when something is printed

            self.bar = Progress(console=self.stderr, transient=True)
            self.bar.start()
            self.task = self.bar.add_task("sweeping", total=total)
        self.bar.update(self.task, completed=done, total=total)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if self.bar is not None:
            self.bar.stop()
        return False
