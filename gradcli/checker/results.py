"""What a check finds, as plain dataclasses; every output format is a view of these.

`CheckReport.to_dict()` is the ``gradcli.check/1`` JSON contract (README, "JSON (`--json`)"):
keys may be added, never renamed or dropped.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Optional

from ..display import html_view
from .verdict import DEFAULT_FAIL_ON, Verdict


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
    # gradcli's own name of the op, where ``op`` is the framework's spelling of it (`provenance.spelled_findings`)
    gradcli_op: Optional[str] = None
    # the operation of the framework's own graph the finding is on ("RealDiv", "aten.mul"), where ``op`` spells it
    framework_op: Optional[str] = None

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
            "gradcli_op": self.gradcli_op,
            "framework_op": self.framework_op,
        }


@dataclass
class Fix:
    """A rewrite (or custom gradient) that gradcli re-checked at the same points and dtypes."""

    kind: str  # "rewrite" or "custom_gradient"
    name: str
    formula: Optional[str]
    before: dict  # point and dtype -> Verdict, for the original
    after: dict  # point and dtype -> Verdict, for the fix
    code: Optional[str] = None
    note: str = ""
    partial: bool = False  # better somewhere, worse nowhere, yet still failing somewhere
    parts: dict = field(default_factory=dict)  # label -> {"value"/"gradient"/"hessian": [before, after]}
    diff: Optional[str] = None  # a Python function's fix: a unified diff of the user's lines
    checked: object = field(default=None, repr=False, compare=False)  # what was re-checked (text or function); not JSON

    def to_dict(self):
        shown = _fields(self)
        del shown["checked"]
        return shown


# Findings about gradcli's own methods, not the target (the differences doubted): every list shows them last.
METHOD_NOTES = frozenset({"fd-unreliable"})


def is_method_note(finding):
    """Whether ``finding`` (a `Finding` or its dict) is about gradcli's methods rather than the target."""
    return (finding["kind"] if isinstance(finding, dict) else finding.kind) in METHOD_NOTES


def shown_order(findings):
    """``findings`` (`Finding`s or dicts, such as a report read back) in the order every view lists them: method notes last."""
    return sorted(findings, key=is_method_note)


class _Findings:
    """`PointResult.findings`: a list; explanations left to be made (`PointResult.explain_later`) are made at its first read.

    An explanation replays a point's program at high precision, and only a
    view reads it: a check whose findings nobody reads (a CI loop reading
    verdicts) does not pay for it, and every reader gets the same list, in
    the same order, as if it had been made at once.
    """

    def __get__(self, result, owner=None):
        if result is None:
            return ()  # the field's default: each result gets a list of its own (`__set__`)
        state = result.__dict__
        pending = state.pop("_pending_findings", None)
        findings = state["_findings"]
        if pending is not None:
            position, make = pending
            findings[position:position] = make(result)
        findings.sort(key=is_method_note)  # stable: what was found keeps its order, method notes after it
        return findings

    def __set__(self, result, value):
        result.__dict__["_findings"] = list(value) if type(value) is tuple else value


def findings_made(result):
    """The findings of ``result`` made so far, without making the explanations left for a view to read: what a
    check itself decides by (a finding made with the verdict) never pays for an explanation."""
    return result.__dict__.get("_findings", [])


class Later:
    """A field's value to be made when the field is first read (`_MadeWhenRead`): ``Later(make, *args)``."""

    def __init__(self, make, *args):
        self.make, self.args = make, args


class _MadeWhenRead:
    """A field of `PointResult` that may hold a `Later`: made at its first read, and from then on a plain value.

    For what views alone read and a check need not pay for unread (the exact
    numbers' 20 digits): every reader gets what it would have got had it been
    made at once.
    """

    def __init__(self, default):
        self.default = default

    def __set_name__(self, owner, name):
        self.slot = f"_{name}"

    def __get__(self, result, owner=None):
        if result is None:
            return self.default
        value = result.__dict__[self.slot]
        if type(value) is Later:
            value = result.__dict__[self.slot] = value.make(*value.args)
        return value

    def __set__(self, result, value):
        result.__dict__[self.slot] = dict(value) if type(value) is _FrozenDict else value


class _FrozenDict(dict):
    """An empty dict usable as a dataclass default (each result gets its own copy: `_MadeWhenRead.__set__`)."""

    __hash__ = object.__hash__


