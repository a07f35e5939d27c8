"""How every view writes numbers, points and gradients, and how it marks verdicts: each defined once.

The terminal, HTML, Markdown, JUnit and plot views all read these, so a
number or a verdict looks the same in every format. Plain text only: rich
markup is made from `STATUS_STYLE`, CSS and plot colours from `VERDICT_LOOKS`
and `CASE_LOOKS`. Nothing here imports NumPy or rich.
"""

from __future__ import annotations

import linecache
import math
import os
import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from ..capture.lines import operator_span
from ..checker.dtypes import dtype_named
from ..checker.target_text import FUNCTION_TARGET
from ..expr.operators import BINARY


@dataclass(frozen=True)
class Look:
    """How one verdict or case status is marked: a rich style in the terminal, colours on a page and in plots."""

    terminal: str  # a rich style
    fill: str  # a background: a plot's marks, an SVG strip, a table cell
    ink: str  # the colour of the word itself on a white page
    bold: bool = False


VERDICT_LOOKS = {
    "ok": Look("green", fill="#4caf50", ink="#1e6b24"),
    "domain": Look("magenta", fill="#9c6ade", ink="#6a1b9a"),
    "unstable": Look("yellow", fill="#ffb300", ink="#9a5b00", bold=True),
    "wrong": Look("red", fill="#e53935", ink="#b71c1c", bold=True),
    "error": Look("red", fill="#424242", ink="#b71c1c", bold=True),
}
CASE_LOOKS = {
    "pass": Look("green", fill="#d8f0d8", ink="#1b1b1b"),
    "fail": Look("red", fill="#f8d0d0", ink="#1b1b1b"),
    "error": Look("bold red", fill="#5c1a1a", ink="#fff"),
}
STATUS_STYLE = {name: look.terminal for name, look in VERDICT_LOOKS.items()}  # a verdict's rich style
COLOURS = {name: look.fill for name, look in VERDICT_LOOKS.items()}  # a verdict's colour in plots


def styled(status, looks=VERDICT_LOOKS) -> str:
    """A verdict (or, with ``looks=CASE_LOOKS``, a case status) as rich markup in its style: "[yellow]unstable[/]"."""
    look = looks.get(str(status))
    return f"[{look.terminal if look else 'white'}]{status}[/]"


def number(value, digits=7) -> str:
    """A compact, exact-looking number: nested lists summarised, non-finite spelled out, None as "-"."""
    if value is None:
        return "-"
    if isinstance(value, list):
        flat = flatten(value)
        shown = ", ".join(number(v, digits) for v in flat[:3])
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


def flatten(value) -> list:
    """The numbers of a nested list, in order (a number alone as a list of one)."""
    return [value] if not isinstance(value, list) else [x for v in value for x in flatten(v)]


def point_text(point, digits=7) -> str:
    """A point in words: "x = 100, y = 2"; each number as ``digits`` digits where those read back as it, else in full.

    A point one ulp below 1 is "x = 0.9999999999999999", never "x = 1": the user sees which point was checked. An
    array cut short ("[0.1257302, -0.1321049, ...]") cannot read back whatever its digits: its entries keep ``digits``.
    """

    def shown(value, whole=True):
        if isinstance(value, list):
            flat = flatten(value)
            cut = len(flat) > 3
            return f"[{', '.join(shown(v, not cut) for v in flat[:3])}{', ...' if cut else ''}]"
        text = number(value, digits)
        if whole and isinstance(value, float) and math.isfinite(value) and float(text) != value:
            return repr(value)  # the shortest text that reads back as it
        return text

    return ", ".join(f"{k} = {shown(v)}" for k, v in point.items())


def with_held(result) -> dict:
    """A result's point (a `PointResult` or its JSON dict) with the inputs it holds as data (a label outside --wrt)
    after its variables: what the check ran at."""
    if isinstance(result, dict):
        return {**result["point"], **(result.get("held") or {})}
    return {**result.point, **(result.held or {})}


def exact_point_text(point) -> str:
    """A point with every float in full (shortest round-trip) precision: distinct points, distinct names."""

    def shown(value):
        if isinstance(value, list):
            return "[" + ", ".join(shown(v) for v in value) + "]"
        if isinstance(value, float) and math.isfinite(value):
            return repr(value)  # the shortest text that reads back as it: 1e-30, not 1.0000000000000001e-30
        return number(value, 17)

    return ", ".join(f"{k} = {shown(v)}" for k, v in point.items())


def beyond_float(value, text, digits):
    """An exact number that a float cannot hold (1e+347 shows as inf, 1e-348 as 0): its digits instead; a number
    known only by a bound ("below 2^-32687 in magnitude", no number of its own), that bound."""
    if value is None and text is not None:
        return text
    if isinstance(value, list) and isinstance(text, list) and len(value) == len(text):
        return [beyond_float(v, t, digits) for v, t in zip(value, text)]
    if text is None or not isinstance(value, float) or not (math.isinf(value) or value == 0):
        return value
    if "^" in text:
        return text  # 10^(1.2e+347): too large even for an exponent in digits
    # The exponent apart: Decimal refuses one past its own limits (exp(-7e298) has 299 digits of it).
    mantissa, _, exponent = text.partition("e")
    try:
        exact = Decimal(mantissa)
    except InvalidOperation:
        return value
    if exact.is_zero() or not exact.is_finite():
        return value
    if not exponent:
        return f"{exact:.{digits}g}"
    shown, _, more = f"{exact:.{digits - 1}e}".partition("e")
    return f"{shown}e{int(exponent) + int(more):+d}"


