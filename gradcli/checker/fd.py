"""Finite differences in float64, whatever the working dtype, with an honest error estimate.

Central differences, Richardson-extrapolated (two step sizes; their difference
is the truncation error); complex-step where the function is analytic; and,
above `DIRECTIONAL_ABOVE` inputs, one derivative along a random direction (two
evaluations instead of 2n). When the differences themselves are unreliable
(NaN, overflow, a large error estimate, complex-step and central differences
disagreeing) the result says so and why, rather than blaming the gradient.

Neither method can undo rounding inside the function: complex-step carries
the forward pass's cancellation into the imaginary part, and a central
difference divides the function's rounding error by the step. So when the
target also runs on mpmath numbers (``mp_function``), the float64 evaluations
nearer the point (a central difference's two at x +- h/2, which carry most of
its weight; those at x +- h take their side's) are replayed at 53 bits with
their ops rounding down and up (as the exact reference measures its own
noise), and the spread counts in the error; up to
`REPLAY_COORDINATES` inputs. Above that (per coordinate or along the random
direction) the replay would cost more than the whole check, and a value is
taken to carry sqrt(n) roundings of its size instead. A replay only raises an
error estimate, so a central difference's replay runs only where its error is
read: not where a complex step agrees with it within its error without the
replay (`_Central`).
"""

from __future__ import annotations

import cmath
import contextlib
import math
import threading
import time
from dataclasses import dataclass, field

import numpy as np

from ..autodiff import mp as mp_core
from ..autodiff.ops import raw
from ..capture import loop_trips, own_time
from .precision import exact_arguments, flat_entries, random_direction, with_noise

DIRECTIONAL_ABOVE = 64
RELIABLE_RELATIVE_ERROR = 1e-6
# Complex steps relative to min(1, |x|): far below any scale of the function (no truncation
# error), far above underflow (Im f = h f'(x) stays a normal number); the second, 1e20
# smaller, exposes a point where the function is not analytic (sqrt at 0).
COMPLEX_STEPS = (1e-100, 1e-120)
# Complex-step and central differences disagree when they are further apart than this
# many times their error estimates put together (the estimates are not bounds).
DISAGREE_FACTOR = 4
FLOAT64_BITS = 53
REPLAY_COORDINATES = 16  # above this, per coordinate, the rounding inside the function is not replayed
_EPS = np.finfo(np.float64).eps  # float64's eps, a NumPy float64
_STEP = _EPS ** (1 / 3)  # a central difference's step, relative to max(1, |x|)
# A loop at a step may take this many times the trips it takes at the point, and this many more: a Newton iteration
# converging from another start differs by a few trips, one that never ends at the step (a cube root of a - h < 0
# whose stopping rule |x^3 - a| <= 1e-12 a no number meets) runs on.
LOOP_TRIPS_FACTOR, LOOP_TRIPS_SLACK = 10, 1000
# A call at a step may take this many times the call at the point, and at least these seconds, before it is stopped
# (`_BoundedCalls`).
STEP_TIME_FACTOR, STEP_SECONDS = 20, 2.0

_NONFINITE = "a difference is NaN or infinite (the function overflows or leaves its domain nearby)"
_CENTRAL = "the error estimate is large (the two step sizes disagree, or rounding swamps the difference)"
_NOT_ANALYTIC = "complex steps of two sizes disagree (the function is not analytic here)"
# Steps are at least 1e-180 wide: at x = 1e-300 they reach past 0, where log or 1/x is singular, though x is not.
_STEP_PAST_ZERO = (
    "complex steps of two sizes disagree (they are wider than the point's distance from 0, where the function may "
    "not be analytic)"
)
_CANCELLATION = (
    "the function's own rounding error swamps its derivative (it cancels digits inside, and "
    "complex-step inherits that)"
)


@dataclass
class Differences:
    """Finite-difference derivatives: per variable, or along one direction."""

    gradient: list = field(default_factory=list)  # one per variable (arrays for arrays), or []
    error: list = field(default_factory=list)  # error estimate, same layout
    method: str = "central-richardson"
    direction: object = None
    directional: float = None
    directional_error: float = None
    reliable: bool = True
    note: str = ""


def _call(function, args):
    with np.errstate(all="ignore"):
        return function(*args)


