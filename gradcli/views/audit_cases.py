"""What every audit view shows of a case: the dtypes, a verdict per dtype, its findings and the first one.

A case carries its check (``gradcli.check/1``) or sweep (``gradcli.sweep/1``)
as a dict, fresh from ``to_dict()`` or read back from JSON; either way the
verdicts are strings ("unstable"), so these helpers read both alike.
"""

from __future__ import annotations

import os
from dataclasses import replace

from ..checker.dtypes import NAMES as DTYPE_NAMES
from ..checker.results import is_method_note, shown_order
from ..checker.target_text import FUNCTION_TARGET
from ..checker.verdict import Verdict
from . import sweep_rows
from .formatting import float_text, number, point_text, short_location, shown_target, with_held


def dtypes(report):
    """Every dtype any case was judged in, as a check lists its default ones (float32 before float64): the verdicts' columns.

    The order is gradcli's of its working dtypes (float16, bfloat16, float32,
    float64), whichever case met one first; any other dtype follows, in the
    order first met.
    """
    seen = []
    for case in report.cases:
        for dtype in case.worst_by_dtype:
            if dtype not in seen:
                seen.append(dtype)
    known = {name: i for i, name in enumerate(DTYPE_NAMES)}
    return sorted(seen, key=lambda dtype: known.get(dtype, len(known)))


def verdict(case, dtype):
    """The case's worst verdict in ``dtype`` as a word, or "-" where it was not judged in it."""
    found = case.worst_by_dtype.get(dtype)
    return str(found) if found is not None else "-"


def findings(case):
    """Every finding of a case as (where, finding dict): its check's, then its sweep's between rows of its table
    (those inside a row counted by `sweep_findings_inside`)."""
    return check_findings(case.check) + sweep_findings(case.sweep)


def check_findings(check):
    """Every finding of a check as (where, finding dict), point by point; where is "x = 100 [float32]".

    A point at which the target raised counts as a finding of its own.
    """
    return [(where, f) for where, f, *_ in _judged_findings(check)]


def _judged_findings(check):
    """`check_findings`, each with its point's verdict (at a point judged ok, a finding is only a note) and False (no
    threshold of a sweep, see `_swept_findings`)."""
    found = []
    for r in (check or {}).get("results", []):
        where, status = f"{point_text(with_held(r))} [{r['dtype']}]", str(r["status"])
        if r.get("error"):
            found.append((where, {"kind": "error", "phase": "", "op": "", "message": f"the target raised {r['error']}"}, status, False))
        found.extend((where, f, status, False) for f in shown_order(r.get("findings", [])))
    return found


def first_of(case):
    """The one finding every view shows for a case, as (where, finding dict), or None.

    The worst thing that happened: a finding at the point whose verdict is
    most severe (error, then wrong, unstable, domain; a sweep's finding
    counts as the worse verdict at its threshold). At that verdict, a
    threshold where the verdict changes before one inside an interval of one
    verdict (where only the bits lost or the op change), then located
    findings first (an op named, or the target's own raise), the earliest of
    those in the check's order (points, then the forward pass before the
    backward one); then unlocated ones. Notes on gradcli's own methods (the
    differences doubted) come last, whatever the point. What is said at a
    point judged ok is a note, never a finding: a case judged ok everywhere
    has none.
    """
    swept = [entry[:4] for entry in _swept_findings(case.sweep)]
    found = [entry for entry in _judged_findings(case.check) + swept if entry[2] != str(Verdict.OK)]
    if not found:
        return None

    def rank(entry):
        index, (_, f, status, steady) = entry
        return is_method_note(f), -Verdict(status).severity, steady, not (f.get("op") or f["kind"] == "error"), index

    where, finding, *_ = min(enumerate(found), key=rank)[1]
    return where, finding


def findings_label(case):
    """How many findings a case has, in words: those at points judged not ok, and the notes at points judged ok."""
    at_ok = sum(len(r.get("findings", [])) for r in (case.check or {}).get("results", []) if str(r["status"]) == "ok")
    problems = len(findings(case)) + sweep_findings_inside(case.sweep) - at_ok
    notes = at_ok
    words = [f"{count} {word}{'' if count == 1 else 's'}" for count, word in ((problems, "finding"), (notes, "note")) if count]
    return ", ".join(words) or "details"


