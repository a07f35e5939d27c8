"""The audit as one self-contained HTML page, and checks, sweeps and audits as HTML fragments.

The page needs no network: its CSS and a small sorting script are inline and
sweep plots are inline SVG drawn here from the sweep's intervals. Every text
from a user or a result goes through `html.escape`.
"""

from __future__ import annotations

import math
from html import escape

from ..checker.verdict import SEVERITY, Verdict
from . import audit_cases, sweep_rows
from .formatting import CASE_LOOKS, COLOURS, VERDICT_LOOKS, beyond_float, exact_gradient_shown, gradient_text, number, point_text, shown_target, with_held

# Scoped under .gradcli, so a notebook's own styles and ours leave each other alone.
_LAYOUT = """
.gradcli { font-family: system-ui, sans-serif; font-size: 14px; color: #1b1b1b; background: #fff; }
.gradcli table { border-collapse: collapse; margin: 0.5em 0; }
.gradcli th, .gradcli td { border: 1px solid #c8c8c8; padding: 3px 8px; text-align: left; vertical-align: top; }
.gradcli th { background: #eef1f5; }
.gradcli table.sortable th { cursor: pointer; user-select: none; }
.gradcli th[aria-sort=ascending]::after { content: " \\25B2"; }
.gradcli th[aria-sort=descending]::after { content: " \\25BC"; }
.gradcli tr.more td { border-top: none; background: #fafafa; }
.gradcli pre { background: #f4f4f4; padding: 4px 8px; overflow-x: auto; }
.gradcli u.span { text-decoration: underline wavy #d32f2f; text-underline-offset: 3px; background: #fde8e8; }
.gradcli .where { color: #555; }
.gradcli code { font-family: ui-monospace, monospace; }
"""


def _status_rules():
    """The CSS of verdict words (class v-ok, ...) and case status cells (class s-pass, ...), from their looks."""
    weight = {True: " font-weight: bold;", False: ""}
    verdicts = [f".gradcli .v-{name} {{ color: {look.ink};{weight[look.bold]} }}" for name, look in VERDICT_LOOKS.items()]
    cases = [f".gradcli .s-{name} {{ background: {look.fill}; color: {look.ink}; }}" for name, look in CASE_LOOKS.items()]
    return "\n".join(cases + verdicts) + "\n"


STYLE = _LAYOUT + _status_rules()

SCRIPT = """
(function () {
  function key(body, column) {
    var cell = body.rows[0].cells[column];
    var number = cell.getAttribute("data-key");
    return number === null ? cell.textContent.trim().toLowerCase() : Number(number);
  }
  function sortBy(table, column, descending) {
    var bodies = Array.prototype.slice.call(table.tBodies);
    bodies.sort(function (a, b) {
      var x = key(a, column), y = key(b, column);
      var order = x < y ? -1 : x > y ? 1 : 0;
      return descending ? -order : order;
    });
    // One tbody per case: appending moves a case's row and its details together.
    bodies.forEach(function (body) { table.appendChild(body); });
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, i) {
      if (i === column) { th.setAttribute("aria-sort", descending ? "descending" : "ascending"); }
      else { th.removeAttribute("aria-sort"); }
    });
  }
  document.querySelectorAll("table.sortable").forEach(function (table) {
    var headers = table.tHead.rows[0].cells;
    Array.prototype.forEach.call(headers, function (th, column) {
      th.addEventListener("click", function () {
        sortBy(table, column, th.getAttribute("aria-sort") === "ascending");
      });
    });
    // The worst cases first, or the order the address asks for: report.html#sort=case (-case: descending).
    var asked = /^#sort=(-?)(.+)$/.exec(location.hash);
    var wanted = asked ? [asked[1] === "-", decodeURIComponent(asked[2])] : [true, "status"];
    Array.prototype.forEach.call(headers, function (th, column) {
      if (th.getAttribute("data-column") === wanted[1]) { sortBy(table, column, wanted[0]); }
    });
  });
})();
"""



def _severity_rank(case):
    """Where a case sorts in "worst first": by its worst verdict (error > wrong > unstable > domain > ok), failing before passing.

    A case that could not run is an error whatever verdicts it had.
    """
    worst = Verdict.ERROR if case.status == "error" else case.worst or Verdict.OK
    return 2 * SEVERITY.index(Verdict(worst)) + (case.status != "pass")


def render(report) -> str:
    """The audit as one HTML page: counts, a sortable table of cases, each expandable to its findings and plot."""
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        "<title>gradcli audit</title>\n"
        f"<style>{STYLE}</style>\n</head>\n"
        f'<body class="gradcli">\n{render_audit(report)}\n<script>{SCRIPT}</script>\n</body>\n</html>\n'
    )


