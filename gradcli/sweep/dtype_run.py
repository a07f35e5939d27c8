"""The sweep of one dtype: evaluate every point at once, check where it matters, bisect, build intervals.

In one variable, a threshold between two neighbouring runs of classes is
bisected with the checker down to adjacent floats of the dtype (on the float
keys of `checker.ranges`); in two, the grid's classes become regions.
"""

from __future__ import annotations

import bisect
import time

import numpy as np

from ..capture import loop_trips
from ..capture.bridge import differentiating_the_primal
from ..capture.exact_constants import held_in
from ..checker.dtypes import DEFAULT_RTOL
from ..checker.point import held_program
from ..checker.ranges import float_keys, floats_at
from ..checker.verdict import Verdict
from .classes import cause_of, class_of, severity
from .results import KIND_ORDER, KINDS, NOT_CHECKED, NOT_REFINED, OUT_OF_TIME, DtypeSweep, Interval, Samples, Threshold
from .segments import anchors, band_segments, classes_by_band, count_points, counts_by_status, grid_choice
from .vectorised import (BAND_UNKNOWN, EachPoint, bits_and_bands, clip_to, evaluate_columns, exact_at, exact_roots,
                         reference_columns, switch_points, wider_than)


EXACT_POINTS = 4096  # a formula's exact reference at every point up to this many points (else a wider dtype's run)
MAX_CHECKED = 2000  # points the checker judges per dtype; past it changes are left unrefined, and said so
MAX_DISCOVERIES = 8  # rounds of looking for classes no sample fell in (see DtypeRun.settle)
_LOOPS_SHARE = 0.25  # of the sweep's time left, what a loop of the wider dtype's reference may run