def _scalar(value):
    kind = type(value)
    if kind is float:  # the common answers: as below, without the lookups
        return value
    if kind is np.complex128:
        return complex(value)
    value = raw(value)
    return complex(value) if np.iscomplexobj(value) else float(value)


def _along(base, i, index):
    """``t -> base`` with coordinate ``index`` of argument ``i`` replaced by ``t`` (a fresh copy)."""

    array = type(base[i]) is not float and bool(np.ndim(base[i]))  # a formula's point: floats, no NumPy call

    def shifted(t):
        out = list(base)
        if array:
            copy = np.array(base[i])
            copy[index] = t
            out[i] = copy
        else:
            out[i] = t
        return out

    return shifted


def _coordinates(args, stepped=None):
    """Every (argument, index, value) of the inputs, in order (index () for scalars); with ``stepped`` (argument
    positions), those of the arguments it names alone."""
    if all(type(a) is float for a in args):  # a formula's point: as below, without the arrays
        return [(i, (), a) for i, a in enumerate(args) if stepped is None or i in stepped]
    coordinates = _array_coordinates(args)
    return coordinates if stepped is None else [c for c in coordinates if c[0] in stepped]


def _array_coordinates(args):
    for i, a in enumerate(args):
        for index in np.ndindex(np.shape(a)):
            yield i, index, float(np.asarray(a)[index])


def _layout(args, flat, stepped=None):
    """Flat per-coordinate numbers back in the shape of ``args`` (floats for scalars); with ``stepped``, ``flat`` holds
    the stepped arguments' coordinates alone, and each argument held is 0 throughout (never differenced)."""
    if stepped is not None:
        numbers = iter(flat)
        flat = [next(numbers) if i in stepped else 0.0 for i, a in enumerate(args) for _ in range(int(np.size(a)))]
    if all(type(a) is float for a in args):  # a formula's point: one float per argument, as below
        return [v if type(v) is float else float(np.array([v], dtype=np.float64)[0]) for v in flat]
    out, position = [], 0
    for a in args:
        n = int(np.size(a))
        chunk = np.array(flat[position : position + n], dtype=np.float64)
        out.append(chunk.reshape(np.shape(a)) if np.ndim(a) else float(chunk[0]))
        position += n
    return out


def _noise_of(run):
    """The rounding noise of ``run()`` (one mpmath number) replayed at float64's 53 bits; 0 when unknown."""
    import mpmath

    mp_core.enable()
    try:
        with mpmath.workprec(FLOAT64_BITS), np.errstate(all="ignore"):
            _, (noise,) = with_noise(run)
    except Exception:  # noqa: BLE001 - no mpmath replay: the float64 estimates stand alone
        return 0.0
    noise = float(noise)
    return noise if np.isfinite(noise) else 0.0


def _mp_number(value):
    (number,) = flat_entries(value)
    return number


def _noises_at(g_mp, points, elementwise):
    """`_noise_of` ``g_mp`` at each of ``points``: for an elementwise ``g_mp``, all in one replay.

    One replay of an object array of the points runs each op once for all of
    them, its rounding flipped between ops as in the replay of one point, so
    every entry is rounded as its own replay would round it: the same noises,
    for a quarter of the passes through the core. Where the batch raises, each
    point is replayed on its own, as without a batch; where an entry's noise is
    unknown (a point where the function raises when rounded one way), that
    point alone, the others' noises kept.
    Past the check's --max-time a point is not replayed (`_time_left`).
    """
    import mpmath

    if not _time_left():
        return [0.0] * len(points)
    if elementwise:
        with mpmath.workprec(FLOAT64_BITS):
            at = [mpmath.mpf(t) for t in points]  # exact (float64 numbers), made once for the three runs

        def batch():
            values = g_mp(np.array(at, dtype=object))
            if not (isinstance(values, np.ndarray) and values.shape == (len(points),)):
                raise ValueError("not one value per point")
            return values

        batched = _entry_noises(batch, len(points))
        if batched is not None:
            return [noise if noise is not None else _noise_replayed_alone(g_mp, t) for t, noise in zip(points, batched)]
    return [_noise_replayed_alone(g_mp, t) for t in points]


def _noise_replayed_alone(g_mp, t):
    """`_noise_of` ``g_mp`` at the point ``t``, replayed on its own (0 past the check's --max-time)."""
    import mpmath  # lazy: mpmath is heavy; only the rounding replays of a difference need it

    return _noise_of(lambda: _mp_number(g_mp(mpmath.mpf(t)))) if _time_left() else 0.0


