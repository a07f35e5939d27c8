"""What an audit is asked and what it finds, as plain dataclasses; every report is a view of these.

`AuditReport.to_dict()` is the ``gradcli.audit/1`` JSON contract (README, "JSON and baselines"):
keys may be added, never renamed or dropped. A case's check or sweep travels
as its own JSON dict (``gradcli.check/1`` or ``gradcli.sweep/1``), so results
cross process and machine boundaries unchanged and every view reads one shape.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Optional

from ..checker.options import CheckOptions
from ..display import html_view
from ..checker.verdict import Verdict

STATUSES = ("pass", "fail", "error")  # of a case: error = it raised, crashed its worker or ran past its timeout


def shard_of(name: str, n: int) -> int:
    """The shard (1 to n) that holds the case named ``name``: from a SHA-256 of the name alone, so adding, removing or
    reordering other cases moves no case to another shard, and every machine and Python computes the same one.

    >>> [shard_of("headline", 2), shard_of("stable softplus", 2), shard_of("headline", 1)]
    [1, 2, 1]
    """
    digest = hashlib.sha256(name.encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big") % n + 1


@dataclass(frozen=True)
class Case:
    """One audited target, however it was described (spec table, decorator, test): what to run and what passes."""

    name: str
    target: str  # a formula, path/file.py:function (relative to ``folder``) or package.module:function
    at: tuple = ()  # points, as --at texts ("x=100"); with ranges, the one point holding the variables not swept
    ranges: tuple = ()  # a sweep instead of points: range texts, as sweep --range ("x=-200:200:200")
    scale: str = "linear"  # how the sweep's points are spaced, as sweep --scale
    args: str = ""  # a function of the user's giving the points (or, with a range, the values held): "model.py:example_args"
    options: CheckOptions = field(default_factory=CheckOptions)
    expect: Optional[Verdict] = None  # the known worst verdict: the case passes while it holds
    timeout: float = 30.0  # seconds for the whole case, in its worker
    folder: str = "."  # where relative paths in ``target`` start (the spec's folder)
    origin: str = ""  # where it was declared, for messages: "gradcli.toml:12", "models.py:loss"


@dataclass
class CaseResult:
    """How one case fared: its status, its worst verdict, and its check or sweep as JSON."""

    name: str
    target: str
    status: str  # one of STATUSES
    seconds: float = 0.0
    error: Optional[str] = None  # why the case is 'error' (the exception, the crash, the timeout)
    check: Optional[dict] = None  # gradcli.check/1
    sweep: Optional[dict] = None  # gradcli.sweep/1
    worst: Optional[Verdict] = None  # over its points and dtypes (Verdict.worst); None for an error
    worst_by_dtype: dict = field(default_factory=dict)  # dtype -> Verdict
    expect: Optional[Verdict] = None
    reason: str = ""  # one line: why it passed or failed ("worst verdict unstable, fails on ...")
    index: Optional[int] = None  # the case's place in the whole spec: shards keep it, merging restores spec order

    def to_dict(self):
        return {
            "name": self.name,
            "target": self.target,
            "status": self.status,
            "seconds": self.seconds,
            "error": self.error,
            "check": self.check,
            "sweep": self.sweep,
            "worst": str(self.worst) if self.worst is not None else None,
            "worst_by_dtype": {k: str(v) for k, v in self.worst_by_dtype.items()},
            "expect": str(self.expect) if self.expect is not None else None,
            "reason": self.reason,
            "index": self.index,
        }


@dataclass
class AuditReport:
    """Every case of one run (or of merged shards), in spec order, and how they compare with a baseline."""

    cases: list = field(default_factory=list)  # CaseResult
    shard: Optional[tuple] = None  # (i, n) when this run was one shard of n
    seconds: float = 0.0
    regressions: list = field(default_factory=list)  # case names: passed in the baseline, fail or error now
    new: list = field(default_factory=list)  # case names: not in the baseline, fail or error now
    outside_baseline: dict = field(default_factory=dict)  # case name -> why the baseline (another shard's) lacks it
    fixed: list = field(default_factory=list)  # case names: failed in the baseline, pass now
    changed: dict = field(default_factory=dict)  # case name -> its target in the baseline, where the target differs now
    # case name -> why the run lacks a case of the baseline: "" (the spec has it no more), or another shard holds it
    not_in_run: dict = field(default_factory=dict)
    baseline: Optional[str] = None  # the baseline file compared with
    missing_shards: list = field(default_factory=list)  # "2/4": shards a partial merge (--partial) lacks

    @property
    def summary(self):
        counts = {status: sum(1 for c in self.cases if c.status == status) for status in STATUSES}
        return {"cases": len(self.cases), "passed": counts["pass"], "failed": counts["fail"], "errors": counts["error"]}

    @property
    def ok(self):
        """Whether the run passes: no failing case, or with a baseline no regression and no new failing case (nor a
        failing case outside the baseline's shard, about which the baseline says nothing)."""
        if self.baseline is not None:
            return not self.regressions and not self.new and not self.failing_outside_baseline
        return all(c.status == "pass" for c in self.cases)

    @property
    def failing_outside_baseline(self):
        """The names of the cases that fail or error and that the baseline, another shard's, could not hold."""
        return [c.name for c in self.cases if c.status != "pass" and c.name in self.outside_baseline]

    def to_dict(self):
        return {
            "schema": "gradcli.audit/1",
            "cases": [c.to_dict() for c in self.cases],
            "summary": self.summary,
            "shard": list(self.shard) if self.shard is not None else None,
            "seconds": self.seconds,
            "baseline": self.baseline,
            "regressions": list(self.regressions),
            "fixed": list(self.fixed),
            "new": list(self.new),
            "changed": dict(self.changed),
            "outside_baseline": dict(self.outside_baseline),
            "not_in_run": dict(self.not_in_run),
            "missing_shards": list(self.missing_shards),
        }

    def _repr_html_(self):
        """The audit as Jupyter shows it: the HTML report's table of cases, each expandable to its findings."""
        return html_view(self)
