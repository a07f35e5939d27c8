"""Sweeps: over which inputs, in which dtype, does a gradient break? (DESIGN.md, "Sweeps").

`sweep` evaluates the value and gradient at every sampled point in one
vectorised call of the core per dtype, flags the points the working
precision gets visibly wrong (non-finite, or far from the same run in a wider
dtype), and asks the checker (`runner.check`, the one verdict logic) for a
verdict at the ends of every run of equally flagged points and on a regular
subsample. Where two neighbouring checked points disagree, the threshold is
bisected with the checker down to adjacent floats of the working dtype. The
result is a list of intervals per dtype covering the range without gaps.

This is the library core; ``SweepResult.to_dict()`` is the ``gradcli.sweep/1``
JSON contract. Only one variable is swept for now.
"""

from __future__ import annotations

import bisect
import math
import time
from dataclasses import dataclass, field, replace
from typing import Optional

import numpy as np

from ..display import html_view
from ..errors import InputError
from .dtypes import DEFAULT_RTOL, dtype_of, finfo
from .options import CheckOptions
from .targets import resolve
from .verdict import Verdict

SCALES = ("linear", "log", "symlog", "float")
DEFAULT_N = 101
MAX_POINTS = 10**7  # above this a sweep is refused (memory and time), not truncated
SUBSAMPLE = 8  # checked points spread over the range, besides both sides of every change of band


@dataclass(frozen=True)
class Range:
    """The swept values of one variable: ``n`` points from ``lo`` to ``hi`` (both included) on ``scale``.

    >>> Range(1, 100, 3, "log").points().tolist()
    [1.0, 10.0, 100.0]
    """

    lo: float
    hi: float
    n: int = DEFAULT_N
    scale: str = "linear"

    def __post_init__(self):
        lo, hi, n = _validate(self.lo, self.hi, self.n, self.scale)
        object.__setattr__(self, "lo", lo)
        object.__setattr__(self, "hi", hi)
        object.__setattr__(self, "n", n)

    def points(self):
        return sample(self.lo, self.hi, self.n, self.scale)

    def to_dict(self):
        return {"lo": self.lo, "hi": self.hi, "n": self.n, "scale": self.scale}


def sample(lo, hi, n, scale="linear"):
    """``n`` sorted float64 points from ``lo`` to ``hi``, both included, spaced by ``scale``.

    ``linear`` and ``log`` (``lo > 0``) as NumPy's linspace and geomspace;
    ``symlog`` evenly in sign(x) * log10(1 + |x|), linear near 0 and
    logarithmic away from it on either side; ``float`` evenly over the float64
    bit patterns between ``lo`` and ``hi`` (Herbie's sampling: 1e-300 and 1e300
    as likely as 1), across zero too (-0.0 and 0.0 count once). A range with
    fewer than ``n`` floats gives each float once.

    >>> sample(-1, 1, 3, "float").tolist()
    [-1.0, 0.0, 1.0]
    """
    lo, hi, n = _validate(lo, hi, n, scale)
    if scale == "linear" and not math.isfinite(hi - lo):  # -1e308:1e308: linspace's step would overflow
        points = np.linspace(lo / 2, hi / 2, n) * 2
    elif scale == "linear":
        points = np.linspace(lo, hi, n)
    elif scale == "log":
        points = np.geomspace(lo, hi, n)
    elif scale == "symlog":
        t = np.linspace(_symlog(lo), _symlog(hi), n)
        with np.errstate(over="ignore"):
            points = np.sign(t) * np.expm1(np.abs(t) * math.log(10))
    else:
        keys = _keys(np.array([lo, hi]))
        span = int(keys[1]) - int(keys[0])
        steps = min(n - 1, span)  # exact integer spacing: the middle of -a:a is 0 itself
        offsets = [span * i // steps for i in range(steps + 1)]
        points = _floats(keys[0], offsets, np.dtype(np.float64))
    points = np.clip(points, lo, hi)  # rounding in the spacing never leaves the range
    points[0], points[-1] = lo, hi
    return np.unique(points)


def _validate(lo, hi, n, scale):
    if scale not in SCALES:
        raise InputError(f"scale {scale!r}: use {', '.join(SCALES[:-1])} or {SCALES[-1]}")
    try:
        lo, hi = float(lo), float(hi)
    except (TypeError, ValueError):
        raise InputError(f"range {lo!r}:{hi!r}: the ends of a range are numbers") from None
    if not (math.isfinite(lo) and math.isfinite(hi)):
        raise InputError(f"range {lo}:{hi}: the ends of a range are finite numbers")
    if not lo < hi:
        raise InputError(f"range {lo:g}:{hi:g}: the low end must be below the high end")
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)):
        raise InputError(f"range {lo:g}:{hi:g}:{n!r}: the number of points is a whole number")
    if not 2 <= n <= MAX_POINTS:
        raise InputError(f"range {lo:g}:{hi:g}:{n}: the number of points is 2 to {MAX_POINTS:,}")
    if scale == "log" and not lo > 0:
        raise InputError(f"range {lo:g}:{hi:g} on a log scale: the low end must be above 0 (or use symlog)")
    return lo, hi, int(n)


def _symlog(x):
    return math.copysign(math.log10(1 + abs(x)), x)


# Floats in order as integers: a float's key is its bit pattern for +, minus its magnitude's for -,
# so adjacent floats have adjacent keys and bisection to the last float is integer bisection.
def _keys(values):
    """The keys (int64) of floats: sorted as the floats are, 1 apart for neighbours (-0.0 and 0.0 share 0)."""
    values = np.asarray(values)
    size = values.dtype.itemsize
    bits = values.view(np.dtype(f"i{size}")).astype(np.int64)
    magnitude = bits & ((1 << (8 * size - 1)) - 1)
    return np.where(bits < 0, -magnitude, magnitude)


