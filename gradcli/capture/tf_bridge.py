"""The TensorFlow bridge: a user's TensorFlow function as the checker needs it (see `bridge.Bridge`).

Under test is TensorFlow's own gradient: ``tf.GradientTape`` in the dtype of
the arguments, eagerly, or inside a ``tf.function`` when the user's function
is one, with every rule TensorFlow applies (``tf.custom_gradient`` rules,
``variables=`` and Keras-style ``upstream=`` ones, ``tf.RegisterGradient``
overrides). The exact reference replays the graph TensorFlow builds for that
gradient: per argument shape and dtype, the concrete function of
``tape.gradient(y, args, output_gradients=ct)`` is traced once, and its
operations (`tf_graph.Walker`, `tf_ops.OPS`) are replayed with gradcli's ops,
the forward part for ``forward`` and the gradient part for ``backward``. Each
op runs under the user's line from its traceback; the ops of a user's own
gradient rule (a ``grad_fn``, a registered gradient) carry the rule's name and
``def`` line, so a wrong rule is reported there.

TensorFlow loads only when a TensorFlow target is checked; its C++ start-up
messages are quietened (``TF_CPP_MIN_LOG_LEVEL=2``, and the lines some builds
write before absl's logger starts filtered out, `tf_start`) unless the user set the
level.
"""

from __future__ import annotations

import contextlib
import functools
import importlib.util
import inspect
import logging
import os
import re
import time
import weakref

import numpy as np

import gradcli.numpy as gnp

from ..autodiff.tracer import hooks
from ..autodiff.transforms import vjp
from ..autodiff.tree import flatten
from ..autodiff.values import raw
from ..errors import InputError
from ..folders import installed_package_file
from .bridge import Bridge, PerPoint, Unmapped, differentiated, points_replayed
from .exact_constants import held_for, held_in, is_float, kind_of, lift
from .flushing import TENSORFLOW_CPU_KERNELS
from .derived_numbers import RULES_ONLY, derived_numbers, shared_among_a_count
from .lines import STDLIB_FOLDER, handed_numbers, literal_numbers, math_call_advice, numbers_on_line
from .own_time import OwnCallStopped, named_call, run_bounded
from .tf_control_flow import eager_reads_passed_on
from .tf_draws import HELD_DRAWS, FreshDraws, point_key
from .tf_errors import GraphGradientRefused, NoDerivativeIn, at_users_lines, control_flow_refusal, is_users_file, unmapped_reason, users_frames_only
from .tf_eager import as_tensor, as_written, eager_answers, eager_execute, keras_as_eager, same_bits
from .tf_keras_dtypes import narrower_function_said, narrower_keras_calls, narrower_said
from .tf_graph import (CALLS, DRAWN_IN_PARAMETERS, SEEDED, Gradients, Walker, chose_by_dtype, derivative_taken_inside, executed,
                       floats_at_the_point, is_library_frame, limits_as_in, rerun_of, variables_held_as)
from .tf_models import AssignInstead, ModelArguments
from .tf_reads import numbers_read_held, reads_in
from .tf_stand_in import StandIn, beyond_rounding, expanded, first_difference, message, recording
from .tf_start import import_quietly
from .tf_retype import constants_keep, retypable, retyped_plan
from .tf_watch import note_none_given, watching_gradients, without_derivative

# Formula function -> TensorFlow's own function of the same meaning and arguments, how fixes read and write
# the user's calls (tf.exp and tf.math.exp alike; one TensorFlow lacks, logaddexp or hypot, is left for a
# rewrite that does without it).
SPELLINGS = {
    "<number>": "float",  # tf.where(c, 1, x) refuses the int32 1 beside a float x; tf.where(c, 1.0, x) takes x's dtype
    "<constants>": "math",  # tf.math.log(10) refuses an int; tf.math.log(10.0) is a float32 tensor
    **{name: f"tf.math.{name}" for name in ("exp", "sqrt", "sin", "cos", "tan", "sinh", "cosh", "tanh", "abs", "sign", "floor")},
    "maximum": "tf.math.maximum",
    "minimum": "tf.math.minimum",
    "log": "tf.math.log",
    "log1p": "tf.math.log1p",
    "expm1": "tf.math.expm1",
    **{name: f"tf.experimental.numpy.{name}" for name in ("log2", "log10")},  # no tf.math spelling of either
    "softplus": "tf.math.softplus",
    "sigmoid": "tf.math.sigmoid",
    "erf": "tf.math.erf",
    "erfc": "tf.math.erfc",
    "ceil": "tf.math.ceil",
    "arcsin": "tf.math.asin",
    "arccos": "tf.math.acos",
    "arctan": "tf.math.atan",
    "arctan2": "tf.math.atan2",
    "arcsinh": "tf.math.asinh",
    "arccosh": "tf.math.acosh",
    "arctanh": "tf.math.atanh",
    "clip": "tf.clip_by_value",
    "logsumexp": "tf.math.reduce_logsumexp",
    "xlogy": "tf.math.xlogy",
    "xlog1py": "tf.math.xlog1py",
    "sum": "tf.math.reduce_sum",
    "mean": "tf.math.reduce_mean",
    "cumsum": "tf.math.cumsum",
    "cumlogsumexp": "tf.math.cumulative_logsumexp",
    "softmax": "tf.nn.softmax",
    "log_softmax": "tf.nn.log_softmax",
    "log_sigmoid": "tf.math.log_sigmoid",
    "sigmoid_cross_entropy_with_logits": "tf.nn.sigmoid_cross_entropy_with_logits",
    **{name: f"tf.math.bessel_{name}" for name in ("i0", "i0e", "i1", "i1e")},
    **{name: f"tf.math.special.bessel_{name}" for name in ("k0", "k0e", "k1", "k1e")},
}

_FLOAT64 = np.dtype(np.float64).str
_TENSORFLOW_FLOATS = (np.dtype(np.float16), np.dtype(np.float32), np.dtype(np.float64))


def prepare():
    """Quieten TensorFlow's C++ start-up lines (CPU features, absl) unless the user chose a level: before any import of
    it, and the import itself, its lines filtered (`tf_start`)."""
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
    import_quietly()


def _tf():
    """TensorFlow, its C++ start-up messages quiet unless the user chose a level."""
    prepare()
    import tensorflow as tf  # lazy: only a TensorFlow target loads it, and it takes seconds

    return tf


def cancellable(call):
    """``(call, stop)`` for `own_time.run_bounded`: ``call`` run under a TensorFlow cancellation manager, whose
    cancellation (``stop()``) ends the compiled functions it runs, their graphs' loops between two trips."""
    from tensorflow.python.eager import cancellation  # lazy: TensorFlow's own, loaded with the user's target

    manager = cancellation.CancellationManager()

    def run():
        with cancellation.CancellationManagerContext(manager):
            return call()

    return run, manager.start_cancel


def _gradcli_forward(fun, rebuild, leaves):
    """Call the user's function on tensors: the frame every forward op's traceback passes through."""
    return fun(*rebuild(list(leaves)))


def _gradcli_gradient(tape, y, watched, cotangent, models):
    """TensorFlow's gradient: the frame every op of the gradient graph's traceback passes through."""
    try:
        return tape.gradient(y, models.watched(watched), output_gradients=cotangent, unconnected_gradients="zero")
    except Exception as error:  # noqa: BLE001 - a variables= rule met with its variables read as tensors is met again
        explained = models.explained(error)
        if explained is error:
            raise
        raise explained from None


@functools.lru_cache(maxsize=None)
def _library_dirs(tf):
    """Folders whose frames are never the user's: TensorFlow, Keras (and optree, whose tree maps run its autocasts), TFP
    and Python's own library."""
    dirs = [os.path.dirname(os.path.abspath(tf.__file__)) + os.sep]
    for name in ("keras", "tf_keras", "tensorflow_probability", "absl", "ml_dtypes", "optree"):
        spec = importlib.util.find_spec(name)
        for location in (spec.submodule_search_locations or []) if spec else []:
            dirs.append(os.path.abspath(location) + os.sep)
    return tuple(dirs)


@functools.lru_cache(maxsize=None)
def _user_frames(library_dirs):
    """``frames(traceback) -> (the user's frames inside the call, whether in the gradient)``, innermost last."""
    here = os.path.abspath(__file__)
    known = {}  # file name -> whether its frames are the user's (a trace asks about the same few files per op)

    def users(filename):
        mine = known.get(filename)
        if mine is None:
            path = os.path.abspath(filename)
            standard = path.startswith(STDLIB_FOLDER) and not installed_package_file(path)
            mine = known[filename] = not standard and not is_library_frame(path, library_dirs)
        return mine

    def frames(traceback):
        # From the innermost frame out to gradcli's wrapper: the frames outside it are never read.
        inside = []
        for i in range(len(traceback) - 1, -1, -1):
            frame = traceback[i]
            if frame.name in _WRAPPERS and frame.filename == here:
                return [f for f in at_users_lines(reversed(inside)) if users(f.filename)], frame.name == "_gradcli_gradient"
            inside.append(frame)
        # A tf.function traced before, by a call outside the wrappers (the user's own, at import or in a test), keeps
        # that trace: its ops' lines are the user's frames inside the outermost call into gradcli or TensorFlow.
        entered = next((i for i, frame in enumerate(traceback) if is_library_frame(frame.filename, library_dirs)), len(traceback))
        return [f for f in at_users_lines(list(traceback)[entered + 1:]) if users(f.filename)], False

    frames.users = users
    return frames


_WRAPPERS = {"_gradcli_forward", "_gradcli_gradient"}


_KNOWN_LIMIT = 4096
# A rerun this quick runs in the caller's thread from then on (`TensorFlowFunction._quick_own`): --max-time is met to
# within it, and a graph whose kernels take longer (a big matmul) stays in `run_bounded`'s worker.
_QUICK_RERUN = 0.005


def _exact_key(leaves, rebuild, cotangent):
    """What TensorFlow's numbers at a call depend on, bit for bit: each leaf's dtype, shape and bytes; None if unknown."""
    key = [len(leaves) if rebuild is list else repr(rebuild(list(range(len(leaves)))))]
    for leaf in list(leaves) + ([] if cotangent is None else [cotangent]):
        value = raw(leaf)
        if isinstance(value, (bool, int, float)):
            value = np.asarray(value)
        if isinstance(value, str):
            key.append(value)
        elif isinstance(value, (np.ndarray, np.generic)) and value.dtype != object:
            key.append((value.dtype.str, value.shape, value.tobytes()))
        else:
            return None  # a Variable, an object: asked afresh each time
    return tuple(key) + (cotangent is None,)


def _copied(numbers):
    """``(value, gradients)`` with fresh arrays: what the checker is handed is its own."""
    value, grads = numbers
    if grads is None:
        return np.array(value), None
    leaves, rebuild = flatten(list(grads))
    return np.array(value), tuple(rebuild([np.array(leaf) for leaf in leaves]))


def _is_float_leaf(leaf):
    """Whether a leaf is differentiated: a float array or number, an mpmath number or a ball (not an int or bool)."""
    value = raw(leaf)
    if isinstance(value, (bool, np.bool_, int, np.integer, str)):
        return False
    if isinstance(value, np.ndarray):
        return value.dtype == object or np.issubdtype(value.dtype, np.floating)
    return True


def _flat(args):
    """``(leaves, rebuild)`` of a call's arguments; plain arrays and numbers (the usual call) without a tree walk."""
    if not any(isinstance(a, (list, tuple, dict)) for a in args):
        return list(args), list
    return flatten(list(args))


def _signature(leaf, exact):
    """What a traced graph depends on of one leaf: its shape (or only its rank) and dtype; a held leaf's value."""
    value = raw(leaf)
    dtype = getattr(value, "dtype", None)
    if dtype is None:  # a Python float, an mpmath number, a ball: a float64 scalar to the graph
        return ((), _FLOAT64) if _is_float_leaf(value) else ("held", repr(value))
    if dtype.kind not in "fO":
        return ("held", repr(value))
    # Balls, mpmath numbers and dtypes TensorFlow lacks (longdouble) replay the float64 graph.
    return (value.shape if exact else value.ndim, dtype.str if dtype in _TENSORFLOW_FLOATS else _FLOAT64)


def _quick_key(leaves):
    """The plans' cache key of leaves that are all Python floats or NumPy float arrays and scalars; None otherwise.

    Those leaves are `_signature`'s usual case: their type, dtype and shape
    say all it would read of them, without its checks per leaf. A traced leaf
    (a box of a differentiation) is keyed by the value it holds, as
    `_signature` reads it.
    """
    key = []
    for leaf in leaves:
        value = raw(leaf)
        kind = type(value)
        if kind is float or kind in _NUMBER_TYPES:
            key.append(kind)
        elif (kind is np.ndarray or kind is np.float64 or kind is np.float32) and value.dtype in _TENSORFLOW_FLOATS:
            key.append((kind, value.dtype, value.shape))
        else:
            return None
    return tuple(key)


# Types of numbers without a dtype (mpmath's, balls, jets) seen as leaves: `_signature` makes each a float64
# scalar by its type alone, so `_quick_key` may key them by type as it keys a Python float.
_NUMBER_TYPES = set()