def _time_left():
    """Whether the check's --max-time leaves time for a replay of rounding noise (the watch over the differences'
    loops holds its deadline): past it, each value's noise is its floor, eps |value|, as without a replay, so a
    check out of time stops spending here too (its exact reference, out of time, says so)."""
    watch = loop_trips.watch_in_force()
    left = None if watch is None else watch.left()
    return left is None or left > 0


def _entry_noises(run, n):
    """The rounding noise of each of the ``n`` entries of ``run()`` (None for an entry whose noise is not finite);
    None where the run raises or gives another number of entries."""
    import mpmath

    mp_core.enable()
    try:
        with mpmath.workprec(FLOAT64_BITS), np.errstate(all="ignore"):
            _, noises = with_noise(run)
    except Exception:  # noqa: BLE001 - replayed point by point instead
        return None
    if len(noises) != n:
        return None
    noises = [float(noise) for noise in noises]
    return [noise if np.isfinite(noise) else None for noise in noises]


def richardson(g, x, h, g_mp=None, terms=1, elementwise=False):
    """Central difference of g at x with steps h and h/2, extrapolated; (estimate, error).

    The error is the larger of the truncation error (how far extrapolation
    moved the estimate) and the rounding error: each value of g carries about
    eps*|g| of it (two step sizes can agree exactly while both are off by
    rounding: x**3 at x = -250), or more where g cancels digits inside, as
    replaying g on mpmath numbers (``g_mp``) shows; the division by the step
    magnifies it. The two values at x +- h/2 are replayed, each on its own
    (replaying the whole difference would round its values alike, and their
    errors cancel); each value at x +- h, weighing an eighth as much in the
    extrapolation, takes the noise of the value beside it on its side, a
    point no rounder than its own (`_Central`).
    Without a replay, a function of ``terms`` inputs is taken to carry
    sqrt(terms) roundings of its size (a sum's rounding errors add up so).
    ``elementwise``: ``g_mp`` maps an array of points to the array of its
    values (a formula), so the replays run as one (`_noises_at`).
    """
    with np.errstate(all="ignore"):  # inf - inf near an overflow is reported, not warned about
        central = _Central(g, x, h, g_mp, terms, elementwise)
    return central.estimate, central.error()


class _Central:
    """One coordinate's Richardson difference: its four values now, its rounding replay when asked.

    The replay runs the two values at x +- h/2 (each three times on mpmath
    numbers, `with_noise`), which weigh 8/3 / h each in the extrapolation,
    and the values at x +- h, 1/3 / h each, take their side's replayed noise:
    a step is as far from a round number as the other, so one shows the
    cancellation the other would (1e10 + x is exact at x = 0.5, at neither
    step), and replaying all four costs twice as much for an estimate within
    an eighth of this one where near and far values are alike in noise. The
    replay costs several times the four evaluations, and only raises the
    error estimate (each value's noise is the larger of its replay's and
    eps*|value|), so `error_without_replay` is a lower bound of `error`: where
    that bound already decides an answer (a complex step agreeing with this
    difference), the replay would change nothing and is not run.
    """

    def __init__(self, g, x, h, g_mp=None, terms=1, elementwise=False):
        self.h, self.g_mp, self.elementwise = h, g_mp, elementwise
        self.points = (x + h, x - h, x + h / 2, x - h / 2)
        # Made inside np.errstate(all="ignore") (`richardson`, `differences`): inf - inf near an overflow is
        # reported, not warned about.
        self.values = [_scalar(g(t)) for t in self.points]
        d1 = (self.values[0] - self.values[1]) / (2 * h)
        self.d2 = (self.values[2] - self.values[3]) / h
        self.estimate = (4 * self.d2 - d1) / 3
        eps, root = _EPS, np.sqrt(terms)
        self.floors = [eps * abs(v) * root for v in self.values]
        self._error = None

    def error_without_replay(self):
        """The error estimate with each value's noise at its floor, eps*|value|: at most `error`."""
        return self._error_with(self.floors)

    def replays(self):
        """Whether `error` replays values (where there is an mpmath function and a finite estimate)."""
        return self.g_mp is not None and bool(np.isfinite(self.estimate))

    def error(self):
        """The error estimate, each value's noise raised to its replay's where there is one (made once)."""
        if self._error is None:
            noises = self.floors
            if self.replays():
                self.replayed(_noises_at(self.g_mp, self.replayed_points(), self.elementwise))
            else:
                self._error = self._error_with(noises)
        return self._error

    def replayed_points(self):
        """The points whose values the replay runs: x + h/2 and x - h/2."""
        return self.points[2:]

    def replayed(self, replayed):
        """Set the error from the replayed noises of the values at `replayed_points` (as `error` would replay them):
        each far value's noise is its side's near one."""
        up, down = replayed
        self._error = self._error_with([max(n, noise) for n, noise in zip(self.floors, (up, down, up, down))])

    def _error_with(self, noises):
        eps = _EPS
        h, estimate = self.h, self.estimate
        # (4*d2 - d1)/3 weighs the near values' rounding by 4/3 / (2*h2) each, the far ones' by 1/3 / (2*h).
        rounding = 4 / 3 * max(noises[2:]) / (h / 2) + 1 / 3 * max(noises[:2]) / h
        return max(abs(estimate - self.d2), rounding + eps * abs(estimate))


