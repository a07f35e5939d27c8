"""The trips a replayed loop may take: one bound every bridge's loops (JAX's, TensorFlow's, PyTorch's) count against.

A loop of the user's runs as often as its condition says at the numbers it
is given. At a point a check did not choose (a finite difference's step, where
``a - h`` is below 0 and a Newton iteration for a cube root never meets its
stopping rule) it may never end. Each replayed loop takes its trips from
`turns`, which refuses one past `MAX_TRIPS` and asks the `Watch` the caller set
up (`watching`) about the others: a finite difference bounds a loop at a step
by the trips the same loop takes at the point and by ``--max-time`` in all, and
a check bounds each loop any other part of it replays by ``--max-time``. A loop stopped so raises `LoopStopped`,
which the part that ran it reports: a difference unreliable, or a point with no verdict (`checker.point`), never a
hang. Inside `one_point`, a loop once stopped by time or by the ceiling is not run again: each later run of it there
(the point's next pass: its differences, its exact reference, the replay beside the framework's run) raises the
same stop at once, so a point's loop costs ``--max-time`` once, not once per pass.
"""

from __future__ import annotations

import contextlib
import contextvars
import sys
import time

import numpy as np

from ..errors import InputError

MAX_TRIPS = 1_000_000  # a loop still running after this many trips is refused rather than left to hang
_ASK_EVERY = 16  # trips between two questions to the watch: a question costs a clock read

_WATCH = contextvars.ContextVar("gradcli_loop_watch", default=None)


class LoopStopped(InputError):
    """A replayed loop stopped before its condition turned false: too many trips, or past the check's time.

    ``name``: the loop (``the TensorFlow loop while at f.py:12``); ``trips``: the trips it ran before it stopped;
    ``by_time``: stopped by a bound of seconds, not of trips.
    An `InputError` where nothing reports it for a point (a library call outside a check)."""

    def __init__(self, message, name="", trips=0, by_time=False):
        super().__init__(message)
        self.name, self.trips, self.by_time = name, trips, by_time

    def at(self, where):
        """The same stop, its loop named with the user's line ``where`` (a loop whose line is known only once it
        stops); itself where ``where`` is None or named already."""
        if not where or where in self.name:
            return self
        named = f"{self.name} at {where}"
        return LoopStopped(str(self).replace(self.name, named, 1), named, self.trips, self.by_time)


class LoopNeverEnds(LoopStopped):
    """A replayed loop whose run in a float dtype came back to a state it had before with its condition still true:
    the program's own run in that dtype never ends there (a Newton iteration whose tolerance is finer than the dtype
    resolves, stepping between the same floats for ever). A fact about the program in that dtype, not about the
    mathematics: the exact runs at the point take their own trips. ``where``: the loop's line; ``dtype``: the float
    dtype it never ends in."""

    def __init__(self, message, name="", trips=0, where=None, dtype=None):
        super().__init__(message, name, trips)
        self.where, self.dtype = where, dtype


class Cycle:
    """Brent's watch for a loop's state coming back: fed each trip's state (a tuple of float arrays), it says whether
    the state equals one the loop had before, so that a loop stepping between the same numbers for ever is known
    after a few trips more than its cycle's, never by a time bound. Keeps one earlier state, taken at trips 1, 2, 4,
    8 ...; a state that holds no plain array (exact numbers) is never watched."""

    __slots__ = ("kept", "kept_at", "span", "since")

    def __init__(self):
        self.kept, self.kept_at, self.span, self.since = None, 0, 1, 0

    def came_back(self, state, trip):
        """Whether ``state`` (after ``trip`` trips) is the state kept earlier; the trip it was kept after, else 0."""
        key = _state_key(state)
        if key is None:
            return 0
        if key == self.kept:
            return self.kept_at
        self.since += 1
        if self.since == self.span:  # Brent's power of two: keep this state and wait twice as long for it
            self.kept, self.kept_at, self.span, self.since = key, trip, self.span * 2, 0
        return 0


def _state_key(state):
    """A loop's carried values as bytes, with their dtypes and shapes; None where any is not a plain NumPy number."""
    parts = []
    for value in state:
        held = value if isinstance(value, np.ndarray) else np.asarray(value) if isinstance(value, (np.generic, float, int)) else None
        if held is None or held.dtype == object:
            return None
        parts.append((held.dtype.str, held.shape, held.tobytes()))
    return tuple(parts)