class DtypeRun:
    """The sweep of one dtype: evaluate every point at once, check where it matters, bisect, build intervals.

    ``check_points(points, dtype name)`` is the checker, with the sweep's
    options, on the target: the one verdict logic every interval rests on.
    """

    def __init__(self, check_points, resolved, ranges, held, dtype, options, started, counter):
        self.check_points, self.resolved, self.ranges, self.held = check_points, resolved, ranges, held
        self.dtype, self.options, self.started, self.counter = dtype, options, started, counter
        self.names = list(ranges)
        self.results, self.classes, self.kinds = {}, {}, {}  # by key: PointResult, class, kind
        self.bands = {True: {}, False: {}}  # exact reference?, key -> band
        self.sampled = (np.array([], dtype=np.int64), np.array([], dtype=int), True)  # keys, bands, exact?
        self.not_refined = 0  # spans between checked floats of different classes labelled not refined
        self.ran_out = False  # the checker ran out of --max-time at a point: checking more only adds "out of time"
        self.notes, self.vectorised = [], True
        self.each_point = False  # the function runs point by point whatever is called on whole arrays (`EachPoint`)
        self.loop_noted = False  # a note says once that a loop stopped the wider dtype's reference
        self.point_share = None  # the seconds a loop of one checked point may run (`judge`)
        rtol = options.rtol if options.rtol is not None else DEFAULT_RTOL[dtype.name]
        self.rtol, self.atol = rtol, options.atol
        self.exact_roots = exact_roots(resolved, dtype)
        self.held_program = None  # `wider_program`, made when first asked for
        self.wider = wider_than(dtype)

    def time_left(self):
        return self.options.max_time - (time.perf_counter() - self.started)

    # -- evaluation: the core on whole arrays, the reference beside it
    def columns(self, swept):
        """Every variable's array for the points ``swept`` ({name: array of this dtype})."""
        shape = np.shape(next(iter(swept.values())))
        with np.errstate(over="ignore"):  # y=1e308 is inf in float32, as `gradcli grad --at` casts it
            return [
                swept[name] if name in swept else self.held_column(name, shape)
                for name in self.resolved.variables
            ]

    def held_column(self, name, shape):
        """A variable not swept, at every point: a number, or an array (from --args) repeated per point."""
        value = self.held[name]
        if isinstance(value, float):
            return np.full(shape, value, dtype=self.dtype)
        value = np.asarray(value, dtype=self.dtype)
        return np.broadcast_to(value, tuple(shape) + value.shape)

    def measure(self, swept, exact=True):
        """Value, gradients, bits lost of both and the band of each point of ``swept`` (see `reference`)."""
        args = self.columns(swept)
        values, grads, why = evaluate_columns(self.resolved, args, self.options.wrt)
        self.each_point = self.each_point or isinstance(why, EachPoint)
        if why is not None and self.vectorised:
            self.vectorised = False
            self.notes.append(f"{self.dtype.name}: {self.resolved.text} ran once per point: {why}")
        reference, label = self.reference(args, exact)
        if reference is None:
            unknown = np.full(values.shape, np.nan)
            bands = np.full(values.shape, BAND_UNKNOWN * 9)
            return values, grads, unknown, unknown, bands, ""
        ref_values, ref_grads = reference
        value_bits, value_band = bits_and_bands(values, ref_values, self.dtype, self.rtol, self.atol)
        gradient_bits, gradient_band = np.zeros(values.shape), np.zeros(values.shape, dtype=int)
        for name in grads:
            bits, band = bits_and_bands(grads[name], ref_grads[name], self.dtype, self.rtol, self.atol)
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
            exact = exact_at(self.exact_roots, self.resolved.variables, args, self.options.wrt, self.time_left())
            if exact is not None:
                return exact, "exact"
        if self.wider is None:
            return None, ""
        with np.errstate(all="ignore"):
            wide = [a.astype(self.wider) for a in args]
        # A loop replayed for all points at once runs as long as its longest point's: it may take a share of the time
        # left, the rest is the checks' that judge the points without this reference. Stopped once, it is not run
        # again point by point (`loop_trips.one_point`), where a path that cannot take the points together goes.
        loops, stopped = loop_trips.Watch(what=f"the sweep's {self.wider.name} reference",
                                          each_loop=self.time_left() * _LOOPS_SHARE), {}
        stop = None
        try:
            # a held program is a bridge's replay without its bridge
            with held_in(self.dtype), differentiating_the_primal(), loop_trips.watching(loops), loop_trips.one_point(stopped):
                values, grads, _ = reference_columns(self.wider_program(), wide, self.options.wrt, self.each_point)
        except loop_trips.LoopStopped as raised:  # a stop `stopped` may not hold: one under a watch of its own
            stop = raised
        # `stopped` holds every loop run (None for one that ended): a stop caught inside the run still spoils it
        stop = stop or next((held for _, held, *_ in stopped.values() if held is not None), None)
        if stop is not None:
            if not self.loop_noted:
                self.loop_noted = True
                self.notes.append(f"{self.dtype.name}: no {self.wider.name} reference for the points swept together "
                                  f"({stop}): the checks judge them")
            return None, ""
        return (values, grads), self.wider.name

    def switch_points(self, swept):
        """`vectorised.switch_points` at the points ``swept``: looked for one point at a time where the values ran
        so (a function whose run on the whole arrays is not its run at each point, or is not traced for them), in a
        share of the time left."""
        notes = []
        found = switch_points(self.resolved, self.columns(swept), whole_arrays=self.vectorised and not self.each_point,
                              seconds=max(self.time_left(), 0.0) * _LOOPS_SHARE, notes=notes)
        self.notes.extend(f"{self.dtype.name}: {note}" for note in notes)
        return found

    def wider_program(self):
        """The target as the checks' exact reference in this dtype runs it (`point.held_program`: the user's
        literals as this dtype holds them), read once at the sweep's first point, for the wider dtype's run."""
        if self.held_program is None:
            first = [self.held[n] if n in self.held else self.ranges[n].lo for n in self.resolved.variables]
            try:
                self.held_program = held_program(self.resolved, self.dtype, first)
            except Exception:  # noqa: BLE001 - the target raised there: the program as written, whose points say why
                self.held_program = self.resolved
        return self.held_program

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
            xs = floats_at(missing, self.dtype)
            cache.update(zip(missing, self.measure({self.names[0]: xs}, exact)[4].tolist()))
        return [cache[k] for k in keys]

    # -- the checker: the one verdict logic
    def judge(self, keys, points):
        fresh = [(k, p) for k, p in zip(keys, points) if k not in self.results]
        if not fresh:
            return
        # A loop that never ends at one point may take that point's share of the time left, not the others': no more
        # than the first points checked each had (a bisection's next point is one of many still to come).
        left = max(self.time_left(), 0.0)
        share = self.point_share = min(left / len(fresh), self.point_share or left)
        with loop_trips.each_point_sharing(share, left):
            report = self.check_points([p for _, p in fresh], self.dtype.name)
        for (key, _), point_result in zip(fresh, report.results):
            self.results[key] = point_result
            self.classes[key], self.kinds[key] = class_of(point_result)
            self.ran_out = self.ran_out or self.kinds[key] == "out of time"
        self.counter.add(len(fresh))

    def judge_keys(self, keys):
        xs = floats_at(list(keys), self.dtype)
        self.judge(list(keys), [{**self.held, self.names[0]: float(x)} for x in xs])

    # -- one variable: intervals to the last float
    def one_d(self):
        name = self.names[0]
        swept = self.ranges[name]
        with np.errstate(all="ignore"):
            xs = clip_to(swept.points(), self.dtype)
        unique_keys, where = np.unique(float_keys(xs), return_inverse=True)
        where = where.ravel()
        points = {name: floats_at(unique_keys, self.dtype)}
        values, grads, value_bits, gradient_bits, bands, label = self.measure(points)
        self.sampled = (unique_keys, bands, label == "exact")
        segments = band_segments(bands)
        # A switch on a sampled point (a schedule's t < 10 at t = 10) leaves no change of band to anchor: checked too.
        chosen = sorted(set(anchors(segments, len(bands))) | set(self.switch_points(points)))
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
        if self.not_refined:
            self.notes.append(
                f"{self.dtype.name}: {self.not_refined} span(s) between checked floats of different classes not refined "
                "(a class no sample fell in, found when the sweep had stopped refining: its rounds or --max-time ran out): each is labelled "
                "'not refined' with the worst verdict checked in it, never its neighbour's; a narrower --range refines it"
            )
        held_by = self.per_key(out.intervals, unique_keys)[where]
        status = np.array([str(i.status) for i in out.intervals], dtype=object)[held_by]
        kind = np.array([i.kind or "" for i in out.intervals], dtype=object)[held_by]
        out.counts = counts_by_status(out.intervals, held_by, np.isin(unique_keys, list(self.results))[where])
        count_points(out.intervals, held_by)
        out.out_of_time = self.timed_out(out.counts)
        out.samples = Samples(
            {name: swept.points()}, values[where], {n: g[where] for n, g in grads.items()},
            value_bits[where], gradient_bits[where], status, kind, label,
        )
        return out

    def timed_out(self, counts):
        """The checked points out of time; a note when sampled points have no verdict for it."""
        timed_out = sum(1 for kind in self.kinds.values() if kind == "out of time")
        if counts.get(OUT_OF_TIME) or counts.get(NOT_CHECKED):
            finished = len(self.kinds) - timed_out
            self.notes.append(
                f"{self.dtype.name}: --max-time ran out with {finished} of {len(self.kinds)} checked points finished: "
                f"{counts.get(OUT_OF_TIME, 0) + counts.get(NOT_CHECKED, 0)} sampled points have no verdict "
                f"({counts.get(OUT_OF_TIME, 0)} out of time, {counts.get(NOT_CHECKED, 0)} not checked; raise --max-time)"
            )
        return timed_out

    def unit_class(self, unit):
        """A unit's class: its anchor's, or a mixed segment's worst among the anchors that finished in time."""
        keys, mixed = unit
        classes = [self.classes[k] for k in keys]
        if not mixed:
            return classes[0]
        finished = [c for k, c in zip(keys, classes) if self.kinds[k] != "out of time"]
        return max(finished or classes, key=severity)

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
            if self.ran_out or self.time_left() <= 0 or len(self.results) >= MAX_CHECKED:
                why = "--max-time ran out" if self.ran_out or self.time_left() <= 0 else f"{MAX_CHECKED} points were checked"
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
        """Move a bracket's ends to the change of class nearest its kept end (``checked``: the sorted checked keys).

        A point out of time has no class: the bracket stays around it, what it
        holds is said to be out of time, and the points either side keep theirs.
        """
        a, b, keep = bracket[:3]
        inside = checked[bisect.bisect_left(checked, a) : bisect.bisect_right(checked, b)]
        inside = [k for k in inside if k in (a, b) or self.kinds[k] != "out of time"]
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
        for i, (run_class, units) in enumerate(runs):
            bracket = brackets[i] if i < len(brackets) else None
            end = bracket[0] if bracket is not None else None
            intervals.extend(self.run_intervals(run_class, units, start, end, swept, checked))
            if bracket is None:
                break
            left, right = bracket[:2]
            if right - left > 1:  # time ran out: what lies between is not known, and says so
                lo, hi = (float(x) for x in floats_at([left + 1, right - 1], self.dtype))
                intervals.append(Interval(name, lo, hi, Verdict.ERROR, "out of time", mixed=True))
            else:
                thresholds.append((len(intervals) - 1, left, right))
            start = right
        return intervals, [self.threshold(intervals, *found) for found in thresholds]

    def threshold(self, intervals, index, left, right):
        """The threshold between ``intervals[index]`` and the next, at the adjacent floats ``left`` and ``right``.

        A side that is a span not refined says what its float itself is.
        """
        before, after = intervals[index], intervals[index + 1]
        failing = right if (after.status.severity, after.lost_all) >= (before.status.severity, before.lost_all) else left
        cause = cause_of(self.results[failing], self.classes[failing], self.kinds[failing])
        at, nxt = (float(x) for x in floats_at([left, right], self.dtype))
        sides = [
            (self.classes[key][0], self.kinds[key]) if side.kind == NOT_REFINED else (side.status, side.kind)
            for side, key in ((before, left), (after, right))
        ]
        (_, _, parts_at, lost_at), (_, _, parts_next, lost_next) = self.classes[left], self.classes[right]
        return Threshold(
            self.names[0], at, nxt, sides[0][0], sides[1][0], cause, sides[0][1], sides[1][1],
            parts_at, parts_next, lost_at, lost_next,
        )

    def run_intervals(self, run_class, units, start, end, swept, checked):
        """A run's interval, and a span not refined at either end that a float of another class bounds.

        A run starts (ends) at a bracket's float, which may be of a class that
        no sample fell in, found too late to be refined (MAX_DISCOVERIES, or
        the clock): the run's class holds only from its first (to its last)
        checked float of its own, so what lies before is labelled not refined
        with the worst verdict checked there, never the run's.
        """
        members = {self.classes[k] for keys, _ in units for k in keys}
        lo_key = checked[0] if start is None else start
        hi_key = checked[-1] if end is None else end
        own = [k for k in checked[bisect.bisect_left(checked, lo_key) : bisect.bisect_right(checked, hi_key)] if self.classes[k] in members]
        first = start if start is None or start == own[0] else own[0]
        last = end if end is None or end == own[-1] else own[-1]
        out = [self.unrefined(start, first - 1, checked)] if first != start else []
        out.append(self.interval(run_class, first, last, swept, checked))
        if last != end:
            out.append(self.unrefined(last + 1, end, checked))
            self.not_refined += 1
        self.not_refined += first != start
        return out

    def unrefined(self, lo_key, hi_key, checked):
        """The span from ``lo_key`` to ``hi_key`` between checked floats of different classes, not refined."""
        inside = checked[bisect.bisect_left(checked, lo_key) : bisect.bisect_right(checked, hi_key)]
        status = Verdict.worst(*(self.classes[k][0] for k in inside))
        kind, example = self.named(inside)
        point_class = self.classes[next(k for k in inside if self.results[k] is example)]
        cause = cause_of(example, point_class, kind)
        bits = [self.results[k].bits_lost for k in inside if self.results[k].bits_lost is not None]
        lo, hi = (float(x) for x in floats_at([lo_key, hi_key], self.dtype))
        return Interval(
            self.names[0], lo, hi, status, NOT_REFINED, max(bits) if bits else None, dict(example.point), point_class[2],
            cause.op if cause is not None else None, point_class[3], mixed=True,  # not refined: its floats are unknown
        )

    def interval(self, point_class, start, end, swept, checked):
        """The interval of one run, from the key ``start`` to ``end`` (None: the range's ends)."""
        status, _, parts, lost_all = point_class
        lo_key = checked[0] if start is None else start
        hi_key = checked[-1] if end is None else end
        inside = checked[bisect.bisect_left(checked, lo_key) : bisect.bisect_right(checked, hi_key)]
        alike = [k for k in inside if self.classes[k] == point_class]
        kind, example = self.named(alike)
        bits = [self.results[k].bits_lost for k in alike if self.results[k].bits_lost is not None]
        cause = cause_of(example, point_class, kind)
        lo = swept.lo if start is None else float(floats_at([start], self.dtype)[0])
        hi = swept.hi if end is None else float(floats_at([end], self.dtype)[0])
        return Interval(
            self.names[0], lo, hi, status, kind, max(bits) if bits else None, dict(example.point), parts,
            cause.op if cause is not None else None, lost_all, mixed=_fare_otherwise(self.classes[k] for k in inside),
            error=_said_at(example, kind, cause),
        )

    def named(self, keys):
        """The commonest kind among checked ``keys`` (the more specific on a tie) and its example, the point
        of that kind that lost the most bits (on a tie, one whose finding names the user's line: a replay that
        found no step of its own to blame names a whole jitted function, where its neighbours name the op)."""
        counts = {}
        for key in keys:
            counts[self.kinds[key]] = counts.get(self.kinds[key], 0) + 1
        kind = max(counts, key=lambda k: (counts[k], -KIND_ORDER.get(k, len(KINDS))))

        def rank(key):
            result = self.results[key]
            cause = cause_of(result, self.classes[key], kind)
            return result.bits_lost if result.bits_lost is not None else -1, cause is not None and cause.location is not None

        return kind, self.results[max((k for k in keys if self.kinds[k] == kind), key=rank)]

    def per_key(self, intervals, keys):
        """For every key, the index of the interval holding it."""
        highs = float_keys(np.array([i.hi for i in intervals[:-1]], dtype=np.float64).astype(self.dtype))
        return np.searchsorted(highs, keys, side="left")

    # -- two variables: a verdict map
    def two_d(self):
        first, second = self.names
        axes = {n: self.ranges[n].points() for n in self.names}
        with np.errstate(all="ignore"):
            grid = np.meshgrid(clip_to(axes[first], self.dtype), clip_to(axes[second], self.dtype), indexing="ij")
        shape = grid[0].shape
        swept = {first: grid[0].ravel(), second: grid[1].ravel()}
        values, grads, value_bits, gradient_bits, bands, label = self.measure(swept)
        chosen = sorted(set(grid_choice(bands, shape)) | set(self.switch_points(swept)))  # as in one_d
        self.counter.add(expected=len(chosen))
        self.judge(chosen, [{**self.held, first: float(swept[first][i]), second: float(swept[second][i])} for i in chosen])
        classes, held_by = classes_by_band(bands, self.classes)
        out = DtypeSweep(self.dtype.name, int(bands.size), checked=len(self.results), vectorised=self.vectorised)
        out.intervals = self.regions(classes, held_by, swept)
        status = np.array([str(i.status) for i in out.intervals], dtype=object)[held_by]
        kind = np.array([i.kind or "" for i in out.intervals], dtype=object)[held_by]
        out.counts = counts_by_status(out.intervals, held_by, np.isin(np.arange(bands.size), list(self.results)))
        count_points(out.intervals, held_by)
        out.out_of_time = self.timed_out(out.counts)
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
            cause = cause_of(example, point_class, kind)
            mixed = any(held_by[k] != index for k, c in self.classes.items() if c == point_class)
            out.append(Interval(
                first, box[first][0], box[first][1], status, kind, max(bits) if bits else None,
                dict(example.point), parts, cause.op if cause is not None else None, lost_all, box, mixed,
                _said_at(example, kind, cause),
            ))
        return out


def _said_at(example, kind, cause):
    """An interval's ``error``: what the target raised at ``example`` (kind "raised"), or the check's finding there
    where the framework has no derivative for an op (kind "no derivative", its ``cause``), with its line; else None."""
    if kind == "raised":
        return example.error
    if kind == "no derivative" and cause is not None:
        return cause.message + (f" (at {cause.location})" if cause.location else "")
    return None


def _fare_otherwise(classes):
    """Whether points of these classes differ in what an interval's row shows: verdict, kind or failing parts.

    Whether a part keeps a correct bit alternates float by float along an
    unstable stretch; the row shows that as its range of bits lost, so it
    does not make the interval mixed.
    """
    return len({point_class[:3] for point_class in classes}) > 1