def differences(function, args, analytic=False, full=False, seed=0, mp_function=None, elementwise=False,
                max_time=None, stepped=None, own_python=False) -> Differences:
    """Derivatives of the scalar ``function`` at ``args`` (float64 copies are used).

    ``stepped``: the positions of the arguments differenced (those a check asks the gradient in), None for every one;
    the others are data the function is given, held at their values (their entries 0, never stepped, so a step of
    them off their domain makes no difference unreliable).

    ``mp_function``, the same function on mpmath numbers, lets the error
    estimates count the rounding inside the function (see the module notes);
    ``elementwise`` says it maps arrays entry by entry (a formula), so its
    replays at a point's steps run as one. A loop the function replays
    is bounded by ``max_time`` seconds (None: no bound) and by its trips at
    the point (`_bounding_loops`); with ``own_python`` (a function no bridge replays, its loops Python's own), each
    call is bounded by time too (`_BoundedCalls`).
    """
    args = [np.asarray(a, dtype=np.float64) if np.ndim(a) else float(a) for a in args]
    stepped = None if stepped is None or len(stepped) == len(args) else frozenset(stepped)
    total = sum(np.size(a) for i, a in enumerate(args) if stepped is None or i in stepped)
    watch = _bounding_loops(function, args, max_time)
    bounded = _BoundedCalls(function, args, watch) if own_python else _as_is(function)
    with loop_trips.watching(watch), bounded as function:
        if total > DIRECTIONAL_ABOVE and not full:
            return _directional(function, args, seed, mp_function, stepped)
        with np.errstate(all="ignore"):  # once for every evaluation (an overflow nearby is reported, not warned about)
            return _per_coordinate(function, args, total, analytic, mp_function, elementwise, stepped)


def _bounding_loops(function, args, max_time):
    """The `loop_trips.Watch` over the loops the differences replay: ``max_time`` seconds in all, and a loop at a step
    at most `LOOP_TRIPS_FACTOR` times its trips at the point plus `LOOP_TRIPS_SLACK` (counted at the point, by one
    evaluation there, only once a loop at a step has run the slack's trips).

    A loop stopped so makes the function raise at that step: the differences fail there, unreliable, never a hang."""
    at_point = []  # the watch that counted the loops at the point, once asked

    def allowed(key):
        if not at_point:
            at_point.append(loop_trips.Watch(watch.left(), "the finite differences"))
            at_point[0].seconds = watch.seconds  # the time left, said as the --max-time it is left of
            with loop_trips.watching(at_point[0]), np.errstate(all="ignore"):
                function(*args)
        trips = at_point[0].trips_at(key)
        return LOOP_TRIPS_FACTOR * trips + LOOP_TRIPS_SLACK, (
            f"where it takes {trips} at the point: at this step its condition may never turn false")

    watch = loop_trips.Watch(max_time, "the finite differences", allowed, LOOP_TRIPS_SLACK)
    return watch


@contextlib.contextmanager
def _as_is(function):
    """``function`` unbounded, in the place of `_BoundedCalls`."""
    yield function


