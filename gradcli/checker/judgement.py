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


def no_verdict(*findings):
    """No verdict: the point could not be checked."""
    return Judgement(Verdict.ERROR, Verdict.ERROR, findings=list(findings))


def record(result, *judgements):
    """Add sub-checks' findings and verdicts to a point's result: the one place its verdicts are decided."""
    for judgement in judgements:
        result.findings.extend(judgement.findings)
        result.value_status = Verdict.decide(result.value_status, judgement.value)
        result.gradient_status = Verdict.decide(result.gradient_status, judgement.gradient)
        result.hessian_status = Verdict.decide(result.hessian_status, judgement.hessian)
    result.status = Verdict.decide(result.value_status, result.gradient_status, result.hessian_status)
