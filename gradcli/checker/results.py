"""What a check finds, as plain dataclasses; every output format is a view of these.

`CheckReport.to_dict()` is the ``gradcli.check/1`` JSON contract of DESIGN.md:
keys may be added, never renamed or dropped.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

STATUSES = ("ok", "unstable", "wrong", "domain", "error")


@dataclass
class Finding:
    """One thing that went wrong, pinned to an op: its phase, its source span and its inputs."""

    kind: str  # "nonfinite", "cancellation", "inaccurate", "where-nan", "kink", "wrong-rule", "fd-unreliable", ...
    phase: str  # "forward" or "backward"
    op: str
    message: str
    span: Optional[tuple] = None  # (start, end) in the formula text
    inputs: list = field(default_factory=list)
    output: object = None
    location: Optional[str] = None  # file:line for Python functions

    def to_dict(self):
        return {
            "kind": self.kind,
            "phase": self.phase,
            "op": self.op,
            "span": list(self.span) if self.span is not None else None,
            "message": self.message,
            "inputs": self.inputs,
            "output": self.output,
            "location": self.location,
        }


@dataclass
class Fix:
    """A rewrite (or custom gradient) that gradcli re-checked at the same points and dtypes."""

    kind: str  # "rewrite" or "custom_gradient"
    name: str
    formula: Optional[str]
    before: dict  # dtype -> status, for the original
    after: dict  # dtype -> status, for the fix
    code: Optional[str] = None
    note: str = ""
    partial: bool = False  # better somewhere, worse nowhere, yet still failing somewhere
    parts: dict = field(default_factory=dict)  # label -> {"value"/"gradient"/"hessian": [before, after]}

    def to_dict(self):
        return {
            "kind": self.kind,
            "name": self.name,
            "formula": self.formula,
            "before": self.before,
            "after": self.after,
            "code": self.code,
            "note": self.note,
            "partial": self.partial,
            "parts": self.parts,
        }


@dataclass
class PointResult:
    """The check of one point in one dtype."""

    point: dict  # variable -> value (as given)
    dtype: str
    status: str
    value: object = None
    gradient: dict = field(default_factory=dict)
    exact_value: object = None
    exact_value_text: Optional[str] = None  # 20 significant digits (floats can underflow: 1e-348)
    exact_gradient: dict = field(default_factory=dict)
    rule_gradient: dict = field(default_factory=dict)  # the autodiff rule at high precision
    fd_gradient: dict = field(default_factory=dict)
    fd_method: str = ""  # "central-richardson", "complex-step", "random-direction" or "failed"
    fd_error: dict = field(default_factory=dict)
    # Above 64 inputs the differences run along one random direction instead of per coordinate:
    fd_directional: Optional[float] = None  # the directional derivative by finite differences
    fd_directional_error: Optional[float] = None  # its Richardson error estimate
    exact_directional: Optional[float] = None  # the exact one along the same direction (high precision)
    value_status: str = "ok"
    gradient_status: str = "ok"
    value_error: Optional[float] = None  # relative error against the exact value
    gradient_error: Optional[float] = None  # worst relative error over the gradient
    value_ulps: Optional[float] = None
    gradient_ulps: Optional[float] = None
    bits_lost: Optional[float] = None
    digits_used: Optional[int] = None
    findings: list = field(default_factory=list)
    notes: list = field(default_factory=list)
    error: Optional[str] = None
    hessian: Optional[object] = None
    exact_hessian: Optional[object] = None  # the true second derivatives (high-precision differences)
    rule_hessian: Optional[object] = None  # gradcli's rules run twice, at high precision
    hessian_status: str = "ok"  # "ok", "unstable", "wrong" or "domain": the second derivatives alone
    hessian_error: Optional[float] = None  # worst relative error of the Hessian in the working dtype
    exact_gradient_text: dict = field(default_factory=dict)  # variable -> 20 digits (scalars; else None)
    summed_over: Optional[int] = None  # a formula at an array point: the number of elements summed

    @property
    def passed(self) -> bool:
        return self.status == "ok"

    def to_dict(self):
        return {
            "point": self.point,
            "dtype": self.dtype,
            "value": self.value,
            "gradient": self.gradient,
            "exact_value": self.exact_value,
            "exact_gradient": self.exact_gradient,
            "fd_gradient": self.fd_gradient,
            "status": self.status,
            "findings": [f.to_dict() for f in self.findings],
            "exact_value_text": self.exact_value_text,
            "value_status": self.value_status,
            "gradient_status": self.gradient_status,
            "rule_gradient": self.rule_gradient,
            "fd_method": self.fd_method,
            "fd_error": self.fd_error,
            "fd_directional": self.fd_directional,
            "fd_directional_error": self.fd_directional_error,
            "exact_directional": self.exact_directional,
            "value_error": self.value_error,
            "gradient_error": self.gradient_error,
            "value_ulps": self.value_ulps,
            "gradient_ulps": self.gradient_ulps,
            "bits_lost": self.bits_lost,
            "digits_used": self.digits_used,
            "notes": self.notes,
            "error": self.error,
            "hessian": self.hessian,
            "exact_hessian": self.exact_hessian,
            "rule_hessian": self.rule_hessian,
            "hessian_status": self.hessian_status,
            "hessian_error": self.hessian_error,
            "exact_gradient_text": self.exact_gradient_text,
            "summed_over": self.summed_over,
        }


@dataclass
class CheckReport:
    """Everything gradcli found about one target: one result per (point, dtype), and fixes."""

    target: str
    kind: str  # "formula" or "function"
    variables: list
    results: list = field(default_factory=list)
    derivative: dict = field(default_factory=dict)  # variable -> symbolic derivative (formulas)
    fixes: list = field(default_factory=list)
    fail_on: tuple = ("unstable", "wrong", "error")
    notes: list = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not any(r.status in self.fail_on for r in self.results)

    def to_dict(self):
        return {
            "schema": "gradcli.check/1",
            "target": self.target,
            "kind": self.kind,
            "variables": list(self.variables),
            "ok": self.ok,
            "results": [r.to_dict() for r in self.results],
            "derivative": self.derivative,
            "fixes": [f.to_dict() for f in self.fixes],
            "fail_on": list(self.fail_on),
            "notes": self.notes,
        }