def _landed():
    """Let a stop `own_time.raise_in` left pending in this thread land, here, where it is expected. A pending
    exception is never taken back: CPython 3.11 then keeps its evaluation loop's interruption flag set for good, and
    every thread with a trace function (a debugger, coverage, gradcli's own bound in a worker thread) spins forever
    at its next function call."""
    try:
        for _ in range(64):  # each backward jump checks for the pending exception
            pass
    except StepOverran:
        pass


class StepOverran(loop_trips.LoopStopped):
    """A call of the function at a step stopped past its time (`_BoundedCalls`)."""

    def __init__(self, message="a call of the function at a finite difference's step ran past its time: a loop of its "
                               "own Python (a stopping rule a step off its domain never meets) may never end there"):
        super().__init__(message, "the function's own Python at a step", by_time=True)


class _BoundedCalls:
    """``function`` with each call stopped (`StepOverran`) past `STEP_TIME_FACTOR` times its call at the point, at
    least `STEP_SECONDS`, and past what ``watch`` has left of --max-time; a context whose exit ends its watcher.

    A plain Python loop of the user's (a NumPy Newton iteration whose tolerance a step below 0 never meets, its
    numbers NaN) is no replayed loop `loop_trips` counts; one watcher thread, started at the first call, raises the
    stop in the calling thread at its next line of Python, so a step never hangs the check: the differences fail
    there, unreliable. A call only marks its start and end (a thread or a timer per call would cost more than the
    call of a small function)."""

    def __init__(self, function, args, watch):
        self.function, self.args, self.watch = function, args, watch
        self.at_point = None  # the seconds of one call at the point, timed at the first call
        self.thread = threading.current_thread()
        self.changed = threading.Condition()
        self.deadline = None  # the running call's end of time (None: no call running)
        self.raised = self.closed = False
        self.watcher = None

    def __enter__(self):
        return self.call

    def __exit__(self, *exc):
        with self.changed:
            self.closed = True
            self.changed.notify()
        if self.watcher is not None:
            self.watcher.join()

    def _seconds(self):
        if self.at_point is None:
            started = time.perf_counter()
            try:
                with np.errstate(all="ignore"):  # on copies: a function may write into its arguments
                    self.function(*[np.copy(a) if isinstance(a, np.ndarray) else a for a in self.args])
            except Exception:  # noqa: BLE001 - raised again at the steps, where the differences report it
                pass
            self.at_point = time.perf_counter() - started
            self.watcher = threading.Thread(target=self._watch, name="gradcli step watcher", daemon=True)
            self.watcher.start()
        bound, left = max(STEP_SECONDS, STEP_TIME_FACTOR * self.at_point), self.watch.left()
        return bound if left is None else max(min(bound, left), 0.0)

    def _watch(self):
        with self.changed:
            while not self.closed:
                if self.deadline is None:
                    self.changed.wait()
                    continue
                late = self.deadline - time.perf_counter()
                if late <= 0:
                    self.raised, self.deadline = own_time.raise_in(self.thread, StepOverran), None
                else:
                    self.changed.wait(late)

    def call(self, *step):
        seconds = self._seconds()
        with self.changed:
            self.deadline, self.raised = time.perf_counter() + seconds, False
            self.changed.notify()
        try:
            return self.function(*step)
        finally:
            with self.changed:
                self.deadline, raised, self.raised = None, self.raised, False
            if raised:
                _landed()
                raise StepOverran()


def _per_coordinate(function, args, total, analytic, mp_function, elementwise, stepped=None):
    """`differences` in each coordinate (of the ``stepped`` arguments): Richardson, and complex steps where ``analytic``."""
    if total > REPLAY_COORDINATES:
        mp_function = None  # each replay costs about one evaluation per coordinate: n^2 in all
    mp_args = _mp_args(args, mp_function, stepped)
    batched = elementwise and not any(np.ndim(a) for a in args)  # an array point is summed: not elementwise
    central = _centrals(function, args, mp_function, mp_args, batched, stepped)
    complex_step = _complex_step(function, args, mp_function, mp_args, stepped) if analytic else None
    return _answer(args, central, complex_step, stepped)


def _centrals(function, args, mp_function, mp_args, batched, stepped=None):
    """Each coordinate's `_Central` (its four values now, its replay when asked)."""
    central = []
    for i, index, x0 in _coordinates(args, stepped):
        g, g_mp = _along_function(function, args, i, index), _along_function(mp_function, mp_args, i, index)
        central.append(_Central(g, x0, _STEP * max(1.0, abs(x0)), g_mp, elementwise=batched))
    return central