def _note_number_types(leaves):
    for leaf in leaves:
        value = raw(leaf)
        kind = type(value)
        if kind not in _NUMBER_TYPES and not hasattr(value, "dtype") and _is_float_leaf(value):
            _NUMBER_TYPES.add(kind)


def _zeros_beside(out, leaves, floats):
    """``out`` with a float64 zero shaped like each leaf not in ``floats`` (an int, a bool, a held value: no gradient)."""
    if len(floats) < len(leaves):
        differentiated = set(floats)
        for i, leaf in enumerate(leaves):
            if i not in differentiated:
                out[i] = np.zeros(np.shape(raw(leaf)))
    return out


def _moves(truth):
    """Whether a rule's truth for one input (a derivative, exact numbers) has an entry that is a number other than 0."""
    import mpmath  # lazy: the truths are mpmath numbers, as the reference's

    value = raw(truth)
    if value is None:
        return False
    return any(mpmath.isfinite(entry) and entry != 0 for entry in np.ravel(np.asarray(value, dtype=object)))


def _zero_like(truth):
    """The gradient 0 shaped like ``truth``: what a rule that returns None for an input gives it."""
    value = raw(truth)
    return np.zeros(np.shape(value)) if isinstance(value, np.ndarray) else 0 * value


def _dtype_of(leaf):
    """The NumPy float dtype a leaf is checked in (float64 for mpmath numbers and balls)."""
    value = raw(leaf)
    dtype = getattr(value, "dtype", None)
    if dtype is not None and np.dtype(dtype) in _TENSORFLOW_FLOATS:
        return np.dtype(dtype)
    return np.dtype(np.float64)


# Why the variables' gradients of a rule's calls that `Walker.keyed_calls` cannot key are not judged.
_NOT_TOLD_APART = ("its calls are in a function TensorFlow's graph calls more than once, a branch or a loop body, whose "
                   "values gradcli's replay does not tell apart call by call")


def _held_draw_said(draw):
    """How a random draw (an entry of `Walker.draws`, "op at file:line") is held in the replay, in words
    (`TensorFlowFunction.held_draws`)."""
    op_type = draw.split(" at ")[0]
    if draw.endswith(SEEDED):
        return ("drawn again at each run by TensorFlow's kernel from the seed the function computes there, a constant "
                "of the point in the exact derivative (no gradient flows through a seed)")
    if op_type in HELD_DRAWS:  # a state of its own: read from the run (`tf_draws`)
        return ("held as the numbers TensorFlow's run at the point drew (each run draws anew: each point is judged "
                "with its own run's draws), " + (
                    "and in the exact derivative the function of its alpha its quantile defines (implicit "
                    "reparameterisation)" if HELD_DRAWS[op_type] is not None else
                    "a constant of the point in the exact derivative"))
    return ("held as the numbers TensorFlow draws there (its run in each dtype starting from the state of your next "
            "call), " + (
                "drawn again at each value of its parameters, and in the exact derivative the function of them its "
                "quantile defines (the sample moves with them so that its CDF stays put: implicit "
                "reparameterisation)" if op_type in DRAWN_IN_PARAMETERS else
                "a constant of the point in the exact derivative"))


class _Captured:
    """One traced signature: the forward and backward plans, the key of the cotangent, and the graph's `Rerun` (or None)."""

    def __init__(self, forward, backward, cotangent_key, rerun=None, output=None):
        self.forward, self.backward, self.cotangent_key = forward, backward, cotangent_key
        self.rerun, self.output = rerun, output  # output: (shape, NumPy dtype) of the function's value
        self.ones = None  # a cotangent of ones for the value, as a tensor
        self.narrowed = None  # () -> this float64 trace retyped to float32 (`tf_retype`), where that is the float32 trace
        self.retyped = False  # whether this is such a retyped trace
        self.held = False  # whether the rerun gave TensorFlow's eager numbers bit for bit at a point (`_agrees`)
        self.branches = False  # whether it gave other numbers there: the code computes otherwise in a graph
        self.quick = False  # whether its rerun ran within `_QUICK_RERUN` seconds (`TensorFlowFunction._quick_own`)
        self.narrow_programs = {}  # a narrower dtype -> its own trace where the code chose by dtype, else None (`_program_of`)
        # (op type, file:line) of each computing op the trace's forward built (`tf_stand_in.recording`), a conditional or
        # a loop with its op's name third (`_graph_ops_at`)
        self.graph_ops = None
        # `tf_stand_in.first_difference` of the eager run's forward ops and ``graph_ops`` (False where they are the
        # same; None before an eager run was held to them)
        self.difference = None
        self.rule_calls = []  # `tf_graph.RuleCall` of each call of a user's rule in the traced graph (`rules_alone`)
        self.whole_plan = None  # the traced graph's whole plan, where it has calls of rules to judge alone
        self.traced_plan = None  # the traced graph's whole plan, always (`backward_traced`)
        self.variable_calls = []  # the `tf_graph.RuleCall` of each call of a variables= rule found in the plan (`rule_variables`)
        # (rule's name, "file.py:LINE") of each call of a variables= rule whose tensors the plan does not tell apart
        # (in a branch, a loop body: `Walker.keyed_calls`), and those calls: their variables are judged whole
        # (`TensorFlowFunction._variables_judged_whole`)
        self.unjudged, self.unjudged_calls = [], []


