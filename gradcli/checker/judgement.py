"""What one sub-check of a point found, and the one place a point's verdicts are decided from them."""

from __future__ import annotations

from dataclasses import dataclass, field

from .verdict import Verdict


@dataclass
class Judgement:
    """What one sub-check of a point found: its findings, and its verdict on each part it judged."""

    value: Verdict = Verdict.OK
    gradient: Verdict = Verdict.OK
    hessian: Verdict = Verdict.OK
    findings: list = field(default_factory=list)
    notes: list = field(default_factory=list)  # what the sub-check could not judge, said beside the verdict
    # the gradient's verdict stands for the point's beside a value that is domain only by lying past the dtype's range
    gradient_decides: bool = False


def no_verdict(*findings):
    """No verdict: the point could not be checked."""
    return Judgement(Verdict.ERROR, Verdict.ERROR, findings=list(findings))


def record(result, *judgements):
    """Add sub-checks' findings and verdicts to a point's result: the one place its verdicts are decided."""
    ok, gradient_decides = Verdict.OK, False
    for judgement in judgements:
        gradient_decides = gradient_decides or judgement.gradient_decides
        result.findings.extend(judgement.findings)
        result.notes.extend(note for note in judgement.notes if note not in result.notes)
        # An ok part leaves a verdict as it is (decide(v, ok) is v): most parts of most points.
        if judgement.value is not ok:
            result.value_status = Verdict.decide(result.value_status, judgement.value)
        if judgement.gradient is not ok:
            result.gradient_status = Verdict.decide(result.gradient_status, judgement.gradient)
        if judgement.hessian is not ok:
            result.hessian_status = Verdict.decide(result.hessian_status, judgement.hessian)
    result.status = Verdict.decide(result.value_status, result.gradient_status, result.hessian_status)
    if result.value_status == Verdict.WRONG:  # a value the framework computes wrong is judged where it is defined,
        result.status = Verdict.WRONG  # though the point has no derivative (the end of a domain)
    elif result.value_status == Verdict.UNSTABLE and result.status == Verdict.DOMAIN:
        result.status = Verdict.UNSTABLE  # and one the dtype loses, where it holds it (inf for 1e200 beside a slope of 1e400)
    elif gradient_decides and result.status == Verdict.DOMAIN and result.gradient_status in (Verdict.UNSTABLE,
                                                                                             Verdict.WRONG):
        result.status = result.gradient_status  # a gradient the dtype holds, lost beside a value past its range