@dataclass
class PointResult:
    """The check of one point in one dtype; its fields are in the order JSON shows them."""

    point: dict  # variable -> value (as given)
    dtype: str
    value: object = None
    gradient: dict = field(default_factory=dict)
    exact_value: object = None
    exact_gradient: dict = field(default_factory=dict)
    fd_gradient: dict = field(default_factory=dict)
    status: Verdict = Verdict.OK  # of the point: its parts' verdicts by precedence (Verdict.decide)
    findings: list = _Findings()
    exact_value_text: Optional[str] = _MadeWhenRead(None)  # 20 significant digits (floats can underflow: 1e-348)
    value_status: Verdict = Verdict.OK
    gradient_status: Verdict = Verdict.OK
    rule_gradient: dict = field(default_factory=dict)  # the autodiff rule at high precision
    fd_method: str = ""  # "central-richardson", "complex-step", "random-direction" or "failed"
    fd_error: dict = field(default_factory=dict)
    # Above 64 inputs the differences run along one random direction instead of per coordinate:
    fd_directional: Optional[float] = None  # the directional derivative by finite differences
    fd_directional_error: Optional[float] = None  # its Richardson error estimate
    exact_directional: Optional[float] = None  # the exact one along the same direction (high precision)
    value_error: Optional[float] = None  # relative error against the exact value
    gradient_error: Optional[float] = None  # worst relative error over the gradient
    value_ulps: Optional[float] = None
    gradient_ulps: Optional[float] = None
    bits_lost: Optional[float] = None
    digits_used: Optional[int] = None
    notes: list = field(default_factory=list)
    error: Optional[str] = None
    hessian: Optional[object] = None
    exact_hessian: Optional[object] = None  # the true second derivatives (high-precision differences), if known
    rule_hessian: Optional[object] = None  # gradcli's rules run twice, at high precision
    hessian_status: Verdict = Verdict.OK  # the second derivatives alone (never error)
    hessian_error: Optional[float] = None  # worst relative error of the Hessian in the working dtype
    exact_gradient_text: dict = _MadeWhenRead(_FrozenDict())  # variable -> 20 digits (nested lists for arrays beyond float64; else None)
    # variable -> why an exact entry is no finite number (nested lists for arrays, None per finite entry; else None)
    exact_gradient_why: dict = field(default_factory=dict)
    summed_over: Optional[int] = None  # a formula at an array point: the number of elements summed
    held: dict = field(default_factory=dict)  # the inputs held as data at the point (a label outside --wrt): name -> value
    rtol: Optional[float] = None  # the tolerances this result was judged by:
    atol: float = 0.0  # it passes where |computed - exact| <= atol + rtol * |exact|
    jacobian: Optional[object] = None  # a vector output: its rows (checker.jacobian.Jacobian); None for a scalar

    @property
    def passed(self) -> bool:
        return self.status == Verdict.OK

    def explain_later(self, make):
        """Add the findings ``make(self)`` returns after those there are now, when `findings` is first read.

        ``make`` is handed the result rather than holding it: a result and its
        pending explanation make no reference cycle, so both go when the report does.
        """
        findings = self.findings  # any explanation pending already is made first, and comes first
        self.__dict__["_pending_findings"] = (len(findings), make)

    def __getstate__(self):
        # A copy or a pickle carries the explanations and texts, never the means to make them.
        self.findings, self.exact_value_text, self.exact_gradient_text  # noqa: B018 - read to be made
        return dict(self.__dict__)

    def to_dict(self):
        shown = {**_fields(self), "findings": [f.to_dict() for f in self.findings]}
        shown["jacobian"] = self.jacobian.to_dict() if self.jacobian is not None else None
        return shown


@dataclass
class CheckReport:
    """Everything gradcli found about one target: one result per (point, dtype), and fixes."""

    target: str
    kind: str  # "formula" or "function"
    variables: list
    results: list = field(default_factory=list)
    derivative: dict = field(default_factory=dict)  # variable -> symbolic derivative (formulas)
    fixes: list = field(default_factory=list)
    fail_on: tuple = DEFAULT_FAIL_ON
    notes: list = field(default_factory=list)
    framework: str = "gradcli"  # what the target is written for: gradcli, numpy

    @property
    def failing(self) -> list:
        """The results that fail the check: a verdict of ``fail_on``, or an error whatever ``fail_on`` says (a
        result with no verdict was never checked, so it never passes)."""
        return [r for r in self.results if r.status in self.fail_on or r.status == Verdict.ERROR]

    @property
    def ok(self) -> bool:
        return not self.failing

    def to_dict(self):
        return {
            "schema": "gradcli.check/1",
            "target": self.target,
            "kind": self.kind,
            "framework": self.framework,
            "variables": list(self.variables),
            "ok": self.ok,
            "results": [r.to_dict() for r in self.results],
            "derivative": self.derivative,
            "fixes": [f.to_dict() for f in self.fixes],
            "fail_on": list(self.fail_on),
            "notes": self.notes,
        }

    def _repr_html_(self):
        """The report as Jupyter shows it: its results table and findings, drawn by the registered HTML view."""
        return html_view(self)


def _fields(result):
    """A dataclass's fields as a dict, in their order (shallow: what to_dict and JSON need)."""
    return {f.name: getattr(result, f.name) for f in fields(result)}