class TensorFlowFunction:
    """A user's TensorFlow function: its own numbers (`own`) and its graphs, replayed (`forward`, `backward`)."""

    def __init__(self, fun, text):
        self.fun, self.text = fun, text
        self.models = ModelArguments(fun)  # Keras models among the arguments, read as their variables' trees
        self.compiled = hasattr(fun, "get_concrete_function")
        self.captured, self.seen, self.exact_only, self.unretyped = {}, set(), set(), set()
        self.untraced = {}  # (structure, shapes) -> the error its trace raised, raised again rather than traced again
        self._graph_gradient, self._mapped = {}, {}
        self._pending = None  # (args, tape, value, watched) of the last eager value, for its gradient
        self._known = {}  # the exact arguments (and cotangent) -> TensorFlow's numbers there
        self._quick_ranges = {}  # (dtype, number of arguments) -> the one-point graph whose reruns on ranges are quick
        self._quick = {}  # `_quick_key` of a call's leaves -> its plans
        self.written = None  # the user's own float constants in the forward graphs traced so far (None before any)
        self.traced_at = []  # (plans, leaves, rebuild) of each trace: `held_constants` asks if a dtype's program differs
        self.variables_read = []  # (handle, dtype, value) of each variable a traced graph holds as its value then
        self.float32_program = False  # whether a float64 trace failed where the float32 one is the program (`_float32_program`)
        self.computes_otherwise = False  # whether a trace's forward made other ops than the eager run (`_held_to_eager`)
        # why a sweep's map cannot take the function (`unmapped_reason`), where a trace found its Python code branching
        # on a tensor's value and autograph traced it: a map (made without autograph) would trace it only to fail so
        self.branches_on_values = None
        self.state = {}  # id -> handle of each whole-number variable a traced graph changes (a seed generator's state)
        self.state_asked = False  # whether `_state_held` traced a graph to learn ``state``
        self._state_restarts = None  # inside `_state_held`: puts each of ``state`` back to its held value
        self.xla = False  # whether a traced graph calls a function XLA compiles (a nested tf.function(jit_compile=True))
        self.draws = {}  # "op at file:line" of each random draw the traced graphs hold (`tf_graph.Walker._draw`), in order
        self.fresh = FreshDraws()  # the stateful draws of TensorFlow's eager runs, which the replay reads (`tf_draws`)
        self.narrower = {}  # dtype's name -> the Keras losses its last run computed narrower (`computed_narrower`)
        self.keras_casts = {}  # dtype's name -> {Keras function: a traced graph's cast inside it to a narrower dtype}
        self.eager_widths = set()  # the float dtypes' names the recorded eager runs computed in (`tf_stand_in.recording`)
        # leaf position -> (call, input's name, what TensorFlow differentiates, "file:line") of each argument whose
        # gradient TensorFlow gives none through an op without a derivative in it (`tf_watch.without_derivative`)
        self.no_derivative = {}
        self.users_number = _users_numbers(fun)
        python = inspect.unwrap(getattr(fun, "python_function", fun))
        self.namespaces = [python.__globals__] if isinstance(getattr(python, "__globals__", None), dict) else []
        self.python = python  # the user's own Python function, whose closure `eager_answers` reads too
        self.name = getattr(python, "__name__", text)
        try:
            self.parameters = len(inspect.signature(python).parameters)
        except (TypeError, ValueError):
            self.parameters = None
        try:
            code = python.__code__
            self.default_location = f"{code.co_filename}:{code.co_firstlineno}"
        except AttributeError:
            self.default_location = text

    def variables_unchanged(self):
        """Whether every variable the traced graphs hold still has the value they hold (a training step changes it)."""
        if not self.variables_read:
            return True
        tf = _tf()
        return all(same_bits(_variable_reader(tf)(handle, dtype), value) for handle, dtype, value in self.variables_read)

    def _recorded_reader(self, tf):
        read = _variable_reader(tf)

        def recorded(handle, dtype):
            value = read(handle, dtype)
            self.variables_read.append((handle, dtype, np.array(value)))
            return value

        return recorded

    def refused(self, dtype):
        """Why this function cannot run in ``dtype``: a ``tf.function`` whose ``input_signature`` fixes its float
        arguments to another dtype (TensorFlow refuses to cast them), or a module argument holds a variable of
        another float dtype (`ModelArguments.refused`); None where it runs."""
        signature = getattr(self.fun, "input_signature", None)
        if not signature or self.models.models:
            return self.models.refused(dtype)
        tf = _tf()
        fixed = {spec.dtype.name for spec in tf.nest.flatten(signature) if isinstance(spec, tf.TensorSpec) and spec.dtype.is_floating}
        if len(fixed) != 1 or np.dtype(dtype).name in fixed:
            return None
        (name,) = fixed
        return f"its input_signature fixes {name}"

    def held_constants(self, dtype):
        """``((written, held), ...)``: the user's own constants (`_users_numbers`) the program in ``dtype`` holds
        as other numbers, in the graphs traced so far; None before any is."""
        if self.written is None:
            return None
        limit = lambda c: limits_as_in(np.float64(c), dtype)  # noqa: E731 - a float64 limit is the dtype's own there
        held = [(c, float(np.asarray(c, dtype=dtype)) if limit(c) is None else float(limit(c))) for c in sorted(self.written)]
        if self.draws and np.dtype(dtype) != np.float64:  # TensorFlow draws other numbers in a narrower dtype
            held.append(("TensorFlow's random draws in float64", f"TensorFlow's random draws in {np.dtype(dtype).name}"))
        if np.dtype(dtype) != np.float64 and self._chose_by_dtype(dtype):
            held.append(("the operations of the code's float64 branch", f"its {np.dtype(dtype).name} branch's"))
        return tuple((c, h) for c, h in held if c != h)

    def _chose_by_dtype(self, dtype):
        """Whether a program traced so far is another program in ``dtype`` (`_program_of`): the code read its dtype
        (``x * 2.0 if x.dtype == tf.float32 else x * x``), so the exact reference replays that dtype's trace."""
        with held_in(dtype):
            return any(self._program_of(captured, leaves, rebuild) is not captured
                       for captured, leaves, rebuild in self.traced_at)

    # The framework's own numbers.

    def own(self, args, cotangent):
        """TensorFlow's value and vector-Jacobian product at ``args``, in their dtype (eagerly, or compiled as the user's is).

        An eager value is computed on a tape kept for the next call: the
        checker asks for the gradient at the same ``args`` (the same tuple)
        right after, and it is then one ``tape.gradient``, not a second forward.
        The numbers at a point already asked about (a sweep checks some points
        twice, an explanation re-runs one) are TensorFlow's from the first time.
        """
        leaves, rebuild = _flat(args)
        self._refuse_without_derivative(leaves, rebuild, cotangent)
        key = _exact_key(leaves, rebuild, cotangent)
        known = self._known.get(key) if key is not None else None
        if known is not None:
            return _copied(known)
        got = self._quick_own(leaves, rebuild, cotangent)
        if got is not None:
            return self._kept(key, got)
        how = ("compiled, " if self.compiled else "eagerly, ") + (
            "its value" if cotangent is None else "its value and tf.GradientTape's gradient")
        try:
            with self.models.restoring(), self._state_held(leaves, rebuild):  # its trace here: no call of the user's
                # Cancellation for a compiled function alone: under it an eager run's nested tf.function records other
                # ops than the graph's (held to each other, `_held_to_eager`); an eager one stops at its next line.
                got = run_bounded(lambda: self._own_recorded(args, cotangent, leaves, rebuild, key),
                                  lambda: named_call("TensorFlow", self.text, self.fun, how),
                                  stop_with=cancellable if self.compiled else None)
        except OwnCallStopped:  # no error of the user's: the call did not return in time
            raise
        except Exception as error:  # noqa: BLE001 - one autograph traced is told at the user's lines
            if self.float32_program and all(_dtype_of(leaf) == np.float64 for leaf in leaves if _is_float_leaf(leaf)):
                refused = Float32Only()
                refused.raised_at = getattr(users_frames_only(error), "raised_at", None)  # autograph's file read back
                raise refused.with_traceback(error.__traceback__) from None
            told = users_frames_only(error)
            if told is error:
                raise
            raise told from None
        return self._kept(key, got)

    def _kept(self, key, got):
        """``got`` (TensorFlow's numbers at a point), kept for the same question at ``key`` again."""
        if key is not None:
            if len(self._known) >= _KNOWN_LIMIT:
                self._known.clear()
            self._known[key] = _copied(got)
        return got

    def _quick_own(self, leaves, rebuild, cotangent):
        """`_own`'s numbers by the rerun of a traced graph, in this thread, where that rerun is known quick; else None.

        A rerun is TensorFlow's kernels alone on a straight-line graph, with no
        line of the user's Python to stop: once one ran within `_QUICK_RERUN`
        seconds at this signature, held to the eager numbers bit for bit, the
        next ones skip `run_bounded`'s worker thread, whose hand-over costs
        TensorFlow's eager calls a third of their time (a sweep makes hundreds).
        """
        if self.compiled or self.fresh.held or self._pending is not None:
            return None
        captured = self._traced_at(leaves, rebuild)
        if captured is None or not (captured.quick and captured.held and captured.rerun is not None) or captured.branches:
            return None
        if cotangent is not None and np.shape(raw(cotangent)) != captured.output[0]:
            return None
        tf = _tf()
        floats = [i for i, leaf in enumerate(leaves) if _is_float_leaf(leaf)]
        tensors = [as_tensor(tf, raw(leaf)) for leaf in leaves]
        with self.models.restoring(), self._state_held(leaves, rebuild):
            got = self._rerun_own(tf, captured, leaves, rebuild, floats, tensors, cotangent)
        if got is not None and floats:
            self.narrower[np.dtype(_dtype_of(leaves[floats[0]])).name] = []  # a rerun calls no Keras loss
        return got

    def _traced_at(self, leaves, rebuild):
        """The graph traced for these arguments' structure, shapes and dtypes, where one is (no trace is made)."""
        structure = len(leaves) if rebuild is list else repr(rebuild(list(range(len(leaves)))))
        return self.captured.get((structure, tuple(_signature(leaf, exact=True) for leaf in leaves)))

    def _traced_once(self, leaves, rebuild):
        """The graph for these arguments traced where none is yet: it says which variables a run changes and which
        arguments TensorFlow's gradient gives none for."""
        if not self.captured and not self.state_asked:
            self.state_asked = True  # once: a trace that fails is not tried again at every point
            try:
                self._capture(leaves, rebuild)
            except Exception:  # noqa: BLE001 - the run itself, or the replay, says what is wrong
                pass

    def _refuse_without_derivative(self, leaves, rebuild, cotangent):
        """Raise `NoDerivativeIn` for a gradient (``cotangent`` given) in an argument whose gradient TensorFlow gives
        none through an op without a derivative in it (polygamma's order): what the tape hands the user is None."""
        if cotangent is None:
            return
        self._traced_once(leaves, rebuild)  # a gradient asked first: the trace says where TensorFlow gives none
        marks = differentiated()  # --wrt: a leaf marked False is data, no derivative asked in it
        asked = _flat(marks)[0] if marks is not None else [True] * len(leaves)
        found = [(i, self.no_derivative[i]) for i, leaf in enumerate(leaves)
                 if i in self.no_derivative and _is_float_leaf(leaf) and (i >= len(asked) or asked[i] is not False)]
        if not found:
            return
        position, (call, part, instead, location) = found[0]
        raise NoDerivativeIn(self._leaf_name(position, leaves, rebuild), call, part, instead, location)

    def _leaf_name(self, position, leaves, rebuild):
        """The name a check gives the leaf at ``position``: its parameter's, for a function of plain arguments."""
        try:
            parameters = list(inspect.signature(self.python).parameters)
        except (TypeError, ValueError):  # a callable with no signature Python can read
            parameters = []
        if rebuild is list and position < len(parameters):
            return parameters[position]
        return "that argument"

    @contextlib.contextmanager
    def _state_held(self, leaves, rebuild):
        """Around TensorFlow's runs of the function: each whole-number variable its graph changes (a Keras seed
        generator's state, a ``tf.random.Generator``'s counter) starts every run at the value it has now and is
        put back to it after, so each run draws what the user's next call draws, the numbers the trace holds.

        The graph for these arguments is traced first where it is not yet: it says which variables those are.
        """
        self._traced_once(leaves, rebuild)
        if not self.state:
            yield
            return
        tf = _tf()
        read = _variable_reader(tf)
        held = [(handle, read(handle, handle.dtype if handle.dtype != tf.resource else _state_dtype(tf, handle)))
                for handle in self.state.values()]
        self._state_restarts = lambda: [tf.raw_ops.AssignVariableOp(resource=handle, value=value) for handle, value in held]
        try:
            yield
        finally:
            self._state_restarts()
            self._state_restarts = None

    def _state_restarted(self):
        """Inside `_state_held`: each whole-number variable put back to its held value, so that a further run of the
        function within one check's call (XLA's taped call after its plain one) draws what the first run drew."""
        if self._state_restarts is not None:
            self._state_restarts()

    def held_draws(self):
        """A note for each random draw the traced graphs hold as the numbers TensorFlow drew (`Bridge.held_draws`)."""
        notes = [f"{draw}: a random draw, {_held_draw_said(draw)}" for draw in self.draws]
        if self.fresh.in_functions:
            notes.append("TensorFlow's value and gradient are its run of the function with every tf.function's Python "
                         "run eagerly (tf.config.run_functions_eagerly): a stateful draw inside a graph is out of reach "
                         "of the numbers gradcli reads, an eager one is not. TensorFlow's switch holds for the whole "
                         "process: while the check runs the function, a tf.function another thread calls runs "
                         "eagerly too")
        return notes

    def _own_recorded(self, args, cotangent, leaves, rebuild, key):
        """`_own`, the stateful draws of an eager run recorded as the run at this point (`tf_draws.FreshDraws`), the
        Keras losses that computed it in a narrower dtype than the arguments' kept for `computed_narrower`."""
        floats = [np.asarray(raw(leaf), _dtype_of(leaf)) for leaf in leaves if _is_float_leaf(leaf)]
        dtype = floats[0].dtype if floats else np.dtype(np.float64)
        with narrower_keras_calls(dtype) as narrower:
            if not self.fresh.held:  # no graph traced so far reads a draw from the run: TensorFlow's quick door
                got = self._own(args, cotangent, leaves, rebuild, key)
            else:
                with self.fresh.recorded(dtype, point_key(floats)), _functions_eagerly(self.fresh.in_functions):
                    got = self._own(args, cotangent, leaves, rebuild, key)
        self.narrower[dtype.name] = list(narrower)
        return got

    def computed_narrower(self, dtype):
        """``(the Keras loss, why the run keeps its dtype's digits, the user's (file, line) or None)`` for each Keras
        loss the last run in ``dtype`` called that computes in a narrower dtype (`Bridge.computed_narrower`)."""
        wide = np.dtype(dtype).name
        return [(what, narrower_said(what, own, wide), location)
                for what, own, wide, location in self.narrower.get(wide, ())] + [
            (what, narrower_function_said(what, own, wide), location)
            for what, own, wide, location in self.keras_casts.get(wide, {}).values()]

    def _own(self, args, cotangent, leaves, rebuild, key):
        tf = _tf()
        pending, self._pending = self._pending, None
        floats = [i for i, leaf in enumerate(leaves) if _is_float_leaf(leaf)]
        if pending is None or pending[0] is not args:
            self._held_to_eager(tf, leaves, rebuild, floats)
            known = self._known.get(key) if key is not None else None
            if known is not None:  # the eager run just made, at this point
                return _copied(known)
        if cotangent is not None and pending is not None and pending[0] is args:
            _, tape, y, watched = pending
            try:
                grads = _gradcli_gradient(tape, y, watched, tf.cast(tf.constant(np.asarray(raw(cotangent))), y.dtype), self.models)
                return np.asarray(y.numpy()), self._per_argument(tf, leaves, floats, grads, rebuild)
            except AssignInstead:  # the value and gradient afresh, the models' variables assigned
                pass
        rerun = self._rerun_at(leaves, rebuild, cotangent)
        known = self._known.get(key) if rerun is not None and key is not None else None
        if known is not None:  # the float32 retyping's proof, made just now at this point, kept TensorFlow's numbers
            return _copied(known)
        tensors = [as_tensor(tf, raw(leaf)) for leaf in leaves]
        if rerun is not None:
            got = self._rerun_own(tf, rerun, leaves, rebuild, floats, tensors, cotangent)
            if got is not None:
                return got
        if cotangent is None and self.compiled and self._by_xla():
            # XLA compiles a call under a tape (its forward keeping what the gradient reads) apart from a plain call,
            # each rounding its own way: the value is the taped call's, as the user's training step gets it, and the
            # gradient with a cotangent of ones is kept for the call after.
            value = np.asarray(tf.convert_to_tensor(self.models.call(*rebuild(tensors))).numpy())
            self._state_restarted()  # the taped call draws from the generator's state as the plain call did
            ones = np.ones(value.shape, value.dtype)
            got = self._compiled_gradient(tf, leaves, floats, rebuild)(tf.constant(ones), *tensors)
            numbers = (np.asarray(got[0].numpy()), self._per_argument(tf, leaves, floats, got[1], rebuild))
            kept = _exact_key(leaves, rebuild, ones)  # not ``key``, this call's own (no cotangent)
            if kept is not None:
                self._known[kept] = _copied(numbers)
            return numbers[0], None
        if cotangent is None:
            if self.compiled or self.models.assigning:  # an assigned variable is put back before a later gradient
                return np.asarray(tf.convert_to_tensor(self.models.call(*rebuild(tensors))).numpy()), None
            watched = [tensors[i] for i in floats]
            with tf.GradientTape() as tape:
                tape.watch(watched)
                y = tf.convert_to_tensor(_gradcli_forward(self.models.call, rebuild, tensors))
            self._pending = (args, tape, y, watched)  # args held: its id is not reused while pending
            return np.asarray(y.numpy()), None
        ct = np.asarray(raw(cotangent))
        if self.compiled:
            compiled = self._compiled_gradient(tf, leaves, floats, rebuild)
            value, grads = compiled(tf.constant(ct), *tensors)
        else:
            value, grads = _value_and_gradient(tf, self.models, tensors, floats, rebuild, tf.constant(ct))
        return np.asarray(value.numpy()), self._per_argument(tf, leaves, floats, grads, rebuild)

    def _held_to_eager(self, tf, leaves, rebuild, floats):
        """Hold the graph traced for these arguments to TensorFlow's eager run at them (the user's function runs
        eagerly): raise `StandIn` where the two compute otherwise and their numbers differ beyond rounding.

        The forward's operations are compared once per trace, at its first
        point (`tf_stand_in.first_difference`); where they differ, the numbers
        are compared at every point, the graph's by its rerun (TensorFlow's own
        kernels) or else by gradcli's replay in the dtype. Where they are the
        same, the rerun is held to the eager numbers once, to the bit (else the
        eager call is made from then on); a difference beyond rounding there is
        a number the code chose otherwise.
        """
        if self.compiled or not floats:
            return
        try:
            captured = self._capture(leaves, rebuild)
        except Exception:  # noqa: BLE001 - the eager call, or the replay, says what is wrong
            return
        if captured.held and captured.difference is None:  # its rerun gave the eager numbers to the bit (`_agrees`)
            captured.difference = False
        if captured.graph_ops is None or (captured.difference is False and (captured.held or captured.rerun is None)):
            return
        ops = [] if captured.difference is None else None
        eager = self._eager_at(tf, leaves, rebuild, floats, ops)
        if eager is None:
            return
        if ops is not None:
            built = self._graph_ops_at(captured, leaves, rebuild, floats)
            if built is None:  # a graph that will not run here: nothing to hold the eager run's ops to
                captured.difference = False
                return
            captured.difference = first_difference(ops, built) or False
            if captured.difference:  # the rerun never stands for the eager call, nor a graph of points for a sweep
                self.computes_otherwise = captured.branches = True
            if captured.difference is False and captured.rerun is None:
                return
        graph = self._graph_numbers(tf, captured, leaves, rebuild, floats, eager)
        if graph is None:
            return
        if not captured.difference:
            captured.held = all(same_bits(a, b) for a, b in zip(eager, graph))
            if captured.held:
                return
            captured.rerun, captured.branches = None, True  # the eager call from now on
        if beyond_rounding(eager, graph, eager[0].dtype, self.eager_widths):
            op, location = captured.difference[:2] if captured.difference else ("the function", self.default_location)
            raise StandIn(message(self.name, captured.difference or None, eager, graph), op, location)

    def _eager_at(self, tf, leaves, rebuild, floats, ops=None):
        """TensorFlow's eager value and gradient (a cotangent of ones) at ``leaves``, as arrays (kept as known);
        ``ops``: a list the forward's computing ops are recorded into (`tf_stand_in.recording`). None where it raises."""
        tensors = [as_tensor(tf, raw(leaf)) for leaf in leaves]
        frames = _user_frames(_library_dirs(tf))

        def attempt():
            if ops is not None:
                ops.clear()
            return _taped(tf, self.models, tensors, floats, rebuild, None,
                          (frames, ops, None, self.eager_widths) if ops is not None else None)

        try:
            value, grads = _once_more_assigning(attempt)
            numbers = (np.asarray(value.numpy()), self._per_argument(tf, leaves, floats, grads, rebuild))
        except Exception:  # noqa: BLE001 - the eager call, made again by `own`, says what is wrong
            return None
        ones = np.ones(numbers[0].shape, numbers[0].dtype)
        # A run whose ops were recorded calls a function XLA compiles otherwise (op callbacks watch it): not kept.
        for cotangent, kept in ((None, (numbers[0], None)), (ones, numbers)) if ops is None or not self._by_xla() else ():
            key = _exact_key(leaves, rebuild, cotangent)
            if key is not None:
                self._known[key] = _copied(kept)
        return [numbers[0]] + [np.asarray(tf.convert_to_tensor(g).numpy()).reshape(np.shape(raw(leaves[i])))
                               for i, g in zip(floats, grads)]

    def _graph_ops_at(self, captured, leaves, rebuild, floats):
        """The computing ops the traced graph runs at ``leaves``: its record as built, each loop, conditional and switch
        (one op of the graph) replaced by what a float64 replay at the point executes inside it (`tf_stand_in.expanded`:
        a body as often as it runs, the branch taken); None where that replay raises. The replay runs in the inputs'
        own dtype, reading and making numbers as TensorFlow's CPU kernels do, a subnormal as 0 (`tf_graph.executed`'s
        ``flushing``): the eager run's ``x > 0`` at float32's 1e-40 is false, and so is the replay's."""
        if not any(len(op) == 3 for op in captured.graph_ops):  # no conditional or loop: the ops as built
            return captured.graph_ops
        saved = hooks.forward, hooks.backward
        hooks.forward = hooks.backward = None
        try:
            with np.errstate(all="ignore"):
                program = self._program_of(captured, leaves, rebuild)
                record = executed(program.forward, [np.asarray(raw(leaves[i])) for i in floats], flushing=True)
        except Exception:  # noqa: BLE001 - the eager call, or the replay, says what is wrong
            return None
        finally:
            hooks.forward, hooks.backward = saved
        return expanded(captured.graph_ops, record)

    def _graph_numbers(self, tf, captured, leaves, rebuild, floats, eager):
        """The traced graph's value and gradient (a cotangent of ones) at ``leaves``: by its rerun, TensorFlow's own
        kernels, or else by gradcli's replay in the dtype (no watch of the checker's sees it); None where it raises."""
        ones = np.ones(eager[0].shape, eager[0].dtype)
        try:
            if captured.rerun is not None:
                y, *grads = captured.rerun.run(eager_execute(), [as_tensor(tf, raw(leaves[i])) for i in floats], as_tensor(tf, ones))
                return [np.asarray(t.numpy()) for t in [y, *grads]]
            saved = hooks.forward, hooks.backward
            hooks.forward = hooks.backward = None
            try:
                with np.errstate(all="ignore"):
                    program = self._program_of(captured, leaves, rebuild)
                    args = [raw(leaves[i]) for i in floats]
                    value = program.forward.run(args)[0]
                    grads = program.backward.run(args, {program.cotangent_key: ones})
            finally:
                hooks.forward, hooks.backward = saved
        except Exception:  # noqa: BLE001 - a graph that will not run here: nothing to hold the eager run to
            return None
        return [np.asarray(raw(value))] + [np.asarray(raw(g)) for g in grads]

    def _rerun_at(self, leaves, rebuild, cotangent):
        """The traced graph's `Rerun` for these arguments' shapes and dtypes, or None (then the eager call is made).

        A float64 graph is traced here if it is not yet: the exact reference
        replays it at this point anyway. Other dtypes are rerun only where
        the checker's replay traced them already.
        """
        if self.compiled:  # the user's tf.function runs as TensorFlow compiles it, optimiser and all
            return None
        structure = len(leaves) if rebuild is list else repr(rebuild(list(range(len(leaves)))))
        captured = self.captured.get((structure, tuple(_signature(leaf, exact=True) for leaf in leaves)))
        if captured is None and all(_dtype_of(leaf) == np.float32 for leaf in leaves if _is_float_leaf(leaf)):
            captured = self._retyped(leaves, rebuild)  # a float32 trace costs more than its eager calls; a retyped one does not
            if captured is not None:
                self.captured[(structure, tuple(_signature(leaf, exact=True) for leaf in leaves))] = captured
        elif captured is None and all(_dtype_of(leaf) == np.float64 for leaf in leaves if _is_float_leaf(leaf)):
            try:
                captured = self._capture(leaves, rebuild)
            except Exception:  # noqa: BLE001 - the eager call says what is wrong, as it would without a rerun
                return None
        if captured is None or captured.rerun is None:
            return None
        shape, dtype = captured.output
        if cotangent is not None and np.shape(raw(cotangent)) != shape:
            return None
        return captured if self._stands_for_eager(captured, leaves, rebuild) else None

    def _stands_for_eager(self, captured, leaves, rebuild):
        """Whether ``captured``'s rerun may stand for the eager call, held to one at ``leaves`` where not yet.

        Code may branch on graph or eager (Keras reads a Softmax op's logits
        only in a graph): a rerun of a narrower trace stands for the eager call
        only where it gave that call's numbers, else it is dropped and the code
        marked as branching. The float64 trace is the graph the exact reference
        replays, so its rerun is judged against the same program.
        """
        if captured.branches:
            return False
        if captured.held or captured.output[1] == np.float64:
            return True
        floats = [i for i, leaf in enumerate(leaves) if _is_float_leaf(leaf)]
        captured.held = self._agrees(captured, [raw(leaf) for leaf in leaves], rebuild, floats)
        if not captured.held:
            captured.rerun, captured.branches = None, True
        return captured.held

    def _rerun_own(self, tf, captured, leaves, rebuild, floats, tensors, cotangent):
        """TensorFlow's value and gradient by the traced graph's `Rerun`; asked for the value, the gradient with a cotangent of ones is kept for the call after."""
        shape, dtype = captured.output
        if cotangent is None:
            ones = np.ones(shape, dtype)
            if captured.ones is None:
                captured.ones = as_tensor(tf, ones)  # a tensor is never changed: one serves every point
            ct = captured.ones
        else:
            ct = as_tensor(tf, raw(cotangent))
            if ct.dtype != tf.as_dtype(dtype):
                ct = tf.cast(ct, tf.as_dtype(dtype))  # as the eager call casts it
        started = time.perf_counter()
        try:
            y, *grads = captured.rerun.run(eager_execute(), [tensors[i] for i in floats], ct)
        except Exception:  # noqa: BLE001 - an op that will not run alone: the eager call from now on
            captured.rerun = None
            return None
        captured.quick = time.perf_counter() - started < _QUICK_RERUN
        value, gradients = np.asarray(y.numpy()), self._per_argument(tf, leaves, floats, grads, rebuild)
        if cotangent is not None:
            return value, gradients
        key = _exact_key(leaves, rebuild, ones)
        if key is not None:
            self._known[key] = _copied((value, gradients))
        return value, None

    def _compiled_gradient(self, tf, leaves, floats, rebuild):
        """The gradient inside a ``tf.function``, one per argument structure (TensorFlow retraces per shape and dtype)."""
        key = (repr(rebuild(list(range(len(leaves))))), tuple(floats))
        compiled = self._graph_gradient.get(key)
        if compiled is None:

            def gradient(ct, *tensors):
                return _value_and_gradient(tf, self.models, list(tensors), floats, rebuild, ct)

            compiled = self._graph_gradient[key] = tf.function(gradient, reduce_retracing=True)
        return compiled

    def _by_xla(self):
        """Whether TensorFlow runs the function, or a function it calls, compiled by XLA (``jit_compile=True``): its
        stateful draws are then not read from runs, which call the functions' Python eagerly, not XLA's program."""
        return self.xla or bool(getattr(self.fun, "_jit_compile", None))

    def _per_argument(self, tf, leaves, floats, grads, rebuild):
        out = list(leaves)
        for i, g in zip(floats, grads):
            dense = g if isinstance(g, tf.Tensor) else tf.convert_to_tensor(g)  # a gather's IndexedSlices made dense
            out[i] = np.asarray(dense.numpy()).reshape(np.shape(raw(leaves[i])))
        return tuple(rebuild(_zeros_beside(out, leaves, floats)))

    # The captured graphs, replayed.

    def forward(self, *args):
        """The forward graph replayed with gradcli's ops on ``args`` (any float dtype, mpmath numbers, balls)."""
        # Thousands of calls a check on bare numbers (a difference's steps, the noise estimate's mpmath numbers):
        # `_quick_key` of such leaves is their types, so the arguments' types find the plans without the tree walk
        # and the checks per leaf (an array's key holds its dtype and shape, and a box's its value's type: no match).
        kinds = tuple(map(type, args))
        captured = self._quick.get(kinds)
        if captured is not None:
            program = self._program_of(captured, args, list)
            self._run_before_replay(program, list(args), list)
            return program.forward.run(list(args))[0]
        if points_replayed():
            return self._at_points(args)
        leaves, rebuild = _flat(args)
        captured = self._program_of(self._capture(leaves, rebuild), leaves, rebuild)
        self._run_before_replay(captured, leaves, rebuild)
        floats = [leaf for leaf in leaves if _is_float_leaf(leaf)]
        return captured.forward.run(floats)[0]

    def _run_before_replay(self, captured, leaves, rebuild):
        """TensorFlow's own run at the point, before a replay the checker records for provenance there (it replays
        before it asks for TensorFlow's numbers): the graph's stateful draws are that run's (`tf_draws`), whose
        value and gradient (`_eager_at`) the check then judges."""
        held = captured.forward.fresh
        if held is None or not held.draws or hooks.forward is None:
            return
        floats = [np.asarray(raw(leaf)) for leaf in leaves if _is_float_leaf(leaf)]
        if not floats or any(a.dtype == object for a in floats) or self.fresh.ran_at(floats[0].dtype, point_key(floats)):
            return
        plain = [raw(leaf) for leaf in leaves]
        with self.fresh.recorded(floats[0].dtype, point_key(floats)), _functions_eagerly(self.fresh.in_functions):
            # its value and gradient kept, from the one run
            self._eager_at(_tf(), plain, rebuild, [i for i, leaf in enumerate(plain) if _is_float_leaf(leaf)])

    def backward(self, args, cotangent):
        """TensorFlow's gradient graph replayed with gradcli's ops: one gradient per argument."""
        leaves, rebuild = _flat(args)
        captured = self._program_of(self._capture(leaves, rebuild), leaves, rebuild)
        self._run_before_replay(captured, leaves, rebuild)
        floats = [i for i, leaf in enumerate(leaves) if _is_float_leaf(leaf)]
        grads = captured.backward.run([leaves[i] for i in floats], {captured.cotangent_key: cotangent})
        out = list(leaves)
        for i, g in zip(floats, grads):
            out[i] = g
        return tuple(rebuild(_zeros_beside(out, leaves, floats)))

    def numbers_read(self, args):
        """`Bridge.numbers_read`: the ``float(t)`` and ``t.numpy()`` calls of the eager code at the point ``args`` (float64 numbers)
        that read a value moving with the inputs and whose number the function's value depends on (`tf_reads`)."""
        leaves, rebuild = _flat(args)
        return reads_in(self._program_of(self._capture(leaves, rebuild), leaves, rebuild).forward)

    def backward_traced(self, args, cotangent):
        """`backward`, every operation of TensorFlow's gradient graph that gradcli replays run too: a rule that drops
        an upstream gradient (slogdet's, of its sign) leaves the operations that made it out of `backward`, whose
        gradients none of them reach, yet they are TensorFlow's numbers, which `rule_blame` searches for the line
        whose rule is off."""
        leaves, rebuild = _flat(args)
        captured = self._program_of(self._capture(leaves, rebuild), leaves, rebuild)
        plan, cotangent_key = captured.traced_plan, captured.cotangent_key
        ready = {*plan.inputs, *plan.static, cotangent_key}
        replayed = []
        for step in plan.steps:  # in the graph's order: a step whose inputs are all made is made too
            if all(key in ready for key in step.inputs):
                ready.update(step.outputs)
                replayed.extend(step.outputs)
        grads = list(captured.backward.outputs)
        whole = plan.pruned(grads + [key for key in replayed if key not in grads], self.text, stop=(cotangent_key,))
        floats = [i for i, leaf in enumerate(leaves) if _is_float_leaf(leaf)]
        try:
            values = whole.run([leaves[i] for i in floats], {cotangent_key: cotangent})[:len(grads)]
        except Exception:  # noqa: BLE001 - an operation no gradient reads raised on these numbers: `backward`'s alone
            return self.backward(args, cotangent)
        out = list(leaves)
        for i, g in zip(floats, values):
            out[i] = g
        return tuple(rebuild(_zeros_beside(out, leaves, floats)))

    def rules_alone(self, args, cotangent):
        """Each call of a user's rule the backward graph makes, judged alone: ``[(rule's name, "file.py:LINE", returned,
        truth)]``, in the order the calls returned (a rule's nested ones first); [] where there are none.

        ``returned``: the gradients the rule gives on ``args`` (exact numbers)
        with ``cotangent``, where each rule it calls (a custom function whose
        gradient it takes by a tape) hands it its truth; ``truth``: the
        derivative, by gradcli's own rules, of the replayed function it is the
        rule of, at the same inputs and upstream gradients. A rule off on its
        own is told from one off only through a rule it calls.
        """
        leaves, rebuild = _flat(args)
        captured = self._program_of(self._capture(leaves, rebuild), leaves, rebuild)
        if not captured.rule_calls:
            return []
        floats = [leaf for leaf in leaves if _is_float_leaf(leaf)]
        truths, judged = {}, []
        for call in captured.rule_calls:
            returned = [key for key in call.returned if key is not None]
            needed = [*call.upstream, *call.inputs, *returned]
            plan = captured.whole_plan.pruned(needed, self.text, stop=(captured.cotangent_key, *truths))
            values = dict(zip(needed, plan.run(floats, {captured.cotangent_key: cotangent, **truths})))
            truth = self._rules_truth(captured.whole_plan, call, values)
            # None for an input is TensorFlow's gradient 0 there: the rule's answer where the function moves with it
            given = [(values[key], t) if key is not None else (_zero_like(t), t)
                     for key, t in zip(call.returned, truth) if key is not None or _moves(t)]
            judged.append((call.rule[0], call.rule[1], [r for r, _ in given], [t for _, t in given]))
            truths.update((key, t) for key, t in zip(call.returned, truth) if key is not None)
        return judged

    def calls_variables_rules(self, args):
        """Whether the program at ``args`` calls a user's ``variables=`` rule (`rule_variables` has entries only there)."""
        leaves, rebuild = _flat(args)
        captured = self._program_of(self._capture(leaves, rebuild), leaves, rebuild)
        return bool(captured.variable_calls or captured.unjudged_calls)

    def rule_variables(self, args, cotangent):
        """The gradients each call of a user's ``variables=`` rule returns for the variables it reads, judged: ``[(rule's
        name, "file.py:LINE", variable's name, returned, truth, the call's inputs)]``; [] where no rule returns any;
        ``(rule's name, "file.py:LINE", why, None, None)`` for a call not judged (`_Captured.unjudged`).

        The replay holds a variable as its value, so the function's gradient
        with respect to its arguments never reads those gradients, yet they are
        what the user's optimizer applies. ``returned``: the rule's gradient on
        ``args`` (exact numbers) with ``cotangent``; ``truth``: the derivative
        of the replayed function the rule is the rule of, in the variable's
        value, by gradcli's own rules, at the same inputs and upstream gradients.
        """
        leaves, rebuild = _flat(args)
        captured = self._program_of(self._capture(leaves, rebuild), leaves, rebuild)
        floats = [leaf for leaf in leaves if _is_float_leaf(leaf)]
        judged = self._variables_judged_whole(captured, leaves, rebuild, floats, cotangent)
        for call in captured.variable_calls:
            held = [reads for _, reads, _ in call.variables]
            folds, beside = _folds_moved_by(captured.whole_plan, [k for reads in held for k in reads])
            needed = [*call.upstream, *call.inputs, *(reads[0] for reads in held), *(r for _, _, r in call.variables), *beside]
            plan = captured.whole_plan.pruned(needed, self.text, stop=(captured.cotangent_key,))
            values = dict(zip(needed, plan.run(floats, {captured.cotangent_key: cotangent})))
            truth = self._rules_truth(captured.whole_plan, call, values, held, folds)[len(call.inputs):]
            inputs = [values[key] for key in call.inputs]  # the call's own: they tell the calls of one rule apart
            judged += [(call.rule[0], call.rule[1], name, values[returned], t, inputs)
                       for (name, _, returned), t in zip(call.variables, truth)]
        return judged

    def _variables_judged_whole(self, captured, leaves, rebuild, floats, cotangent):
        """`rule_variables`' entries for the calls of ``variables=`` rules the plan does not tell apart (in a branch or
        a loop body): each variable they read judged whole, TensorFlow's own gradient for it (what the user's optimizer
        applies: the tape's, eagerly, in float64 at the point) against the exact derivative of the replayed function in
        its value (every read of it moved, in branches and loop bodies too: `tf_graph.variables_held_as`). A
        difference is the rules' of those calls that ran at the point: a branch not taken runs none of its rules, and
        a variable only such rules read is not judged. A call whose variables are not at hand is said unjudged."""
        calls = captured.unjudged_calls
        entries = [(name, location, _NOT_TOLD_APART, None, None) for name, location in
                   dict.fromkeys(c.rule for c in calls if len(c.objects) != len(c.variables) or self.compiled)]
        read = {}  # id of a variable's handle -> (its name, the variable, the rules of the calls that read it)
        for call in calls:
            for name, variable in zip(call.variables, call.objects if not self.compiled else ()):
                handle = getattr(variable, "handle", None)
                if handle is not None:
                    read.setdefault(id(handle), (name, variable, []))[2].append(call.rule)
        if not read:
            return entries
        tf = _tf()
        ran = Gradients()
        # TensorFlow's CPU kernels read a subnormal number as 0: the truth is taken at the numbers its run reads
        points = [_read_as_tensorflow(np.asarray(floats_at_the_point(raw(leaf)), dtype=np.float64))
                  if _is_float_leaf(leaf) else raw(leaf) for leaf in leaves]
        variables = [variable for _, variable, _ in read.values()]
        try:
            with self.models.restoring(), self._state_held(leaves, rebuild), \
                    watching_gradients(tf, ran, _user_frames(_library_dirs(tf)).users, eager=True):
                tensors = [as_tensor(tf, point) for point in points]
                with tf.GradientTape() as tape:
                    y = tf.convert_to_tensor(_gradcli_forward(self.models.call, rebuild, tensors))
                upstream = tf.cast(tf.constant(np.asarray(floats_at_the_point(raw(cotangent)), dtype=np.float64)), y.dtype)
                returned = tape.gradient(y, variables, output_gradients=upstream, unconnected_gradients="zero")
        except Exception as error:  # noqa: BLE001 - the check's own run says what the function raises; here, unjudged
            why = f"TensorFlow's eager gradient for them raised {type(error).__name__}"
            return entries + [(name, location, why, None, None) for name, location in dict.fromkeys(c.rule for c in calls)]
        handles = list(read)
        values = [lift(_read_as_tensorflow(np.asarray(variable.numpy())), kind_of(floats)) for variable in variables]

        kind = kind_of(floats)
        read_floats = [lift(point, kind) for point, leaf in zip(points, leaves) if _is_float_leaf(leaf)]

        def moved(*held):
            with variables_held_as(dict(zip(handles, held))):
                (out,) = captured.forward.run(read_floats)
            return gnp.sum(gnp.multiply(out, cotangent))

        value, pull = vjp(moved, *values)
        truths = pull(type(raw(value))(1))
        truths = truths if isinstance(truths, (list, tuple)) else (truths,)
        for (name, variable, rules), got, truth in zip(read.values(), returned, truths):
            running = [rule for rule in rules if rule[1] in ran.rules]
            if running:  # the first rule that ran and reads it: the calls are not told apart
                got = np.asarray(got.numpy())
                entries.append((running[0][0], running[0][1], name, got, _as_flushed(truth, got), None))
        return entries

    def _rules_truth(self, whole_plan, call, values, held=(), folds=()):
        """The derivative of the function ``call``'s rule is the rule of, from the rule's inputs (``values``) with its
        upstream gradients: gradcli's backward pass over that function's replayed forward; ``held``: the keys of
        each value the replay holds (a variable's reads, one value) differentiated too, their derivatives after
        the inputs'; ``folds``: the capture's folds on those values (`_folds_moved_by`), run again on them."""
        forward = whole_plan.pruned(list(call.outputs), self.text, stop=[*call.inputs, *(k for reads in held for k in reads)])
        forward.inputs = list(call.inputs)
        upstream = [values[key] for key in call.upstream]

        def weighted(*given):
            inputs, variables = given[:len(call.inputs)], given[len(call.inputs):]
            moved = {k: v for reads, v in zip(held, variables) for k in reads}
            for run, keys, outputs in folds:  # a slice of a variable, folded at capture, made of the value under test
                out = run([moved[k] if k in moved else values[k] for k in keys])
                moved.update((k, o) for k, o in zip(outputs, out if isinstance(out, tuple) else (out,))
                             if is_float(whole_plan.static.get(k)))
            outputs = forward.run(list(inputs), moved)
            return functools.reduce(gnp.add, [gnp.sum(gnp.multiply(out, up)) for out, up in zip(outputs, upstream)])

        value, pull = vjp(weighted, *[values[key] for key in call.inputs], *[values[reads[0]] for reads in held])
        return list(pull(type(raw(value))(1)))  # the weighted sum is one number: its own kind's 1

    def _program_of(self, captured, leaves, rebuild):
        """The plans a replay on ``leaves`` runs: ``captured`` (the float64 trace, on exact numbers), or the trace in
        the narrower dtype whose program the checker judges now (`exact_constants.held_in`) where the user's code
        chose by dtype while it traced (`tf_graph.chose_by_dtype`: ``1e-3 if x.dtype == tf.float32 else 1e-12``).

        The float64 trace stands for the program in every dtype where only its
        dtypes and the roundings of its constants differ (the user's own
        constants are then held as the narrower program holds them, a
        library's judged as written); where the code took another branch or
        another number, the narrower program is another computation, and its
        own trace is what the exact reference replays.
        """
        held = held_for(leaves)  # an integer leaf (labels) says nothing of the dtype
        if held is None:
            return captured
        if held not in captured.narrow_programs:
            narrow = None
            try:
                candidate = self._capture([np.zeros(np.shape(raw(leaf)), held) if _is_float_leaf(leaf) else leaf
                                           for leaf in leaves], rebuild)
                if candidate is not captured and not candidate.retyped and chose_by_dtype(captured.forward, candidate.forward):
                    narrow = candidate
            except Exception:  # noqa: BLE001 - no trace in that dtype: the float64 one, its constants held, as before
                narrow = None
            captured.narrow_programs[held] = narrow
        return captured.narrow_programs[held] or captured

    def _capture(self, leaves, rebuild):
        """The plans for this argument structure, shapes and dtypes (traced once, then cached).

        As TensorFlow's own ``reduce_retracing``: the first shape of each rank
        is traced as it is; a second one is traced once with every dimension
        unknown, a graph that then serves arrays of any length (a sweep's
        batches), unless the user's code needs the dimensions to trace.
        A replay of plain floats and float arrays (a difference's step, a
        sweep's batch: thousands per check) finds its plans by the leaves'
        types, dtypes and shapes alone (`_quick_key`).
        """
        quick = _quick_key(leaves) if rebuild is list else None
        if quick is None and rebuild is list:
            _note_number_types(leaves)
            quick = _quick_key(leaves)
        if quick is not None:
            captured = self._quick.get(quick)
            if captured is None:
                captured = self._quick[quick] = self._capture_by_signature(leaves, rebuild)
            return captured
        return self._capture_by_signature(leaves, rebuild)

    def _capture_by_signature(self, leaves, rebuild):
        structure = len(leaves) if rebuild is list else repr(rebuild(list(range(len(leaves)))))
        shapes = tuple(_signature(leaf, exact=True) for leaf in leaves)
        captured = self.captured.get((structure, shapes))
        if captured is not None:
            return captured
        general = tuple(_signature(leaf, exact=False) for leaf in leaves)
        captured = self.captured.get((structure, general))
        if captured is not None:
            return captured
        failed = self.untraced.get((structure, shapes))
        if failed is not None:  # the same arguments trace the same way (a sweep's column after its map failed)
            raise failed
        if (structure, general) in self.seen and (structure, general) not in self.exact_only:
            try:
                captured = self.captured[(structure, general)] = self._trace(leaves, rebuild, exact=False)
                return captured
            except InputError:
                raise
            except Exception:  # noqa: BLE001 - the user's code needs its dimensions: traced per shape
                self.exact_only.add((structure, general))
        self.seen.add((structure, general))
        try:
            captured = self._retyped(leaves, rebuild) or self._trace(leaves, rebuild, exact=True)
        except TypeError as error:
            captured = self._float32_program(leaves, rebuild)
            if captured is None:
                self.untraced[(structure, shapes)] = error
                raise
        except Exception as error:
            self.untraced[(structure, shapes)] = error
            raise
        self.captured[(structure, shapes)] = captured
        if not captured.retyped:
            self.traced_at.append((captured, leaves, rebuild))
        return captured

    def _float32_program(self, leaves, rebuild):
        """The float32 trace standing for the float64 one of a function TensorFlow runs in float32 alone; None if not that.

        A library that makes float32 tensors of its own and mixes them with the
        data (``tf.nn.ctc_loss``'s dense path builds its transition matrix in
        float32) cannot be traced in float64: its float32 trace is the program,
        and the exact reference replays it on exact numbers. It never stands for
        TensorFlow's own numbers in float64 (no rerun): TensorFlow raises there.
        """
        floats = [i for i, leaf in enumerate(leaves) if _is_float_leaf(leaf)]
        if not floats or any(_dtype_of(leaves[i]) != np.float64 for i in floats):
            return None
        narrow = [np.zeros(np.shape(raw(leaf)), np.float32) if i in floats else leaf for i, leaf in enumerate(leaves)]
        try:
            captured = self._trace(narrow, rebuild, exact=True)
        except Exception:  # noqa: BLE001 - not a float32 program either: the float64 trace's error stands
            return None
        captured.rerun = None
        self.float32_program = True
        return captured

    def _retyped(self, leaves, rebuild):
        """The float32 plans and rerun of float32 ``leaves`` as the float64 trace retyped (`tf_retype`); None where it is not that.

        The float64 trace is made here if it is not yet (the exact reference
        replays it anyway). The retyped graph's numbers at this point are held
        to TensorFlow's own float32 call, bit for bit, and that call's numbers
        are what the checker is handed here.
        """
        floats = [i for i, leaf in enumerate(leaves) if _is_float_leaf(leaf)]
        if self.compiled or not floats or any(_dtype_of(leaves[i]) != np.float32 for i in floats):
            return None
        structure = len(leaves) if rebuild is list else repr(rebuild(list(range(len(leaves)))))
        tried = (structure, tuple(_signature(leaf, exact=True) for leaf in leaves))
        if tried in self.unretyped:
            return None
        self.unretyped.add(tried)  # tried once: where it is not the float32 trace, it is not at another point either
        wide = [np.asarray(raw(leaf), np.float64) if i in floats else leaf for i, leaf in enumerate(leaves)]
        try:
            narrowed = self._capture_by_signature(wide, rebuild).narrowed
            narrow = narrowed() if narrowed is not None else None
        except Exception:  # noqa: BLE001 - traced in float32 instead, which says what is wrong
            return None
        if narrow is None or not self._agrees(narrow, [raw(leaf) for leaf in leaves], rebuild, floats):
            return None
        narrow.held = True
        return narrow

    def _agrees(self, narrow, leaves, rebuild, floats):
        """Whether ``narrow``'s rerun gives TensorFlow's own value and gradient at ``leaves`` bit for bit (those kept as known)."""
        tf = _tf()
        shape, dtype = narrow.output
        ones = np.ones(shape, dtype)
        tensors = [as_tensor(tf, leaf) for leaf in leaves]
        ct = as_tensor(tf, ones)
        try:
            value, grads = _value_and_gradient(tf, self.models, tensors, floats, rebuild, ct)
            y, *rerun = narrow.rerun.run(eager_execute(), [tensors[i] for i in floats], ct)
        except Exception:  # noqa: BLE001 - the eager call, made again by `own`, says what is wrong
            return False
        own = [value] + [tf.convert_to_tensor(g) for g in grads]
        if not all(same_bits(a.numpy(), b.numpy()) for a, b in zip(own, [y] + rerun)):
            return False
        numbers = (np.asarray(value.numpy()), self._per_argument(tf, leaves, floats, grads, rebuild))
        for cotangent, kept in ((None, (numbers[0], None)), (ones, numbers)):
            key = _exact_key(leaves, rebuild, cotangent)
            if key is not None:
                self._known[key] = _copied(kept)
        return True

    def _trace(self, leaves, rebuild, exact):
        """`_traced_plans`, an eager function's tf.cond and tf.while_loop gradients taking its rules' reads of
        variables as its eager run does (`tf_control_flow`) and its ``float(t)`` and ``t.numpy()`` reads held as its
        tape holds them (`tf_reads`); a tf.function's as TensorFlow's own graph builds them."""
        with contextlib.nullcontext() if self.compiled else eager_reads_passed_on(), \
                numbers_read_held(_tf(), not self.compiled, is_users_file) as reads:
            try:
                return self._traced_plans(leaves, rebuild, exact)
            except TypeError:  # an int() read as an int32 tensor, met by a float one: the whole number as a float
                if reads is None or not reads.int_reads or reads.ints_as_numbers:
                    raise
                reads.ints_as_numbers = True
                return self._traced_plans(leaves, rebuild, exact)

    def _traced_plans(self, leaves, rebuild, exact):
        tf = _tf()
        floats = [i for i, leaf in enumerate(leaves) if _is_float_leaf(leaf)]
        held = {i: raw(leaf) for i, leaf in enumerate(leaves) if i not in floats}
        specs = [
            tf.TensorSpec(np.shape(raw(leaves[i])) if exact else (None,) * np.ndim(raw(leaves[i])), tf.as_dtype(_dtype_of(leaves[i])))
            for i in floats
        ]
        names, gradients, frames = {}, Gradients(), _user_frames(_library_dirs(tf))
        call = self.models.call
        if getattr(self.fun, "input_signature", None) is not None and not self.models.models:
            # A signature fixes the dtypes TensorFlow's own calls take; the exact reference's float64 trace runs the
            # same operations through the tf.function's Python function, which binds no signature.
            call = self.fun.python_function

        built = []  # the forward's computing ops, held to an eager run's (`_held_to_eager`)

        def tracing(call):
            """The function traced: the forward by ``call``, then the tape's gradient of it."""

            def traced(*watched):
                tensors = [None] * len(leaves)
                for i, tensor in zip(floats, watched):
                    tensors[i] = tensor
                for i, value in held.items():
                    tensors[i] = tf.constant(value)
                built.clear()
                gradients.calls.clear()  # a trace made again (`_once_more_assigning`) notes its own graph's calls
                with watching_gradients(tf, gradients, frames.users, eager=not self.compiled) as seed, keras_as_eager(tf, not self.compiled), \
                        eager_answers(tf, not self.compiled, frames.users, self.namespaces, [self.python]):
                    with tf.GradientTape() as tape:
                        tape.watch(list(watched))
                        with recording(frames, built, tf.compat.v1.get_default_graph()):
                            y = tf.convert_to_tensor(_gradcli_forward(call, rebuild, tensors))
                    # Each replay gives its own: a placeholder, one op where ones would be three to build.
                    ct = _placeholder(y.dtype, y.shape, name="gradcli_cotangent")
                    names["cotangent"] = ct.name
                    seed(ct, y)
                    grads = _gradcli_gradient(tape, y, list(watched), ct, self.models)
                self._none_given(gradients, watched, grads, lambda op: _line_of(frames, op), floats)
                return y, [tf.convert_to_tensor(g) for g in grads]  # a gather's IndexedSlices made dense
            return traced

        traced = tracing(call)

        rerunnable = True
        try:  # most code traces as it is; autograph (slower) is for a Python `if` on a tensor
            graph, (y, grads) = _once_more_assigning(lambda: _traced_graph(tf, traced, specs))
        except (TypeError, tf.errors.OperatorNotAllowedInGraphError) as error:
            found = _number_of_a_tensor(error) and math_call_advice(error.__traceback__, is_users_file, "tensorflow", "tf", ".math")
            if found:
                raise InputError(f"{found[0]}: {found[1]}", text=found[0]) from None
            if isinstance(error, tf.errors.OperatorNotAllowedInGraphError) and self.branches_on_values is None:
                self.branches_on_values = unmapped_reason(error, tf)
            try:
                concrete = self._autographed(tf, tracing, specs, call)
            except Exception as error:  # noqa: BLE001 - autograph's message, told the user's frames alone
                raise users_frames_only(error) from None
            graph, (y, grads) = concrete.graph, concrete.structured_outputs
            rerunnable = False  # autograph's graph is not what the eager call runs
        except (AttributeError, ValueError) as error:
            refused = control_flow_refusal(error, self.text, self.compiled)
            if refused is None:
                raise
            raise GraphGradientRefused(refused) from None
        self.xla = self.xla or any(_xla_compiled(op) for op in graph.get_operations() if op.type in CALLS)
        walker = Walker(frames, self._recorded_reader(tf), tf.make_ndarray, self.default_location, ["gradcli_cotangent"], gradients,
                        users_number=self.users_number, variable_shape=lambda handle: tf.raw_ops.VariableShape(input=handle).numpy(),
                        draw=_drawer(tf, self._by_xla()), fresh=None if self._by_xla() else self.fresh)
        plan = walker.walk(graph, _captures(tf, graph))
        self.state.update(walker.state)
        self._note_draws_and_casts(walker)
        cotangent = names["cotangent"]
        forward = derivative_taken_inside(plan.pruned([_source(y).name], self.text))
        backward = plan.pruned([walker.key(_source(g).name) for g in grads], self.text, stop=(cotangent,))
        rerun = output = None
        if exact and rerunnable and not self.compiled and y.shape.is_fully_defined() and y.dtype.is_floating:
            rerun = rerun_of(graph, [y.name] + [g.name for g in grads], cotangent, lambda proto: as_tensor(tf, tf.make_ndarray(proto)),
                             keep_narrow=y.dtype == tf.float64)
            output = (tuple(y.shape.as_list()), np.dtype(y.dtype.as_numpy_dtype))
        captured = _Captured(forward, backward, cotangent, rerun, output)
        captured.traced_plan = plan
        judged = bool(gradients.calls)
        # each call the rule was called as in the plan (a function called twice: one per call), or None
        keyed = [walker.keyed_calls(call) for call in gradients.calls] if judged else []
        calls = [each for found in keyed if found is not None for each in found]
        # a rule calling another's: each judged alone (`rules_alone`); a variables= rule: its variables' gradients
        # judged (`rule_variables`)
        if keyed and None not in keyed:
            captured.rule_calls, captured.whole_plan = calls, plan
        # each call of a variables= rule found in the plan is judged on its own, whatever the others
        captured.variable_calls = [call for call in calls if call.variables]
        captured.whole_plan = plan if captured.variable_calls else captured.whole_plan
        captured.unjudged_calls = [call for call, found in zip(gradients.calls, keyed) if found is None and call.variables]
        captured.unjudged = [call.rule for call in captured.unjudged_calls]
        captured.graph_ops = list(built) + _forward_calls(graph, frames)  # a loop's ops as run: `_graph_ops_at`
        self.written = (self.written or set()) | forward.users_numbers()
        if rerun is not None and output[1] == np.float64 and not walker.draws:  # float32 draws other numbers
            captured.narrowed = _narrowing(tf, graph, captured, [y.name] + [g.name for g in grads], walker, self.default_location)
        return captured

    def _note_draws_and_casts(self, walker):
        """Note the random draws a trace's graph holds (`held_draws`), and whether it reads any from the runs; and
        the Keras functions that cast to a narrower dtype inside (`computed_narrower`)."""
        self.draws.update(dict.fromkeys(walker.draws))
        self.fresh.held = self.fresh.held or bool(walker.held and walker.held.draws)
        for what, own, wide, location in walker.keras_casts:
            self.keras_casts.setdefault(wide, {})[what] = (what, own, wide, location)

    def _none_given(self, gradients, watched, grads, line_of, floats):
        """The arguments TensorFlow's gradient gives none for in a trace: a gradient missed, replayed through the
        call's line (`tf_watch.note_none_given`), or no derivative at all (`tf_watch.without_derivative`), noted by
        leaf position (``floats``: the watched tensors' positions)."""
        note_none_given(gradients, watched, grads, line_of)
        self.no_derivative.update((floats[k], said) for k, said in without_derivative(gradients, watched, line_of).items())

    def _autographed(self, tf, tracing, specs, call):
        """The concrete function of ``tracing(call)`` with the user's function alone converted by autograph.

        Autograph on the whole would convert every function it reaches, gradcli's own wrappers and the tape's
        calls among them, before the user's (three times the trace's cost); a plain function without models is
        converted by itself instead, its errors told as a ``tf.function``'s, the rest run as it is written.
        """
        try:
            from tensorflow.python.autograph.core import ag_ctx  # lazy: TensorFlow's, as is its door below
            from tensorflow.python.autograph.impl import api  # its one door converting a function alone
        except ImportError:  # another TensorFlow: autograph on the whole
            api = None
        if api is None or self.models.models or not inspect.isfunction(self.models.fun):
            return tf.function(tracing(call)).get_concrete_function(*specs)
        enabled = ag_ctx.ControlStatusCtx(status=ag_ctx.Status.ENABLED)  # inside a trace made with autograph off
        converted = api.convert(recursive=True, conversion_ctx=enabled)(self.models.fun)
        return tf.function(tf.autograph.experimental.do_not_convert(tracing(converted)), autograph=False).get_concrete_function(*specs)

    # Many points at once, for sweeps.

    def vectorised(self, arrays, dtype):
        """Values and gradients at every point of a range in one TensorFlow call (``tf.vectorized_map``).

        ``arrays`` are the function's arguments, each with the points along its
        first axis; returns ``(values, gradients)``, one gradient per argument
        with the points along its first axis, in ``dtype`` (None for a dtype
        TensorFlow lacks).
        """
        if np.dtype(dtype) not in _TENSORFLOW_FLOATS:
            return self._elementwise_replay(arrays, np.dtype(dtype))  # a dtype TensorFlow lacks (longdouble)
        quick = self._quick_range(arrays, np.dtype(dtype))
        if quick is not None:
            return quick
        how = f"tf.vectorized_map of its value and gradient over {len(arrays[0]) if arrays else 0} points"
        return run_bounded(lambda: self._vectorised_by_tensorflow(arrays, dtype),
                           lambda: named_call("TensorFlow", self.text, self.fun, how), stop_with=cancellable)

    def _vectorised_by_tensorflow(self, arrays, dtype):
        if len(arrays) != self.parameters:
            raise Unmapped("its swept variables are leaves inside its arguments (a dict, list or tuple), and TensorFlow's "
                           "map over a range takes whole arguments")
        if not self.compiled:  # the graph of a range is held to the eager run at its first point, as a check's
            try:
                self._held_to_eager(_tf(), [np.asarray(a[0], dtype) for a in arrays], list, list(range(len(arrays))))
            except StandIn:
                pass  # each point then says so
        if self._by_xla():
            # XLA compiles the function's forward and its gradient each as the user's tape runs them; a map of
            # points, compiled or not, fuses and rounds otherwise (a few ulps): the user's own call per point.
            raise PerPoint("XLA compiles it (jit_compile=True), and a program for many points rounds otherwise, so each "
                           "point is the user's own taped call, bit for bit")
        if self.computes_otherwise:
            raise Unmapped(self._otherwise(), per_point=True)
        if self.branches_on_values is not None:  # known from the check's trace: no map is traced to find it again
            raise Unmapped(self.branches_on_values, per_point=True)
        if self.draws:
            raise PerPoint("it draws random numbers of the point's shape, so each point is TensorFlow's own run from "
                           "one state")
        tf = _tf()
        arrays = [np.asarray(a, dtype=dtype) for a in arrays]
        mapped = self._elementwise_rerun(tf, arrays, np.dtype(dtype))
        if mapped is not None:
            return mapped
        key = tuple((a.dtype.str, a.shape[1:]) for a in arrays)
        mapped = self._mapped.get(key)
        if mapped is None:  # vectorised once per dtype and point shape, for ranges of any length
            mapped = self._mapped[key] = self._mapped_function(tf, arrays)
        tensors = [tf.constant(a) for a in arrays]
        with as_written(tf, eager=not self.compiled):
            # Flat, as TensorFlow calls its own concrete functions: binding the signature per call cost as much as the call.
            values, grads = mapped._call_flat(tensors, mapped.captured_inputs)
        return np.asarray(values.numpy()), [np.asarray(g.numpy()) for g in grads]

    def _mapped_function(self, tf, arrays):
        """``tf.vectorized_map`` of the function over points of ``arrays``' dtypes and point shapes, traced once; `Unmapped`
        where TensorFlow cannot trace it so, saying what the user's code does there and on which line."""
        signature = [tf.TensorSpec((None,) + a.shape[1:], tf.as_dtype(a.dtype)) for a in arrays]
        function = tf.function(self._map_all, input_signature=signature, autograph=False)
        try:
            with _pfor_unlogged():
                return function.get_concrete_function()
        except Exception as error:  # noqa: BLE001 - told as what stops the map, each point then TensorFlow's own call
            # A branch on a tensor's value stops a call on the whole arrays as it stops the map.
            raise Unmapped(unmapped_reason(error, tf),
                           per_point=isinstance(error, tf.errors.OperatorNotAllowedInGraphError)) from None

    def _otherwise(self):
        """Why a sweep runs this function point by point where it computes otherwise in a graph than eagerly."""
        differences = [c.difference for c in [*self.captured.values(), *self._quick.values()] if c.difference]
        what = f" ({differences[0][2]})" if differences else " (other numbers at its first point)"
        return f"it computes otherwise in a graph than eagerly{what}, so each point is TensorFlow's own eager run"

    def _elementwise_rerun(self, tf, arrays, dtype):
        """``vectorised``'s answer from the graph traced for one point (the checker's), rerun on the arrays; None if it is not elementwise.

        A function of numbers whose traced gradient graph maps entry by entry
        (`tf_graph.Rerun.elementwise`: exp, log, where, ...) gives every point
        of a range from one run of that graph's operations on the whole
        arrays: the kernels ``tf.vectorized_map`` would run on them, without
        its conversion and compilation (a tenth of a second per function and
        dtype) or its call.
        """
        if self.compiled or any(a.ndim != 1 for a in arrays):
            return None
        try:
            captured = self._capture([dtype.type(0)] * len(arrays), list)  # the graph of one point, as a check traces it
        except Exception:  # noqa: BLE001 - tf.vectorized_map says what is wrong, as it would without a rerun
            return None
        if captured.branches:
            raise Unmapped(self._otherwise(), per_point=True)
        if captured.rerun is None or not captured.rerun.elementwise or captured.output != ((), dtype):
            return None
        if not self._stands_for_eager(captured, [dtype.type(a[0]) for a in arrays], list):
            raise Unmapped(self._otherwise(), per_point=True)
        started = time.perf_counter()
        ran = self._range_rerun(tf, captured, arrays, dtype)
        if ran is not None and captured.held and time.perf_counter() - started < _QUICK_RERUN:
            self._quick_ranges[(dtype.str, len(arrays))] = captured
        return ran

    def _range_rerun(self, tf, captured, arrays, dtype):
        """The one-point graph's rerun on the 1-D ``arrays`` (its values and gradients), or None where it will not run
        on them or gives no number per point."""
        n = len(arrays[0])
        try:
            values, *grads = captured.rerun.run(eager_execute(), [as_tensor(tf, a) for a in arrays], as_tensor(tf, np.ones(n, dtype)))
        except Exception:  # noqa: BLE001 - an op that will not run on arrays: tf.vectorized_map
            return None
        values, grads = np.asarray(values.numpy()), [np.asarray(g.numpy()) for g in grads]
        if values.shape != (n,) or any(g.shape != (n,) for g in grads):
            return None
        return values, grads

    def _quick_range(self, arrays, dtype):
        """`vectorised`'s answer by the rerun of the one-point graph, in this thread, where a rerun of it on a range was
        quick and held to the eager numbers (`_quick_own`'s reason: a sweep's band bisection makes a hundred such
        calls); None otherwise."""
        captured = self._quick_ranges.get((dtype.str, len(arrays)))
        if captured is None or captured.rerun is None or captured.branches or self.computes_otherwise or self.draws \
                or self.branches_on_values is not None or any(np.ndim(a) != 1 or not len(a) for a in arrays):
            return None
        first = self._traced_at([np.asarray(a[0], dtype) for a in arrays], list)
        if first is None or not first.held:  # the range's first point not yet held to the eager run: the worker's
            return None
        started = time.perf_counter()
        ran = self._range_rerun(_tf(), captured, [np.asarray(a, dtype=dtype) for a in arrays], dtype)
        if time.perf_counter() - started >= _QUICK_RERUN:  # a range long enough to take its time: the worker's again
            del self._quick_ranges[(dtype.str, len(arrays))]
        return ran

    def replayed_range(self, arrays, dtype):
        """The mathematics over a whole range in ``dtype`` (a sweep's wider reference): the float64 graph of one
        point replayed on the range and differentiated by gradcli's own rules, a custom rule by its primal
        (`Bridge.replayed_range`); None where that graph is not elementwise (then each shape is traced and replayed).

        Where every op maps entry by entry (`_elementwise_replay`), the one-point
        forward graph computes each entry as the graph traced for the range's
        shape would, so the sweep's general path (that graph, differentiated
        under `differentiating_the_primal`) gives the same numbers, at the
        price of a trace per range shape.
        """
        return self._elementwise_replay(arrays, dtype, primal=True)

    def _at_points(self, args):
        """The forward graph of one point replayed on ``args``, numbers and 1-D arrays of one length, each entry
        computed as its own point (`Bridge.points_at_once`); ValueError where that graph is not elementwise.

        The noise estimate replays a difference's steps so, as one run of
        each op on an object array of mpmath numbers, rounded as each step's
        own replay rounds it (`fd._noises_at`).
        """
        values = [raw(a) for a in args]
        shapes = {np.shape(v) for v in values if isinstance(v, np.ndarray)}
        if len(shapes) != 1 or len(next(iter(shapes))) != 1 or any(isinstance(v, (list, tuple, dict)) for v in values):
            raise ValueError("not numbers and 1-D arrays of points")
        captured = self._one_point_graph(len(args))
        if captured is None:
            raise ValueError("the graph of one point is not elementwise")
        value = captured.forward.run(list(args))[0]
        if np.shape(raw(value)) != next(iter(shapes)):
            raise ValueError("not one value per point")
        return value

    def _one_point_elementwise(self, arrays):
        """The float64 captures of one point (a check's) where its graph maps entry by entry and ``arrays`` (a
        sweep's range) are one number per point; None otherwise."""
        if any(np.ndim(a) != 1 for a in arrays):
            return None
        return self._one_point_graph(len(arrays))

    def _one_point_graph(self, n_args):
        """The float64 captures of one point of ``n_args`` numbers where its graph maps entry by entry; None otherwise."""
        if self.compiled:
            return None
        try:
            captured = self._capture([np.float64(0)] * n_args, list)  # the float64 graph of one point, as a check traces it
        except Exception:  # noqa: BLE001 - the sweep's own replay says what is wrong
            return None
        if captured.rerun is None or not captured.rerun.elementwise or captured.output != ((), np.dtype(np.float64)):
            return None
        return captured

    def _elementwise_replay(self, arrays, dtype, primal=False):
        """``vectorised``'s answer in a dtype TensorFlow lacks: the float64 graph of one point replayed by gradcli's ops
        on the whole arrays, where it is elementwise; None otherwise (the sweep then replays the graph traced for them).
        ``primal``: the forward graph alone, its gradient by gradcli's VJP (`replayed_range`).

        The replayed graph is the one the sweep would replay on the arrays:
        where every op of it maps entry by entry (`tf_graph.Rerun.elementwise`),
        the graph traced for one point (the checker's) computes each entry as
        the graph traced for the arrays' shape would, without tracing that one.
        """
        captured = self._one_point_elementwise(arrays)
        if captured is None:
            return None
        arrays = [np.asarray(a, dtype=dtype) for a in arrays]
        n = len(arrays[0])
        with np.errstate(all="ignore"):
            if primal:
                value, pullback = vjp(lambda *columns: captured.forward.run(list(columns))[0], *arrays)
                grads = pullback(np.ones(n, dtype))
            else:
                value = captured.forward.run(arrays)[0]
                grads = captured.backward.run(arrays, {captured.cotangent_key: np.ones(n, dtype)})
        values, grads = np.asarray(raw(value)), [np.asarray(raw(g)) for g in grads]
        if values.shape != (n,) or any(g.shape != (n,) for g in grads):
            return None
        return values, grads

    def _map_all(self, *tensors):
        """Value and gradient of the user's function at each point along the first axis (``tf.vectorized_map``)."""
        tf = _tf()

        def one(point):  # through the wrappers of a check's trace: a tf.function first traced here is read as in a check
            point = list(point)
            with tf.GradientTape() as tape:
                tape.watch(point)
                y = tf.convert_to_tensor(_gradcli_forward(self.models.call, list, point))
            return y, _gradcli_gradient(tape, y, point, None, self.models)

        return tf.vectorized_map(one, list(tensors))


