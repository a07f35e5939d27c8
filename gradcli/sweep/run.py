"""`sweep`: one target over one or two ranges, per dtype, as intervals of inputs that fare alike.

The value and gradient at every sampled point come from one vectorised call
of the core per dtype (`vectorised`); the points the working precision gets
visibly wrong (non-finite, or far from an exact or wider reference) pick
where the checker (`gradcli.check`, the one verdict logic) looks: the ends
of every run of equally flagged points, a regular subsample, and the points
at which the program decides a branch at a tie (a switch on the grid). In one
variable, where two neighbouring checked points disagree, the threshold is
bisected with the checker down to adjacent floats of the working dtype; the
intervals per dtype cover the range without gaps. Two variables are swept as
a grid, whose classes of points become regions.
"""

from __future__ import annotations

import math
import time
from dataclasses import replace

import numpy as np

from ..checker.balls import one_clock, ran_out_of_time
from ..checker.precision import at_most_digits
from ..checker.dtypes import dtype_named
from ..checker.fixes import NOT_JUDGED
from ..checker.options import CheckOptions
from ..checker.point import differences_unread
from ..checker.ranges import MAX_POINTS, Range
from ..checker.runner import check, chosen_variables, constants_notes, narrowed_notes, runnable_dtypes
from ..checker.targets import by_returned_value, differentiating_only, held_as_data, resolve, with_tree_arguments
from ..checker.typed_integers import tensors_for_integers
from ..checker.verdict import Verdict, worse_for_a_rewrite
from ..capture import own_time
from ..capture.trees import held_key
from ..errors import InputError
from ..stack_room import roomy
from .dtype_run import DtypeRun
from .results import NOT_CHECKED, OUT_OF_TIME, FixSweep, SweepResult
from .segments import SUBSAMPLE
from .vectorised import expect_sweep


