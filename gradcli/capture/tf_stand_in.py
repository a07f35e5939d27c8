"""Whether the graph the TensorFlow bridge traces of a function the user runs eagerly computes what that run computes.

The bridge judges an eager function by a graph it traces of it (`tf_bridge`):
the exact reference replays that graph, and a rerun of its operations stands
for TensorFlow's eager numbers. Python code can compute otherwise while it
builds a graph than while it runs eagerly: a branch on ``tf.executing_eagerly()``
or ``tf.inside_function()``, a library reading the op that made a tensor (Keras'
losses take a Softmax's logits in a graph, which `tf_eager.keras_as_eager`
undoes), a number chosen by which run it is. So the operations each run makes
are recorded by the user's line (`recording`); where the two differ
(`first_difference`) and so do the numbers, beyond rounding (`beyond_rounding`),
the point is told as a `StandIn` naming the first operation that differs and its
line, rather than judged by a graph the user never runs.

TensorFlow is imported by the caller: this module reads what it is handed,
and TensorFlow's op callbacks, from the functions that need them.
"""

from __future__ import annotations

import sys
import traceback
from collections import Counter
from contextlib import contextmanager

import numpy as np

from .tf_loops import WHILES

# Operations that only move, name or read numbers: a graph and an eager run may make them differently (a constant
# is an op in a graph alone, a reshape where a shape is static) for the same computation.
_MOVES = {
    "Const", "Placeholder", "Identity", "IdentityN", "Reshape", "ExpandDims", "Squeeze", "BroadcastTo", "Shape", "ShapeN",
    "Size", "Rank", "ReadVariableOp", "NoOp", "Fill", "ZerosLike", "OnesLike",
}


def computes(op_type):
    """Whether an operation computes numbers (not one of `_MOVES`): the ones each run's record holds."""
    return op_type not in _MOVES


# A tf.function the user's code calls: eagerly an op of its concrete function's name, in a graph a call op.
_CALL_PREFIXES = ("__inference_", "__forward_")
CALLS = {"PartitionedCall", "StatefulPartitionedCall"}
CONDITIONALS = {"If", "StatelessIf"}
SWITCHES = {"Case", "StatelessCase"}
_CONTROL_FLOW = CONDITIONALS | SWITCHES | WHILES


def _as_recorded(op_type):
    """An op type as both runs' records name it: a call of a tf.function is one ``PartitionedCall`` in either."""
    return "PartitionedCall" if op_type in CALLS or op_type.startswith(_CALL_PREFIXES) else op_type


def expanded(built, executed):
    """The graph's record ``built`` (its top level's computing ops as it was built, a conditional, switch or loop
    with its op's name) with each conditional, switch and loop replaced by what a run executed inside it
    (``executed``: `tf_graph.executed`'s record, whose entries with ``ops`` are those, by name), so it reads as
    the eager run's record does; one the run did not reach stays as itself."""
    runs = {entry.name: entry for entry in executed if getattr(entry, "ops", None) is not None}
    out = []
    for op in built:
        found = runs.pop(op[2], None) if len(op) == 3 else None
        if found is None:
            out.append(op[:2])
            continue
        out.extend((_as_recorded(op_type), location) for op_type, location in found.ops)
    return out


class StandIn(Exception):
    """The graph gradcli traces and judges computes otherwise than the user's eager run at a point (see the module).

    ``op`` is the first operation that differs, ``raised_at`` its user's
    ``(file, line)``, which the checker's finding names.
    """

    stand_in = True  # what the checker reads to tell this from an error of the user's program

    def __init__(self, message, op, location):
        super().__init__(message)
        self.op = op
        if location and ":" in location:
            path, line = location.rsplit(":", 1)
            self.raised_at = (path, int(line))


@contextmanager
def recording(frames, into, built_in=None, widths=None):
    """Append to ``into`` ``(op type, "file:line")`` of each computing operation (not `_MOVES`) with a float output
    that TensorFlow runs eagerly (``built_in`` None) or builds in the graph ``built_in`` meanwhile, at its user's innermost line
    (``frames``, `tf_bridge._user_frames`'s: the frames inside gradcli's forward wrapper).

    A ``tf.function`` the user's code calls is one call operation in either
    run (`_as_recorded`): the operations of its own graph are left out of both.
    A conditional or a loop is one operation of the graph: `expanded` puts in
    its place what a run of the graph executes inside it. ``widths``, a set: each float dtype's name the recorded
    operations return (a library's float32 inside a float64 run).
    """
    def callback(op_type, inputs, attrs, outputs, op_name=None, graph=None):
        op_type = _as_recorded(op_type.decode() if isinstance(op_type, bytes) else op_type)  # eager: bytes
        if op_type in _MOVES or graph is not built_in or not any(t.dtype.is_floating for t in outputs):
            return None
        if widths is not None:
            widths.update(t.dtype.name for t in outputs if t.dtype.is_floating)
        user, _ = frames(_stack_to(sys._getframe(1)))
        location = f"{user[-1].filename}:{user[-1].lineno}" if user else None
        # A graph's conditional or loop is named, for `expanded` to find what a run executes inside it.
        into.append((op_type, location, op_name) if op_type in _CONTROL_FLOW and graph is not None else (op_type, location))
        return None

    with op_callback(callback):
        yield