class Float32Only(TypeError):
    """TensorFlow's own call in float64 raised where the function is a float32 program alone (`_float32_program`)."""

    dtypes_mixed = "TensorFlow"  # the program runs in float32 alone: float64 is said not run (`bridge.dtypes_mixed`)

    def __init__(self):
        super().__init__(
            "TensorFlow computes this function in float32 only: a call on the line named makes float32 tensors "
            "whatever the arguments' dtype (tf.constant of a Python number without dtype=, or a library's float32-only "
            "kernel, as tf.nn.ctc_loss's in this build) and TensorFlow will not mix them with float64 ones, so there is "
            "no float64 program to check; the float32 "
            "check is the program's (--dtype float32), judged against the exact reference all the same")


@contextlib.contextmanager
def _pfor_unlogged():
    """Within it, TensorFlow's logger drops what its map converter (pfor) logs as it gives up on an op (a tf.cond's
    StatelessIf: the op's whole graph, hundreds of lines at ERROR level, for a map that fails all the same): the sweep
    says why it ran point by point, and the user's own logs pass."""

    def shown(record):
        return os.sep + "parallel_for" + os.sep not in record.pathname

    logger = logging.getLogger("tensorflow")
    logger.addFilter(shown)
    try:
        yield
    finally:
        logger.removeFilter(shown)


