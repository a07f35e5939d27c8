"""The rows a sweep's interval table shows: neighbouring intervals that differ only in the bits they lose, as one row.

A sweep's intervals split wherever a point's class changes, and the class
holds whether every bit is lost: along an unstable stretch "every bit lost"
and "52 of 53 bits" may alternate float by float, and with them the op each
interval's example blames (the log where every bit went, the add beside it).
The terminal and HTML views show such a run as one row with the range of
bits it loses ("52.0-53.0 of 53") and each op it names; the JSON keeps every
interval. Intervals are read as ``gradcli.sweep/1`` dicts, fresh from
``to_dict()`` or read back from JSON.
"""

from __future__ import annotations

from ..checker.dtypes import mantissa_bits

OP_WIDTH = 24  # the op column's widest cell: a longer op is shortened there and written out in a footnote below
_ALIKE = ("variable", "status", "kind", "parts", "error")  # what a row's intervals share


def rows(intervals):
    """The intervals (dicts, in order) joined where neighbours differ only in the bits they lose (and so in the op
    their examples blame), as dicts: each the first's, spanning ``lo`` of the first to ``hi`` of the last, ``mixed``
    where any is, with ``joined`` (how many intervals it holds), ``ops`` (the ops they name, each once, in order),
    ``bits_range`` (the fewest and most of their worst bits lost, None where none is known) and ``lost_all`` (every
    interval loses every bit), ``lost_all_somewhere`` (some does)."""
    out = []
    for interval in intervals:
        last = out[-1] if out else None
        op = interval.get("op")
        if last is not None and _alike(last, interval):
            last.update(hi=interval["hi"], mixed=last["mixed"] or bool(interval.get("mixed")), joined=last["joined"] + 1)
            last["ops"] += [op] if op and op not in last["ops"] else []
            last["lost_all"] = last["lost_all"] and bool(interval.get("lost_all"))
            last["lost_all_somewhere"] = last["lost_all_somewhere"] or bool(interval.get("lost_all"))
            last["bits_range"] = _widened(last["bits_range"], interval.get("worst_bits_lost"))
        else:
            lost_all = bool(interval.get("lost_all"))
            out.append({**interval, "mixed": bool(interval.get("mixed")), "joined": 1, "ops": [op] if op else [],
                        "lost_all": lost_all, "lost_all_somewhere": lost_all,
                        "bits_range": _widened(None, interval.get("worst_bits_lost"))})
    return out


def inside_a_row(table, variable, at, next_):
    """Whether a threshold between the adjacent floats ``at`` and ``next_`` lies inside one of the rows ``table``
    (1-D rows of `rows`): there only the bits lost or the op changes, which the row's cells already say."""
    return any(
        not row.get("box") and row.get("variable") == variable and float(row["lo"]) < float(at) and float(next_) < float(row["hi"])
        for row in table
    )


def _alike(row, interval):
    """Whether ``interval`` continues ``row``: 1-D, the same verdict, kind, failing parts and error (the op its example
    blames may differ: it changes with the bits lost)."""
    if row.get("box") or interval.get("box"):
        return False
    return all(_same(row.get(key), interval.get(key)) for key in _ALIKE)


def _same(a, b):
    """Equal as JSON holds them (a tuple of parts and its list read back alike, a verdict and its text)."""
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return list(a) == list(b)
    return (str(a) if a is not None else None) == (str(b) if b is not None else None)


def _widened(bits_range, bits):
    """``bits_range`` (fewest, most) stretched to hold ``bits`` (None: not known)."""
    if bits is None:
        return bits_range
    bits = float(bits)
    return (bits, bits) if bits_range is None else (min(bits_range[0], bits), max(bits_range[1], bits))


def bits_text(row, dtype_name):
    """The bits a row loses: "40.3", "53.0 (all)", or for a joined row the range "52.0-53.0 of 53" ("-" unknown).

    A joined row losing every bit somewhere reaches every bit of the dtype,
    however its worst measured bits are rounded.
    """
    if row["bits_range"] is None:
        return "-"
    fewest, most = row["bits_range"]
    if row["joined"] == 1 or (fewest == most and row["lost_all"] == row["lost_all_somewhere"]):
        return f"{most:.1f}" + (" (all)" if row["lost_all"] else "")
    every = mantissa_bits(dtype_name)
    most = float(every) if row["lost_all_somewhere"] else most
    return f"{fewest:.1f}-{most:.1f} of {every}"


def ops_shown(table):
    """Each row's ops as its cell shows them, and the footnotes naming in full the ops shortened there.

    A cell holds its row's ops, comma-separated, where they fit in
    OP_WIDTH; else each op said in more than a word shows its first word, the
    op's own name ("add" of "add (the gradient accumulation ...)", "log" of
    "log in the gradient of power"), and a marker "[1]" of the footnote
    "[1] add (the gradient accumulation ...)" that says it in full, once per op.
    """
    cells, notes = [], []

    def short(op):
        if op not in notes:
            notes.append(op)
        return f"{op.split()[0]} [{notes.index(op) + 1}]"

    for row in table:
        whole = ", ".join(row["ops"]) or "-"
        fits = len(whole) <= OP_WIDTH
        cells.append(whole if fits else ", ".join(short(op) if " " in op else op for op in row["ops"]))
    return cells, [f"[{i}] {op}" for i, op in enumerate(notes, 1)]
