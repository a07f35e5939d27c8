"""Random draws from a state of TensorFlow's own (``tf.random.normal``, ``uniform``, ``gamma``, ``poisson``) read from
the run that drew them.

A stateful random op draws other numbers at every run, so no replay can draw
what the user's run drew; it can read them. While the bridge runs the user's
eager function at a point (`FreshDraws.recorded`), TensorFlow's op callback
hands gradcli each such op's outputs; the replay of the traced graph takes the
draws of that run in the order its steps make them (`HeldDraws`), a
``tf.while_loop``'s body once per trip and a ``tf.cond``'s branch where it is
taken, as the eager run made them: a normal or
uniform draw as a constant of the point, which ``sigma * z + mu`` multiplies and
shifts as the tape does (reparameterised sampling), and a gamma draw as the
function of its alpha that its quantile defines (the sample moves with alpha so
that its CDF stays put, TensorFlow's implicit reparameterisation), as
``tf.random.stateless_gamma`` is replayed. The record is kept per dtype and per
point: the exact reference at a point reads the draws of TensorFlow's run there,
a difference's step those of the latest run in its dtype.

TensorFlow is imported by the caller: this module reads the arrays it is handed.
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar

import numpy as np

from .exact_constants import lift
from .tf_stand_in import op_callback

# Stateful draws read from the user's run: op type -> the position of the parameter the draw is a function of, or
# None for a draw that is a constant of the point (its parameters, if any, get no gradient from TensorFlow).
HELD_DRAWS = {
    "RandomStandardNormal": None,
    "RandomUniform": None,
    "TruncatedNormal": None,
    "RandomUniformInt": None,
    "RandomPoissonV2": None,
    "RandomGamma": 1,  # shape, alpha
}
_KEPT_POINTS = 64  # the points whose runs are kept per dtype: a sweep's, each asked about once


class MismatchedDraws(RuntimeError):
    """The draws TensorFlow's run made are not the ones the traced graph makes (another count, kind or shape)."""


class FreshDraws:
    """The stateful draws of the user's eager runs: per dtype, per point, the latest run's, each ``(op type, the
    op's inputs, its output)`` in the order TensorFlow ran them."""

    def __init__(self):
        self.runs = {}  # NumPy dtype -> {point's bytes: [draw, ...]}
        self.latest = {}  # NumPy dtype -> the latest run's draws
        self.held = False  # whether a traced graph reads draws from the runs (one XLA compiles never does)
        # whether a draw the runs are read for is made inside a function TensorFlow runs as a graph (the user's
        # tf.function, one it calls), out of the op callback's reach: such runs call the functions' Python eagerly
        self.in_functions = False

    @contextmanager
    def recorded(self, dtype, point):
        """Record the stateful draws TensorFlow runs eagerly meanwhile (in this thread) as the run at ``point`` (the
        bytes of its float arguments) in ``dtype``: where the function is called several times meanwhile
        (`call_begins` marks each call), the last call's draws; a run that draws nothing leaves the record as it was."""
        drawn, starts = [], [0]

        def callback(op_type, inputs, attrs, outputs, op_name=None, graph=None):
            op_type = op_type.decode() if isinstance(op_type, bytes) else op_type
            if graph is None and op_type in HELD_DRAWS:
                drawn.append((op_type, [np.array(t) for t in inputs], np.array(outputs[0])))
            return None

        token = _CALLS_BEGUN.set((starts, drawn))
        try:
            with op_callback(callback):
                yield
        finally:
            _CALLS_BEGUN.reset(token)
            ends = starts[1:] + [len(drawn)]
            calls = [drawn[begin:end] for begin, end in zip(starts, ends) if end > begin]
            if calls:
                runs = self.runs.setdefault(np.dtype(dtype), {})
                if len(runs) >= _KEPT_POINTS:
                    runs.clear()
                runs[point] = self.latest[np.dtype(dtype)] = calls[-1]

    def ran_at(self, dtype, point):
        """Whether TensorFlow's run at ``point`` in ``dtype`` drew and is recorded."""
        return point in self.runs.get(np.dtype(dtype), {})

    def run_at(self, dtype, point):
        """The draws of TensorFlow's run at ``point`` in ``dtype`` (several runs at one point: the one whose numbers
        were kept last), or of its latest run in ``dtype`` where none was made at ``point``."""
        dtype = np.dtype(dtype)
        drawn = self.runs.get(dtype, {}).get(point) or self.latest.get(dtype)
        if drawn is None:
            raise MismatchedDraws(f"TensorFlow has not run the function in {dtype.name} yet, so its draws are not known")
        return drawn