@roomy
def sweep(target, ranges, options: CheckOptions = None, *, fixed=None, progress=None, **changes) -> SweepResult:
    """Sweep one or two variables of ``target`` over ranges; return a `SweepResult` of intervals per dtype.

    ``ranges`` maps each swept variable to a `Range` or a tuple ``(lo, hi[, n[,
    scale]])``; ``fixed`` holds the variables not swept at a value each
    (``{"y": 2.0}``). ``options`` and ``changes`` are the checker's
    (`CheckOptions`): dtypes, wrt, tolerances, fixes, and ``max_time``, here
    the seconds for all the sweep's points, from the first: loading the target
    and tracing it come before (``setup_seconds`` of the result). ``progress(done, total)`` is called as
    points are checked (``total`` is an estimate that may grow).

    >>> r = sweep("exp(x)", {"x": (0, 1, 5)}, dtypes=("float64",))
    >>> [i.status for i in r.dtypes["float64"].intervals]
    ['ok']
    """
    started = time.perf_counter()
    options = replace(options or CheckOptions(), **changes)
    resolved = resolve(target, options.treat_as_variables, options.framework)
    ranges = _ranges(ranges, resolved)
    held = _held(fixed, resolved, ranges, options.wrt)
    first = {**held, **{n: r.lo for n, r in ranges.items()}}
    resolved = by_returned_value(resolved, [first], options.framework)
    # a whole number a framework's function raises on as a Python int, and takes as a float, is held as that float
    (first,), integers_noted = tensors_for_integers(resolved, [first], options.wrt, dtype_named(options.dtypes[0]))
    held = {name: first[name] for name in held}
    shown = _shown(held)  # numbers and arrays of numbers: the trees, modules and keys of --args are not printed
    given = held  # the held values as the user gave them: a fix is a target of its own, flattened again by its sweep
    resolved, held = _held_leaves(resolved, held, first, ranges, options.wrt)
    aliases = resolved.bridge.aliases if resolved.bridge is not None else {}  # a tied parameter's other names
    wrt = chosen_variables(options.wrt, resolved.variables, aliases) if options.wrt else ()
    # The bands measure the gradients of numbers (an array held is differentiated by the checks, not the bands):
    # those --wrt names, else every number; the checks judge what --wrt names, arrays held too.
    scalars = tuple(n for n in resolved.variables if n in ranges or isinstance(held.get(n), float))
    checking = replace(options, fixes=False, wrt=tuple(n for n in wrt if n in scalars) or scalars)
    result = SweepResult(resolved.text, resolved.kind, list(resolved.variables), ranges, fixed=shown,
                         framework=resolved.framework)
    checking = replace(checking, dtypes=runnable_dtypes(resolved, checking.dtypes, result.notes))
    # Once per sweep (its checks' notes are not kept): the held values as given, JAX arrays before they are numbers.
    result.notes.extend(integers_noted)
    result.notes.extend(narrowed_notes([fixed or {}], resolved.variables, checking.dtypes))
    result.notes.extend(constants_notes(resolved, checking.dtypes))
    counter = _Progress(progress, len(options.dtypes))

    def check_points(points, dtype_name):
        # The resolved target, not its text: a framework's graphs and compiled calls are captured once per sweep.
        # The intervals read the checks' verdicts and findings, never their finite differences: none are made.
        with differences_unread():
            return check(resolved, points, replace(checking, wrt=wrt or checking.wrt), dtypes=(dtype_name,))

    # A framework differentiates the variables checked alone, in the sweep's vectorised calls as in its checks.
    with differentiating_only(resolved, checking.wrt):
        expect_sweep(resolved, {**held, **{n: r.lo for n, r in ranges.items()}}, ranges, checking.dtypes)
    # --max-time is for checking points: loading the target and its framework and tracing it (seconds on a
    # loaded machine, before any point) come before its clock starts, and the result says what they took.
    begun = time.perf_counter()
    result.setup_seconds = begun - started
    # --max-time bounds the rest of the sweep, every second: every check shares this clock; --max-digits each climb.
    with one_clock(wall=True), at_most_digits(checking.max_digits), differentiating_only(resolved, checking.wrt), \
            own_time.bounding(checking.max_time):
        for dtype_name in checking.dtypes:
            run = DtypeRun(check_points, resolved, ranges, held, dtype_named(dtype_name), checking, begun, counter)
            result.dtypes[dtype_name] = run.one_d() if len(ranges) == 1 else run.two_d()
            result.notes.extend(run.notes)
        if options.fixes and any(not isinstance(v, float) for v in held.values()):
            result.notes.append("fixes are not swept with arrays or trees held (--at or --args): check a failing point to see them")
        elif options.fixes:
            result.fixes = _fix_sweeps(target, result, ranges, given, replace(checking, fixes=True), begun)
    if any(d.counts.get(OUT_OF_TIME) or d.counts.get(NOT_CHECKED) for d in result.dtypes.values()):
        result.notes.append(
            f"--max-time counted from the first point: loading {resolved.text}, its framework and tracing it took "
            f"{result.setup_seconds:.1f} s before that"
        )
    result.seconds = time.perf_counter() - started
    return result


def _ranges(ranges, resolved):
    if not isinstance(ranges, dict) or not ranges:
        raise InputError("ranges: give a dict of variable -> (lo, hi[, n[, scale]])")
    built = {}
    for name, value in ranges.items():
        leaf = resolved.kind == "function" and name.split(".")[0] in resolved.variables  # params.a of a tree held
        if name not in resolved.variables and not leaf:
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