def _stack_to(frame):
    """The frames from the outermost to ``frame``, each its file, line and function as `traceback.extract_stack` tells
    them, without the source text of each line: a callback per operation reads none, and looking each frame's line
    up (with a stat of its file) makes the walk about three times as long."""
    stack = []
    while frame is not None:
        code = frame.f_code
        stack.append(traceback.FrameSummary(code.co_filename, frame.f_lineno, code.co_name, lookup_line=False))
        frame = frame.f_back
    stack.reverse()
    return stack


@contextmanager
def op_callback(callback):
    """``callback(op_type, inputs, attrs, outputs, op_name=None, graph=None)`` called for every operation TensorFlow
    runs eagerly or builds in a graph meanwhile, in this thread."""
    from tensorflow.python.eager import execute  # lazy: TensorFlow's door for eager ops, which its callbacks replace
    from tensorflow.python.framework import op_callbacks  # lazy: TensorFlow's; the one door every op passes, eager or built

    door = execute.execute  # put back as it was: removing the last callback sets TensorFlow's quick door
    op_callbacks.add_op_callback(callback)
    try:
        yield
    finally:
        op_callbacks.remove_op_callback(callback)
        execute.execute = door


def first_difference(eager, graph):
    """``(op, location, clause)``: the first operation (in the eager run's order) one run makes at a line where the
    other does not make it as often, and a clause saying what each run makes there; None where both make the same."""
    eager_count, graph_count = Counter(eager), Counter(graph)
    if eager_count == graph_count:
        return None
    only_eager, only_graph = eager_count - graph_count, graph_count - eager_count
    first = next((op for op in eager if op in only_eager), None) or next(op for op in graph if op in only_graph)
    parts = []
    if only_eager:
        parts.append(f"eagerly it runs {_listed(eager, only_eager)}, which the graph does not")
    if only_graph:
        parts.append(f"the graph runs {_listed(graph, only_graph)}, which the eager run does not")
    return first[0], first[1], "; ".join(parts)


def _listed(ops, extra):
    """The operations of ``extra`` (a count), in ``ops``' order, grouped by line: 'Exp, AddV2 and Log at f.py:7'."""
    by_line = {}
    for op_type, location in dict.fromkeys(op for op in ops if op in extra):
        by_line.setdefault(location, []).append(op_type)
    return "; ".join(f"{_and(types)} at {_short(location)}" for location, types in by_line.items())


def _and(words):
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _short(location):
    if location is None:
        return "a line of a library's"
    path, line = location.rsplit(":", 1)
    return f"{path.rsplit('/', 1)[-1]}:{line}"


def beyond_rounding(eager, graph, dtype, widths=()):
    """Whether two runs' numbers (each a list of arrays) differ by more than rounding in ``dtype``, or in the
    narrowest of ``widths`` (dtypes' names the eager run computed in) where that is narrower: another NaN or
    infinity, or an entry off by more than the square root of that dtype's epsilon relative to the array's largest."""
    eps = max([float(np.finfo(dtype).eps)] + [float(np.finfo(w).eps) for w in widths if w in _NUMPY_FLOATS])
    tolerance = float(np.sqrt(eps))
    for a, b in zip(eager, graph):
        a, b = np.asarray(a, np.float64), np.asarray(b, np.float64)
        if a.shape != b.shape:
            return True
        finite = np.isfinite(a) & np.isfinite(b)
        if np.any(np.isnan(a) != np.isnan(b)) or np.any(~finite & (a != b) & ~(np.isnan(a) & np.isnan(b))):
            return True
        if finite.any():
            scale = max(np.max(np.abs(a[finite])), np.max(np.abs(b[finite])))
            if np.max(np.abs(a[finite] - b[finite])) > tolerance * scale:
                return True
    return False


_NUMPY_FLOATS = {"float16", "float32", "float64"}  # bfloat16 has no NumPy finfo


def message(name, difference, eager, graph):
    """What a `StandIn` says: the runs' operations (``difference``, `first_difference`'s, or None where they make the
    same operations) and their numbers."""
    how = (f"TensorFlow computes {name} otherwise eagerly than in the graph gradcli traces and judges: {difference[2]}"
           if difference else
           f"TensorFlow computes {name} otherwise eagerly than in the graph gradcli traces and judges, with the same "
           "operations at each line: a number the code chooses differs")
    return (f"{how} (Python code choosing by tf.executing_eagerly() or tf.inside_function(), or reading the op that "
            f"made a tensor); here your eager run gives {_numbers(eager)} where the graph gives {_numbers(graph)}, "
            "so gradcli cannot judge your eager run by that graph: decorate the function with tf.function to check "
            "the program a graph runs, or make the eager code compute the same")


def _numbers(arrays):
    """The value, then the gradient, shortly."""
    shown = [np.array2string(np.asarray(a, np.float64), threshold=6, formatter={"float_kind": lambda v: f"{v:.7g}"})
             for a in arrays]
    return f"the value {shown[0]}" + (f" and the gradient {', '.join(shown[1:])}" if len(shown) > 1 else "")