def render_audit(report) -> str:
    """An audit as an HTML fragment (the page's content): title, counts, the baseline comparison and the table of cases."""
    took = f" in {report.seconds:.1f} s" if report.seconds else ""
    parts = ["<h1>gradcli audit</h1>", f'<p class="summary">{escape(audit_cases.summary_text(report))}{took}</p>']
    if report.baseline is not None:
        parts.append(
            f'<p class="baseline">Against the baseline <code>{escape(report.baseline)}</code>: '
            + "; ".join(f"{label}: {escape(', '.join(names)) or 'none'}" for label, names in audit_cases.baseline_changes(report))
            + ".</p>"
        )
    columns = audit_cases.dtypes(report)
    headers = [("#", "index"), ("case", "case"), ("target", "target"), ("status", "status")]
    headers += [(d, d) for d in columns] + [("seconds", "seconds"), ("first finding", "finding")]
    head = "".join(f'<th data-column="{escape(key)}">{escape(label)}</th>' for label, key in headers)
    bodies = "\n".join(_case_rows(i, audit_cases.spelled_result(case), columns, len(headers))
                       for i, case in enumerate(report.cases, 1))
    parts.append(f'<table class="cases sortable">\n<thead><tr>{head}</tr></thead>\n{bodies}\n</table>')
    return "\n".join(parts)


def _case_rows(index, case, columns, width):
    """One case as a tbody: its row of the table, and a row that expands to its findings and results."""
    verdicts = []
    for dtype in columns:
        word = audit_cases.verdict(case, dtype)
        rank = SEVERITY.index(word) if word in SEVERITY else -1
        verdicts.append(f'<td class="v-{escape(word)}" data-key="{rank}">{escape(word)}</td>')
    row = (
        f'<tr class="case"><td data-key="{index}">{index}</td><td>{escape(case.name)}</td>'
        f"<td><code>{escape(case.target)}</code></td>"
        f'<td class="s-{escape(case.status)}" data-key="{_severity_rank(case)}">{escape(case.status)}</td>'
        f'{"".join(verdicts)}<td data-key="{case.seconds:.3f}">{case.seconds:.2f}</td>'
        f"<td>{escape(audit_cases.first_finding(case))}</td></tr>"
    )
    label = audit_cases.findings_label(case)
    return (
        f'<tbody id="case-{index}">{row}\n<tr class="more"><td colspan="{width}"><details>'
        f"<summary>{escape(case.name)}: {label}</summary>{_case_details(case)}</details></td></tr></tbody>"
    )


def _case_details(case):
    """What a case's row expands to: why it passed or failed, its error, its check or sweep."""
    parts = []
    if case.reason:
        parts.append(f'<p class="reason">{escape(case.reason)}</p>')
    if case.expect is not None:
        parts.append(f"<p>expected worst verdict: {escape(str(case.expect))}</p>")
    if case.error:
        parts.append(f'<pre class="error">{escape(case.error)}</pre>')
    if case.check is not None:
        parts.append(render_check(case.check))
    if case.sweep is not None:
        parts.append(render_sweep(case.sweep))
    return "\n".join(parts)