def _held(fixed, resolved, ranges, wrt=()):
    """The values of the variables not swept (each needs one): floats, or arrays and trees (from --args) as given,
    and Python ints held as data (`targets.held_as_data`: a framework's, or outside ``wrt``) as the ints given."""
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
        value = fixed.pop(name)
        if resolved.bridge is None and isinstance(value, (list, tuple)) and _kind(value) in ("i", "u"):
            value = np.asarray(value, dtype=np.float64)  # numbers, as --at reads them (a framework's ints are data)
        if isinstance(value, dict) or (isinstance(value, (list, tuple, np.ndarray)) and np.ndim(value) > 0):
            if resolved.kind == "formula":
                raise InputError(
                    f"{name}: a formula is swept with the variables not swept each at one number (with an array it "
                    f"has a value per element); hold {name} at a number, or sweep a Python function of the array"
                )
            held[name] = value  # an array or a tree (from --at or --args), held as it is
            continue
        if isinstance(value, (int, np.integer)) and not isinstance(value, bool) and held_as_data(resolved, [name], wrt):
            held[name] = value  # data, as a check holds a Python int (`with_tree_arguments`): the user's code reads an int
            continue
        if held_key(value) is not None:
            held[name] = value  # a JAX random key: data, as in a check
            continue
        try:
            held[name] = float(value)
        except (TypeError, ValueError):
            if resolved.kind != "function" or isinstance(value, (str, bytes)):
                raise InputError(f"{name}: hold it at a number, not {value!r}") from None
            held[name] = value  # what --args gives a function (a framework's module, an object of the user's), as it is
            continue
        if not math.isfinite(held[name]):
            raise InputError(f"{name}={held[name]}: hold a variable at a finite number")
    extra = [name for name in fixed if name not in ranges]
    if extra:
        raise InputError(f"{extra[0]}: not a variable of the target ({', '.join(resolved.variables)})")
    return held


def _kind(values):
    """The NumPy kind of the array ``values`` make ("f", "i", ...), or "" where they make none (a tree, a module)."""
    try:
        return np.asarray(values).dtype.kind
    except (TypeError, ValueError):
        return ""


def _shown(held):
    """The held values a sweep's result names (its header, JSON ``fixed``, reproduce commands): numbers, and arrays
    of numbers as nested lists in full, a Python int held as data an int; trees, modules and keys (from --args) are
    left out."""
    shown = {}
    for name, value in held.items():
        if isinstance(value, float):
            shown[name] = value
        elif isinstance(value, (int, np.integer)) and not isinstance(value, bool):
            shown[name] = int(value)
        elif isinstance(value, (list, tuple, np.ndarray)) and _kind(value) in ("i", "u", "f"):
            shown[name] = np.asarray(value, dtype=np.float64).tolist()
    return shown


def _held_leaves(resolved, held, first, ranges, wrt=()):
    """The target and held values with every tree held (``params`` from --args) as named leaves, and a framework's
    Python int as data unless ``wrt`` names it.

    A sweep evaluates arrays per variable; a tree argument becomes its leaves
    (`with_tree_arguments`), each held as an array; a framework's vectorised
    call is handed the trees rebuilt from them.
    """
    if all(isinstance(v, float) for v in held.values()):
        _leaves_swept(ranges, resolved, {})
        return resolved, held
    flat, [point] = with_tree_arguments(resolved, [first], wrt)
    _leaves_swept(ranges, flat, {n: v for n, v in point.items() if n not in resolved.variables})
    return flat, {n: v if isinstance(v, float) else np.asarray(v) for n, v in point.items() if n not in ranges}


def _leaves_swept(ranges, flat, leaves):
    """InputError unless each range over a leaf of a tree held (``params.a`` of --args) names a number of it:
    ``leaves`` are the flattened trees' leaves as given."""
    for name in ranges:
        if name not in flat.variables:
            raise InputError(f"range for {name}: not a variable of the target, nor a leaf of a tree held "
                             f"({', '.join(flat.variables)})")
        if name in leaves and np.ndim(leaves[name]) != 0:
            raise InputError(f"range for {name}: a leaf of {np.shape(leaves[name])} numbers; a sweep ranges over "
                             "a leaf that is one number")


class _Progress:
    """Counts checked points for the ``progress`` callback; the total is an estimate that grows as work appears."""

    def __init__(self, callback, dtypes):
        self.callback, self.done, self.total = callback, 0, dtypes * (SUBSAMPLE + 8)

    def add(self, done=0, expected=0):
        self.done += done
        self.total = max(self.total, self.done + expected)
        if self.callback is not None:
            self.callback(self.done, self.total)