def _value_and_gradient(tf, models, tensors, floats, rebuild, ct):
    """The user's value and TensorFlow's vector-Jacobian product with ``ct`` (a tape over the float leaves), ``models.call`` the function."""
    return _once_more_assigning(lambda: _taped(tf, models, tensors, floats, rebuild, ct))


def _once_more_assigning(attempt):
    """``attempt()``, made again where it met a ``variables=`` rule and the models' variables are now assigned
    (`tf_models.AssignInstead`)."""
    try:
        return attempt()
    except AssignInstead:
        return attempt()


def _taped(tf, models, tensors, floats, rebuild, ct, recorded=None):
    """The eager value and gradient with ``ct`` (ones where None); ``recorded``: ``(frames, ops, None, widths)``, the
    forward's computing ops recorded into ``ops`` and their float dtypes into ``widths`` (`tf_stand_in.recording`)."""
    watched = [tensors[i] for i in floats]
    with tf.GradientTape() as tape:
        tape.watch(watched)
        with recording(*recorded) if recorded is not None else contextlib.nullcontext():
            y = tf.convert_to_tensor(_gradcli_forward(models.call, rebuild, tensors))
    ct = tf.ones_like(y) if ct is None else ct
    return y, _gradcli_gradient(tape, y, watched, ct if ct.dtype == y.dtype else tf.cast(ct, y.dtype), models)