def sweep_findings(sweep):
    """The findings at a sweep's thresholds between two rows of its table, as (where, finding dict).

    Where is "float32: x = 88.72 -> 88.72, ok -> unstable (nan, every bit lost)", the sides as `Threshold.said` words
    them. A threshold inside a row (`sweep_rows.inside_a_row`: only the bits lost or the op changes there, which the
    row's cells say) is counted by `sweep_findings_inside`, as the sweep's table in the terminal counts it.
    """
    return [(where, f) for where, f, _, _, inside in _swept_findings(sweep) if not inside]


def sweep_findings_inside(sweep):
    """How many findings of a sweep lie at thresholds inside a row of its table (JSON lists every one)."""
    return sum(1 for *_, inside in _swept_findings(sweep) if inside)


def inside_text(count):
    """The line views show for ``count`` findings inside the rows of a sweep's table ("" for none)."""
    if not count:
        return ""
    said = "finding lies at a threshold" if count == 1 else "findings lie at thresholds"
    return f"{count} more {said} inside the rows of the table, where only the bits lost or the op changes (the JSON report lists every one)"


def _swept_findings(sweep):
    """Every finding at a sweep's thresholds, each with the worse of the two verdicts its threshold lies between,
    whether the two are one verdict (a threshold inside an interval of it, where only the bits lost or the op change),
    and whether the threshold lies inside a row of the sweep's table."""
    found, told = [], set()
    for dtype, swept in (sweep or {}).get("dtypes", {}).items():
        table = sweep_rows.rows(swept.get("intervals", []))
        for t in swept.get("thresholds", []):
            # A kink or a point of its own is an interval of one point: its two edges tell one finding, listed once.
            said = (dtype, t["variable"], repr(sorted(t["finding"].items()))) if t.get("finding") else None
            if said is not None and said not in told:
                told.add(said)
                sides = f"{t.get('from_said', t['from'])} -> {t.get('to_said', t['to'])}"
                where = f"{dtype}: {t['variable']} = {_edge_text(t['at'], dtype)} -> {_edge_text(t['next'], dtype)}, {sides}"
                inside = sweep_rows.inside_a_row(table, t["variable"], t["at"], t["next"])
                found.append((where, t["finding"], str(Verdict.worst(t["from"], t["to"])), str(t["from"]) == str(t["to"]), inside))
    return found


def _edge_text(value, dtype):
    """A threshold's side as the shortest text that reads back as its float: a threshold lies between adjacent
    floats, which seven digits would show as one number twice."""
    if dtype in DTYPE_NAMES and isinstance(value, float):
        return float_text(value, dtype)
    return number(value)


def finding_text(finding):
    """A finding in one line: "forward exp: exp(100.0) overflowed: inf" (the message alone when no op is named)."""
    if not finding.get("op"):
        return finding["message"]
    return f"{finding['phase']} {shown_target(finding['op'])}: {finding['message']}".lstrip()


def located_text(finding):
    """A finding in one line with the user's file and line where it has them: "forward exp: ... at model.py:12"; a
    file a spec named (`spelled_case`) as the spec wrote it, any other by its name."""
    location = finding.get("location")
    shown = location if location and not os.path.isabs(location) else short_location(location) if location else ""
    where = f" at {shown}" if shown else ""
    return finding_text(finding) + where


def failing_intervals(sweep):
    """The intervals of a sweep that are not ok, as (dtype, interval dict), dtype by dtype; neighbours that differ
    only in the bits they lose as one, as the sweep's table shows them (`sweep_rows.rows`)."""
    return [
        (dtype, i)
        for dtype, swept in (sweep or {}).get("dtypes", {}).items()
        for i in sweep_rows.rows(swept.get("intervals", []))
        if str(i["status"]) != "ok"
    ]


def interval_text(interval):
    """One interval in words: "unstable (cancellation) for x in [-100, -8.382405]"."""
    kind = f" ({interval['kind']})" if interval.get("kind") else ""
    return f"{interval['status']}{kind} for {interval['variable']} in [{number(interval['lo'])}, {number(interval['hi'])}]"