def _answer(args, central, complex_step, stepped=None):
    """The `Differences` of one point from its central differences and its complex steps (None: not taken), of the
    ``stepped`` arguments' coordinates (None: every one's)."""
    result = Differences()
    if complex_step is None:
        entries = [(c.estimate, c.error(), _CENTRAL) for c in central]
    else:
        entries = [_cross_check(step, c) for step, c in zip(complex_step, central)]
        result.method = "complex-step"
    result.gradient = _layout(args, [e[0] for e in entries], stepped)
    result.error = _layout(args, [e[1] for e in entries], stepped)
    _judge_reliability(result, entries)
    return result


def differences_at_points(function, arg_lists, analytic=False, mp_function=None):
    """`differences` of a formula (elementwise) at each of ``arg_lists`` (lists of floats), its replays run together.

    Per point its `Differences`, or None where the point is left to its own
    call of `differences` (its evaluation raised there, or it has too many
    inputs for per-coordinate differences). The same numbers as each point's
    own call, to the bit: the float evaluations are each point's own, and the
    rounding replays the answers read (every complex step's, then each central
    difference's whose error is read) run as one object array of all the
    points' steps through the core, each op once for all, its rounding
    flipped between ops as in one point's replay, so each entry is rounded as
    its own replay rounds it. An entry whose batch fails is replayed alone, as
    without a batch.
    """
    out = [None] * len(arg_lists)
    staged = []
    with np.errstate(all="ignore"):
        for position, args in enumerate(arg_lists):
            args = [float(a) for a in args]
            if len(args) > DIRECTIONAL_ABOVE:
                continue
            mp = mp_function if len(args) <= REPLAY_COORDINATES else None
            try:
                mp_args = _mp_args(args, mp)
                central = _centrals(function, args, mp, mp_args, True)
                steps = _complex_floats(function, args) if analytic else None
            except Exception:  # noqa: BLE001 - raised again when this point is asked for alone
                continue
            staged.append((position, args, mp, mp_args, central, steps))
        complex_steps = _complex_steps_together(staged, staged[0][2] if staged else None)
        _replay_centrals_together(staged, complex_steps, staged[0][2] if staged else None)
        for (position, args, _, _, central, _), complex_step in zip(staged, complex_steps):
            out[position] = _answer(args, central, complex_step)
    return out


def _complex_steps_together(staged, mp_function):
    """Each staged point's complex steps (`_complex_step`; None where not taken), their replays in one batch.

    ``mp_function`` is the staged points' (None where they have too many inputs to replay)."""
    requests = []  # (point, step, the mpmath arguments: the point's, the coordinate's stepped off the real line)
    for k, (_, args, _, mp_args, _, steps) in enumerate(staged):
        for step in steps if steps is not None and mp_function is not None else ():
            i, x0, h = step[0], step[2], step[3]
            requests.append((k, step, [_mp_complex(x0, h) if j == i else mp_args[j] for j in range(len(args))]))
    hs = [_mp_float(step[3]) for _, step, _ in requests]  # exact: x / h rounds as with the float h
    noises = _replayed_together(
        mp_function, [row for _, _, row in requests],
        lambda values: np.array([_mp_imaginary(v) / h for v, h in zip(values, hs)], dtype=object),
    )
    by_point = [[] for _ in staged]
    for (k, step, row), noise in zip(requests, noises):
        if noise is None:  # alone, as without a batch
            noise = _noise_of(lambda row=row, h=step[3]: _mp_imaginary(mp_function(*row)) / h)
        by_point[k].append(noise)
    out = []
    for k, (_, _, _, _, _, steps) in enumerate(staged):
        if steps is None:
            out.append(None)
        else:
            out.append(_complex_entries(steps, by_point[k] if mp_function is not None else [0.0] * len(steps)))
    return out