class Watch:
    """What bounds the loops replayed inside `watching`: seconds from now, and each loop's trips (by its key).

    ``seconds``: None for no time bound; ``each_loop``: seconds one loop may
    run (None: no bound); ``what``: the part of the check that runs the loops,
    named when it runs out of time; ``allowed(key)``: the
    trips a loop may take and why (a message's end), asked only once a loop
    has run ``allowed_from`` trips, so a short loop never pays for the question.
    """

    def __init__(self, seconds=None, what="the replay", allowed=None, allowed_from=0, each_loop=None,
                 each_loop_said=None):
        self.deadline = None if seconds is None else time.perf_counter() + seconds
        self.seconds, self.what, self.each_loop = seconds, what, each_loop
        # how a message names ``each_loop``: --max-time itself, or a share of it
        self.each_loop_said = each_loop_said or (None if each_loop is None else f"--max-time ({each_loop:g} seconds)")
        self.allowed, self.allowed_from = allowed, allowed_from
        self.taken = {}  # id(key) -> the most trips the loop of that key (its condition: it lives as the graph does) took

    def left(self):
        """The seconds this watch has left (None: no time bound)."""
        return None if self.deadline is None else self.deadline - time.perf_counter()

    def ask(self, key, trips, name, started, running=None):
        """Raise `LoopStopped` if the loop ``name`` (of ``key``, begun at ``started``), at ``trips`` trips, may not
        go on. ``running``: what a message says was under way, where it is not the loop itself running (a trace
        unrolling it); such a question is one of time alone."""
        now = time.perf_counter()
        running = running or f"{name} was still running after {trips} trips"
        if self.deadline is not None and now > self.deadline:
            raise LoopStopped(
                f"{running} when {self.what} ran past --max-time ({self.seconds:g} seconds)", name, trips, by_time=True
            )
        if self.each_loop is not None and now - started > self.each_loop:
            raise LoopStopped(
                f"{running} and {self.each_loop_said} in {self.what}: stopped (raise --max-time to let it run "
                "longer)", name, trips, by_time=True
            )
        if self.allowed is not None and trips >= self.allowed_from and key is not None:
            limit, why = self.allowed(key)
            if trips > limit:
                raise LoopStopped(f"{name} ran {trips} trips here, {why}", name, trips)

    def trips_at(self, key):
        """The most trips the loop of ``key`` took to its end inside this watch (0: never)."""
        return self.taken.get(id(key), 0)

    def ended(self, key, trips):
        """Note that the loop of ``key`` ended (or was stopped) after ``trips`` trips."""
        self.taken[id(key)] = max(trips, self.taken.get(id(key), 0))


@contextlib.contextmanager
def watching(watch):
    """Every loop replayed in this block (this thread or task) asks ``watch`` as it goes."""
    token = _WATCH.set(watch)
    try:
        yield watch
    finally:
        _WATCH.reset(token)


_SHARE = contextvars.ContextVar("gradcli_loop_share_of_a_point", default=None)


@contextlib.contextmanager
def each_point_sharing(seconds, of):
    """Every check begun in this block (this thread or task) bounds each loop it replays by ``seconds``, a point's
    share of the ``of`` seconds a sweep has left, so that a point whose loop never ends leaves the others theirs."""
    token = _SHARE.set((seconds, of))
    try:
        yield
    finally:
        _SHARE.reset(token)


def watch_for_a_check(seconds):
    """The `Watch` a check runs under: each loop it replays bounded by ``seconds`` (what is left of --max-time; None:
    no bound), or by a point's share of a sweep's time where that is less (`each_point_sharing`)."""
    share = _SHARE.get()
    if share is None or (seconds is not None and seconds <= share[0]):
        return Watch(what="the check", each_loop=seconds)
    return Watch(what="the check", each_loop=share[0],
                 each_loop_said=f"{A_POINTS_SHARE} ({share[0]:.3g} of {share[1]:.3g} seconds left)")


A_POINTS_SHARE = "its point's share of the sweep's --max-time"  # a stop by it leaves the sweep its time


# A loop at the point's exact reference may run this many times its trips in the point's first run, scaled by the
# precision (`allowed_beyond`), plus this many.
BEYOND_THE_POINT = (10, 1000)
_FLOAT64_BITS = 53  # the significand's bits of a run whose numbers' dtype is not said (`one_point`'s ``bits``)

_STOPPED = contextvars.ContextVar("gradcli_loops_stopped_at_the_point", default=None)
_FIRST_BITS = contextvars.ContextVar("gradcli_loops_first_run_bits", default=_FLOAT64_BITS)


