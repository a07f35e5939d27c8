"""Random draws from a state of TensorFlow's own (``tf.random.normal``, ``uniform``, ``gamma``, ``poisson``) read from
the run that drew them.

A stateful random op draws other numbers at every run, so no replay can draw
what the user's run drew; it can read them. While the bridge runs the user's
eager function at a point (`FreshDraws.recorded`), TensorFlow's op callback
hands gradcli each such op's outputs; the replay of the traced graph takes the
draws of that run in the order the graph makes them (`HeldDraws`): a normal or
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
        bytes of its float arguments) in ``dtype``; a run that draws nothing leaves the record as it was."""
        drawn = []

        def callback(op_type, inputs, attrs, outputs, op_name=None, graph=None):
            op_type = op_type.decode() if isinstance(op_type, bytes) else op_type
            if graph is None and op_type in HELD_DRAWS:
                drawn.append((op_type, [np.array(t) for t in inputs], np.array(outputs[0])))
            return None

        try:
            with op_callback(callback):
                yield
        finally:
            if drawn:
                runs = self.runs.setdefault(np.dtype(dtype), {})
                if len(runs) >= _KEPT_POINTS:
                    runs.clear()
                runs[point] = self.latest[np.dtype(dtype)] = drawn

    def ran_at(self, dtype, point):
        """Whether TensorFlow's run at ``point`` in ``dtype`` drew and is recorded."""
        return point in self.runs.get(np.dtype(dtype), {})

    def run_at(self, dtype, point, count):
        """The last ``count`` draws of TensorFlow's run at ``point`` in ``dtype`` (several runs at one point: the one
        whose numbers were kept last), or of its latest run in ``dtype`` where none was made at ``point``."""
        dtype = np.dtype(dtype)
        drawn = self.runs.get(dtype, {}).get(point) or self.latest.get(dtype)
        if drawn is None:
            raise MismatchedDraws(f"TensorFlow has not run the function in {dtype.name} yet, so its draws are not known")
        return drawn[-count:] if len(drawn) >= count else drawn


class HeldDraws:
    """The stateful draws of one traced graph (`HELD_DRAWS`), in the order the graph makes them, each replayed as
    the numbers TensorFlow's run drew (`FreshDraws`): ``values(inputs, dtype, kind)`` gives each draw's key its
    array, lifted to ``kind`` for an exact replay; a gamma draw's key gives its sample and the alpha it was drawn at,
    which `tf_graph.held_gamma` moves with the replay's alpha."""

    def __init__(self, record):
        self.record = record
        self.draws = []  # (output key, op type, shape, location) in the graph's order

    def add(self, key, op_type, shape, location):
        self.draws.append((key, op_type, shape, location))

    def values(self, floats, dtype, kind):
        """``{key: value}`` of each draw for a replay in ``dtype`` of the plan's inputs, ``floats`` as the floats they
        are at the point."""
        point = point_key([np.asarray(v, dtype=dtype) for v in floats])
        run = self.record.run_at(dtype, point, len(self.draws))
        if len(run) != len(self.draws):
            raise MismatchedDraws(f"TensorFlow's run drew {len(run)} times where the traced graph draws "
                                  f"{len(self.draws)} times")
        out = {}
        for (key, op_type, shape, location), (ran, ins, drawn) in zip(self.draws, run):
            if ran != op_type or (shape is not None and tuple(shape) != drawn.shape):
                raise MismatchedDraws(f"the draw of {op_type} at {location} is not the one TensorFlow's run made there "
                                      f"({ran} of shape {drawn.shape})")
            if HELD_DRAWS[op_type] is None:
                out[key] = lift(drawn, kind) if kind is not None and drawn.dtype.kind == "f" else drawn
            else:
                out[key] = (drawn, ins[HELD_DRAWS[op_type]])
        return out


def point_key(arrays):
    """The bytes that name a point: its float arguments' values, dtypes and shapes."""
    return b"".join(a.dtype.str.encode() + str(a.shape).encode() + a.tobytes() for a in arrays)