def _narrowing(tf, graph, captured, outputs, walker, default_location):
    """``() -> captured`` retyped to float32 (its plans, and a rerun of ``graph`` in float32); None where `tf_retype` says it is not the float32 trace."""
    files = {location.rsplit(":", 1)[0] for location in list(walker.locations.values()) + [default_location]}
    statics = [t.numpy() for t in captured.rerun.constants.values()] + list(captured.forward.static.values())
    if not retypable(graph, files, walker.folded) or not constants_keep(statics):
        return None

    def narrow_constant(proto):
        value = tf.make_ndarray(proto)
        return as_tensor(tf, value.astype(np.float32) if value.dtype == np.float64 else value)

    wide = captured.rerun  # read with its narrowed steps (`rerun_of`'s keep_narrow): the graph is not read again

    def narrowed():
        rerun = wide.narrowed(narrow_constant)
        if rerun is None:
            return None
        plans = retyped_plan(captured.forward), retyped_plan(captured.backward)
        narrow = _Captured(*plans, captured.cotangent_key, rerun, (captured.output[0], np.dtype(np.float32)))
        narrow.retyped, narrow.graph_ops = True, captured.graph_ops
        return narrow

    return narrowed


def _traced_graph(tf, traced, specs):
    """``(graph, outputs)``: ``traced`` run once on placeholders of ``specs`` in a graph of its own.

    The graph a ``tf.function`` would trace, without what makes it callable
    (its function signature, registration and control dependencies): only its
    operations are read, so that part (a third of a trace) is not paid.
    """
    from tensorflow.python.framework.func_graph import FuncGraph  # lazy: TensorFlow's; no public door builds a bare one

    graph = FuncGraph("gradcli_trace")
    with graph.as_default():
        placeholders = [_placeholder(spec.dtype, spec.shape) for spec in specs]
        outputs = traced(*placeholders)
    graph.inputs = placeholders + list(graph.inputs)  # the arguments, then what the function captured
    return graph, outputs


