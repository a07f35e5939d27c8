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

import math
from dataclasses import dataclass, field, replace
from typing import Optional

import numpy as np

from ..errors import InputError
from .dtypes import DEFAULT_RTOL, dtype_of, finfo
from .options import CheckOptions
from .targets import resolve
from .verdict import Verdict

SCALES = ("linear", "log", "symlog", "float")
DEFAULT_N = 101
MAX_POINTS = 10**7  # above this a sweep is refused (memory and time), not truncated
SUBSAMPLE = 16  # checked points spread over the range, besides the ends of each flagged run


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
    if scale == "linear":
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


# Floats in order as integers: a float's key is its bit pattern for +, minus its magnitude's for -.
def _keys(values):
    values = np.asarray(values)
    bits = values.view(np.dtype(f"u{values.dtype.itemsize}")).astype(np.uint64).astype(object)
    sign = 1 << (8 * values.dtype.itemsize - 1)
    return np.array([-(b & (sign - 1)) if b & sign else b for b in bits], dtype=object)


def _floats(first_key, offsets, dtype):
    """The floats of ``dtype`` whose keys are ``first_key + offsets``."""
    sign = 1 << (8 * dtype.itemsize - 1)
    keys = [int(first_key) + int(o) for o in offsets]
    bits = np.array([k if k >= 0 else (-k) | sign for k in keys], dtype=np.uint64)
    return bits.astype(np.dtype(f"u{dtype.itemsize}")).view(dtype).astype(np.float64)


def _float_at(key, dtype):
    return _floats(key, [0], dtype)[0]


# What broke in an interval, in the words of issue 15 (the checker's findings, classified by `kind_of`).
KINDS = ("nan", "inf", "overflow", "underflow", "cancellation", "inaccurate", "wrong rule", "kink", "out of time")
PARTS = ("value", "gradient")


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

    def _repr_html_(self):  # Jupyter shows a sweep as the audit's HTML view draws it
        from ..audit.views.html import notebook
        return notebook(self)


def sweep(target, ranges, options: CheckOptions = None, **changes) -> SweepResult:
    """Sweep one variable of ``target`` over a range; return a `SweepResult` of intervals per dtype.

    ``ranges`` maps the variable to a `Range` or a tuple ``(lo, hi[, n[, scale]])``;
    ``options`` and ``changes`` are the checker's (`CheckOptions`): dtypes,
    tolerances, the time budget of each check. Fixes are not looked for yet.

    >>> r = sweep("exp(x)", {"x": (0, 1, 5)}, dtypes=("float64",))
    >>> [i.status for i in r.dtypes["float64"].intervals]
    ['ok']
    """
    options = replace(options or CheckOptions(), **changes)
    checking = replace(options, fixes=False)
    resolved = resolve(target, options.treat_as_variables)
    ranges = _ranges(ranges, resolved)
    (name, swept), = ranges.items()
    result = SweepResult(resolved.text, resolved.kind, list(resolved.variables), ranges)
    points = swept.points()
    for dtype_name in options.dtypes:
        dtype = dtype_of(dtype_name)
        result.dtypes[dtype_name] = _sweep_dtype(target, resolved, name, swept, points, dtype, checking, result.notes)
    return result


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
    if len(built) > 1:
        raise InputError("a sweep of two variables (a 2-D grid) is not supported yet: sweep one variable")
    if len(resolved.variables) > 1:
        raise InputError(
            f"{resolved.text} has the variables {', '.join(resolved.variables)}; a 1-D sweep needs a "
            "target of one variable"
        )
    return built


def _sweep_dtype(target, resolved, name, swept, points, dtype, options, notes):
    from .runner import check

    with np.errstate(all="ignore"):
        xs = points.astype(dtype)
    keys = _keys(xs)
    unique_keys, where = np.unique(keys, return_inverse=True)
    xs = np.array([_float_at(k, dtype) for k in unique_keys]).astype(dtype)
    values, grads, vectorised = _evaluate(resolved, xs)
    if not vectorised:
        notes.append(
            f"{dtype.name}: {resolved.text} is not elementwise on arrays, so it ran once per point"
        )
    flags = _flags(resolved, xs, values, grads, dtype, options)
    chosen = _to_check(flags)

    verdicts = {}  # key -> PointResult

    def judge(indices_or_keys, are_keys=False):
        ks = [k for k in indices_or_keys if k not in verdicts] if are_keys else None
        if not are_keys:
            ks = [unique_keys[i] for i in indices_or_keys if unique_keys[i] not in verdicts]
        if not ks:
            return
        pts = [{name: float(_float_at(k, dtype))} for k in ks]
        report = check(target, pts, options, dtypes=(dtype.name,))
        for k, r in zip(ks, report.results):
            verdicts[k] = r

    judge(chosen)
    ordered = sorted(verdicts)
    for a, b in zip(ordered, ordered[1:]):
        _bisect(a, b, verdicts, judge)
    return _build(name, swept, dtype, verdicts, unique_keys, where, vectorised)


def _bisect(a, b, verdicts, judge):
    """Check floats between keys ``a`` and ``b`` until each change of verdict is between adjacent floats."""
    pending = [(a, b)]
    while pending:
        a, b = pending.pop()
        if verdicts[a].status == verdicts[b].status or b - a <= 1:
            continue
        mid = (a + b) // 2
        judge([mid], are_keys=True)
        pending += [(a, mid), (mid, b)]


