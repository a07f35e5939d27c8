"""A checked point's class: its verdict, what broke, which parts failed, and whether every bit is lost.

Intervals are runs of points of one class; `cause_of` picks the finding that
says what broke, and `severity` the worse of two classes.
"""

from __future__ import annotations

import numpy as np

from ..capture.loop_trips import A_POINTS_SHARE
from ..checker.verdict import Verdict
from .results import LOST_ALL


# A point's class, from the checker: intervals are runs of equal classes.
def class_of(result):
    """A checked point's class ``(status, kind group, parts, lost_all)`` (see `Interval`), and its kind."""
    status = Verdict(result.status)
    if status == Verdict.OK:
        return (status, None, (), False), None
    parts = tuple(
        part for part, verdict in (("value", result.value_status), ("gradient", result.gradient_status))
        if verdict != Verdict.OK
    )
    computed = [result.value] if "value" in parts else []
    if "gradient" in parts:
        computed += [np.asarray(g, dtype=float) for g in result.gradient.values()]
    errors = [e for part, e in (("value", result.value_error), ("gradient", result.gradient_error)) if part in parts]
    nonfinite = any(not np.all(np.isfinite(np.asarray(c, dtype=float))) for c in computed if c is not None)
    lost_all = nonfinite or any(e is not None and e >= LOST_ALL for e in errors)
    kind = _kind(result, status, computed)
    return (status, _GROUPS.get(kind, kind), parts, lost_all), kind


# Kinds that intervals do not split on: where a loss of precision is called cancellation and where
# merely inaccurate is the provenance's judgement, fuzzy by nature, and no band of the vectorised
# run sees it, so bisecting it would cost the checker's halves. An interval names its commonest.
_GROUPS = {"cancellation": "precision", "inaccurate": "precision", "underflow": "precision"}


def _kind(result, status, computed):
    """What broke, in KINDS: the symptom first (NaN, inf), then the cause the findings name."""
    kinds = {f.kind for f in result.findings}
    messages = " ".join(f.message for f in result.findings)
    if status == Verdict.ERROR:
        if "undetermined" in kinds:  # a loop stopped by its point's share: the point's, the sweep has time left
            timed = "max-time" in messages and A_POINTS_SHARE not in messages
            return "out of time" if timed else "no verdict"
        if "no-derivative" in kinds:  # the framework computes the value but has no derivative for an op: as the check says
            return "no derivative"
        return "raised"
    if status == Verdict.DOMAIN:  # the exact answer is undefined too (log(-1)): the NaN is no news
        return "kink" if "kink" in kinds else "domain"
    values = [np.asarray(c, dtype=float) for c in computed if c is not None]
    if any(np.any(np.isnan(v)) for v in values):
        return "nan"
    if any(np.any(np.isinf(v)) for v in values):
        return "overflow" if "overflowed" in messages else "underflow" if "underflow" in kinds else "inf"
    for finding_kind, kind in (("wrong-rule", "wrong rule"), ("kink", "kink")):
        if finding_kind in kinds:
            return kind
    if status == Verdict.WRONG:
        return "wrong rule"
    for finding_kind in ("underflow", "cancellation"):
        if finding_kind in kinds:
            return finding_kind
    return "inaccurate"


_FINDING_KINDS = {  # the checker's finding kinds behind each interval kind
    "nan": ("nonfinite", "underflow"), "inf": ("nonfinite", "underflow"), "overflow": ("nonfinite",),
    "underflow": ("underflow",), "cancellation": ("cancellation",), "wrong rule": ("wrong-rule",),
    "kink": ("kink",), "domain": ("domain",), "out of time": ("undetermined",), "no verdict": ("undetermined",),
    "no derivative": ("no-derivative",),
}


def cause_of(result, point_class, kind):
    """The finding that says what broke at a point: of its kind and failing pass, not about finite differences."""
    status, _, parts, _ = point_class
    if status == Verdict.OK:
        return None
    phases = {"value": {"forward"}, "gradient": {"backward"}}
    wanted_phases = set().union(*(phases[p] for p in parts)) if parts else {"forward", "backward"}
    wanted_kinds = _FINDING_KINDS.get(kind, ())
    findings = [f for f in result.findings if f.kind != "fd-unreliable"]
    for test in (
        lambda f: f.kind in wanted_kinds and f.phase in wanted_phases,
        lambda f: f.kind in wanted_kinds,
        lambda f: f.phase in wanted_phases,
        lambda f: True,
    ):
        for finding in findings:
            if test(finding):
                return finding
    return result.findings[0] if result.findings else None


def severity(point_class):
    """How bad a class is, to pick the failing side of a threshold: the verdict, then losing everything."""
    status, _, _, lost_all = point_class
    return (status.severity, lost_all)