def _fix_sweeps(target, result, ranges, held, options, started):
    """The fixes the checker offers at the worst failing example of each dtype, each swept over the same ranges."""
    examples = []
    for dtype_sweep in result.dtypes.values():
        failing = [i for i in dtype_sweep.intervals if i.status != Verdict.OK and i.example]
        if failing:
            worst = max(failing, key=lambda i: (i.status.severity, i.lost_all, i.worst_bits_lost or 0))
            if worst.example not in examples:
                examples.append(worst.example)
    if not examples:
        return []
    # An example is a point of the flattened target; the fix's check takes the user's own held values (a JAX key,
    # a framework's Python int: data the flattened target holds inside itself, no variable of its points).
    examples = [{**held, **{n: example[n] for n in ranges}} for example in examples]
    report = check(target, examples, options)
    # A fix the clock cut short is not left out silently: the sweep says which, and why.
    result.notes.extend(note for note in report.notes if note.startswith(NOT_JUDGED))
    cut = [r for r in report.results if ran_out_of_time(r)]
    if cut:
        # Out of time at a failing point there is no diagnosis to draw rewrites from: no fix is offered, and
        # the sweep says that this is the clock, not the absence of a fix.
        where = ", ".join(f"{n}={v:g}" for n, v in cut[0].point.items() if isinstance(v, float))
        result.notes.append(
            f"fixes not looked for at {where} [{cut[0].dtype}]: the check there ran out of time (raise --max-time)"
        )
    sweeps = []
    for fix in report.fixes:
        left = options.max_time - (time.perf_counter() - started)
        if fix.checked is None:
            continue
        if left <= 0:
            result.notes.append(f"{fix.name}: a fix at the failing points, not swept: out of time (raise --max-time)")
            continue
        after = sweep(fix.checked, ranges, options, fixed=held, fixes=False, max_time=left)
        cut = sum(d.out_of_time for d in after.dtypes.values())
        if cut:
            result.notes.append(f"{fix.name}: swept in part, {cut} points out of time (raise --max-time), not compared")
        sweeps.append(FixSweep(
            fix.name, fix.formula, fix.code or fix.diff, {d: s.intervals for d, s in result.dtypes.items()},
            {d: s.intervals for d, s in after.dtypes.items()}, _better(result, after),
        ))
        own = _own_switches(result, after)
        if own:
            result.notes.append(
                f"{fix.name}: domain at {own}, where the original has a derivative: the rewrite's own switch (a jump "
                "or kink its spelling has there, as F.softplus's at its threshold), not counted against it")
    return sweeps


def _better(before, after):
    """Whether ``after`` is no worse than ``before`` at any swept point and better at one (by verdict severity; a
    point where the rewrite alone is domain counts for neither: `verdict.worse_for_a_rewrite`).

    A point out of time (--max-time) on either side has no verdict to compare: it counts for neither.
    """
    improved = False
    for name, dtype_sweep in before.dtypes.items():
        samples, fixed = dtype_sweep.samples, after.dtypes[name].samples
        judged = (np.asarray(samples.kind) != "out of time") & (np.asarray(fixed.kind) != "out of time")
        old = [Verdict(s) for s in np.asarray(samples.status)[judged]]
        new = [Verdict(s) for s in np.asarray(fixed.status)[judged]]
        if any(worse_for_a_rewrite(a, b) for a, b in zip(new, old)):
            return False
        improved = improved or any(a.severity < b.severity for a, b in zip(new, old))
    return improved


def _own_switches(before, after):
    """Where the rewrite's sweep alone is domain, as text ("x = 20 (float32, float64)"); "" where nowhere."""
    found = {}
    for name, dtype_sweep in before.dtypes.items():
        samples, fixed = dtype_sweep.samples, after.dtypes[name].samples
        if samples is None or fixed is None or len(samples.axes) != 1:
            continue
        (variable, axis), = samples.axes.items()
        alone = (np.asarray(fixed.status) == Verdict.DOMAIN.value) & (np.asarray(samples.status) != Verdict.DOMAIN.value)
        for x in np.asarray(axis)[alone].tolist()[:3]:
            found.setdefault(f"{variable} = {x:g}", []).append(name)
    return "; ".join(f"{where} ({', '.join(names)})" for where, names in found.items())