def _floats_at(keys, dtype):
    """The floats of ``dtype`` whose keys are ``keys`` (an array of ``dtype``)."""
    keys = np.asarray(keys, dtype=np.int64)
    size = dtype.itemsize
    sign = np.iinfo(np.int64).min if size == 8 else 1 << (8 * size - 1)
    return np.where(keys < 0, (-keys) | sign, keys).astype(np.dtype(f"i{size}")).view(dtype)


def _floats(first_key, offsets, dtype):
    """The floats of ``dtype`` (as float64) whose keys are ``first_key + offsets`` (Python ints: spans pass 2^63)."""
    return _floats_at([int(first_key) + int(o) for o in offsets], dtype).astype(np.float64)


# What broke in an interval, in the words of issue 15 (the checker's findings, classified by `kind_of`).
KINDS = (
    "nan", "inf", "overflow", "underflow", "cancellation", "inaccurate", "wrong rule", "kink", "domain",
    "out of time", "no verdict", "raised",
)
PARTS = ("value", "gradient")
_KIND_ORDER = {kind: i for i, kind in enumerate(KINDS)}


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
    mixed: bool = False  # some checked floats inside fare otherwise: verdicts alternate near a tolerance

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

    def to_dict(self):
        return {
            "variable": self.variable,
            "at": self.at,
            "next": self.next,
            "from": str(self.before),
            "to": str(self.after),
            "from_kind": self.before_kind,
            "to_kind": self.after_kind,
            "finding": self.finding.to_dict() if self.finding is not None else None,
        }


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
    counts: dict = field(default_factory=dict)  # status -> sampled points with it
    intervals: list = field(default_factory=list)
    thresholds: list = field(default_factory=list)
    checked: int = 0  # points the checker judged (subsample, run ends, bisection)
    vectorised: bool = True  # one call of the core for all points (else one per point)
    out_of_time: int = 0  # points whose reference ran past --max-time (reported, never guessed)
    samples: Optional[Samples] = None

    def to_dict(self):
        return {
            "points": self.points,
            "counts": {str(k): v for k, v in self.counts.items()},
            "intervals": [i.to_dict() for i in self.intervals],
            "thresholds": [t.to_dict() for t in self.thresholds],
            "checked": self.checked,
            "vectorised": self.vectorised,
            "out_of_time": self.out_of_time,
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

    @property
    def swept(self):
        return list(self.ranges)

    def to_dict(self):
        return {
            "schema": "gradcli.sweep/1",
            "target": self.target,
            "kind": self.kind,
            "variables": list(self.variables),
            "ranges": {name: r.to_dict() for name, r in self.ranges.items()},
            "fixed": dict(self.fixed),
            "dtypes": {name: d.to_dict() for name, d in self.dtypes.items()},
            "fixes": [f.to_dict() for f in self.fixes],
            "notes": list(self.notes),
            "seconds": self.seconds,
        }

    def _repr_html_(self):  # Jupyter shows a sweep as the registered HTML view draws it
        return html_view(self)


def sweep(target, ranges, options: CheckOptions = None, *, fixed=None, progress=None, **changes) -> SweepResult:
    """Sweep one or two variables of ``target`` over ranges; return a `SweepResult` of intervals per dtype.

    ``ranges`` maps each swept variable to a `Range` or a tuple ``(lo, hi[, n[,
    scale]])``; ``fixed`` holds the variables not swept at a value each
    (``{"y": 2.0}``). ``options`` and ``changes`` are the checker's
    (`CheckOptions`): dtypes, wrt, tolerances, fixes, and ``max_time``, here
    the seconds for the whole sweep. ``progress(done, total)`` is called as
    points are checked (``total`` is an estimate that may grow).

    >>> r = sweep("exp(x)", {"x": (0, 1, 5)}, dtypes=("float64",))
    >>> [i.status for i in r.dtypes["float64"].intervals]
    ['ok']
    """
    from .balls import one_clock

    started = time.perf_counter()
    options = replace(options or CheckOptions(), **changes)
    resolved = resolve(target, options.treat_as_variables)
    ranges = _ranges(ranges, resolved)
    held = _held(fixed, resolved, ranges)
    unknown = [w for w in options.wrt or () if w not in resolved.variables]
    if unknown:
        raise InputError(f"--wrt {unknown[0]}: not a variable of the target ({', '.join(resolved.variables)})")
    checking = replace(options, fixes=False, wrt=options.wrt or tuple(resolved.variables))
    result = SweepResult(resolved.text, resolved.kind, list(resolved.variables), ranges, fixed=held)
    counter = _Progress(progress, len(options.dtypes))
    with one_clock():  # --max-time bounds the whole sweep: every check shares this clock
        for dtype_name in checking.dtypes:
            run = _DtypeRun(target, resolved, ranges, held, dtype_of(dtype_name), checking, started, counter)
            result.dtypes[dtype_name] = run.one_d() if len(ranges) == 1 else run.two_d()
            result.notes.extend(run.notes)
        if options.fixes:
            result.fixes = _fix_sweeps(target, result, ranges, held, replace(checking, fixes=True), started)
    result.seconds = time.perf_counter() - started
    return result


def evaluate(target, points, dtype="float64", treat_as_variables=()):
    """Value and gradients of ``target`` at every point in one call of the core: a sweep's vectorised step.

    ``points`` maps every variable to an array (or a number, held); returns
    ``(values, {variable: gradient})`` as arrays of ``dtype``. A Python
    function that is not elementwise on arrays runs once per point.

    >>> values, grads = evaluate("x * x", {"x": [1.0, 2.0]})
    >>> values.tolist(), grads["x"].tolist()
    ([1.0, 4.0], [2.0, 4.0])
    """
    resolved = resolve(target, treat_as_variables)
    dtype = dtype_of(dtype)
    missing = [name for name in resolved.variables if name not in points]
    if missing:
        raise InputError(f"evaluate: give {missing[0]} a value too ({', '.join(resolved.variables)})")
    with np.errstate(all="ignore"):
        arrays = np.broadcast_arrays(*[np.asarray(points[name], dtype=dtype) for name in resolved.variables])
    args = [np.ascontiguousarray(a).ravel() for a in arrays]
    values, grads, _ = _evaluate(resolved, args, tuple(resolved.variables))
    shape = arrays[0].shape
    return values.reshape(shape), {name: g.reshape(shape) for name, g in grads.items()}


def _ranges(ranges, resolved):
    if not isinstance(ranges, dict) or not ranges:
        raise InputError("ranges: give a dict of variable -> (lo, hi[, n[, scale]])")
    built = {}
    for name, value in ranges.items():
        if name not in resolved.variables:
            raise InputError(f"range for {name}: not a variable of the target ({', '.join(resolved.variables)})")
        if not isinstance(value, Range):
            if not isinstance(value, (tuple, list)) or not 2 <= len(value) <= 4:
                raise InputError(f"range for {name}: give (lo, hi[, n[, scale]]), not {value!r}")
            value = Range(*value)
        built[name] = value
    if len(built) > 2:
        raise InputError(f"ranges for {', '.join(built)}: a sweep is of one variable or two (a 2-D grid)")
    if len(built) == 2 and math.prod(r.n for r in built.values()) > MAX_POINTS:
        raise InputError(f"a grid of {' x '.join(str(r.n) for r in built.values())} points: at most {MAX_POINTS:,} in all")
    return built


def _held(fixed, resolved, ranges):
    """The values of the variables not swept (each needs one), as floats."""
    fixed = dict(fixed or {})
    held = {}
    for name in resolved.variables:
        if name in ranges:
            if name in fixed:
                raise InputError(f"{name} is swept; it cannot also be held at {fixed[name]!r}")
            continue
        if name not in fixed:
            raise InputError(
                f"{resolved.text} has the variables {', '.join(resolved.variables)}: sweep up to two with "
                f"ranges and hold the others at a value (--at {name}=1)"
            )
        try:
            held[name] = float(fixed.pop(name))
        except (TypeError, ValueError):
            raise InputError(f"{name}: hold it at a number, not {fixed.get(name)!r}") from None
        if not math.isfinite(held[name]):
            raise InputError(f"{name}={held[name]}: hold a variable at a finite number")
    extra = [name for name in fixed if name not in ranges]
    if extra:
        raise InputError(f"{extra[0]}: not a variable of the target ({', '.join(resolved.variables)})")
    return held


class _Progress:
    """Counts checked points for the ``progress`` callback; the total is an estimate that grows as work appears."""

    def __init__(self, callback, dtypes):
        self.callback, self.done, self.total = callback, 0, dtypes * (SUBSAMPLE + 8)

    def add(self, done=0, expected=0):
        self.done += done
        self.total = max(self.total, self.done + expected)
        if self.callback is not None:
            self.callback(self.done, self.total)


# A point's class, from the checker: intervals are runs of equal classes.
def _point_class(result):
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

LOST_ALL = 1 - 2**-10  # a relative error this large keeps no correct bit (2x off; 0 for a tiny number)


def _kind(result, status, computed):
    """What broke, in KINDS: the symptom first (NaN, inf), then the cause the findings name."""
    kinds = {f.kind for f in result.findings}
    messages = " ".join(f.message for f in result.findings)
    if status == Verdict.ERROR:
        if "undetermined" in kinds:
            return "out of time" if "max-time" in messages or "--max-time" in messages else "no verdict"
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
}