# What Python says converting a traced tensor to a number (``math.log(t)``: "must be real number, not SymbolicTensor",
# ``math.factorial(t)``: "'SymbolicTensor' object cannot be interpreted as an integer").
_TENSOR_AS_NUMBER = re.compile(r"\bnot (Symbolic)?Tensor\b|'(Symbolic)?Tensor' object")


def _number_of_a_tensor(error):
    """Whether a trace's error is Python's, taking a traced tensor as a number (a ``math`` function of it), or
    AutoGraph's refusal of a tensor where Python needs a value; not an error of TensorFlow's own ops (a float32
    constant ``math.log(4.0)`` made, meeting a float64 tensor: a number of the graph, not a read)."""
    return not isinstance(error, TypeError) or _TENSOR_AS_NUMBER.search(str(error)) is not None


def _placeholder(dtype, shape, name=None):
    """A graph's placeholder by the door TensorFlow's own function graphs make theirs (half the cost of the public one's checks)."""
    try:
        from tensorflow.python.eager.graph_only_ops import graph_placeholder  # lazy: TensorFlow's; no public door
    except ImportError:  # a TensorFlow that moved it: the public door gives the same placeholder
        import tensorflow as tf  # lazy: only a TensorFlow target gets here

        return tf.compat.v1.placeholder(dtype, shape, name=name)
    return graph_placeholder(dtype, shape, name=name)


