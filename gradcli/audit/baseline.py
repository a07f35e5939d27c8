"""Audit reports read back from JSON: compared with a baseline, and shard reports merged into one.

Against a baseline, a regression is a case that passed there and fails or
errors now; a new case is one the baseline lacks, and a new case that fails
or errors fails the run too, named as new, not as regressed; a fixed case
failed or errored there and passes now. A case whose target differs from the
baseline's under the same name is listed as changed. A case of the baseline that
the run lacks is listed too, never failing the run: its spec no longer has it
(removed or renamed, a change a review of the spec sees), or it is another
shard's. With a baseline, only
regressions and new failures fail a run, so a CI job can adopt gradcli with
known failures.
"""

from __future__ import annotations

import json

from ..checker.verdict import Verdict
from ..errors import InputError
from .results import AuditReport, CaseResult, shard_of


def load_report(path) -> AuditReport:
    """The ``gradcli.audit/1`` report in the JSON file ``path``; InputError (exit 2) if it is not one."""
    try:
        with open(path, encoding="utf-8") as stream:
            data = json.load(stream)
    except OSError as error:
        raise InputError(f"cannot read {path}: {error.strerror or error}") from None
    except ValueError as error:
        raise InputError(f"{path}: not JSON ({error})") from None
    if not isinstance(data, dict) or data.get("schema") != "gradcli.audit/1" or not isinstance(data.get("cases"), list):
        raise InputError(f"{path}: not a gradcli audit report (gradcli audit --json writes one)")
    cases = []
    for number, entry in enumerate(data["cases"], 1):
        named = f"case {number}" + (f" ({entry['name']!r})" if isinstance(entry, dict) and "name" in entry else "")
        try:
            cases.append(case_from_dict(entry))
        except KeyError as error:
            raise InputError(f"{path}: {named} has no {error.args[0]!r}: each case of a gradcli audit report has a "
                             "name, a target and a status (pass, fail or error), as gradcli audit --json writes them",
                             file=str(path)) from None
        except (TypeError, ValueError) as error:
            raise InputError(f"{path}: {named} is malformed ({type(error).__name__}: {error})", file=str(path)) from None
    shard = tuple(data["shard"]) if data.get("shard") else None
    missing = list(data.get("missing_shards") or [])
    return AuditReport(cases=cases, shard=shard, seconds=data.get("seconds", 0.0), missing_shards=missing)


def case_from_dict(entry) -> CaseResult:
    """A `CaseResult` from its ``gradcli.audit/1`` JSON dict; KeyError, TypeError or ValueError if malformed."""

    def verdict(value):
        return Verdict(value) if value is not None else None

    if entry["status"] not in ("pass", "fail", "error"):
        raise ValueError(f"status {entry['status']!r}")
    return CaseResult(
        name=entry["name"],
        target=entry["target"],
        status=entry["status"],
        seconds=entry.get("seconds", 0.0),
        error=entry.get("error"),
        check=entry.get("check"),
        sweep=entry.get("sweep"),
        worst=verdict(entry.get("worst")),
        worst_by_dtype={k: Verdict(v) for k, v in (entry.get("worst_by_dtype") or {}).items()},
        expect=verdict(entry.get("expect")),
        reason=entry.get("reason", ""),
        index=entry.get("index"),
    )


def compare(report: AuditReport, baseline: AuditReport, path) -> AuditReport:
    """``report`` with its regressions, new failures, fixed and changed cases against ``baseline`` (read from ``path``)."""
    before = {case.name: case for case in baseline.cases}
    report.baseline = str(path)
    report.regressions = [c.name for c in report.cases if c.status != "pass" and c.name in before and before[c.name].status == "pass"]
    lacked = [c for c in report.cases if c.name not in before]
    outside = _outside(baseline)
    report.outside_baseline = {c.name: why for c in lacked if (why := outside(c.name))}
    report.new = [c.name for c in lacked if c.status != "pass" and c.name not in report.outside_baseline]
    report.fixed = [c.name for c in report.cases if c.status == "pass" and c.name in before and before[c.name].status != "pass"]
    report.changed = {c.name: before[c.name].target for c in report.cases if c.name in before and before[c.name].target != c.target}
    here = {c.name for c in report.cases}
    report.not_in_run = {name: _elsewhere(report.shard, name) for name in before if name not in here}
    return report


def _elsewhere(shard, name):
    """Why a run that is ``shard`` (i, n) lacks the case ``name`` of its baseline: another shard holds it; "" where
    the run could hold it (its spec no longer has the case, or names it otherwise)."""
    if shard is None or shard_of(name, shard[1]) == shard[0]:
        return ""
    return f"in shard {shard_of(name, shard[1])}/{shard[1]}; this run is shard {shard[0]}/{shard[1]}"


def _outside(baseline: AuditReport):
    """A function of a case's name: why ``baseline`` could not hold that case (another shard's), or "" if it could."""
    if baseline.shard is not None:
        n, held = baseline.shard[1], {baseline.shard[0]}
        kept = f"the baseline is shard {baseline.shard[0]}/{n}"
    elif baseline.missing_shards:
        n = int(baseline.missing_shards[0].split("/")[1])
        held = set(range(1, n + 1)) - {int(text.split("/")[0]) for text in baseline.missing_shards}
        kept = f"the baseline lacks shard{'s' if n - len(held) > 1 else ''} {', '.join(baseline.missing_shards)}"
    else:
        return lambda name: ""
    if any(shard_of(case.name, n) not in held for case in baseline.cases):
        # its shards were not drawn by the names' hash (by spec position, or by hand): which cases it could hold is unknown
        return lambda name: f"{kept}, of cases not drawn by name"
    return lambda name: "" if shard_of(name, n) in held else f"in shard {shard_of(name, n)}/{n}; {kept}"


def merge(reports, paths, partial=False) -> AuditReport:
    """One report from shard reports: every case once, in the spec's order; a case in two shards is refused.

    A shard missing (of the N that ``--shard I/N`` split the run into) is
    refused too, naming it, unless ``partial``: then the merged report names
    the missing shards, so it is never taken for the whole run.
    """
    seen, cases = {}, []
    for report, path in zip(reports, paths):
        for case in report.cases:
            if case.name in seen:
                raise InputError(f"case {case.name!r} is in both {seen[case.name]} and {path}: merge each shard once")
            seen[case.name] = path
            cases.append(case)
    missing = missing_shards(reports, paths)
    if missing and not partial:
        raise InputError(
            f"shard{'s' if len(missing) > 1 else ''} {', '.join(missing)} missing: merge every shard's report, "
            "or give --partial to merge only these"
        )
    ordered = sorted(cases, key=lambda c: (c.index is None, c.index if c.index is not None else 0))
    return AuditReport(cases=ordered, seconds=sum(r.seconds for r in reports), missing_shards=missing)


def missing_shards(reports, paths) -> list:
    """The shards ("2/4") that ``reports`` lack of the split they come from; a split that differs is refused."""
    splits = {report.shard[1]: path for report, path in zip(reports, paths) if report.shard is not None}
    if not splits:
        return []
    if len(splits) > 1:
        (n, first), (m, second) = list(splits.items())[:2]
        raise InputError(f"{first} is a shard of {n} and {second} a shard of {m}: merge the shards of one run")
    (n,) = splits
    present = {report.shard[0] for report in reports if report.shard is not None}
    return [f"{i}/{n}" for i in range(1, n + 1) if i not in present]