def _cause(result, point_class, kind):
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


def _severity(point_class):
    """How bad a class is, to pick the failing side of a threshold: the verdict, then losing everything."""
    status, _, _, lost_all = point_class
    return (status.severity, lost_all)


# Per-point bands of the vectorised run: 0 ok, 1 beyond the tolerance, 2 every bit lost, 3 inf, 4 NaN,
# 5 no reference to judge by, 6 the exact answer itself is not finite (x/0: the checker may say domain).
# A band is value * 8 + gradient; bands pick where the checker looks.
_OK, _OFF, _LOST, _INF, _NAN, _UNKNOWN, _NOT_FINITE = range(7)


class _DtypeRun:
    """The sweep of one dtype: evaluate every point at once, check where it matters, bisect, build intervals."""

    def __init__(self, target, resolved, ranges, held, dtype, options, started, counter):
        self.target, self.resolved, self.ranges, self.held = target, resolved, ranges, held
        self.dtype, self.options, self.started, self.counter = dtype, options, started, counter
        self.names = list(ranges)
        self.results, self.classes, self.kinds = {}, {}, {}  # by key: PointResult, class, kind
        self.bands = {True: {}, False: {}}  # exact reference?, key -> band
        self.sampled = (np.array([], dtype=np.int64), np.array([], dtype=int), True)  # keys, bands, exact?
        self.unrefined = []  # pairs of keys left apart when time ran out
        self.notes, self.vectorised = [], True
        rtol = options.rtol if options.rtol is not None else DEFAULT_RTOL[dtype.name]
        self.rtol, self.atol = rtol, options.atol
        self.exact_roots = _exact_roots(resolved)
        self.wider = _wider(dtype)

    def time_left(self):
        return self.options.max_time - (time.perf_counter() - self.started)

    # -- evaluation: the core on whole arrays, the reference beside it
    def columns(self, swept):
        """Every variable's array for the points ``swept`` ({name: array of this dtype})."""
        shape = np.shape(next(iter(swept.values())))
        with np.errstate(over="ignore"):  # y=1e308 is inf in float32, as `gradcli grad --at` casts it
            return [
                swept[name] if name in swept else np.full(shape, self.held[name], dtype=self.dtype)
                for name in self.resolved.variables
            ]

    def measure(self, swept, exact=True):
        """Value, gradients, bits lost of both and the band of each point of ``swept`` (see `reference`)."""
        args = self.columns(swept)
        values, grads, vectorised = _evaluate(self.resolved, args, self.options.wrt)
        if not vectorised and self.vectorised:
            self.vectorised = False
            self.notes.append(f"{self.dtype.name}: {self.resolved.text} is not elementwise on arrays, so it ran once per point")
        reference, label = self.reference(args, exact)
        if reference is None:
            unknown = np.full(values.shape, np.nan)
            bands = np.full(values.shape, _UNKNOWN * 9)
            return values, grads, unknown, unknown, bands, ""
        ref_values, ref_grads = reference
        value_bits, value_band = _bits_and_bands(values, ref_values, self.dtype, self.rtol, self.atol)
        gradient_bits, gradient_band = np.zeros(values.shape), np.zeros(values.shape, dtype=int)
        for name in grads:
            bits, band = _bits_and_bands(grads[name], ref_grads[name], self.dtype, self.rtol, self.atol)
            gradient_bits = np.fmax(gradient_bits, bits)
            gradient_band = np.maximum(gradient_band, band)
        return values, grads, value_bits, gradient_bits, value_band * 8 + gradient_band, label

    def reference(self, args, exact=True):
        """The exact value and gradients at every point (formulas, up to EXACT_POINTS), else a wider dtype's run.

        Bisection asks with ``exact=False``: a wider dtype's run is a hundred
        times cheaper, and the checker judges the two floats it ends at anyway.
        """
        size = np.size(args[0])
        if self.exact_roots is not None and size <= EXACT_POINTS and self.time_left() > 0 and (exact or self.wider is None):
            exact = _exact_at(self.exact_roots, self.resolved.variables, args, self.options.wrt, self.time_left())
            if exact is not None:
                return exact, "exact"
        if self.wider is None:
            return None, ""
        with np.errstate(all="ignore"):
            wide = [a.astype(self.wider) for a in args]
        values, grads, _ = _evaluate(self.resolved, wide, self.options.wrt)
        return (values, grads), self.wider.name

    def band_at(self, keys, exact):
        """The band of the floats with ``keys`` against the exact or the cheaper reference (cached)."""
        cache = self.bands[exact]
        sampled_keys, sampled_bands, sampled_exact = self.sampled
        if sampled_exact == exact:  # the samples' own bands, looked up rather than copied into the cache
            at = np.minimum(np.searchsorted(sampled_keys, keys), len(sampled_keys) - 1)
            for key, index in zip(keys, at.tolist()):
                if sampled_keys[index] == key:
                    cache[key] = int(sampled_bands[index])
        missing = [k for k in keys if k not in cache]
        if missing:
            xs = _floats_at(missing, self.dtype)
            cache.update(zip(missing, self.measure({self.names[0]: xs}, exact)[4].tolist()))
        return [cache[k] for k in keys]

    # -- the checker: the one verdict logic
    def judge(self, keys, points):
        from .runner import check

        fresh = [(k, p) for k, p in zip(keys, points) if k not in self.results]
        if not fresh:
            return
        report = check(self.target, [p for _, p in fresh], self.options, dtypes=(self.dtype.name,))
        for (key, _), point_result in zip(fresh, report.results):
            self.results[key] = point_result
            self.classes[key], self.kinds[key] = _point_class(point_result)
        self.counter.add(len(fresh))

    def judge_keys(self, keys):
        xs = _floats_at(list(keys), self.dtype)
        self.judge(list(keys), [{**self.held, self.names[0]: float(x)} for x in xs])

    # -- one variable: intervals to the last float
    def one_d(self):
        name = self.names[0]
        swept = self.ranges[name]
        with np.errstate(all="ignore"):
            xs = _clip_to(swept.points(), self.dtype)
        unique_keys, where = np.unique(_keys(xs), return_inverse=True)
        where = where.ravel()
        values, grads, value_bits, gradient_bits, bands, label = self.measure({name: _floats_at(unique_keys, self.dtype)})
        self.sampled = (unique_keys, bands, label == "exact")
        segments = _segments(bands)
        chosen = _anchors(segments, len(bands))
        self.counter.add(expected=len(chosen) + 8)
        chosen_keys = unique_keys[chosen].tolist()
        self.judge_keys(chosen_keys)
        units = []  # (keys, mixed): an anchor of a solid segment, or all anchors of a mixed one
        for first, last, mixed in segments:
            inside = chosen_keys[bisect.bisect_left(chosen, first) : bisect.bisect_right(chosen, last)]
            units.extend([(inside, True)] if mixed else [([k], False) for k in inside])
        runs, brackets = self.settle(units)
        out = DtypeSweep(self.dtype.name, int(len(where)), checked=len(self.results), vectorised=self.vectorised)
        out.intervals, out.thresholds = self.intervals(runs, brackets, swept)
        held_by = self.per_key(out.intervals, unique_keys)[where]
        status = np.array([str(i.status) for i in out.intervals], dtype=object)[held_by]
        kind = np.array([i.kind or "" for i in out.intervals], dtype=object)[held_by]
        out.counts = _counts(out.intervals, held_by)
        out.out_of_time = sum(1 for kind in self.kinds.values() if kind == "out of time")
        out.samples = Samples(
            {name: swept.points()}, values[where], {n: g[where] for n, g in grads.items()},
            value_bits[where], gradient_bits[where], status, kind, label,
        )
        return out

    def unit_class(self, unit):
        keys, mixed = unit
        classes = [self.classes[k] for k in keys]
        return max(classes, key=_severity) if mixed else classes[0]

    def runs(self, units):
        """Units of one class in a row, as ``(class, units)``."""
        runs = []
        for unit in units:
            unit_class = self.unit_class(unit)
            if runs and runs[-1][0] == unit_class:
                runs[-1][1].append(unit)
            else:
                runs.append((unit_class, [unit]))
        return runs

    def settle(self, units):
        """Runs and refined brackets, with the runs no sample saw added (a threshold may open onto a third class).

        Between a run of class A and a solid run of class B, the first float
        past the threshold may be of a class C that no sample fell in (the
        samples stepped over it): it becomes a unit of its own and the
        brackets are refined again, at most MAX_DISCOVERIES times.
        """
        for _ in range(MAX_DISCOVERIES):
            runs = self.runs(units)
            brackets = self.refine(runs)
            known = {k for keys, _ in units for k in keys}
            found = [
                br[1] for br, (_, right) in zip(brackets, runs[1:])
                if br[2] == "left" and br[1] - br[0] == 1 and not right[0][1]
                and br[1] not in known and self.classes[br[1]] != self.unit_class(right[0])
            ]
            if not found:
                break
            units = sorted(units + [([k], False) for k in found], key=lambda unit: unit[0][0])
        return runs, brackets

    def refine(self, runs):
        """A threshold between every two neighbouring runs, to adjacent floats (a bracket per boundary).

        A bracket ``[a, b, keep, rounds]`` holds the class of its ``keep`` end
        ("left": a's, "right": b's) and has another class at the other end;
        it narrows to the change of class nearest the kept end. Each round
        proposes floats to check: where the bands of the vectorised run change
        inside the bracket, the two floats either side (found by cheap
        bisection of the bands, first against a wider dtype, then against the
        exact reference), else the middle. Between two mixed runs (verdicts
        alternating float by float near a tolerance) the boundary stays where
        the samples put it. Returns the brackets, adjacent floats unless time
        or MAX_CHECKED ran out.
        """
        brackets = []
        for (_, left), (_, right) in zip(runs, runs[1:]):
            (left_keys, left_mixed), (right_keys, right_mixed) = left[-1], right[0]
            keep = "left" if not left_mixed else "right" if not right_mixed else None
            if keep is None:  # both mixed: at the samples' boundary
                brackets.append([right_keys[0] - 1, right_keys[0], None, 0])
            else:
                brackets.append([left_keys[-1], right_keys[0], keep, 0])
        while True:
            active = [br for br in brackets if br[1] - br[0] > 1 and br[2] is not None]
            if not active:
                return brackets
            if self.time_left() <= 0 or len(self.results) >= MAX_CHECKED:
                why = "--max-time ran out" if self.time_left() <= 0 else f"{MAX_CHECKED} points were checked"
                self.notes.append(f"{self.dtype.name}: {why}; {len(active)} threshold(s) not refined to adjacent floats")
                return brackets
            proposals = {}
            for level in (0, 1):
                group = [br for br in active if br[3] == level]
                for br, close in zip(group, self.band_bisect(group, exact=level == 1)):
                    proposals[id(br)] = [k for k in close if k not in self.results]
            new = set()
            for br in active:
                new.update(proposals.get(id(br)) or [(br[0] + br[1]) // 2])
                br[3] += 1
            self.counter.add(expected=2 * len(active))
            self.judge_keys(sorted(new))
            checked = sorted(self.results)
            for br in active:
                self.narrow(br, checked)

    def narrow(self, bracket, checked):
        """Move a bracket's ends to the change of class nearest its kept end (``checked``: the sorted checked keys)."""
        a, b, keep = bracket[:3]
        inside = checked[bisect.bisect_left(checked, a) : bisect.bisect_right(checked, b)]
        if keep == "right":
            inside = inside[::-1]
        kept = self.classes[inside[0]]
        for before, key in zip(inside, inside[1:]):
            if self.classes[key] != kept:
                bracket[0], bracket[1] = sorted((before, key))
                return

    def band_bisect(self, brackets, exact):
        """For each bracket, the two adjacent floats where its bands change nearest its kept end (or ())."""
        bounds = []
        for a, b, keep, _ in brackets:
            band_a, band_b = self.band_at([a, b], exact)
            bounds.append([a, b, band_a if keep == "left" else band_b, keep] if band_a != band_b else None)
        while True:
            active = [bound for bound in bounds if bound is not None and bound[1] - bound[0] > 1]
            if not active:
                break
            mids = [(lo + hi) // 2 for lo, hi, _, _ in active]
            for bound, mid, band in zip(active, mids, self.band_at(mids, exact)):
                same = band == bound[2]
                bound[0 if same == (bound[3] == "left") else 1] = mid
        return [(bound[0], bound[1]) if bound is not None else () for bound in bounds]

    def intervals(self, runs, brackets, swept):
        """An interval per run (bounded by the brackets either side) and a threshold per refined bracket."""
        name, intervals, thresholds = self.names[0], [], []
        checked = sorted(self.results)
        start = None  # the key the next interval starts at (None: the range's low end)
        for i, (run_class, _) in enumerate(runs):
            bracket = brackets[i] if i < len(brackets) else None
            end = bracket[0] if bracket is not None else None
            intervals.append(self.interval(run_class, start, end, swept, checked))
            if bracket is None:
                break
            left, right = bracket[:2]
            if right - left > 1:  # time ran out: what lies between is not known, and says so
                lo, hi = (float(x) for x in _floats_at([left + 1, right - 1], self.dtype))
                intervals.append(Interval(name, lo, hi, Verdict.ERROR, "out of time", mixed=True))
            else:
                thresholds.append((len(intervals) - 1, left, right))
            start = right
        return intervals, [self.threshold(intervals, *found) for found in thresholds]

    def threshold(self, intervals, index, left, right):
        """The threshold between ``intervals[index]`` and the next, at the adjacent floats ``left`` and ``right``."""
        before, after = intervals[index], intervals[index + 1]
        failing = right if (after.status.severity, after.lost_all) >= (before.status.severity, before.lost_all) else left
        cause = _cause(self.results[failing], self.classes[failing], self.kinds[failing])
        at, nxt = (float(x) for x in _floats_at([left, right], self.dtype))
        return Threshold(self.names[0], at, nxt, before.status, after.status, cause, before.kind, after.kind)

    def interval(self, point_class, start, end, swept, checked):
        """The interval of one run, from the key ``start`` to ``end`` (None: the range's ends)."""
        status, _, parts, lost_all = point_class
        lo_key = checked[0] if start is None else start
        hi_key = checked[-1] if end is None else end
        inside = checked[bisect.bisect_left(checked, lo_key) : bisect.bisect_right(checked, hi_key)]
        alike = [k for k in inside if self.classes[k] == point_class]
        kind, example = self.named(alike)
        bits = [self.results[k].bits_lost for k in alike if self.results[k].bits_lost is not None]
        cause = _cause(example, point_class, kind)
        lo = swept.lo if start is None else float(_floats_at([start], self.dtype)[0])
        hi = swept.hi if end is None else float(_floats_at([end], self.dtype)[0])
        return Interval(
            self.names[0], lo, hi, status, kind, max(bits) if bits else None, dict(example.point), parts,
            cause.op if cause is not None else None, lost_all, mixed=len(alike) < len(inside),
        )

    def named(self, keys):
        """The commonest kind among checked ``keys`` (the more specific on a tie) and its example, the point
        of that kind that lost the most bits."""
        counts = {}
        for key in keys:
            counts[self.kinds[key]] = counts.get(self.kinds[key], 0) + 1
        kind = max(counts, key=lambda k: (counts[k], -_KIND_ORDER.get(k, len(KINDS))))
        results = [self.results[k] for k in keys if self.kinds[k] == kind]
        return kind, max(results, key=lambda r: r.bits_lost if r.bits_lost is not None else -1)

    def per_key(self, intervals, keys):
        """For every key, the index of the interval holding it."""
        highs = _keys(np.array([i.hi for i in intervals[:-1]], dtype=np.float64).astype(self.dtype))
        return np.searchsorted(highs, keys, side="left")

    # -- two variables: a verdict map
    def two_d(self):
        first, second = self.names
        axes = {n: self.ranges[n].points() for n in self.names}
        with np.errstate(all="ignore"):
            grid = np.meshgrid(_clip_to(axes[first], self.dtype), _clip_to(axes[second], self.dtype), indexing="ij")
        shape = grid[0].shape
        swept = {first: grid[0].ravel(), second: grid[1].ravel()}
        values, grads, value_bits, gradient_bits, bands, label = self.measure(swept)
        chosen = _grid_choice(bands, shape)
        self.counter.add(expected=len(chosen))
        self.judge(chosen, [{**self.held, first: float(swept[first][i]), second: float(swept[second][i])} for i in chosen])
        classes, held_by = _classes_by_band(bands, self.classes)
        out = DtypeSweep(self.dtype.name, int(bands.size), checked=len(self.results), vectorised=self.vectorised)
        out.intervals = self.regions(classes, held_by, swept)
        status = np.array([str(i.status) for i in out.intervals], dtype=object)[held_by]
        kind = np.array([i.kind or "" for i in out.intervals], dtype=object)[held_by]
        out.counts = _counts(out.intervals, held_by)
        out.out_of_time = sum(1 for kind in self.kinds.values() if kind == "out of time")
        out.samples = Samples(
            axes, values.reshape(shape), {n: g.reshape(shape) for n, g in grads.items()},
            value_bits.reshape(shape), gradient_bits.reshape(shape), status.reshape(shape), kind.reshape(shape), label,
        )
        return out

    def regions(self, classes, held_by, swept):
        """One interval per class of grid points (``held_by``: each point's index in ``classes``): box and example."""
        first = self.names[0]
        out = []
        for index, point_class in enumerate(classes):
            members = held_by == index
            box = {n: [float(swept[n][members].min()), float(swept[n][members].max())] for n in self.names}
            alike = [k for k, c in self.classes.items() if c == point_class]
            kind, example = self.named(alike)
            bits = [self.results[k].bits_lost for k in alike if self.results[k].bits_lost is not None]
            status, _, parts, lost_all = point_class
            cause = _cause(example, point_class, kind)
            mixed = any(held_by[k] != index for k, c in self.classes.items() if c == point_class)
            out.append(Interval(
                first, box[first][0], box[first][1], status, kind, max(bits) if bits else None,
                dict(example.point), parts, cause.op if cause is not None else None, lost_all, box, mixed,
            ))
        return out


EXACT_POINTS = 4096  # a formula's exact reference at every point up to this many points (else a wider dtype's run)
MAX_CHECKED = 2000  # points the checker judges per dtype; past it changes are left unrefined, and said so
MAX_SEGMENTS = 32  # runs of one band in the samples; more (noise at a tolerance's edge) merge into mixed segments
MIXED_ANCHORS = 5  # checked points spread over a mixed segment
MAX_DISCOVERIES = 4  # rounds of looking for classes no sample fell in (see _DtypeRun.settle)
GRID_SUBSAMPLE = 6  # per axis of a 2-D grid, besides a few points of every band


def _clip_to(points, dtype):
    """``points`` in ``dtype``; beyond its largest finite float they stay at it (float16 has no 1e5)."""
    biggest = float(finfo(dtype).max)
    return np.clip(points, -biggest, biggest).astype(dtype)


def _counts(intervals, held_by):
    """Sampled points per status, from the index of the interval holding each."""
    per_interval = np.bincount(held_by.ravel(), minlength=len(intervals))
    found = {}
    for interval, count in zip(intervals, per_interval.tolist()):
        found[interval.status] = found.get(interval.status, 0) + count
    return {s: found[s] for s in Verdict if found.get(s)}


def _segments(bands):
    """The sampled points split where their band changes, as ``[first, last, mixed]`` index ranges.

    Near a tolerance the band alternates point by point; so runs shorter
    than a length are merged into mixed segments, the length doubling until
    at most MAX_SEGMENTS remain. Work then grows with the segments, not with
    the noise.
    """
    n = len(bands)
    changes = np.flatnonzero(bands[1:] != bands[:-1]) + 1
    starts, ends = np.r_[0, changes], np.r_[changes, n] - 1
    shortest = 1
    while True:
        segments = []
        for first, last in zip(starts.tolist(), ends.tolist()):
            short = last - first + 1 < shortest
            if short and segments and segments[-1][2]:
                segments[-1][1] = last
            else:
                segments.append([first, last, short])
        if len(segments) <= MAX_SEGMENTS:
            return segments
        shortest *= 2


def _anchors(segments, n):
    """The points the checker judges first: the ends of every segment, inside mixed ones a few more, and a subsample."""
    chosen = set(np.linspace(0, n - 1, min(n, SUBSAMPLE)).round().astype(int).tolist())
    for first, last, mixed in segments:
        chosen.update(np.linspace(first, last, MIXED_ANCHORS if mixed else 2).round().astype(int).tolist())
    return sorted(chosen)


def _grid_choice(bands, shape):
    """Grid points (flat indices) the checker judges: a regular subgrid and up to three points of every band."""
    rows = np.linspace(0, shape[0] - 1, min(shape[0], GRID_SUBSAMPLE)).round().astype(int)
    cols = np.linspace(0, shape[1] - 1, min(shape[1], GRID_SUBSAMPLE)).round().astype(int)
    chosen = {int(r * shape[1] + c) for r in rows for c in cols}
    for band in np.unique(bands):
        members = np.flatnonzero(bands == band)
        chosen.update(int(members[i]) for i in {0, len(members) // 2, len(members) - 1})
    return sorted(chosen)


def _classes_by_band(bands, classes):
    """The classes of a grid, worst first, and each point's index among them.

    A point the checker judged has its own class; any other point the class
    the checker gave most often to points of its band (every band has some;
    on a tie, the worse).
    """
    votes = {}
    for index, point_class in classes.items():
        band = votes.setdefault(int(bands[index]), {})
        band[point_class] = band.get(point_class, 0) + 1
    by_band = {band: max(found, key=lambda c: (found[c], _severity(c))) for band, found in votes.items()}
    found = sorted(set(by_band.values()) | set(classes.values()), key=lambda c: (_severity(c), str(c[1]), c[2]), reverse=True)
    position = {c: i for i, c in enumerate(found)}
    unique_bands, inverse = np.unique(bands, return_inverse=True)
    held_by = np.array([position[by_band[int(b)]] for b in unique_bands])[inverse.ravel()]
    for index, point_class in classes.items():
        held_by[index] = position[point_class]
    return found, held_by


def _evaluate(resolved, args, wrt):
    """Value and gradients (``{name: array}`` for ``wrt``) at every point: one call of the core if elementwise, else a loop."""
    from ..autodiff.transforms import vjp

    names = resolved.variables
    try:
        with np.errstate(all="ignore"):
            out, pullback = vjp(resolved.function, *args)
            values = np.asarray(out)
            cotangents = pullback(np.ones_like(values))
        grads = {n: np.asarray(cotangents[names.index(n)]) for n in wrt}
        shape = np.shape(args[0])
        if (
            values.shape == shape
            and all(g.shape == shape for g in grads.values())
            and _elementwise(resolved, args, values, grads, wrt)
        ):
            dtype = args[0].dtype
            return values.astype(dtype, copy=False), {n: g.astype(dtype, copy=False) for n, g in grads.items()}, True
    except Exception:  # noqa: BLE001 - not array-friendly: the loop below decides per point
        pass
    values = np.empty_like(args[0])
    grads = {n: np.empty_like(args[0]) for n in wrt}
    for i in range(len(values)):
        values[i], point_grads = _one(resolved, [a[i] for a in args], wrt)
        for n in wrt:
            grads[n][i] = point_grads[n]
    return values, grads, False


def _one(resolved, xs, wrt):
    """Value and gradients at one point (NaN where it raises: the checker gives that point its verdict)."""
    from ..autodiff.transforms import value_and_grad

    names = resolved.variables
    try:
        with np.errstate(all="ignore"):
            value, grads = value_and_grad(resolved.function, tuple(range(len(names))))(*xs)
        return value, {n: grads[names.index(n)] for n in wrt}
    except Exception:  # noqa: BLE001
        return np.nan, {n: np.nan for n in wrt}


def _elementwise(resolved, args, values, grads, wrt):
    """Whether a Python function's array run agrees with its runs at single points (formulas always do)."""
    if resolved.kind == "formula":
        return True
    rtol = math.sqrt(float(finfo(args[0].dtype).eps))
    n = len(values)
    for i in sorted({0, n // 2, n - 1}):
        value, point_grads = _one(resolved, [a[i] for a in args], wrt)
        if np.shape(value) != ():
            return False
        single = [float(value)] + [float(point_grads[w]) for w in wrt]
        whole = [float(values[i])] + [float(grads[w][i]) for w in wrt]
        if not np.allclose(single, whole, rtol=rtol, atol=0, equal_nan=True):
            return False
    return True


def _wider(dtype):
    """A dtype wider than ``dtype`` to compare with, or None (float64 where longdouble is no wider)."""
    if dtype.itemsize < 8:
        return np.dtype(np.float64)
    if np.finfo(np.longdouble).nmant > np.finfo(dtype).nmant:
        return np.dtype(np.longdouble)
    return None


def _exact_roots(resolved):
    """A formula's IR and its derivatives, for the exact reference on balls; None for Python functions."""
    if resolved.kind != "formula" or resolved.formula is None:
        return None
    from .reference import _differentiate

    try:
        root = resolved.formula.root
        return [root] + [_differentiate(root, name) for name in resolved.variables]
    except (ValueError, RecursionError):
        return None


def _exact_at(roots, names, args, wrt, seconds):
    """The exact value and gradients at every point as (mantissa, power of 2) pairs, or None.

    The mantissa rounded to float64 keeps 53 bits, all that bits lost in
    float32 or float64 needs; the power of 2 keeps numbers beyond float64
    (1e-400), whose float32 or float64 rounding is 0. See `_bits_and_bands`.
    """
    from . import balls

    points = [{n: float(a[i]) for n, a in zip(names, args)} for i in range(len(args[0]))]
    try:
        entries, _ = balls.evaluate_points(roots, points, balls.Budget(seconds))
    except (balls.NoBall, balls.OutOfTime, ValueError, RecursionError):
        return None
    table = np.array([[_scaled(e) for e in row] for row in entries], dtype=np.float64).reshape(len(points), len(roots), 2)
    value = table[:, 0, :]
    grads = {n: table[:, 1 + names.index(n), :] for n in wrt}
    return value, grads


def _scaled(number):
    """An exact number as (mantissa in float64, power of 2), so 1e-400 keeps its digits; nan and inf as floats."""
    import mpmath

    if number is None:
        return (math.nan, 0.0)
    if not mpmath.isfinite(number):
        return (float(number), 0.0)
    if number == 0:
        return (0.0, 0.0)
    mantissa, exponent = mpmath.frexp(number)
    return (float(mantissa), float(exponent))


def _bits_and_bands(computed, reference, dtype, rtol, atol):
    """Per point, the bits ``computed`` lost against ``reference`` and its band (_OK .. _UNKNOWN).

    ``reference`` is a wider dtype's array or, from `_exact_at`, an array of
    (mantissa, exponent) pairs. A result equal to the reference rounded to the
    dtype is right (0 bits lost), so a value the dtype cannot hold (exp(-1000)
    in float32: 0) is not held against it.
    """
    computed = np.asarray(computed, dtype=np.float64)
    with np.errstate(all="ignore"):
        if np.ndim(reference) == computed.ndim + 1:
            mantissa, exponent = reference[..., 0], reference[..., 1]
            power = np.clip(exponent, -1100, 1100).astype(int)
            # |c - r| / |r| without leaving float64's range: scale c by r's power of 2.
            rounded = np.ldexp(mantissa, power).astype(dtype).astype(np.float64)
            scaled = np.ldexp(computed, np.clip(-exponent, -2200, 2200).astype(int))
            difference = np.abs(scaled - mantissa)
            relative = difference / np.abs(mantissa)
            close = difference <= atol * np.ldexp(1.0, -power) + rtol * np.abs(mantissa)
            finite_reference = np.isfinite(mantissa)
            zero_reference = mantissa == 0
        else:
            wide = np.asarray(reference)
            rounded = wide.astype(dtype).astype(np.float64)
            difference = np.abs(computed.astype(wide.dtype) - wide)
            relative = (difference / np.abs(wide)).astype(np.float64)
            close = difference <= atol + rtol * np.abs(wide)
            finite_reference = np.isfinite(wide)
            zero_reference = wide == 0
        right = (computed == rounded) | (np.isnan(computed) & np.isnan(rounded))
        relative = np.where(right, 0.0, np.where(zero_reference, np.where(computed == 0, 0.0, np.inf), relative))
        eps = float(finfo(dtype).eps)
        bits = np.clip(np.log2(np.maximum(relative, 1e-300) / eps), 0, finfo(dtype).nmant + 1)
        bits = np.where(relative == 0, 0.0, bits)
    band = np.where(right | close, _OK, np.where(relative >= LOST_ALL, _LOST, _OFF))
    band = np.where(np.isinf(computed) & ~right, _INF, band)
    band = np.where(np.isnan(computed) & ~right, _NAN, band)
    band = np.where(finite_reference, band, np.where(right, _NOT_FINITE, _UNKNOWN))
    bits = np.where(~np.isfinite(computed) & ~right, np.inf, bits)
    bits = np.where(finite_reference | right, bits, np.nan)
    return bits, band.astype(int)


def _fix_sweeps(target, result, ranges, held, options, started):
    """The fixes the checker offers at the worst failing example of each dtype, each swept over the same ranges."""
    from .runner import check

    examples = []
    for dtype_sweep in result.dtypes.values():
        failing = [i for i in dtype_sweep.intervals if i.status != Verdict.OK and i.example]
        if failing:
            worst = max(failing, key=lambda i: (i.status.severity, i.lost_all, i.worst_bits_lost or 0))
            if worst.example not in examples:
                examples.append(worst.example)
    if not examples:
        return []
    report = check(target, examples, options)
    sweeps = []
    for fix in report.fixes:
        left = options.max_time - (time.perf_counter() - started)
        if fix.checked is None or left <= 0:
            continue
        after = sweep(fix.checked, ranges, options, fixed=held, fixes=False, max_time=left)
        sweeps.append(FixSweep(
            fix.name, fix.formula, fix.code or fix.diff, {d: s.intervals for d, s in result.dtypes.items()},
            {d: s.intervals for d, s in after.dtypes.items()}, _better(result, after),
        ))
    return sweeps


def _better(before, after):
    """Whether ``after`` is no worse than ``before`` at any swept point and better at one (by verdict severity)."""
    improved = False
    for name, dtype_sweep in before.dtypes.items():
        old = np.array([Verdict(s).severity for s in dtype_sweep.samples.status.ravel()])
        new = np.array([Verdict(s).severity for s in after.dtypes[name].samples.status.ravel()])
        if np.any(new > old):
            return False
        improved = improved or bool(np.any(new < old))
    return improved