def exact_gradient_shown(gradient, texts, digits=10):
    """An exact gradient for a message, each number a float cannot hold (0 for 5e-432, inf for 1e+400) as its digits:
    a bare 0 would read as a slope proven 0."""
    texts = texts or {}
    return {k: beyond_float(v, texts.get(k), digits) for k, v in (gradient or {}).items()}


def gradient_text(gradient, digits=7) -> str:
    """A gradient: the number alone for one variable, "x: 1, y: 2" for several, "-" when nothing is known."""
    if not gradient or all(v is None for v in gradient.values()):
        return "-"
    if len(gradient) == 1:
        return number(next(iter(gradient.values())), digits)
    return ", ".join(f"{k}: {number(v, digits)}" for k, v in gradient.items())


def matrix_text(rows, digits=7, largest=4) -> str:
    """A matrix in full up to ``largest`` x ``largest``; a larger one as its shape and first entries."""
    if not isinstance(rows, list) or not all(isinstance(row, list) for row in rows):
        return number(rows, digits)
    if len(rows) <= largest and all(len(row) <= largest for row in rows):
        return "[" + ", ".join("[" + ", ".join(number(v, digits) for v in row) + "]" for row in rows) + "]"
    return f"{len(rows)}x{len(rows[0]) if rows else 0} {number(rows, digits)}"


def float_text(value, dtype_name) -> str:
    """``value`` as the shortest text that reads back as the same float of the dtype (repr in the dtype)."""
    return str(dtype_named(dtype_name).type(value))


def short_location(location) -> str:
    """A ``path:line`` location as the file's name and line: "model.py:12"."""
    path, _, line = location.rpartition(":")
    return f"{os.path.basename(path)}:{line}"


def shown_target(text) -> str:
    """A target (or a finding's op that names one) as every view shows it: a function in a file by the file's name,
    "lib.py:gcn" for "/runs/specs/lib.py:gcn", as `short_location` shows a line; anything else as it is.

    An audit loads a spec's file targets by their full paths, and a finding about the whole target names it so.
    """
    match = FUNCTION_TARGET.match(text or "")
    return f"{os.path.basename(match['module'])}:{match['name']}" if match else text


def underline(text, span, indent="    ") -> str:
    """The formula on one line and carets under ``span`` on the next."""
    start, end = span
    return f"{indent}{text}\n{indent}{' ' * start}{'^' * max(1, end - start)}"


def finding_underline(report, finding, indent="    "):
    """Where a finding happened, as text: the formula, or a Python target's source line, with its op underlined.

    None when there is nothing to point at (no span, or the source line is gone).
    """
    if finding.span is not None and report.kind == "formula":
        return underline(report.target, finding.span, indent)
    if finding.location:
        # a framework's spelling ("tf.math.exp (Exp)", "torch.nn.functional.softplus (aten.softplus)", "jax.numpy.exp
        # (exp)") is found on the line by the name the user called, "exp"
        named = finding.op.partition(" (the ")[0]  # the op, not a description of what the pass did
        written = _operator_underline(finding.location, named.rpartition(" (")[0], indent)
        if written is not None:  # an operator as the user's line writes it ("1 - 1 / (1 + torch.exp(x))"): its symbol
            return written
        called = [name.rpartition(".")[2] for name in re.findall(r"\b(?:tf|torch|jax|scipy)\.[\w.]+", named)]
        for op in [finding.op, *called, getattr(finding, "gradcli_op", None)]:
            if op and _source_underline(finding.location, op, indent, exact_only=True) is not None:
                return _source_underline(finding.location, op, indent)
        return _source_underline(finding.location, finding.op, indent)
    return None


def _operator_underline(location, written, indent):
    """The source line at ``location`` with the operator symbol of the expression ``written`` underlined, where
    ``written`` is an operator expression (`lines.operator_span`) that the line holds once; else None."""
    span = operator_span(written) if written else None
    path, _, line = location.rpartition(":")
    stripped = linecache.getline(path, int(line)).strip() if span is not None and line.isdigit() else ""
    if not stripped or stripped.count(written) != 1:
        return None
    at = stripped.index(written)
    return underline(stripped, (at + span[0], at + span[1]), indent)


_OPERATORS = {op.core: op.symbol for op in BINARY}  # the core op an operator symbol records


def _source_underline(location, op, indent="    ", exact_only=False):
    """The source line of a Python target with the op's name underlined (where it appears); ``exact_only``: None where
    the name is not found on it."""
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
        return None if exact_only else f"{indent}{stripped}"
    return underline(stripped, match.span(), indent)