def first_finding(case):
    """One line saying what is wrong with a case: its error, its first finding, or its first failing interval."""
    if case.error:
        return case.error.strip().splitlines()[-1] if case.error.strip() else "error"
    first = first_of(case)
    if first:
        where, f = first
        return f"{located_text(f)} ({where})"
    failing = failing_intervals(case.sweep)
    if failing:
        dtype, interval = failing[0]
        return f"{interval_text(interval)} [{dtype}]"
    return ""


def summary_text(report):
    """The counts in words: "3 cases: 1 passed, 1 failed, 1 error"."""
    s = report.summary
    errors = f"{s['errors']} error{'' if s['errors'] == 1 else 's'}"
    return f"{s['cases']} case{'' if s['cases'] == 1 else 's'}: {s['passed']} passed, {s['failed']} failed, {errors}"


def regressed_names(report) -> list:
    """The regressed cases' names, each whose verdict got better than its ``expect`` saying so: its gradient was fixed,
    and only the expect, out of date, fails it."""
    cases = {case.name: case for case in report.cases}

    def named(name):
        case = cases.get(name)
        if case is None or case.expect is None or case.worst is None or case.worst.severity >= case.expect.severity:
            return name
        return f"{name} (better than expected: {case.worst} where {case.expect} is expected; update its expect)"

    return [named(name) for name in report.regressions]


def baseline_changes(report) -> list:
    """What changed against the baseline, as (label, case names) pairs: regressions and fixed always; new, changed and
    the cases outside the baseline's shard and the baseline's cases this run lacks, when any."""
    changed = [f"{name} (its target was {target})" for name, target in report.changed.items()]
    pairs = [("regressions", regressed_names(report)), ("new", report.new), ("fixed", report.fixed), ("changed", changed),
             ("outside the baseline", outside_baseline_names(report)),
             ("in the baseline, not in this run", not_in_run_names(report))]
    return [(label, names) for label, names in pairs if names or label in ("regressions", "fixed")]


def outside_baseline_names(report) -> list:
    """The cases the baseline could not hold (another shard's), each with why, and with its status where it fails."""
    status = {case.name: case.status for case in report.cases}
    return [f"{name} ({'' if status.get(name) == 'pass' else status.get(name) + 's, '}{why})" for name, why in report.outside_baseline.items()]


def not_in_run_names(report) -> list:
    """The baseline's cases this run lacks: each its spec no longer has by name, the other shards' as one count."""
    names = [name for name, why in report.not_in_run.items() if not why]
    elsewhere = {}
    for why in report.not_in_run.values():
        if why:
            elsewhere[why] = elsewhere.get(why, 0) + 1
    return names + [f"{count} case{'' if count == 1 else 's'} {why}" for why, count in elsewhere.items()]


def as_the_spec_wrote(report):
    """The data of an audit report (``gradcli.audit/1``) with each case's file named as its spec wrote it
    (`spelled_case`)."""
    data = report.to_dict()
    data["cases"] = [spelled_case(case) for case in data["cases"]]
    return data


def spelled_result(case):
    """A `CaseResult` with its file named as its spec wrote it in its check and sweep (`spelled_case`)."""
    spelled = spelled_case(case.to_dict())
    return replace(case, check=spelled["check"], sweep=spelled["sweep"])


def spelled_case(case):
    """A case's data (``CaseResult.to_dict()``) with the full path of its target's file written as the spec wrote it
    (the case's ``target``) in every text of its check and sweep: an audit loads a spec's file targets by their full
    paths, and its check's target and the lines of its findings and notes in that file would say
    "/runs/specs/lib.py:9" where the spec says "lib.py". The case as it is where its target names no file."""
    written = FUNCTION_TARGET.match(case["target"] or "")
    ran = FUNCTION_TARGET.match(next((part["target"] for part in (case["check"], case["sweep"]) if part), "") or "")
    if not (written and ran) or written["module"] == ran["module"] or not os.path.isabs(ran["module"]):
        return case
    full, spelled = ran["module"] + ":", written["module"] + ":"
    return {**case, "check": _respelled(case["check"], full, spelled), "sweep": _respelled(case["sweep"], full, spelled)}


def _respelled(value, full, spelled):
    """``value`` (plain data) with each text's ``full`` written ``spelled``, in a copy."""
    if isinstance(value, str):
        return value.replace(full, spelled)
    if isinstance(value, dict):
        return {key: _respelled(item, full, spelled) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_respelled(item, full, spelled) for item in value]
    return value