def _source(tensor):
    """The tensor an output ``Identity`` of a traced function passes on (the op that computed it)."""
    return tensor


def _captures(tf, graph):
    """(outer, inner) pairs of what a graph captured: variables as their handles, tensors as their values."""
    return [(outer if outer.dtype == tf.resource else outer.numpy(), inner) for outer, inner in graph.captures]


def _line_of(frames, op):
    """``file:line`` of the user's innermost frame in ``op``'s traceback, or None."""
    user, _ = frames(op.traceback)
    return f"{user[-1].filename}:{user[-1].lineno}" if user else None


def _read_as_tensorflow(array):
    """A float array as TensorFlow's CPU kernels read it: its subnormal entries 0."""
    return np.where(np.abs(array) < np.finfo(array.dtype).tiny, 0 * array, array)[()] if array.dtype.kind == "f" else array


def _as_flushed(truth, got):
    """An exact gradient ``truth`` as TensorFlow's CPU kernels hold it beside their answer ``got``: an entry below
    ``got``'s dtype's smallest normal number where TensorFlow answered 0 is that 0 (they flush subnormal numbers)."""
    tiny = np.finfo(got.dtype).tiny

    def held(exact, answer):
        return 0 * exact if answer == 0 and abs(exact) < tiny else exact

    return np.frompyfunc(held, 2, 1)(np.asarray(raw(truth), dtype=object), got)[()] if np.ndim(got) else held(raw(truth), got[()])


@contextlib.contextmanager
def _functions_eagerly(eagerly):
    """Meanwhile, where ``eagerly``, every ``tf.function`` runs its Python eagerly: a stateful draw inside one is then
    an eager op, whose numbers TensorFlow's op callback hands the record of the run (`tf_draws.FreshDraws`).

    TensorFlow keeps the switch in one variable of the process, not per thread, and calling the outer function's
    ``python_function`` alone would leave each tf.function it calls a graph whose draws no callback sees: so another
    thread's tf.function runs eagerly meanwhile too, which the run's note says (`Bridge.held_draws`)."""
    if not eagerly:
        yield
        return
    tf = _tf()
    before = tf.config.functions_run_eagerly()
    tf.config.run_functions_eagerly(True)
    try:
        yield
    finally:
        tf.config.run_functions_eagerly(before)


def _drawer(tf, xla=False):
    """``draw(op_type, n_outputs, inputs, attrs)``: a random op run eagerly by TensorFlow's own kernel, its outputs as
    arrays (`tf_graph.Walker._draw`); a generator's read-and-skip reads its state alone, leaving it where it is.
    ``xla``: the user's function runs compiled by XLA, whose draws from a seed are its own (its default algorithm is
    not the eager kernel's): each op compiled by XLA alone (`_compiled_op`) draws them."""
    execute = _compiled_op(tf) if xla else eager_execute()

    def draw(op_type, n_outputs, inputs, attrs):
        if op_type == "RngReadAndSkip":  # the old state, padded to 3 as the op gives it; the skip is the run's own
            state = np.ravel(tf.raw_ops.ReadVariableOp(resource=inputs[0], dtype=tf.int64).numpy())
            return (np.concatenate([state, np.zeros(3 - state.size, np.int64)]),)
        tensors = [value if getattr(value, "dtype", None) == tf.resource else as_tensor(tf, np.asarray(value)) for value in inputs]
        return tuple(np.asarray(t.numpy()) for t in execute(op_type, n_outputs, tensors, tuple(attrs)))

    return draw


def _compiled_op(tf):
    """``execute(op_type, n_outputs, inputs, attrs)`` (as `tf_eager.eager_execute`'s) running the op compiled by XLA
    alone, one compiled function per op type and attributes: its numbers those of the op inside the user's compiled
    function (XLA compiles a draw from its seed the same way alone as among other ops)."""
    from tensorflow.python.framework import op_def_registry  # lazy: TensorFlow's; no public door reads an op's signature

    compiled = {}

    def execute(op_type, n_outputs, inputs, attrs):
        key = (op_type, attrs)
        function = compiled.get(key)
        if function is None:
            op_def = op_def_registry.get(op_type)
            raw_op = getattr(tf.raw_ops, op_type)
            taken = set(inspect.signature(raw_op).parameters)  # the attributes TensorFlow does not infer from inputs
            kinds = {attr.name: attr.type for attr in op_def.attr}
            fixed = {name: tf.as_dtype(value) if kinds.get(name) == "type" else value
                     for name, value in zip(attrs[::2], attrs[1::2]) if name in taken}
            names = [arg.name for arg in op_def.input_arg]
            function = compiled[key] = tf.function(lambda *tensors: raw_op(**dict(zip(names, tensors)), **fixed),
                                                   jit_compile=True)
        out = function(*inputs)
        return out if isinstance(out, (list, tuple)) else (out,)

    return execute


def _forward_calls(graph, frames):
    """``(op type, file:line)`` of each call of a ``tf.function`` the user's forward code made in ``graph`` (TensorFlow
    builds a call op past the op callbacks that record the others, `tf_stand_in.recording`)."""
    calls = []
    for op in graph.get_operations():
        if op.type in CALLS and any(t.dtype.is_floating for t in op.outputs):
            user, in_gradient = frames(op.traceback)
            if user and not in_gradient:
                calls.append(("PartitionedCall", f"{user[-1].filename}:{user[-1].lineno}"))
    return calls


def _xla_compiled(op):
    """Whether a call op runs its function compiled by XLA (``tf.function(jit_compile=True)``)."""
    try:
        return bool(op.get_attr("_XlaMustCompile"))
    except ValueError:
        return False


def _state_dtype(tf, handle):
    """The dtype of the variable behind a resource handle (its handle data)."""
    from tensorflow.python.ops import resource_variable_ops  # lazy: TensorFlow's; reads a handle's dtype and shape

    data = resource_variable_ops.get_eager_safe_handle_data(handle)
    return tf.as_dtype(data.shape_and_type[0].dtype) if data is not None and data.is_set else tf.int64


def _variable_reader(tf):
    def read(handle, dtype):
        return tf.raw_ops.ReadVariableOp(resource=handle, dtype=dtype).numpy()

    return read


def _users_numbers(fun):
    """``written(frame, value)``: whether the user's code at ``frame`` (a traceback frame) wrote the float ``value``:
    a literal on its line, a float constant of the function's module or closure, a number its file hands to a
    call or gives a parameter as its default (`lines.handed_numbers`: a Keras layer's epsilon), or one a library
    makes of a literal on the line (`derived_numbers`: 1 - label_smoothing). A constant TensorFlow's libraries make
    inside a call on that line (tf.nn.gelu's 0.044715) is none of these."""
    python = inspect.unwrap(getattr(fun, "python_function", fun))
    named = {v for v in getattr(python, "__globals__", {}).values() if type(v) is float}
    named.update(c.cell_contents for c in getattr(python, "__closure__", None) or () if _holds_float(c))

    def written(frame, value):
        if value in named or -value in named or value in handed_numbers(frame.filename):
            return True
        on_line = numbers_on_line(frame.filename, frame.lineno) if frame.lineno else literal_numbers(frame.line or "")
        if on_line & {value, -value}:
            return True
        # a number Keras's code makes of one the line hands it (categorical_crossentropy's 1 - label_smoothing)
        derived = derived_numbers(frozenset(on_line))
        return (value in derived and derived[value][0] not in RULES_ONLY) or shared_among_a_count(value, on_line)

    return written


def _folds_moved_by(plan, keys):
    """``(folds, beside)``: the folds of ``plan`` (`exact_constants.Folds`) that read ``keys`` (a variable's reads,
    held as constants) or another such fold's float output, in order, and the keys of the other constants they
    read."""
    moved, folds, beside = set(keys), [], []
    for run, inputs, outputs in plan.folds.steps:
        if moved.intersection(inputs):
            folds.append((run, inputs, outputs))
            moved.update(k for k in outputs if is_float(plan.static.get(k)))
            beside += [k for k in inputs if k not in moved and k not in beside]
    return folds, beside


def _holds_float(cell):
    try:
        return type(cell.cell_contents) is float
    except ValueError:  # an empty cell
        return False


# The captured functions, kept while the user's function lives: a sweep resolves its function again for its
# range after its checks, and each fix's sweep its fixed function after that fix's check; each capture would
# otherwise trace its graphs, prove its float32 retyping and ask TensorFlow for its numbers again.
_CAPTURED = weakref.WeakKeyDictionary()


def _captured(fun, text):
    """The `TensorFlowFunction` of ``fun``: the one kept from before while its graphs' variables hold the same values.

    A function given models as arguments is captured afresh: each point may
    give it another model, whose held variables its graphs would not read.
    """
    try:
        function = _CAPTURED.get(fun)
        if function is None or function.text != text or function.models.models or not function.variables_unchanged():
            function = _CAPTURED[fun] = TensorFlowFunction(fun, text)
    except TypeError:  # not weakly referable: captured afresh
        function = TensorFlowFunction(fun, text)
    return function


def capture(fun, text):
    """The `Bridge` of a TensorFlow function ``fun`` (named ``text`` in messages)."""
    function = _captured(fun, text)
    return Bridge(
        "tensorflow",
        function.own,
        function.forward,
        function.backward,
        "tensorflow",
        dict(SPELLINGS),
        function.vectorised,
        replayed_range=function.replayed_range,
        points_at_once=True,
        flushes_subnormals=TENSORFLOW_CPU_KERNELS,  # flush-to-zero: exp(-90.0) is 0 in float32
        held_constants=function.held_constants,
        refused=function.refused,
        arguments=function.models.point,
        supplied=function.models.supplied(),
        aliases=function.models.aliases,
        held_draws=function.held_draws,
        rules_alone=function.rules_alone,
        rule_variables=function.rule_variables,
        calls_variables_rules=function.calls_variables_rules,
        backward_holds_forward=False,  # its gradient graph reads a forward value where a rule needs it, and no other
        backward_traced=function.backward_traced,
        numbers_read=function.numbers_read,
        computed_narrower=function.computed_narrower,
    )
