"""What a sweep found: per dtype, intervals of inputs that fare alike, and the thresholds between them.

Plain dataclasses; ``SweepResult.to_dict()`` is the ``gradcli.sweep/1`` JSON
contract.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from ..checker.verdict import Verdict
from ..display import html_view


# What broke in an interval: the checker's findings, classified by `classes.class_of`.
KINDS = (
    "nan", "inf", "overflow", "underflow", "cancellation", "inaccurate", "wrong rule", "kink", "domain",
    "out of time", "no verdict", "no derivative", "raised", "not refined",
)
PARTS = ("value", "gradient")
LOST_ALL = 1 - 2**-10  # a relative error this large keeps no correct bit (2x off; 0 for a tiny number)
KIND_ORDER = {kind: i for i, kind in enumerate(KINDS)}
# Counts of sampled points where there is no verdict: the checker ran out of --max-time at them, or never reached them.
OUT_OF_TIME, NOT_CHECKED = "out of time", "not checked"
# The kind of a span between two checked floats of different classes that the sweep did not bisect: its verdict is
# the worst checked in it, and no neighbour's.
NOT_REFINED = "not refined"


@dataclass
class Interval:
    """Inputs from ``lo`` to ``hi`` (both included) where every float of the dtype fares alike.

    Alike means the same verdict, the same kind of failure and the same failing
    parts (value, gradient), and whether they lose every bit. In a 2-D sweep an
    interval is a class of grid points and ``box`` their bounding box.
    """

    variable: str
    lo: float
    hi: float
    status: Verdict
    kind: Optional[str] = None  # one of KINDS, None where ok
    worst_bits_lost: Optional[float] = None  # over the checked points in the interval
    example: dict = field(default_factory=dict)  # a checked point: `gradcli grad TARGET --at` reproduces it
    parts: tuple = ()  # the failing parts, of PARTS
    op: Optional[str] = None  # the op the checker's first finding names
    lost_all: bool = False  # a failing part keeps no correct bit
    box: Optional[dict] = None  # 2-D: variable -> [lo, hi] of the grid points in this class
    mixed: bool = False  # some checked floats inside differ in verdict, kind or failing parts (near a tolerance)
    # kind "raised": what the target raised at the example ("Name: message (at file:line)"); kind "no derivative": the
    # check's finding there (the framework computes the value but has no derivative for an op: "message (at file:line)")
    error: Optional[str] = None
    points: Optional[int] = None  # the sampled grid points it holds, as `counts` counts them (None: not counted)

    def to_dict(self):
        return {
            "variable": self.variable,
            "lo": self.lo,
            "hi": self.hi,
            "status": str(self.status),
            "kind": self.kind,
            "worst_bits_lost": self.worst_bits_lost,
            "example": dict(self.example),
            "parts": list(self.parts),
            "op": self.op,
            "lost_all": self.lost_all,
            "box": {k: list(v) for k, v in self.box.items()} if self.box is not None else None,
            "mixed": self.mixed,
            "error": self.error,
            "points": self.points,
        }


@dataclass
class Threshold:
    """Where the verdict changes: ``at`` has ``before``, the next float of the dtype has ``after``."""

    variable: str
    at: float  # the last float with the verdict ``before``
    next: float  # the first float with the verdict ``after`` (np.nextafter of ``at`` in the dtype)
    before: Verdict
    after: Verdict
    finding: Optional[object] = None  # the first finding of the failing side (a Finding), if any
    before_kind: Optional[str] = None  # the kinds (KINDS) either side: a threshold may keep the
    after_kind: Optional[str] = None  # verdict and change the kind (unstable -> every bit lost)
    before_parts: tuple = ()  # the failing parts (PARTS) of ``at`` and of ``next``: a threshold may keep
    after_parts: tuple = ()  # the verdict and the kind and change only which part fails
    before_lost_all: bool = False  # whether ``at`` (``next``) keeps no correct bit in a failing part
    after_lost_all: bool = False

    def said(self):
        """Both sides in words, ``("ok", "unstable (cancellation in the value)")``, naming what changes across it.

        The parts that fail are named only where they change and the verdict
        and the kind stay the same, so that the two sides never read alike.
        """
        sides = (
            (self.before, self.before_kind, self.before_parts, self.before_lost_all),
            (self.after, self.after_kind, self.after_parts, self.after_lost_all),
        )
        same_words = (str(self.before), self.before_kind) == (str(self.after), self.after_kind)
        name_parts = same_words and tuple(self.before_parts) != tuple(self.after_parts)
        return tuple(_side_words(*side, name_parts) for side in sides)

    def to_dict(self):
        said = self.said()
        return {
            "variable": self.variable,
            "at": self.at,
            "next": self.next,
            "from": str(self.before),
            "to": str(self.after),
            "from_kind": self.before_kind,
            "to_kind": self.after_kind,
            "from_parts": list(self.before_parts),
            "to_parts": list(self.after_parts),
            "from_lost_all": self.before_lost_all,
            "to_lost_all": self.after_lost_all,
            "from_said": said[0],
            "to_said": said[1],
            "finding": self.finding.to_dict() if self.finding is not None else None,
        }


def _side_words(status, kind, parts, lost_all, name_parts):
    """One side of a threshold in words: its verdict, then its kind, failing parts (if asked) and total loss.

    The kind is what broke at the point, seen in one part or another: the
    failing parts are named apart from it ("nan, the value and gradient
    failing"), since a value that lost its digits to 0 beside a NaN gradient
    is no NaN.
    """
    said = [kind] if kind and kind != str(status) else []
    if name_parts:
        said.append(f"the {' and '.join(parts)} failing" if parts else "no part failing")
    if lost_all:
        said.append("every bit lost")
    return f"{status}{' (' + ', '.join(said) + ')' if said else ''}"


@dataclass
class Samples:
    """Every swept point of one dtype, as arrays (for plots and the terminal strip; not in JSON).

    1-D: ``axes`` is ``{variable: x}`` and every array has x's shape. 2-D:
    ``axes`` holds both variables' points and the arrays have the grid's shape
    (first variable along axis 0).
    """

    axes: dict
    value: object  # computed in the dtype
    gradient: dict  # variable -> computed partial derivative
    value_bits: object  # bits lost against the reference (0 correct .. mantissa bits; inf where non-finite); nan unknown
    gradient_bits: object  # the worst over the partial derivatives, as value_bits
    status: object  # per point, the status (str of Verdict) of the interval holding it
    kind: object  # per point, the kind (str, "" where ok) of the interval holding it
    reference: str = ""  # what the bits were measured against ("float64", "longdouble", "exact")


@dataclass
class DtypeSweep:
    """One dtype's sweep: its intervals, the thresholds between them, and the points per verdict."""

    dtype: str
    points: int
    counts: dict = field(default_factory=dict)  # status (or OUT_OF_TIME, NOT_CHECKED) -> sampled points with it
    intervals: list = field(default_factory=list)
    thresholds: list = field(default_factory=list)
    checked: int = 0  # points the checker judged (subsample, run ends, bisection)
    vectorised: bool = True  # one call of the core for all points (else one per point)
    out_of_time: int = 0  # points whose reference ran past --max-time (reported, never guessed)
    samples: Optional[Samples] = None

    def stretches(self):
        """A 1-D sweep's range as stretches of one verdict, refined to adjacent floats: each run of intervals of one
        status joined, as ``{"status", "variable", "lo", "hi", "points"}`` (``points``: the sampled grid points
        inside, which ``counts`` counts; None where not known). A refined stretch may hold one grid point and
        reach far past it: ``counts`` says 1 unstable where the stretch says x in [1e-14, 0.0014]. The status is
        the counts' word: "out of time" for an interval out of time. Empty for a 2-D sweep (its intervals are
        classes of grid points, counted as they are)."""
        if any(i.box for i in self.intervals):
            return []
        found = []
        for i in self.intervals:
            status = OUT_OF_TIME if i.kind == "out of time" else str(i.status)
            if found and found[-1]["status"] == status and found[-1]["variable"] == i.variable:
                last = found[-1]
                last["hi"] = i.hi
                last["points"] = None if last["points"] is None or i.points is None else last["points"] + i.points
            else:
                found.append({"status": status, "variable": i.variable, "lo": i.lo, "hi": i.hi, "points": i.points})
        return found

    def to_dict(self):
        return {
            "points": self.points,
            "counts": {str(k): v for k, v in self.counts.items()},
            "intervals": [i.to_dict() for i in self.intervals],
            "thresholds": [t.to_dict() for t in self.thresholds],
            "checked": self.checked,
            "vectorised": self.vectorised,
            "out_of_time": self.out_of_time,
            "stretches": self.stretches(),
        }


@dataclass
class FixSweep:
    """A fix the checker offers, swept over the same range: its intervals per dtype beside the original's."""

    name: str
    formula: Optional[str]  # the rewritten formula (formulas), else None
    code: Optional[str]  # a custom gradient or a Python function's diff
    before: dict  # dtype -> [Interval] of the original
    after: dict  # dtype -> [Interval] of the fix
    better: bool = False  # no worse anywhere, better somewhere

    def to_dict(self):
        return {
            "name": self.name,
            "formula": self.formula,
            "code": self.code,
            "before": {d: [i.to_dict() for i in v] for d, v in self.before.items()},
            "after": {d: [i.to_dict() for i in v] for d, v in self.after.items()},
            "better": self.better,
        }


@dataclass
class SweepResult:
    """Everything a sweep found: per dtype, the intervals of each verdict over the range."""

    target: str
    kind: str
    variables: list
    ranges: dict  # variable -> Range
    dtypes: dict = field(default_factory=dict)  # dtype name -> DtypeSweep
    fixes: list = field(default_factory=list)  # FixSweep
    notes: list = field(default_factory=list)
    fixed: dict = field(default_factory=dict)  # the variables not swept -> the value they are held at
    seconds: float = 0.0
    setup_seconds: float = 0.0  # of ``seconds``, loading the target and its framework and tracing it: before --max-time's clock
    framework: str = "gradcli"  # what the target is written for, as a check's report says (jax, torch, numpy, ...)

    @property
    def swept(self):
        return list(self.ranges)

    def to_dict(self):
        return {
            "schema": "gradcli.sweep/1",
            "target": self.target,
            "kind": self.kind,
            "framework": self.framework,
            "variables": list(self.variables),
            "ranges": {name: r.to_dict() for name, r in self.ranges.items()},
            "fixed": dict(self.fixed),
            "dtypes": {name: d.to_dict() for name, d in self.dtypes.items()},
            "fixes": [f.to_dict() for f in self.fixes],
            "notes": list(self.notes),
            "seconds": self.seconds,
            "setup_seconds": self.setup_seconds,
        }

    def _repr_html_(self):  # Jupyter shows a sweep as the registered HTML view draws it
        return html_view(self)