@contextlib.contextmanager
def one_point(stopped, bits=_FLOAT64_BITS):
    """Every loop replayed in this block (this thread or task) runs at one point's passes: a loop stopped by time or
    by `MAX_TRIPS` is noted in the dict ``stopped`` (kept by the caller for the point, across its passes: id(key) ->
    (key, its stop or None where it ended, its trips, the significand's bits of the run that noted it: ``bits``, the
    block's float dtype's)), and a loop noted there raises its stop again at once instead of running to its bound a
    second time. A loop that ended in the point's first run may run `allowed_beyond` those trips outside a
    difference's steps (the exact reference), no more.

    A stop by the ceiling is noted only for a loop that has not ended in the point's passes: once it ended (at the
    point itself, where each pass begins), a later stop is at a step beside the point (a kink test's side) whose loop
    runs longer. A stop by time is noted even so (a float run at the point ends where rounding ends it, the exact
    reference's run there may never end): each later pass would spend the same seconds to meet it again, where the
    reference it belongs to fails anyway. A stop under a watch of a difference's steps (one with `Watch.allowed`) is
    the step's, never noted."""
    token, bits_token = _STOPPED.set(stopped), _FIRST_BITS.set(bits)
    try:
        yield stopped
    finally:
        _FIRST_BITS.reset(bits_token)
        _STOPPED.reset(token)


def allowed_beyond(trips, bits):
    """The trips a loop may run on exact numbers where it ended after ``trips`` on numbers of ``bits`` significand
    bits: `BEYOND_THE_POINT`, its factor scaled by the working precision over ``bits``. A loop that runs until its
    terms stop changing the sum (a series to convergence) runs about as many more trips as the precision has more
    bits, and ends within it; one whose float run ended only by rounding (a number squared to 0) never does."""
    scale = max(1.0, working_bits() / bits)
    return int(BEYOND_THE_POINT[0] * trips * scale) + BEYOND_THE_POINT[1]


def working_bits():
    """The precision the exact numbers in use now carry, in bits: mpmath's and flint's, the greater (53 where neither
    is loaded, or at their defaults: a float run)."""
    found = _FLOAT64_BITS
    mpmath, flint = sys.modules.get("mpmath"), sys.modules.get("flint")  # loaded by an exact run, never here
    if mpmath is not None:
        found = max(found, mpmath.mp.prec)
    if flint is not None:
        found = max(found, flint.ctx.prec)
    return found


def watch_in_force():
    """The `Watch` loops replayed now ask (None: none)."""
    return _WATCH.get()


def unrolled(steps, name):
    """The steps 0 .. ``steps`` of a trace that unrolls the loop ``name`` ``steps`` times (PyTorch's while_loop, as
    often as its run at the point loops), bounded by the seconds of the watch in force: a trace of a long loop costs
    gradcli far more per trip than the framework's own run, and its stop (`LoopStopped`, by time) is the point's."""
    watch, started = _WATCH.get(), time.perf_counter()
    for step in range(steps + 1):
        if watch is not None and step and step % _ASK_EVERY == 0:
            watch.ask(None, step, name, started,
                      f"gradcli's trace of {name}, unrolling it {steps} times as the run at the point loops, was at "
                      f"step {step}")
        yield step


def turns(key, name):
    """The trips 0, 1, 2 ... of a replayed loop (``name`` says which and where, in a message), bounded by the watch
    in force.

    The caller leaves the ``for`` when its condition turns false; that count is the watch's record of ``key``."""
    watch, stopped = _WATCH.get(), _STOPPED.get()
    before = stopped.get(id(key)) if stopped is not None else None
    if before is not None and before[0] is not key:
        before = None  # another loop's, whose id this key took
    if before is not None and before[1] is not None:
        raise before[1].with_traceback(None)
    # Where the loop ended in the point's first run (in its dtype's numbers), a run outside a difference's steps (the
    # exact reference's) far past that count is one whose float run ended by rounding, which exact numbers may not.
    beyond = None
    if before is not None and (watch is None or watch.allowed is None):
        beyond = allowed_beyond(before[2], before[3])
    trips, started = 0, time.perf_counter()
    try:
        while trips < MAX_TRIPS:
            if trips % _ASK_EVERY == 0 and trips:
                if watch is not None:
                    watch.ask(key, trips, name, started)
                if beyond is not None and trips > beyond:
                    raise LoopStopped(
                        f"{name} ran {trips} trips here at {working_bits()} bits, where it took {before[2]} in the "
                        f"first run at the point at {before[3]}: its float run may end only by rounding (a number "
                        "squared to 0, an iterate that stops changing), which the exact numbers may never do", name,
                        trips)
            yield trips
            trips += 1
        raise LoopStopped(f"{name} ran {MAX_TRIPS} trips without its condition turning false (at this point or at "
                          "a step beside it)", name, trips)
    except LoopStopped as stop:
        past = beyond is not None and trips > beyond  # the point's own fact, as a stop by time is
        if stopped is not None and (watch is None or watch.allowed is None) and (before is None or stop.by_time or past):
            stopped[id(key)] = (key, stop, trips, _FIRST_BITS.get())  # the key held with it: its id is no other's
        raise
    except GeneratorExit:  # the caller left the loop: its condition turned false
        if stopped is not None and before is None:
            stopped[id(key)] = (key, None, trips, _FIRST_BITS.get())
        raise
    finally:
        if watch is not None:
            watch.ended(key, trips)