def _replay_centrals_together(staged, complex_steps, mp_function):
    """Replay, in one batch, the central differences whose error the answers read (as `_answer` would ask)."""
    wanted = []  # (central, the mpmath arguments of its replayed values)
    for (_, args, _, mp_args, central, _), complex_step in zip(staged, complex_steps):
        for c, (i, _, _), step in zip(central, _coordinates(args), complex_step or [None] * len(central)):
            if not c.replays() or (step is not None and _agrees_without_replay(step, c)):
                continue
            at = [_mp_float(t) for t in c.replayed_points()]
            wanted.append((c, [[t if j == i else mp_args[j] for j in range(len(args))] for t in at]))
    noises = _replayed_together(mp_function, [row for _, rows in wanted for row in rows], lambda values: values)
    for n, (c, _) in enumerate(wanted):
        two = noises[2 * n : 2 * n + 2]
        if None not in two:
            c.replayed(two)  # else its own `error` replays it, falling back as it does alone


def _replayed_together(mp_function, rows, finish):
    """The rounding noise of ``finish(mp_function(*columns))`` per row of arguments (None where unknown)."""
    n = len(rows)
    if not n or mp_function is None:
        return [None] * n
    columns = [np.empty(n, dtype=object) for _ in rows[0]]
    for r, row in enumerate(rows):
        for column, value in zip(columns, row):
            column[r] = value

    def run():
        values = mp_function(*columns)
        if not (isinstance(values, np.ndarray) and values.shape == (n,)):
            raise ValueError("not one value per row")
        return finish(values)

    noises = _entry_noises(run, n)
    return [None] * n if noises is None else noises


def _mp_args(args, mp_function, stepped=None):
    """Exact mpmath copies of the arguments, for the replay (None without an mpmath function); those not ``stepped``,
    the data held, handed held (`exact_arguments`)."""
    if mp_function is None:
        return None
    return exact_arguments(args, () if stepped is None else [i for i in range(len(args)) if i not in stepped])


def _along_function(function, base, i, index):
    """``t -> function(base with one coordinate set to t)``; None without a function."""
    if function is None:
        return None
    shifted = _along(base, i, index)
    return lambda t: function(*shifted(t))  # inside `differences`' np.errstate


def _complex_step(function, args, mp_function, mp_args, stepped=None):
    """Im f(x + ih)/h per coordinate, as (estimate, error, reason); None where not analytic.

    The error is the largest of: how far two step sizes disagree (they agree
    to rounding where f is analytic), the rounding noise of the imaginary part
    (from the mpmath replay), and a few units in the last place.
    """
    steps = _complex_floats(function, args, stepped)
    if steps is None:
        return None
    noises = [
        0.0 if mp_function is None else _noise_of(lambda g_mp=_along_function(mp_function, mp_args, i, index),
                                                         z=_mp_complex(x0, h), h=h: _mp_imaginary(g_mp(z)) / h)
        for i, index, x0, h, _, _ in steps
    ]
    return _complex_entries(steps, noises)


def _complex_floats(function, args, stepped=None):
    """Per coordinate (of the ``stepped`` arguments) ``(i, index, x0, h, d1, d2)``: the complex steps of two sizes in
    float64; None where not analytic."""
    base = [complex(v) if type(v) is float or not np.ndim(v) else np.asarray(v, dtype=np.complex128) for v in args]
    try:
        at_point = complex(_scalar(function(*base)))
    except Exception:  # noqa: BLE001 - the function does not take complex input
        return None
    if not cmath.isfinite(at_point) or at_point.imag != 0:
        return None  # off the real line already (log(-1) = i pi): not analytic here
    out = []
    for i, index, x0 in _coordinates(args, stepped):
        g = _along_function(function, base, i, index)
        scale = min(1.0, max(abs(x0), 1e-180)) if x0 != 0 else 1.0
        h, h2 = (step * scale for step in COMPLEX_STEPS)
        try:
            d1, d2 = (complex(_scalar(g(complex(x0, step)))).imag / step for step in (h, h2))
        except Exception:  # noqa: BLE001 - the function does not take complex input
            return None
        if not (math.isfinite(d1) and math.isfinite(d2)):  # Python floats: as np.isfinite, without NumPy's call
            return None
        out.append((i, index, x0, h, d1, d2))
    return out


def _complex_entries(steps, noises):
    """The complex step's (estimate, error, reason) per coordinate, from its floats and its replayed noise."""
    eps = _EPS
    out = []
    for (_, _, x0, h, d1, d2), noise in zip(steps, noises):
        reason = (_STEP_PAST_ZERO if 0 < abs(x0) < h else _NOT_ANALYTIC) if abs(d1 - d2) > noise else _CANCELLATION
        out.append((d1, max(abs(d1 - d2), noise, 4 * eps * abs(d1)), reason))
    return out