# (the starts of the calls of the user's function among the draws, the draws so far) of this context's recording
# (`FreshDraws.recorded`); None where nothing is recorded.
_CALLS_BEGUN = ContextVar("calls_begun", default=None)


def call_begins():
    """Mark the start of a call of the user's function, so a recording tells its draws from the previous call's
    (a loop's count of draws is known only as the replay runs it); nothing where no run is recorded."""
    recording = _CALLS_BEGUN.get()
    if recording is not None:
        starts, drawn = recording
        starts.append(len(drawn))


class HeldDraws:
    """The stateful draws of one traced graph (`HELD_DRAWS`), each replayed as the numbers TensorFlow's run drew
    (`FreshDraws`). Each draw's op is a step calling its reader (`add`), which hands it the next draw of the run in
    the order the replay makes them: a loop's body draws once per trip, the k-th trip the k-th number TensorFlow
    drew there, and a conditional's branch only where it is taken, as the eager run ran them. ``reading`` opens a
    run for one replay of the graph; a gamma draw is read as its sample and the alpha it was drawn at, which
    `tf_graph.held_gamma` moves with the replay's alpha."""

    def __init__(self, record):
        self.record = record
        self.draws = []  # (op type, shape, location) of each draw of the graph and of its branches and loop bodies

    def add(self, op_type, shape, location):
        """The reader of the draw ``op_type`` at ``location`` (its ``shape`` a list, or None where unknown): called
        as a step runs, it gives the run's next draw."""
        self.draws.append((op_type, shape, location))

        def read():
            reading = _READING.get()
            if reading is None:
                raise MismatchedDraws(f"the draw of {op_type} at {location} is replayed outside a run of its graph")
            return reading.next(op_type, shape, location)

        return read

    @contextmanager
    def reading(self, floats, dtype, kind):
        """While the ``with`` block replays the graph in ``dtype`` at the point ``floats`` (the floats of its
        inputs), its draws read TensorFlow's run there in turn, lifted to ``kind`` for an exact replay; a replay
        that ends with draws of the run left over did not draw as TensorFlow did."""
        point = point_key([np.asarray(v, dtype=dtype) for v in floats])
        run = _Reading(self.record.run_at(dtype, point), kind)
        token = _READING.set(run)
        try:
            yield
        finally:
            _READING.reset(token)
        if run.taken != len(run.drawn):
            raise MismatchedDraws(f"TensorFlow's run drew {len(run.drawn)} times where the replay of the traced graph "
                                  f"draws {run.taken} times")


class _Reading:
    """One replay's way through the draws of TensorFlow's run: how many it has taken."""

    def __init__(self, drawn, kind):
        self.drawn, self.kind, self.taken = drawn, kind, 0

    def next(self, op_type, shape, location):
        if self.taken == len(self.drawn):
            raise MismatchedDraws(f"the draw of {op_type} at {location} is one more than the {len(self.drawn)} "
                                  "TensorFlow's run made")
        ran, ins, drawn = self.drawn[self.taken]
        if ran != op_type or (shape is not None and tuple(shape) != drawn.shape):
            raise MismatchedDraws(f"the draw of {op_type} at {location} is not the one TensorFlow's run made there "
                                  f"({ran} of shape {drawn.shape})")
        self.taken += 1
        if HELD_DRAWS[op_type] is not None:
            return drawn, ins[HELD_DRAWS[op_type]]
        return lift(drawn, self.kind) if self.kind is not None and drawn.dtype.kind == "f" else drawn


_READING = ContextVar("reading", default=None)  # the run the replay under way reads its draws from (`HeldDraws.reading`)


def point_key(arrays):
    """The bytes that name a point: its float arguments' values, dtypes and shapes."""
    return b"".join(a.dtype.str.encode() + str(a.shape).encode() + a.tobytes() for a in arrays)