def render_check(check) -> str:
    """A check (a ``gradcli.check/1`` dict) as an HTML fragment: its results table, findings with spans underlined, fixes."""
    target = check["target"]
    rows = []
    for r in check.get("results", []):
        status = str(r["status"])
        cells = (
            point_text(with_held(r)),
            r["dtype"],
            number(r.get("value")),
            gradient_text(r.get("gradient"), 7),
            number(beyond_float(r.get("exact_value"), r.get("exact_value_text"), 7)),
            gradient_text(exact_gradient_shown(r.get("exact_gradient"), r.get("exact_gradient_text"), 7), 7),
        )
        rows.append("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in cells) + f'<td class="v-{escape(status)}">{escape(status)}</td></tr>')
    head = "".join(f"<th>{h}</th>" for h in ("point", "dtype", "value", "gradient", "exact value", "exact gradient", "verdict"))
    parts = [
        f'<div class="check"><p class="target">check of <code>{escape(shown_target(target))}</code></p>',
        f'<table class="results"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>',
        _findings_list(audit_cases.check_findings(check), target if check.get("kind") == "formula" else None),
    ]
    for fix in check.get("fixes", []):
        shown = fix.get("formula") or fix.get("diff") or fix.get("code") or ""
        parts.append(f'<p class="fix">fix: {escape(fix.get("note") or fix.get("name", ""))}</p><pre>{escape(shown)}</pre>')
    parts += [f'<p class="note">note: {escape(n)}</p>' for n in check.get("notes", [])]
    return "\n".join(parts) + "</div>"


def _findings_list(found, formula):
    """Findings as a list: where, phase and op, message, and the formula with the finding's span underlined."""
    if not found:
        return ""
    items = []
    for where, f in found:
        location = f' <span class="location">at {escape(f["location"])}</span>' if f.get("location") else ""
        shown = f"<pre class=\"formula\">{_underlined(formula, f.get('span'))}</pre>" if formula and f.get("span") else ""
        items.append(
            f'<li><span class="where">{escape(where)}</span>: {escape(audit_cases.finding_text(f))}{location}{shown}</li>'
        )
    return f'<ol class="findings">{"".join(items)}</ol>'


def _underlined(text, span):
    """``text`` escaped, with the part ``span`` (start, end) marks underlined."""
    start, end = max(0, int(span[0])), min(len(text), int(span[1]))
    if start >= end:
        return escape(text)
    return f'{escape(text[:start])}<u class="span">{escape(text[start:end])}</u>{escape(text[end:])}'


def render_sweep(sweep) -> str:
    """A sweep (a ``gradcli.sweep/1`` dict) as an HTML fragment: a plot of its intervals, their table, the thresholds' findings."""
    target = sweep["target"]
    ranges = ", ".join(
        f"{escape(name)} from {number(r['lo'])} to {number(r['hi'])} ({r['n']} points, {escape(r.get('scale', 'linear'))})"
        for name, r in sweep.get("ranges", {}).items()
    )
    held = ", ".join(f"{escape(k)} = {escape(number(v))}" for k, v in sweep.get("fixed", {}).items())
    rows = []
    for dtype, swept in sweep.get("dtypes", {}).items():
        for i in sweep_rows.rows(swept.get("intervals", [])):  # neighbours differing only in bits lost as one row
            status = str(i["status"])
            bits = sweep_rows.bits_text(i, dtype) if i["joined"] > 1 else number(i.get("worst_bits_lost"), 3)
            kind = i.get("kind") or ""
            if i.get("error"):  # what the target raised, or the check's no-derivative finding, in full
                kind = f"{kind}: {i['error']}" if kind == "no derivative" else f"raised {i['error']}"
            cells = (dtype, number(i["lo"]), number(i["hi"]), kind, bits, ", ".join(i["ops"]))
            rows.append(
                "<tr>" + "".join(f"<td>{escape(str(c))}</td>" for c in cells[:3])
                + f'<td class="v-{escape(status)}">{escape(status)}</td>'
                + "".join(f"<td>{escape(str(c))}</td>" for c in cells[3:]) + "</tr>"
            )
    head = "".join(f"<th>{h}</th>" for h in ("dtype", "from", "to", "verdict", "kind", "worst bits lost", "op"))
    return "\n".join(
        [
            f'<div class="sweep"><p class="target">sweep of <code>{escape(shown_target(target))}</code> over {ranges}'
            + (f", with {held}" if held else "") + "</p>",
            sweep_svg(sweep),
            f'<table class="intervals"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>',
            _findings_list(audit_cases.sweep_findings(sweep), target if sweep.get("kind") == "formula" else None),
            _inside_note(sweep),
            *(f'<p class="note">note: {escape(n)}</p>' for n in sweep.get("notes", [])),
            "</div>",
        ]
    )


def _inside_note(sweep):
    """The count of a sweep's findings inside the rows of its table, as a note ("" for none)."""
    said = audit_cases.inside_text(audit_cases.sweep_findings_inside(sweep))
    return f'<p class="note">{escape(said)}</p>' if said else ""


# -- the sweep plot -----------------------------------------------------------------

_LEFT, _WIDTH, _STRIP, _ROW, _SIDE = 80, 560, 22, 56, 160


def sweep_svg(sweep) -> str:
    """A sweep's intervals as inline SVG: per dtype a strip (1-D) or a square of boxes (2-D), coloured by verdict."""
    names = list(sweep.get("ranges", {}))
    if not names or not sweep.get("dtypes"):
        return ""
    if len(names) == 1:
        return _strips(sweep, names[0])
    return _squares(sweep, names[0], names[1])


def _position(range_):
    """Where a value falls along a range's axis, from 0 to 1, on the range's scale.

    Linear and log as named; symlog, and the float scale (evenly over the
    floats, which no formula of x draws exactly), as sign(x) * log10(1 + |x|).
    """

    def symlog(x):
        return math.copysign(math.log10(1 + abs(x)), x)

    scale = range_.get("scale", "linear")
    warp = {"log": lambda x: math.log10(x) if x > 0 else -math.inf, "linear": float}.get(scale, symlog)
    lo, hi = warp(float(range_["lo"])), warp(float(range_["hi"]))

    def position(x):
        t = (warp(float(x)) - lo) / (hi - lo) if hi > lo else 0.0
        return min(1.0, max(0.0, t)) if not math.isnan(t) else 0.0

    return position


def _strips(sweep, name):
    """A 1-D sweep: a band per dtype from the range's low end to its high end, thresholds labelled above it."""
    at = _position(sweep["ranges"][name])
    dtypes = sweep["dtypes"]
    height = 30 + _ROW * len(dtypes)
    parts = [f'<svg class="sweep-plot" width="{_LEFT + _WIDTH + 20}" height="{height}" '
             f'role="img" aria-label="verdicts over {escape(name)}" font-family="sans-serif" font-size="11">']
    for row, (dtype, swept) in enumerate(dtypes.items()):
        top = 20 + row * _ROW
        parts.append(f'<text x="4" y="{top + 15}">{escape(dtype)}</text>')
        # A row (`sweep_rows`: neighbours differing only in the bits they lose) is one band, as the table shows it.
        intervals = sweep_rows.rows(sorted(swept.get("intervals", []), key=lambda i: float(i["lo"])))
        # An interval holds sampled points: between two, the boundary is drawn midway.
        edges = [0.0] + [(at(a["hi"]) + at(b["lo"])) / 2 for a, b in zip(intervals, intervals[1:])] + [1.0]
        for i, interval in enumerate(intervals):
            x0, x1 = _LEFT + _WIDTH * edges[i], _LEFT + _WIDTH * edges[i + 1]
            colour = COLOURS.get(str(interval["status"]), "#bdbdbd")
            parts.append(
                f'<rect x="{x0:.1f}" y="{top}" width="{max(1.0, x1 - x0):.1f}" height="{_STRIP}" fill="{colour}">'
                f"<title>{escape(audit_cases.interval_text(interval))}</title></rect>"
            )
        edges_shown = [t for t in swept.get("thresholds", []) if not sweep_rows.inside_a_row(intervals, t["variable"], t["at"], t["next"])]
        for k, t in enumerate(edges_shown):
            x = _LEFT + _WIDTH * at(t["next"])
            y = top - 3 if k % 2 == 0 else top + _STRIP + 12  # alternate sides, so close labels don't overlap
            sides = f'{t.get("from_said", t["from"])} -> {t.get("to_said", t["to"])}'
            parts.append(
                f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{top - 2}" y2="{top + _STRIP + 2}" stroke="#000">'
                f"<title>{escape(sides)}</title></line>"
            )
            parts.append(f'<text x="{x:.1f}" y="{y}" text-anchor="middle">{escape(number(t["at"], 4))}</text>')
    bottom = height - 4
    r = sweep["ranges"][name]
    parts.append(f'<text x="{_LEFT}" y="{bottom}">{escape(name)} = {escape(number(r["lo"], 4))}</text>')
    parts.append(f'<text x="{_LEFT + _WIDTH}" y="{bottom}" text-anchor="end">{escape(number(r["hi"], 4))}</text>')
    return "".join(parts) + "</svg>"


def _squares(sweep, xname, yname):
    """A 2-D sweep: per dtype a square, each class of grid points drawn as its bounding box."""
    across, up = _position(sweep["ranges"][xname]), _position(sweep["ranges"][yname])
    dtypes = sweep["dtypes"]
    width = 20 + (_SIDE + 40) * len(dtypes)
    parts = [f'<svg class="sweep-plot" width="{width}" height="{_SIDE + 50}" '
             f'role="img" aria-label="verdicts over {escape(xname)} and {escape(yname)}" font-family="sans-serif" font-size="11">']
    for column, (dtype, swept) in enumerate(dtypes.items()):
        left = 20 + column * (_SIDE + 40)
        parts.append(f'<text x="{left}" y="14">{escape(dtype)} ({escape(xname)} across, {escape(yname)} up)</text>')
        parts.append(f'<rect x="{left}" y="20" width="{_SIDE}" height="{_SIDE}" fill="none" stroke="#999"/>')
        for interval in swept.get("intervals", []):
            box = interval.get("box") or {}
            if xname not in box or yname not in box:
                continue
            x0, x1 = (left + _SIDE * across(v) for v in box[xname])
            y1, y0 = (20 + _SIDE * (1 - up(v)) for v in box[yname])
            colour = COLOURS.get(str(interval["status"]), "#bdbdbd")
            parts.append(
                f'<rect x="{x0:.1f}" y="{y0:.1f}" width="{max(2.0, x1 - x0):.1f}" height="{max(2.0, y1 - y0):.1f}" '
                f'fill="{colour}" fill-opacity="0.8"><title>{escape(audit_cases.interval_text(interval))}</title></rect>'
            )
    return "".join(parts) + "</svg>"