def _mp_complex(x, h):
    """x + ih as an mpmath number: exact (both are float64 numbers), as ``mpc(x, h)`` makes it at 53 bits."""
    import mpmath  # lazy: mpmath is heavy; only the rounding replays of a difference need it

    return mpmath.mp.make_mpc((mpmath.libmp.from_float(x), mpmath.libmp.from_float(h)))


def _mp_float(x):
    """A float as an mpmath number: exact, as ``mpf(x)`` makes it at 53 bits."""
    import mpmath  # lazy: mpmath is heavy; only the rounding replays of a difference need it

    return mpmath.mp.make_mpf(mpmath.libmp.from_float(x))


def _mp_imaginary(value):
    import mpmath  # lazy: mpmath is heavy; only the rounding replays of a difference need it

    value = raw(value)
    if type(value) is mpmath.mpc:  # what mpc(value) copies: its parts
        return value.imag
    return mpmath.mpc(value).imag


def _cross_check(step, central):
    """A complex-step entry checked against the central difference (a `_Central`) of the same coordinate.

    They agree when the gap is within `DISAGREE_FACTOR` times their errors:
    if it is within that of the central error's lower bound, it is within
    that of the error itself, which then is not needed.
    """
    estimate, error, reason = step
    other = central.estimate
    gap = abs(estimate - other)
    if _agrees_without_replay(step, central):
        return estimate, error, reason
    other_error = central.error()
    if gap > DISAGREE_FACTOR * (error + other_error):
        reason = (
            f"complex-step gives {estimate:.6g} but central differences give {other:.6g} "
            f"(error estimates {error:.1e} and {other_error:.1e})"
        )
        return estimate, max(error, gap), reason
    return estimate, error, reason


def _agrees_without_replay(step, central):
    """Whether a complex-step entry and the central difference agree (or the latter is not finite) without its replay."""
    estimate, error, _ = step
    other = central.estimate
    return not np.isfinite(other) or abs(estimate - other) <= DISAGREE_FACTOR * (error + central.error_without_replay())


def _directional(function, args, seed, mp_function, stepped=None):
    keep = None if stepped is None else [i in stepped for i in range(len(args))]  # the data held: no step along it
    direction = random_direction(args, seed, keep)
    scale = max(1.0, max(float(np.max(np.abs(a))) for a in args))
    h = np.finfo(np.float64).eps ** (1 / 3) * scale

    def along(f, base):
        return None if f is None else lambda t: _call(f, [a + t * d for a, d in zip(base, direction)])

    terms = sum(int(np.size(a)) for i, a in enumerate(args) if stepped is None or i in stepped)
    if terms > REPLAY_COORDINATES:
        # The replay costs 3 mpmath passes per value (~70% of a check at 10^4 inputs): the rounding
        # is estimated instead; the exact reference, not this estimate, decides the verdict.
        mp_function = None
    replay = along(mp_function, _mp_args(args, mp_function, stepped))
    estimate, error = richardson(along(function, args), 0.0, h, replay, terms=terms if replay is None else 1)
    result = Differences(method="random-direction", direction=direction, directional=estimate, directional_error=error)
    _judge_reliability(result, [(estimate, error, _CENTRAL)])
    return result


def _judge_reliability(result, entries):
    """Mark ``result`` unreliable, with the first bad entry's reason, when any entry is untrustworthy.

    An entry is trustworthy when it is finite and its error is at most
    RELIABLE_RELATIVE_ERROR of it. A central difference can also be 0 within
    an error small against the gradient's scale: it never certifies an exact
    0 (rounding leaves eps*|f|/h), while complex-step does (an imaginary part
    that is exactly 0), so a complex-step 0 within a real error is doubted.
    """
    finite = [abs(g) for g, _, _ in entries if np.isfinite(g)]
    scale = max([1.0] + finite)
    for g, e, reason in entries:
        if not np.isfinite(g):
            reason = _NONFINITE
        elif e <= RELIABLE_RELATIVE_ERROR * abs(g):
            continue
        elif reason is _CENTRAL and abs(g) <= e <= RELIABLE_RELATIVE_ERROR * scale:
            continue
        result.reliable = False
        result.note = "finite differences are unreliable here: " + reason
        return