def _build(name, swept, dtype, verdicts, unique_keys, where, vectorised):
    ordered = sorted(verdicts)
    groups = [[ordered[0]]]
    for key in ordered[1:]:
        if verdicts[key].status == verdicts[groups[-1][-1]].status:
            groups[-1].append(key)
        else:
            groups.append([key])
    out = DtypeSweep(dtype.name, int(len(where)), checked=len(verdicts), vectorised=vectorised)
    for i, group in enumerate(groups):
        results = [verdicts[k] for k in group]
        lo = swept.lo if i == 0 else float(_float_at(group[0], dtype))
        hi = swept.hi if i == len(groups) - 1 else float(_float_at(group[-1], dtype))
        bits = [r.bits_lost for r in results if r.bits_lost is not None]
        example = max(results, key=lambda r: r.bits_lost if r.bits_lost is not None else -1)
        kind = example.findings[0].kind if example.findings and example.status != Verdict.OK else None
        out.intervals.append(
            Interval(name, lo, hi, results[0].status, kind, max(bits) if bits else None, dict(example.point))
        )
        if i:
            before, after = verdicts[groups[i - 1][-1]], results[0]
            failing = after if after.status.severity >= before.status.severity else before
            finding = failing.findings[0] if failing.findings else None
            out.thresholds.append(
                Threshold(name, float(_float_at(groups[i - 1][-1], dtype)), lo, before.status, after.status, finding)
            )
    # Every sampled point has the verdict of the interval holding it (ends compared as keys of the dtype).
    ends = np.array([group[-1] for group in groups], dtype=object)
    statuses = [verdicts[g[0]].status for g in groups]
    per_key = [statuses[int(np.searchsorted(ends, k))] for k in unique_keys]
    counts = {}
    for index in where.ravel():
        counts[per_key[index]] = counts.get(per_key[index], 0) + 1
    out.counts = {s: counts[s] for s in Verdict if s in counts}
    return out


def _evaluate(resolved, xs):
    """Value and gradient at every point of ``xs``: one call of the core if the target is elementwise, else a loop."""
    from ..autodiff.transforms import vjp

    try:
        with np.errstate(all="ignore"):
            out, pullback = vjp(resolved.function, xs)
            values = np.asarray(out)
            (grads,) = pullback(np.ones_like(values))
            grads = np.asarray(grads)
        if values.shape == xs.shape and grads.shape == xs.shape and _elementwise(resolved, xs, values, grads):
            return values.astype(xs.dtype), grads.astype(xs.dtype), True
    except Exception:  # noqa: BLE001 - not array-friendly: the loop below decides per point
        pass
    values, grads = np.empty_like(xs), np.empty_like(xs)
    for i, x in enumerate(xs):
        values[i], grads[i] = _one(resolved, x)
    return values, grads, False


def _one(resolved, x):
    from ..autodiff.transforms import value_and_grad

    try:
        with np.errstate(all="ignore"):
            value, grad = value_and_grad(resolved.function)(x)
        return value, grad
    except Exception:  # noqa: BLE001 - the checker gives this point its verdict (error)
        return np.nan, np.nan


def _elementwise(resolved, xs, values, grads):
    """Whether a Python function's array run agrees with its runs at single points (formulas always do)."""
    if resolved.kind == "formula":
        return True
    rtol = math.sqrt(float(finfo(xs.dtype).eps))
    for i in sorted({0, len(xs) // 2, len(xs) - 1}):
        value, grad = _one(resolved, xs[i])
        if np.shape(value) != () or not np.allclose(
            [float(value), float(grad)], [float(values[i]), float(grads[i])], rtol=rtol, atol=0, equal_nan=True
        ):
            return False
    return True


def _wider(dtype):
    """A dtype wider than ``dtype`` to compare with, or None (float64 where longdouble is no wider)."""
    if dtype.itemsize < 8:
        return np.dtype(np.float64)
    if np.finfo(np.longdouble).nmant > np.finfo(dtype).nmant:
        return np.dtype(np.longdouble)
    return None


def _flags(resolved, xs, values, grads, dtype, options):
    """Per point, what the vectorised run shows: bit 1 value non-finite, 2 gradient non-finite, 4 far from a wider dtype."""
    flags = (~np.isfinite(values)).astype(int) | 2 * (~np.isfinite(grads)).astype(int)
    wider = _wider(dtype)
    if wider is None:
        return flags
    wide_values, wide_grads, _ = _evaluate(resolved, xs.astype(wider))
    rtol = options.rtol if options.rtol is not None else DEFAULT_RTOL[dtype.name]
    with np.errstate(all="ignore"):
        for computed, wide in ((values, wide_values), (grads, wide_grads)):
            far = ~np.isclose(computed.astype(wider), wide, rtol=rtol, atol=options.atol, equal_nan=True)
            flags |= 4 * far.astype(int)
    return flags


def _to_check(flags):
    """The points the checker judges: both ends of every run of equal flags, and a regular subsample."""
    n = len(flags)
    chosen = {0, n - 1}
    chosen.update(np.linspace(0, n - 1, min(n, SUBSAMPLE)).round().astype(int).tolist())
    changes = np.flatnonzero(flags[1:] != flags[:-1])
    chosen.update(changes.tolist())
    chosen.update((changes + 1).tolist())
    return sorted(chosen)
