"""A TensorFlow graph as a plan gradcli replays: its operations in order, each with the user's line.

`walk` reads a traced function's graph (``graph.get_operations()``: each op's
type, inputs, outputs, attributes and traceback), inlines the bodies of
function calls (``PartitionedCall``, ``StatefulPartitionedCall``) from the
graph's function library, folds what is known when the graph is captured
(constants, shapes, the axes gradient graphs sum over) and keeps the rest as
`Step`s of `tf_ops.OPS`. `Plan.run` replays the steps that an output needs with
``gradcli.numpy`` ops, each under `replayed_at` with the user's line the op's
traceback names (and, for ops of the user's own gradient rule, the rule).

This module never imports TensorFlow: it reads the graph objects it is handed.
"""

from __future__ import annotations

import ast
import contextlib
import contextvars
import functools
import os
import re
import threading
from dataclasses import dataclass, field, replace

import numpy as np

import gradcli.numpy as gnp

from ..autodiff.custom import stop_of_a_form
from ..autodiff.ops_stats import gamma_drawn, truncated_normal_drawn
from ..autodiff.tracer import hooks
from ..autodiff.values import raw
from ..errors import InputError
from ..folders import GRADCLI_FOLDER
from .bridge import on_its_line, replayed_at
from .exact_constants import Folds, held_for, held_name, kept_with_sightings, kind_of, lift, note_seen, reusable, unobserved
from .flushing import TENSORFLOW_CPU_KERNELS, FlushedToRecorder, flushed
from .inner_derivatives import exact_zero_products
from .lines import STDLIB_FOLDER, uses_at
from .tf_draws import HELD_DRAWS, HeldDraws
from .tf_errors import GraphGradientRefused
from .tf_keras_dtypes import keras_function_casting
from .tf_loops import WHILES, taking_turns
from .own_kernels import KernelCall
from .tf_ops import APPROXIMATED, OPS, SHAPE_OPS, SKIPPED, _near, logsumexp_shift
from .tf_reads import is_number_read
from .tf_stand_in import CALLS, CONDITIONALS, SWITCHES, computes



@dataclass
class Step:
    """One operation to replay: its entry of `tf_ops.OPS`, input and output keys, and where it came from."""

    function: object
    inputs: tuple
    outputs: tuple
    attrs: dict
    location: str
    rule: tuple  # ("grad() of log1pexp", "model.py:7") for an op of the user's gradient rule, else None
    op_type: str
    name: str
    plans: tuple = ()  # the plans the step runs (a conditional's branches, a loop's condition and body)
    # (the call's key, its location) of the outermost tf.function call whose body the step was inlined from, else None:
    # a record of what a run executes (`executed`) counts that call as its one call op, as the eager run does
    call: tuple = None
    # (kind, words) of an op TensorFlow's gradient code makes itself, no rule's: the sum of a value's gradients from its
    # uses (`Walker._accumulation`), which `replayed_at` hands provenance as ``by_the_pass``
    by_the_pass: tuple = None
    # the op as TensorFlow names it, the API the user's line called and the op type: "tf.math.exp (Exp)" (`called_api`)
    spelled: str = None
    # TensorFlow's own kernel of an approximated special function (`tf_ops.APPROXIMATED`) on NumPy operands
    kernel: object = None


@dataclass
class Plan:
    """A captured graph: static values, steps, and the keys of its inputs and outputs."""

    inputs: list
    outputs: list
    static: dict
    steps: list
    unmapped: dict = field(default_factory=dict)  # output key -> (op type, name, location, complex) of an op the table lacks
    folds: Folds = field(default_factory=Folds)  # the ops folded on float constants, run again exactly on exact numbers
    users_constants: frozenset = frozenset()  # keys of the float constants the user's own code wrote (`Walker`)
    folded_ops: tuple = ()  # (op type, location) of each float op computed when captured (`executed` counts it per run)
    _exact_static: tuple = None  # (kind, the static values lifted to it): `_static_exact`
    _float_static: dict = None
    _held: dict = None  # dtype -> `held(dtype)`, asked at every replay
    variable_reads: dict = field(default_factory=dict)  # key of a variable's read held as its value -> id of its handle
    fresh: HeldDraws = None  # the stateful draws the graph makes, each read from TensorFlow's run (`tf_draws`)
    seeded: bool = False  # whether a step draws from a seed the function computes (`Walker._seeded_draw`)

    def pruned(self, outputs, text, stop=()):
        """The plan computing ``outputs`` alone (``stop``: keys given at each run); an op it needs that the table lacks is an `InputError`."""
        producer = {key: step for step in self.steps for key in step.outputs}
        # a draw read from the run is kept, needed or not: the replay takes the run's draws in their order
        drawn = [key for step in self.steps if isinstance(step.function, _HeldDrawStep) for key in step.outputs]
        needed, todo, seen = set(), list(outputs) + drawn, set(stop)
        while todo:
            key = todo.pop()
            if key in seen:
                continue
            seen.add(key)
            if key in self.unmapped:
                op_type, name, location, complex_valued = self.unmapped[key]
                why = _COMPLEX_NOT_REPLAYED if complex_valued else _NOT_REPLAYED.get(op_type, "is not one gradcli can replay yet")
                raise InputError(
                    f"{text}: the TensorFlow operation {op_type} ('{name}', at {location}) {why}, so it cannot be "
                    "checked exactly",
                    text=text,
                )
            step = producer.get(key)
            if step is not None and id(step) not in needed:
                needed.add(id(step))
                todo.extend(step.inputs)
        steps = [step for step in self.steps if id(step) in needed]
        return Plan(self.inputs, list(outputs), self.static, steps, folds=self.folds, users_constants=self.users_constants,
                    folded_ops=self.folded_ops, variable_reads=self.variable_reads, fresh=self.fresh,
                    seeded=any(isinstance(step.function, _SeededDraw) for step in steps))

    def run(self, values, given=None):
        """The outputs, replayed from ``values`` (one per input key) and ``given`` ({key: value} overrides).

        While the checker records a run, each step runs under its user's line
        (`replayed_at`); otherwise nobody reads it, and the steps run bare. A
        hook that reads no places (``reads_locations = False``: the rounding
        flips of a noise estimate) on mpmath numbers and balls sees the bare
        steps too: flushing leaves those numbers as they are, so only the
        places, which it does not read, would differ.
        """
        if self.seeded and any(_is_mp(v) for v in values):  # a seeded draw's numbers as exact ones of the run's kind
            token = _EXACT_KIND.set(kind_of(values))
            try:
                return self._run(values, given)
            finally:
                _EXACT_KIND.reset(token)
        return self._run(values, given)

    def _run(self, values, given):
        exact = False
        held = held_for(values)
        held_constants = self.held(held) if held is not None else {}
        if all(type(v) is float for v in values):  # a difference's step: Python floats meet Python floats
            env = dict(self._static_for_floats())
        elif any(_is_mp(v) for v in values):  # the exact reference: ops on constants alone computed exactly too
            exact, kind = True, kind_of(values)
            env = dict(self._static_exact(kind))
            # a fold reads the user's constants as the narrower program holds them (a float32 label clipped)
            env.update(self.folds.exact({**self.static, **held_constants}, values, held_name(held)))
            if kind is not None:
                held_constants = {key: lift(value, kind) for key, value in held_constants.items()}
        else:
            env = dict(self.static)
        env.update(held_constants)  # the program in a narrower dtype: the user's constants as it holds them
        moved = _VARIABLES_AS.get()
        if moved and self.variable_reads:  # a variable's reads as the values asked for, in branches and loop bodies too
            env.update((key, moved[handle]) for key, handle in self.variable_reads.items() if handle in moved)
        env.update(zip(self.inputs, values))
        if given:
            env.update(given)
        fed = list(self.inputs) + list(given or ())
        if self.fresh is None or not self.fresh.draws:
            return self._steps_run(env, exact, fed)
        floats = [floats_at_the_point(value) for value in values]  # TensorFlow's run's draws, in the dtype judged now
        with self.fresh.reading(floats, held or _replay_dtype(values), kind if exact else None):
            return self._steps_run(env, exact, fed)

    def _steps_run(self, env, exact, fed):
        """The outputs of the steps run on ``env`` (``exact``: on exact numbers; ``fed``: the keys each run is given)."""
        recording = getattr(_EXECUTING, "lists", None)
        if recording:  # a run whose operations are recorded (`executed`)
            return self._recorded(env, recording, fed)
        hook = hooks.forward
        if hook is not None and (not exact or getattr(hook, "reads_locations", True)):
            return self._located(env, fed)
        # TensorFlow computes IEEE silently, and its graphs compute both sides of a where: the gradient of
        # CumulativeLogsumexp takes log(g) and log(-g) of every g, each kept only where its sign allows.
        with np.errstate(all="ignore"):
            for step in self.steps:
                try:
                    out = step.function([env[key] for key in step.inputs], step.attrs)
                except Exception as error:
                    raise _raised_on_its_line(error, step)
                if isinstance(out, tuple):
                    env.update(zip(step.outputs, out))
                else:
                    env[step.outputs[0]] = out
        return [env[key] for key in self.outputs]

    def _recorded(self, env, lists, fed):
        """`run`, each computing operation it executes recorded into the innermost of ``lists`` (`executed`'s); in a
        run that flushes (`executed`'s ``flushing``), the ``fed`` inputs and every result flushed as TensorFlow's CPU
        kernels flush them."""
        flushing = getattr(_EXECUTING, "flushing", False)
        for key in fed if flushing else ():
            env[key] = flushed(env[key])
        record = lists[-1]
        record.extend(self.folded_ops)
        calls = set()  # the tf.function calls this run entered: each one call op, whatever its body runs
        with np.errstate(all="ignore"):
            for step in self.steps:
                if step.call is not None and step.call[0] not in calls:
                    calls.add(step.call[0])
                    record.append(("PartitionedCall", step.call[1]))
                if step.plans:
                    lists.append([])
                    try:
                        out = step.function([env[key] for key in step.inputs], step.attrs)
                    finally:
                        inner = lists.pop()
                    if step.call is None and len(lists) == 1:
                        record.append(Executed(step.name, inner))
                    elif step.call is None:  # a nested branch's or loop's operations, in place
                        record.extend(inner)
                else:
                    out = step.function([env[key] for key in step.inputs], step.attrs)
                    if step.call is None and computes(step.op_type) and _floating(out):
                        record.append((step.op_type, step.location))
                if flushing:
                    out = tuple(flushed(one) for one in out) if isinstance(out, tuple) else flushed(out)
                if isinstance(out, tuple):
                    env.update(zip(step.outputs, out))
                else:
                    env[step.outputs[0]] = out
        return [env[key] for key in self.outputs]

    def _located(self, env, fed):
        """`run` while the checker records: each step on its user's line, its results flushed as TensorFlow's CPU kernels flush them.

        TensorFlow computes with flush-to-zero and denormals-are-zero, float32
        and float64 alike (``tf.exp(-90.0)`` is 0 in float32): the recorder is
        shown each result flushed, and the replay goes on with that very
        object, so the op whose result TensorFlow flushed to 0 is the one
        provenance names, and what follows meets TensorFlow's zeros.
        """
        for key in fed:  # an operand TensorFlow reads as 0 (denormals-are-zero)
            env[key] = flushed(env[key])
        with FlushedToRecorder(f"{TENSORFLOW_CPU_KERNELS} do") as shown:
            for step in self.steps:
                operands = [env[key] for key in step.inputs]
                # TensorFlow's own approximation of a special function, on these very numbers, for provenance to compare
                own = None if step.kernel is None else KernelCall("TensorFlow", f"tf.raw_ops.{step.op_type}", step.kernel, operands)
                with replayed_at(step.location, step.rule, own=own, by_the_pass=step.by_the_pass, spelled=step.spelled):
                    try:
                        out = step.function(operands, step.attrs)
                    except Exception as error:
                        raise _raised_on_its_line(error, step)
                # An operand handed on unchanged (a tf.function's input Identity) is no result of this step: flushed
                # here, 0 would be carried into the fed input's own box, and the op reading it never seen reading 1e-40.
                kept = [one if any(one is o for o in operands) else shown.flushed(one)
                        for one in (out if isinstance(out, tuple) else (out,))]
                env.update(zip(step.outputs, kept))
                if own is not None:
                    own.results = tuple(env[key] for key in step.outputs)
                shown.forget()
            # an output that is a fed input handed on unchanged leaves as TensorFlow's kernels read it
            return [shown.flushed(env[key]) if any(env[key] is env[k] for k in fed) else env[key] for key in self.outputs]

    def users_numbers(self):
        """The float values of the user's own constants this plan computes with, its branches' and loop bodies' too."""
        numbers = {float(v) for key in self.users_constants for v in np.ravel(self.static[key])}
        for step in self.steps:
            for plan in step.plans:
                numbers |= plan.users_numbers()
        return numbers

    def held(self, dtype):
        """``{key: value}`` of the user's own float constants that ``dtype`` holds as other numbers, as it holds them
        (TensorFlow converts a Python number to the dtype of the tensor it meets), and of any constant holding one
        of float64's limits, as ``dtype``'s own limit (`limits_as_in`)."""
        if self._held is None:
            self._held = {}
        changed = self._held.get(dtype)
        if changed is not None:
            return changed
        changed = {}
        for key in self.users_constants:
            value = self.static[key]
            held = np.asarray(value, dtype=dtype).astype(np.float64)
            if not np.array_equal(held, value):
                changed[key] = float(held) if np.ndim(held) == 0 else held
        for key, value in self.static.items():
            limited = limits_as_in(value, dtype)
            if limited is not None:
                changed[key] = float(limited) if np.ndim(limited) == 0 else limited
        self._held[dtype] = changed
        return changed

    def _static_for_floats(self):
        """The static values as Python floats meet them: a float64 scalar as a Python float (the same number).

        Python floats on both sides take the core's path for numbers, a
        tenth of a NumPy scalar's cost; float32 and other constants stay as
        they are, so what they compute in is unchanged.
        """
        if self._float_static is None:
            self._float_static = {
                key: float(value) if _float_scalar(value) and value.dtype == np.float64 else value
                for key, value in self.static.items()
            }
        return self._float_static

    def _static_exact(self, kind):
        """The static values as an exact replay of ``kind`` (`exact_constants.kind_of`) holds them: each float constant
        the exact number it is. A constant that meets the replay's numbers in an arithmetic op would compute exactly
        as a float too, but a pick (a sort of ``concat([w, [0.3]])``, a ``where``, a gather) carries it among them
        as it is, and an op on the picked float alone would compute in float64."""
        if kind is None:  # numbers of no kind `lift` knows: a float scalar as a Python float, which they take exactly
            return {key: float(value) if _float_scalar(value) else value for key, value in self.static.items()}
        if not reusable(kind):
            return {key: lift(value, kind) for key, value in self.static.items()}
        if self._exact_static is None or self._exact_static[0] != kind:
            self._exact_static = (kind, *kept_with_sightings(lambda: {key: lift(v, kind) for key, v in self.static.items()}))
        else:
            note_seen(self._exact_static[2])
        return self._exact_static[1]


_VARIABLES_AS = contextvars.ContextVar("gradcli_tf_variables_as", default=None)
# How `Walker.draws` marks a draw from a seed the function computes (`Walker._seeded_draw`)
SEEDED = ", from a seed the function computes"
# The kind of exact numbers (`exact_constants.kind_of`) of the exact run a seeded plan is replaying: a draw's floats
# lifted to it
_EXACT_KIND = contextvars.ContextVar("gradcli_tf_exact_kind", default=None)


@contextlib.contextmanager
def variables_held_as(values):
    """Within it, every plan's reads of a captured variable (in the traced graph, its branches and loop bodies) are
    ``values[id(handle)]`` in place of the value the capture read: a replay differentiable in a variable's value."""
    token = _VARIABLES_AS.set(values)
    try:
        yield
    finally:
        _VARIABLES_AS.reset(token)


class Executed:
    """A conditional, switch or loop of a graph's top level as one run executed it: its op's name, and the
    computing operations (op type, location) its branch or body ran there, in order, as often as they ran."""

    def __init__(self, name, ops):
        self.name, self.ops = name, ops


_EXECUTING = threading.local()  # .lists: the lists `executed` records into in this thread, innermost last


def executed(plan, values, flushing=False):
    """The operations a run of ``plan`` on ``values`` executes: ``(op type, location)`` of each computing operation
    (`tf_stand_in.computes`) with a float result, its folded ones once per run of its plan, and an `Executed` for
    each conditional, switch and loop of its top level with what its branches and bodies ran inside. With
    ``flushing``, the run reads and makes numbers as TensorFlow's CPU kernels do, a subnormal as 0 (`flushing`), so
    that it takes the branches they take (``exp(x) > 0`` at float32's x = -90 is false)."""
    lists = _EXECUTING.lists = [[]]
    _EXECUTING.flushing = flushing
    try:
        plan.run(values)
    finally:
        _EXECUTING.lists, _EXECUTING.flushing = None, False
    return lists[0]


def _floating(out):
    """Whether a step's result (or one of its results) is a float array or number."""
    for value in out if isinstance(out, tuple) else (out,):
        value = raw(value)
        if isinstance(value, float) or (isinstance(value, np.ndarray | np.generic) and value.dtype.kind == "f"):
            return True
    return False  # a tensor list (a loop's saved values), a whole number, a truth


def _raised_on_its_line(error, step):
    """``error``, raised by a replayed op, marked with the user's line of that op (``raised_at``, which a finding
    names): a singular matrix's inverse raises inside gradcli's replay of TensorFlow's gradient, never on a line of
    the user's own. An error already placed (by an op inside a loop body or a branch) keeps its line."""
    if getattr(error, "raised_at", None) is None and step.location and ":" in step.location:
        path, _, line = step.location.rpartition(":")
        if line.isdigit():
            try:
                error.raised_at = (path, int(line))
            except AttributeError:  # an error type that takes no attributes: told without a line
                pass
    return error


def _float_scalar(value):
    """Whether a static value is a NumPy float scalar (0-d array or NumPy float), not a handle or an array."""
    return isinstance(value, (np.ndarray, np.generic)) and value.ndim == 0 and np.issubdtype(value.dtype, np.floating)


def _is_mp(value):
    """Whether a replay input is an mpmath number, a ball, or an array of them (not a NumPy float)."""
    value = raw(value)
    if isinstance(value, np.ndarray):
        return value.dtype == object
    return not isinstance(value, (float, int, np.generic))


class Walker:
    """Reads a traced function's graph (and the functions it calls) into a `Plan`.

    ``frames`` says which frames of an op's traceback are the user's: ``frames(traceback)``
    returns ``(user frames inside the user's call, in_gradient)``, innermost last.
    ``read_variable(handle, dtype)`` reads a captured variable's value, and
    ``variable_shape(handle)`` its shape; ``as_numpy(tensor_proto)`` a constant's.
    """

    def __init__(self, frames, read_variable, as_numpy, default_location, given=(), gradients=None, users_number=None,
                 variable_shape=None, draw=None, fresh=None):
        self.frames = frames
        # the stateful draws of the graph, read from the record ``fresh`` (`tf_draws.FreshDraws`) of TensorFlow's runs;
        # None: they are not replayed
        self.held = HeldDraws(fresh) if fresh is not None else None
        # draw(op_type, n_outputs, inputs, attrs) -> the outputs: a random op run by TensorFlow's kernel on inputs
        # known when the graph is captured (`_draw`); None: random ops are not replayed
        self.draw = draw
        self.draws = []  # "op type at file:line" of each random draw held as the numbers TensorFlow drew (`_draw`)
        self.state = {}  # id of a captured variable's handle -> the handle: a whole-number state the graph changes
        # (Keras function, its dtype, the wide dtype, the user's (file, line)) of each cast inside a Keras function
        # to a narrower float (`tf_keras_dtypes.keras_function_casting`)
        self.keras_casts = []
        # users_number(frame, value): whether the user's frame wrote the number (a Const's source is the user's)
        self.users_number = users_number
        self.users_constants = set()
        # What the trace saw of TensorFlow's gradient (`Gradients`): which forward op each gradient op differentiates,
        # and the gradients a user's rule handed on untouched. Read for the traced graph itself, not the functions it calls.
        self.gradients = gradients or Gradients()
        self.renamed = {}  # a gradient a user's rule passed through -> the key of its replay through that rule
        self.given = set(given)  # names of ops whose outputs each run supplies (the cotangent): never folded
        self.read_variable, self.variable_shape = read_variable, variable_shape
        self.as_numpy = as_numpy
        self.default_location = default_location
        self.static, self.steps, self.unmapped = {}, [], {}
        self.locations = {}  # key -> location of the op producing it
        self.aliased = {}  # key -> the key its Identity step reads (`_alias`), for `keyed_calls`
        self.own_lines = set()  # keys whose op's traceback names a line of the user's
        self.folded = {}  # key -> a value an op computed at capture from static inputs
        self.folds = Folds()  # how each folded value on float constants is computed, for the exact replay
        self.folded_ops = []  # (op type, location) of each computing float op folded when captured (`Plan.folded_ops`)
        self.scopes = 0
        self.calls = 0  # how many function calls deep the walk is inside the graph (`_inline`)
        self.bodies = []  # the prefix of each called function's body walked in place
        self.walked = {}  # id of each graph walked in place -> (the graph, [each prefix its keys were given])
        self.assigned = {}  # id of a captured variable's handle -> the key of the value the graph assigned it
        self.reads = {}  # id of a captured variable's handle -> the keys of its reads held as its value (`keyed_calls`)
        self.apis = {}  # (id of a graph, op name) -> the TensorFlow API the user's line called to make it (`called_api`)

    def walk(self, graph, captures):
        """The `Plan` of ``graph``, whose input placeholders are its inputs (captures read as constants)."""
        with unobserved(), np.errstate(all="ignore"):
            bound = {}
            for outer, inner in captures:
                bound[inner.op.name] = ("value", outer) if isinstance(outer, np.ndarray) else ("capture", outer)
            self._graph(graph, "", bound)
        inputs = [t.name for t in graph.inputs if t.op.name not in bound]
        return Plan(inputs, [], self.static, self.steps, self.unmapped, folds=self.folds,
                    users_constants=frozenset(self.users_constants), folded_ops=tuple(self.folded_ops),
                    variable_reads={key: handle for handle, keys in self.reads.items() for key in keys}, fresh=self.held,
                    seeded=any(isinstance(step.function, _SeededDraw) for step in self.steps))

    def _graph(self, graph, prefix, bound):
        """Walk one graph's operations; ``bound`` maps its placeholder names to keys or captures."""
        self.walked.setdefault(id(graph), (graph, []))[1].append(prefix)
        names = {op.name: op for op in graph.get_operations()}
        fed = {t.op.name for t in graph.inputs}
        for op in graph.get_operations():
            outputs = tuple(prefix + t.name for t in op.outputs)
            if op.type == "Placeholder":
                self._placeholder(op, prefix, bound, outputs)
                if op.name not in bound and op.name not in fed:
                    self._unfed(op, outputs)
                self._passed_through(op.outputs, outputs)  # the cotangent, handed on as it is by a rule
                continue
            inputs = tuple(self.renamed.get(prefix + t.name, prefix + t.name) for t in op.inputs)
            location, rule = self._where(op, names, inputs, prefix)
            self._op(op, inputs, outputs, location, rule)
            if op.type == "AddN" and self.steps and self.steps[-1].outputs == outputs and _aggregates(op):
                self._accumulation(self.steps[-1], op, names, prefix)
            self._passed_through(op.outputs, outputs)

    def _op(self, op, inputs, outputs, location, rule):
        """One operation of a graph: folded, walked into, or a step (or unmapped, where the table lacks it)."""
        for key in outputs:
            self.locations[key] = location
        if op.type == "AssignVariableOp":
            self._assign(inputs)
        if op.type in STATE_CHANGES and _is_capture(self.static.get(inputs[0])) and _changes_a_count(op):
            handle = self.static[inputs[0]][1]
            self.state[id(handle)] = handle
        if op.type in SKIPPED or not op.outputs:
            return
        if op.type == "Const":
            self.static[outputs[0]] = self.as_numpy(op.get_attr("value"))
            if self._written_by_user(op, self.static[outputs[0]]):
                self.users_constants.add(outputs[0])
        elif op.type in SHAPE_OPS and all(t.shape.is_fully_defined() for t in op.inputs):
            self._fold_shape(op, outputs)
        elif op.type == "ReadVariableOp":
            self._read(op, inputs, outputs, location)
        elif op.type == "VariableShape" and self.variable_shape is not None and _is_capture(self.static.get(inputs[0])):
            shape = self.variable_shape(self.static[inputs[0]][1])  # the zeros a variable's gradient starts from
            self.static[outputs[0]] = np.array(shape, dtype=_numpy_dtype(op, "out_type", np.int32))
        elif op.type in CALLS or _found_function(op.graph, op.type) is not None:  # a legacy Defun is called by name
            self._inline(op, inputs, outputs, location)
        elif op.type in CONDITIONALS:
            self._conditional(op, inputs, outputs, location, rule)
        elif op.type in SWITCHES:
            self._switch(op, inputs, outputs, location, rule)
        elif op.type in WHILES:
            self._while(op, inputs, outputs, location, rule)
        elif op.type in HELD_DRAWS and self.held is not None:
            self._held_draw(op, inputs, outputs, location, rule)
        elif op.type in DRAWN_IN_PARAMETERS and self.draw is not None:
            self._drawn_in_parameters(op, inputs, outputs, location, rule)
        elif op.type in DRAWS and self.draw is not None:
            self._draw(op, inputs, outputs, location)
        elif op.type in OPS:
            self._step(op, inputs, outputs, location, rule)
        elif self.draw is not None and _index_valued(op):
            self._by_kernel(op, inputs, outputs, location, rule)
        else:
            complex_valued = any(t.dtype.is_complex for t in [*op.inputs, *op.outputs])
            for key in outputs:
                self.unmapped[key] = (op.type, op.name, location, complex_valued)

    def _written_by_user(self, op, value):
        """Whether a float constant is the user's own: the innermost user frame of its traceback wrote it
        (`users_number`), or handed it to TensorFlow's operators, which made it a constant (`handed_over`: a number
        the user's code computed as it ran); TensorFlow's, Keras's and TFP's own constants (tf.nn.gelu's 0.044715,
        made inside nn_ops.gelu) are not."""
        if self.users_number is None or getattr(value, "dtype", None) is None or value.dtype.kind != "f":
            return False
        try:
            user, _ = self.frames(op.traceback)
        except Exception:  # noqa: BLE001 - a graph without tracebacks: no constant is known to be the user's
            return False
        return bool(user) and (all(self.users_number(user[-1], float(v)) for v in np.ravel(value))
                               or handed_over(op.traceback, user[-1]))

    def _draw(self, op, inputs, outputs, location):
        """A random op (`DRAWS`) whose seed is known when the graph is captured: the numbers TensorFlow's own kernel
        draws from it, held as a constant of the point, as the user's run draws them (each run of the function by
        the bridge starts from the same state, `tf_bridge`); a seed computed from the arguments is drawn at each run
        from its value there (`_seeded_draw`)."""
        values = [self.static.get(key) for key in inputs]
        attrs = _eager_attrs(sorted(op.node_def.attr.items()))
        if attrs is not None and not all(key in self.static for key in inputs) and _seeds_only(op, values):
            self._seeded_draw(op, inputs, outputs, location, attrs)
            return
        if attrs is None or not all(key in self.static for key in inputs):
            for key in outputs:
                self.unmapped[key] = (op.type, op.name, location, False)
            return
        out = self.draw(op.type, len(outputs), [v[1] if _is_capture(v) else v for v in values], attrs)
        self.static.update(zip(outputs, out))
        if any(t.dtype.is_floating for t in op.outputs):
            self.draws.append(f"{op.type} at {location}")

    def _seeded_draw(self, op, inputs, outputs, location, attrs):
        """A random op whose seed the function computes from its arguments (``seed=`` a cast of a sum): a step that
        draws at each run by TensorFlow's own kernel from the seed's value there, the numbers a constant of the point
        (no gradient flows through a seed's integers)."""
        dtypes = [np.dtype(t.dtype.as_numpy_dtype) for t in op.inputs]
        drawn = _SeededDraw(self.draw, op.type, attrs, dtypes, len(outputs))
        self.steps.append(Step(drawn, tuple(inputs), tuple(outputs), {}, location, None, op.type, op.name))
        if any(t.dtype.is_floating for t in op.outputs):
            self.draws.append(f"{op.type} at {location}{SEEDED}")

    def _drawn_in_parameters(self, op, inputs, outputs, location, rule):
        """A draw TensorFlow differentiates in its parameters (`DRAWN_IN_PARAMETERS`), its seed known when the graph
        is captured: a step that draws at each run, by TensorFlow's own kernel from that seed and the parameters'
        floats there, in the trace's dtype, and hands on the draw as the function of the parameters its quantile
        defines (its value the draw, its slope the exact implicit one); a seed computed from the arguments is unmapped."""
        positions, as_function = DRAWN_IN_PARAMETERS[op.type]
        attrs = _eager_attrs(sorted(op.node_def.attr.items()))
        seeds = [key for k, key in enumerate(inputs) if k not in positions]
        if attrs is None or not all(key in self.static and not _is_capture(self.static[key]) for key in seeds):
            for key in outputs:
                self.unmapped[key] = (op.type, op.name, location, False)
            return
        dtype = np.dtype(op.outputs[0].dtype.as_numpy_dtype)
        drawn = _ParameterDraw(self.draw, op.type, attrs, positions, as_function, dtype)
        self.steps.append(Step(drawn, tuple(inputs), tuple(outputs), {}, location, rule, op.type, op.name,
                               spelled=self._spelling(op)))
        self.draws.append(f"{op.type} at {location}")

    def _held_draw(self, op, inputs, outputs, location, rule):
        """A stateful random op (`tf_draws.HELD_DRAWS`): its output the numbers TensorFlow's run at the point drew
        (`tf_draws.HeldDraws`), a constant of the point, or for a gamma draw the function of its alpha its quantile
        defines (`held_gamma`)."""
        shape = op.outputs[0].shape
        read = self.held.add(op.type, shape.as_list() if shape.is_fully_defined() else None, location)
        if self.calls:
            self.held.record.in_functions = True
        gamma = op.type == "RandomGamma"
        self.steps.append(Step(_HeldDrawStep(read, gamma), (inputs[1],) if gamma else (), tuple(outputs), {}, location,
                               rule, op.type, op.name, spelled=self._spelling(op)))
        self.draws.append(f"{op.type} at {location}")

    def _by_kernel(self, op, inputs, outputs, location, rule):
        """An op the table lacks whose results are all integers or booleans (`_index_valued`: a histogram's counts, a
        bucket's index): no gradient flows through them, so they are data of the point, computed at each run by
        TensorFlow's own kernel from the floats its inputs are there (an index under a stop_gradient replays)."""
        attrs = _eager_attrs(sorted(op.node_def.attr.items()))
        if attrs is None:
            for key in outputs:
                self.unmapped[key] = (op.type, op.name, location, False)
            return
        dtypes = [np.dtype(t.dtype.as_numpy_dtype) for t in op.inputs]
        kernel = _KernelIndex(self.draw, op.type, attrs, dtypes, len(outputs))
        self.steps.append(Step(kernel, tuple(inputs), tuple(outputs), {}, location, rule, op.type, op.name))

    def _passed_through(self, tensors, outputs):
        """A gradient a user's rule handed on untouched (``return dy``) still went through the rule: replayed as
        ``dy * 1`` on the rule's line, the ops after it reading that, so a wrong one is named there (in the
        traced graph, or in a function it calls: a nested ``tf.function``'s gradient)."""
        if not self.gradients.passed:
            return
        for tensor, key in zip(tensors, outputs):
            rule = self.gradients.passed.get((tensor.graph, tensor.name))
            if rule is not None:
                through = self.renamed[key] = f"{key}#through {rule[0]}"
                self.locations[through] = rule[1]
                self.steps.append(Step(_times_one, (key,), (through,), {}, rule[1], rule, "Mul", through))

    def key(self, name):
        """The key a tensor of the traced graph is read from in the plan (a gradient passed through a rule: its replay there)."""
        return self.renamed.get(name, name)

    def keyed_calls(self, call):
        """``call`` (a `RuleCall` of tensors, in the traced graph or a function it calls) as the keys its tensors have
        in the plan: one `RuleCall` per time the graphs of its tensors were walked in place, or None where they cannot
        be told apart, so the call is not judged alone. A function called more than once (``f(x) + f(2 * x)``, a
        nested ``tf.function``) is walked once per call, and its gradient's function once per call too: each walk of
        the gradient's function is paired with the walk of the forward function its inputs read (`_walks_paired`). A
        branch's or a loop body's graph is not walked in place: its calls are not told apart. An input of a nested
        ``tf.function``'s rule that its gradient's function captured is reached from the key it has in the forward
        function, through the aliases the calls' inputs and outputs make."""
        tensors = [t for group in (call.inputs, call.outputs, call.upstream, call.returned) for t in group if t is not None]
        graphs = {id(t.graph): t.graph for t in tensors}
        walks = {}
        for key, graph in graphs.items():
            walked = self.walked.get(key)
            if walked is None or walked[0] is not graph:
                return None
            walks[key] = walked[1]
        if all(len(prefixes) == 1 for prefixes in walks.values()):
            found = self._keyed_call(call, {key: prefixes[0] for key, prefixes in walks.items()})
            return None if found is None else (found,)
        paired = self._walks_paired(call, walks)
        if paired is None:
            return None
        found = [self._keyed_call(call, prefixes) for prefixes in paired]
        return None if None in found else tuple(found)

    def _walks_paired(self, call, walks):
        """For a rule's call whose forward function (the graph of its inputs and outputs) and gradient's function (the
        graph of its upstream and returned gradients) were each walked as often, more than once: ``[{id of a graph:
        its prefix}, ...]``, one per call, each gradient's walk with the forward walk whose keys its inputs alias
        (the forward function's values the gradient's function reads); None where any is not told apart."""
        forward = {id(t.graph) for t in (*call.inputs, *call.outputs)}
        backward = {id(t.graph) for t in (*call.upstream, *call.returned) if t is not None}
        if len(forward) != 1 or len(backward) != 1 or forward == backward:
            return None
        (forward,), (backward,) = forward, backward
        once = {key: prefixes[0] for key, prefixes in walks.items() if key not in (forward, backward)}
        if any(len(walks[key]) != 1 for key in once) or len(walks[forward]) != len(walks[backward]):
            return None
        body = self.walked[backward][0]  # the gradient's function graph
        paired = []
        for prefix in walks[backward]:
            read = set()
            for tensor in body.inputs:
                key = prefix + tensor.name
                while key in self.aliased:
                    key = self.aliased[key]
                read.update(p for p in walks[forward] if key.startswith(p))
            if len(read) != 1:
                return None
            paired.append({**once, forward: read.pop(), backward: prefix})
        if len({choice[forward] for choice in paired}) != len(paired):
            return None
        return paired

    def _keyed_call(self, call, prefixes):
        """``call`` as the keys of the walks ``prefixes`` (the id of each graph of its tensors -> the prefix of the walk
        taken), or None where its values are not told apart."""

        def keyed(tensor):
            return self.key(prefixes[id(tensor.graph)] + tensor.name)

        keys = [tuple(keyed(t) for t in group) for group in (call.inputs, call.outputs, call.upstream)]
        returned = tuple(None if t is None else keyed(t) for t in call.returned)
        # An input the replay holds constant (a variable read as its value, not under test) is not differentiated:
        # the rule's gradient for it is not judged. The others are read where the aliases of a key start (a
        # variable's value under test, which the function's own reads alias too).
        varying = [k for k, key in enumerate(keys[0]) if key not in self.static]
        inputs = []
        for k in varying:
            key = keys[0][k]
            while key in self.aliased:
                key = self.aliased[key]
            inputs.append(key)
        if len(set(inputs)) < len(inputs):
            return None  # one value handed as two inputs: their gradients are not told apart
        # A variable a variables= rule reads is held as its value here, yet the rule's gradient for it is what the
        # user's optimizer applies: it is judged against the derivative in that value (`rule_variables`).
        first = len(keys[0]) - len(call.variables)
        held = []
        for k, name in enumerate(call.variables):
            reads = self._reads_of(keys[0][first + k])
            if reads and returned[first + k] is not None:
                held.append((name, reads, returned[first + k]))
        held = tuple(held)
        return RuleCall(call.rule, tuple(inputs), keys[1], keys[2], tuple(returned[k] for k in varying), held)

    def _reads_of(self, key):
        """The keys of every read of the variable whose read ``key`` is (through its aliases), each held as its
        value; () where ``key`` is no such read."""
        while key in self.aliased:
            key = self.aliased[key]
        return next((tuple(reads) for reads in self.reads.values() if key in reads), ())

    def _placeholder(self, op, prefix, bound, outputs):
        value = bound.get(op.name)
        if isinstance(value, tuple) and value[0] == "value":
            self.static[outputs[0]] = value[1]  # a tensor the function closed over: a constant here
        elif isinstance(value, tuple):
            self.static[outputs[0]] = value  # a variable's handle, read by ReadVariableOp
        elif isinstance(value, str):
            self.locations[outputs[0]] = self.locations.get(value, self.default_location)
            self._alias(outputs[0], value)

    def _unfed(self, op, outputs):
        """A placeholder of a function's body that no input feeds: TensorFlow's graph gradient of a ``tf.cond`` whose
        branch holds a ``tf.custom_gradient`` call beside another use of its input captures that input by value and
        never hands it over (its own ``tf.function`` of the code raises "You must feed a value for placeholder"). The
        replay raises so, as a point without a verdict that says why, where a run takes that branch."""
        location = self.default_location

        def unfed(ins, attrs):
            raise GraphGradientRefused(
                f"TensorFlow's graph gradient of the control flow at {location} reads a value it never hands over "
                f"(its placeholder '{op.name}', which a tf.function of this code leaves unfed too: \"You must feed a "
                "value for placeholder\"), though its eager run takes the gradient; gradcli replays the graph, so "
                "the point has no exact reference. A known cause is a tf.custom_gradient call in a branch whose input "
                "another operation of the branch reads too: call the rule outside the tf.cond, or pass that input "
                "through tf.identity first")

        self.steps.append(Step(unfed, (), outputs, {}, location, None, op.type, op.name))

    def _alias(self, key, target):
        if target in self.static:
            self.static[key] = self.static[target]
        else:
            self.steps.append(Step(_identity_of, (target,), (key,), {}, self.locations.get(target, self.default_location), None, "Identity", key))
            self.aliased[key] = target

    def _fold_shape(self, op, outputs):
        shapes = [tuple(t.shape.as_list()) for t in op.inputs]
        attrs = {"out_type": _numpy_dtype(op, "out_type", np.int32)}
        out = SHAPE_OPS[op.type](shapes, attrs)
        self.static.update(zip(outputs, out if isinstance(out, tuple) else (out,)))

    def _read(self, op, inputs, outputs, location):
        """A variable's read: the value the graph assigned it before, else the variable's value now (held)."""
        source = self.static.get(inputs[0])
        if not _is_capture(source):
            self.unmapped[outputs[0]] = (op.type, op.name, location, False)
            return
        assigned = self.assigned.get(id(source[1]))
        if assigned is not None:
            self._alias(outputs[0], assigned)
        else:
            self.static[outputs[0]] = self.read_variable(source[1], op.get_attr("dtype"))
            self.reads.setdefault(id(source[1]), []).append(outputs[0])

    def _assign(self, inputs):
        """A captured variable assigned a value: the reads after it replay that value (a model's variable given the
        value under test, `tf_models`)."""
        if _is_capture(self.static.get(inputs[0])):
            self.assigned[id(self.static[inputs[0]][1])] = inputs[1]

    def _inline(self, op, inputs, outputs, location):
        """A call of a function of the library: its body walked in place, its placeholders bound to the call's inputs,
        each step of it marked as the call's (`Step.call`, at ``location``: the call's line)."""
        body = _function_graph(op.graph, op.get_attr("f").name if op.type in CALLS else op.type)
        self.scopes += 1
        prefix = f"{op.name}#{self.scopes}/"
        self.bodies.append(prefix)
        bound = {}
        for tensor, key in zip(body.inputs, inputs):
            bound[tensor.op.name] = key
        start, folded = len(self.steps), len(self.folded_ops)
        self.calls += 1
        try:
            self._graph(body, prefix, bound)
        finally:
            self.calls -= 1
        for step in self.steps[start:]:
            step.call = (prefix, location)
        if len(self.folded_ops) > folded:  # the body's ops folded when captured are the call's, recorded once
            self.folded_ops[folded:] = [] if len(self.steps) > start else [("PartitionedCall", location)]
        for key, tensor in zip(outputs, body.outputs):
            self._alias(key, self.renamed.get(prefix + tensor.name, prefix + tensor.name))

    def _subplan(self, op, attribute, location, function=None, inputs=()):
        """The plan of the function an op's attribute names (a branch, a loop's condition or body), pruned to its
        outputs; ``function``: the one of a list the attribute holds (a switch's branches). A captured variable's
        handle among ``inputs`` (the function's, in order) is bound to its placeholder, so reads inside resolve."""
        body = _function_graph(op.graph, (function or op.get_attr(attribute)).name)
        handles = [(self.static[key][1], placeholder) for key, placeholder in zip(inputs, body.inputs) if _is_capture(self.static.get(key))]
        inner = Walker(self.frames, self.read_variable, self.as_numpy, location, self.given,
                       users_number=self.users_number, variable_shape=self.variable_shape, draw=self.draw)
        # the function's draws are read from the run as the enclosing graph's replay reaches them, trip by trip
        inner.held, inner.calls = self.held, self.calls
        plan = inner.walk(body, handles)
        plan.fresh = None  # the enclosing graph's replay opens the run its draws are read from
        self.draws.extend(inner.draws)
        self.state.update(inner.state)
        plan.inputs = [t.name for t in body.inputs]  # the handles too: the op hands the function every input
        return plan.pruned([t.name for t in body.outputs], f"the {attribute} of {op.name} at {location}")

    def _switch(self, op, inputs, outputs, location, rule):
        """A ``tf.switch_case``: each branch a plan, the one its index picks run as the replay runs."""
        branches = tuple(self._subplan(op, "branches", location, function) for function in op.get_attr("branches"))
        self.steps.append(Step(_switching(branches), inputs, outputs, {}, location, rule, op.type, op.name, branches))

    def _conditional(self, op, inputs, outputs, location, rule):
        """A ``tf.cond`` (or a Python ``if`` autograph made one): each branch a plan, the one taken chosen as the replay runs."""
        # the predicate, then the branches' inputs: a variable's handle among them is read inside
        branches = [self._subplan(op, attribute, location, inputs=inputs[1:]) for attribute in ("then_branch", "else_branch")]
        self.steps.append(Step(_taking(*branches), inputs, outputs, {}, location, rule, op.type, op.name, tuple(branches)))

    def _while(self, op, inputs, outputs, location, rule):
        """A ``tf.while_loop`` (map_fn, scan, autograph's loops): its condition and body plans, run as the loop runs."""
        plans = (self._subplan(op, "cond", location, inputs=inputs), self._subplan(op, "body", location, inputs=inputs))
        for key, output in zip(inputs, outputs):
            if _is_capture(self.static.get(key)):  # a loop hands a variable's handle on unchanged: its gradient's loop reads it too
                self.static[output] = self.static[key]
        self.steps.append(Step(taking_turns(*plans, op.name, location), inputs, outputs, {}, location, rule, op.type, op.name, plans))

    def _step(self, op, inputs, outputs, location, rule):
        function, wanted = OPS[op.type]
        if op.type in _EMPTY_SEGMENT:
            # What an empty segment holds, the dtype's extreme float, handed as a constant: a narrower dtype's
            # program holds its own limit there (`limits_as_in`), as for the user's finfo(x.dtype).min
            key = op.name + ":empty"
            self.static[key] = np.float64(_EMPTY_SEGMENT[op.type] * np.finfo(np.float64).max)
            self.users_constants.add(key)
            inputs = [*inputs, key]
        attrs = {}
        for name in wanted:
            try:
                value = op.get_attr(name)
            except ValueError:
                continue
            if getattr(value, "is_numpy_compatible", False):  # a variant or resource dtype has no NumPy dtype
                value = np.dtype(value.as_numpy_dtype)
            attrs[name] = value.decode() if isinstance(value, bytes) else value
        foldable = op.name not in self.given and not any(isinstance(self.static.get(k), tuple) for k in inputs)
        if foldable and all(key in self.static for key in inputs):
            out = function([self.static[key] for key in inputs], attrs)  # known when captured: folded now
            out = out if isinstance(out, tuple) else (out,)
            self.static.update(zip(outputs, out))
            self.folded.update(zip(outputs, out))
            self.folds.add(functools.partial(_folded, function, attrs), inputs, outputs, [self.static[k] for k in inputs])
            if computes(op.type) and any(t.dtype.is_floating for t in op.outputs):
                self.folded_ops.append((op.type, location))
            return
        if is_number_read(op.type, op.name):  # the eager code's float(t): the function's values follow the number read
            function = _number_read
        elif op.type == "StopGradient":
            function = on_its_line(_form_stop if _zero_of_a_form(op) else function, location, rule)
        elif op.type == "Max" and _shifts_a_logsumexp(op):
            function = logsumexp_shift
        self.steps.append(Step(function, inputs, outputs, attrs, location, rule, op.type, op.name,
                               spelled=self._spelling(op), kernel=self._own_kernel(op)))

    def _own_kernel(self, op):
        """TensorFlow's own kernel of ``op`` on NumPy operands, its one result, for an approximated special function
        (`tf_ops.APPROXIMATED`) where ops can be run (`draw`); else None."""
        attrs = None if op.type not in APPROXIMATED or self.draw is None or len(op.outputs) != 1 else \
            _eager_attrs(sorted(op.node_def.attr.items()))
        if attrs is None:
            return None
        draw, op_type = self.draw, op.type
        return lambda *operands: draw(op_type, 1, operands, attrs)[0]

    def _spelling(self, op):
        """``op`` as TensorFlow names it: the API the user's line called to make it and its type, "tf.math.exp (Exp)";
        its type alone where no exported API made it (an op of TensorFlow's gradient code, "Mul")."""
        api = self.apis.get((id(op.graph), op.name))
        return f"{api} ({op.type})" if api else op.type

    def _spelled_as_gradient(self, op, forward):
        """An op of TensorFlow's gradient code named by the API whose gradient it computes, as `_spelling` shows it:
        "tf.math.log gradient (RealDiv)", where the user's line called an exported API to make ``forward``."""
        api = self.apis.get((id(forward.graph), forward.name))
        if api is not None and not api.endswith(" gradient"):
            self.apis[id(op.graph), op.name] = f"{api} gradient"

    def _accumulation(self, step, op, names, prefix):
        """An ``AddN`` TensorFlow's gradient code made to add up a value's gradients from its several uses (`_aggregates`),
        replayed as that accumulation (`Step.by_the_pass`), at the value's own line, its uses' lines said. The value is
        the one the tape's watch found its summands to be the gradients of (`Gradients.accumulates`), or else the one
        float tensor read by every forward op whose gradient function made a summand."""
        found = self.gradients.accumulates.get(op.name) if not prefix else None
        if found is not None and found.rpartition(":")[0] in names:
            value, body = names[found.rpartition(":")[0]].graph.get_tensor_by_name(found), prefix
            uses = [(use, body) for use in value.consumers() if not _is_gradient_op(use, self.gradients)
                    and any(t.dtype.is_floating or t.dtype.is_complex for t in use.outputs)]
        else:
            value, body, uses = self._read_by_every_use(op, names, prefix)
        lines = [self.locations[key] for key in (body + use.outputs[0].name for use, body in uses if use.outputs)
                 if key in self.locations]
        if len(set(lines)) == 1:  # one line of several uses: as many as the sum has summands
            lines = lines[:1] * len(op.inputs)
        if value is None or value.op.type == "Placeholder":
            at = lines[0] if lines else step.location
            name = "an input" if value is not None else "a value"
        else:
            at = self.locations.get(body + value.name, step.location)
            name = _called(value.op.type)
        step.location = at
        step.by_the_pass = ("accumulation", f"the gradient accumulation of {name}'s {uses_at(lines, at)}")

    def _read_by_every_use(self, op, names, prefix):
        """``(value, the prefix of its walk, [(use, prefix), ...])`` of an accumulating ``AddN`` by its summands: each use
        the forward op whose gradient function made one, the value the one float tensor they all read (None where
        none is, or several)."""
        uses = [self._use_differentiated(tensor.op.name, names, prefix) for tensor in op.inputs]
        known = [use for use in uses if use is not None]
        if not known or len(known) < len(uses) or len({body for _, body in known}) != 1:
            return None, prefix, known
        shared = set.intersection(*({t.name for t in use.inputs if t.dtype.is_floating or t.dtype.is_complex}
                                    for use, _ in known))
        value = known[0][0].graph.get_tensor_by_name(shared.pop()) if len(shared) == 1 else None
        return value, known[0][1], known

    def _use_differentiated(self, name, names, prefix):
        """``(forward op, the prefix of its walk)`` whose gradient function made the op ``name`` (of the graph walked
        under ``prefix``), or None: in the traced graph itself as the watch noted it, else by the op's name (a nested
        ``tf.function``'s gradient is a function of its own, its forward ops in another body, taken where one alone
        has it)."""
        if not prefix:
            forward = names.get(self.gradients.differentiates.get(name))
            forward = forward if forward is not None else _differentiated(name, names)
            return None if forward is None else (forward, prefix)
        found = []
        for graph, prefixes in self.walked.values():
            if prefix in prefixes:
                continue
            forward = _differentiated(name, {op.name: op for op in graph.get_operations()})
            found += [(forward, body) for body in prefixes] if forward is not None else []
        return found[0] if len(found) == 1 else None

    def _rule_running(self, user):
        """The user's rule an op of the gradient was made in: the innermost of the user's frames that is a rule the
        tape called (a rule taking another custom function's gradient by a tape runs that one's rule inside its
        own), else the outermost (the frame the tape called)."""
        for frame in reversed(user):
            rule = _rule_of(frame)
            if rule[1] in self.gradients.rules:
                return rule
        return _rule_of(user[0])

    def _where(self, op, names, inputs, prefix):
        """``(location, rule)`` of an op: the user's line in its traceback, else that of the op it differentiates."""
        try:
            user, in_gradient = self.frames(op.traceback)
        except Exception:  # noqa: BLE001 - a graph without tracebacks: located by name below
            user, in_gradient = [], False
        if user:
            frame = user[-1]
            location = f"{frame.filename}:{frame.lineno}"
            self.own_lines.update(prefix + t.name for t in op.outputs)
            self.apis[id(op.graph), op.name] = called_api(op.traceback, frame)
            casting = keras_function_casting(op, op.traceback, frame)
            if casting is not None and not any(entry[0] == casting[0] for entry in self.keras_casts):
                self.keras_casts.append((*casting, (frame.filename, frame.lineno)))
            return location, (self._rule_running(user) if in_gradient else None)
        forward = names.get(self.gradients.differentiates.get(op.name)) if not prefix else None
        differentiated = forward if forward is not None else _differentiated(op.name, names)
        if differentiated is not None:
            self._spelled_as_gradient(op, differentiated)
        if differentiated is not None and differentiated.outputs:
            key = prefix + differentiated.outputs[0].name
            if key in self.locations:
                return self.locations[key], None
        if prefix:
            # The gradient of a tf.function's call is a function of its own: the op it differentiates is in the
            # forward call's body, walked under another prefix; taken where one body alone has it.
            found = {self.locations[key] for body in self.bodies if body != prefix
                     for key in (body + name + ":0" for name in _differentiated_names(op.name)) if key in self.locations}
            if len(found) == 1:
                return found.pop(), None
        # The line of a forward input (exp's, for exp's gradient y * dy), before one the upstream gradient inherited.
        for key in sorted(inputs, key=lambda key: key not in self.own_lines):
            if key in self.locations:
                return self.locations[key], None
        return self.default_location, None


# Ops that run the user's Python inside the graph: TensorFlow sees no operations in them, so there is none to replay.
_PYTHON_CALLS = dict.fromkeys(
    ("PyFunc", "PyFuncStateless", "EagerPyFunc"),
    "runs Python code (tf.numpy_function or tf.py_function) whose operations TensorFlow cannot see, so gradcli cannot "
    "replay it at high precision: write that part with TensorFlow operations",
)
# Draws TensorFlow differentiates in their parameters by implicit reparameterisation (tf.random.stateless_gamma in its
# alpha): op type -> (the parameters' input positions, the draw as the function of them its quantile defines). Each is
# drawn again at every run by TensorFlow's kernel, from the parameters' floats there (`Walker._drawn_in_parameters`).
DRAWN_IN_PARAMETERS = {
    "StatelessRandomGammaV3": ((4,), gamma_drawn),  # shape, key, counter, alg, alpha
    "StatelessRandomGammaV2": ((2,), gamma_drawn),  # shape, seed, alpha
    "StatelessParameterizedTruncatedNormal": ((2, 3, 4, 5), truncated_normal_drawn),  # shape, seed, means, stddevs, minvals, maxvals
}
# Random ops whose draw is a function of their seed (tf.random.stateless_*, Keras' seeded layers, a tf.random.Generator
# through the key it reads): each is drawn by TensorFlow's own kernel once its seed is known (`Walker._draw`).
DRAWS = {
    "StatelessRandomUniformV2", "StatelessRandomNormalV2", "StatelessTruncatedNormalV2", "StatelessRandomUniformIntV2",
    "StatelessRandomUniformFullIntV2", "StatelessRandomUniform", "StatelessRandomNormal", "StatelessTruncatedNormal",
    "StatelessRandomUniformInt", "StatelessRandomUniformFullInt", "StatelessRandomGetKeyCounter",
    "StatelessRandomGetKeyCounterAlg", "StatelessRandomGetAlg", "RngReadAndSkip", *DRAWN_IN_PARAMETERS,
    "Bitcast",  # a generator's state read as the key and counter its draws take
}


class _ParameterDraw:
    """The step of a draw of `DRAWN_IN_PARAMETERS`: ``draw`` (TensorFlow's kernel, `Walker.draw`) run on the seed's
    inputs and the parameters' floats at the point in ``dtype``, the trace's, each draw kept for the floats it was
    made at (the exact reference asks again at every precision), handed to ``as_function`` with the parameters."""

    def __init__(self, draw, op_type, attrs, positions, as_function, dtype):
        self.draw, self.op_type, self.attrs, self.positions, self.as_function = draw, op_type, attrs, positions, as_function
        self.dtype, self.drawn = dtype, {}

    def __call__(self, ins, _attrs):
        floats = [np.asarray(floats_at_the_point(value), dtype=self.dtype) if k in self.positions else value
                  for k, value in enumerate(ins)]
        key = tuple(a.tobytes() + str(a.shape).encode() for k, a in enumerate(floats) if k in self.positions)
        if key not in self.drawn:
            if len(self.drawn) > 64:  # a sweep's points, each drawn once: the oldest go
                self.drawn.clear()
            self.drawn[key] = self.draw(self.op_type, 1, floats, self.attrs)[0]
        sample = self.drawn[key]
        parameters = [ins[k] for k in self.positions]
        kind = kind_of(parameters)
        if kind is not None:
            sample = lift(sample, kind)
        elif all(type(raw(p)) is float for p in parameters):  # a difference's step on Python floats
            sample = sample.astype(np.float64)
        return self.as_function(*parameters, sample)


class _HeldDrawStep:
    """The step of a stateful draw read from the run (`tf_draws.HeldDraws`): ``read()`` gives the run's next draw,
    a constant of the point, or for a gamma draw (``gamma``) its sample and the alpha it was drawn at, which the
    step's one input, the replay's alpha, moves (`held_gamma`)."""

    def __init__(self, read, gamma):
        self.read, self.gamma = read, gamma

    def __call__(self, ins, attrs):
        if self.gamma:
            return held_gamma((ins[0], self.read()), attrs)
        return self.read()


def held_gamma(ins, _attrs):
    """The step of a stateful ``RandomGamma`` read from the run (`tf_draws.HeldDraws`): ``ins`` are its alpha and the
    run's ``(sample, alpha it was drawn at)``. Where alpha is where the run drew, the sample is the run's; elsewhere (a
    difference's step) the sample its quantile defines there, P(alpha', z') = P(alpha, z); either way the function of
    alpha the quantile defines (`gamma_drawn`), whose slope is the implicit one."""
    alpha, (sample, drawn_at) = ins
    floats = np.asarray(floats_at_the_point(alpha), dtype=sample.dtype)
    if not np.array_equal(floats, drawn_at):  # alpha's shape is the draw's trailing one: broadcast as the kernel did
        from scipy import special  # lazy: SciPy's inverse incomplete gamma, for a difference's step alone

        level = special.gammainc(np.asarray(drawn_at, np.float64), sample.astype(np.float64))
        sample = special.gammaincinv(np.asarray(floats, np.float64), level).astype(sample.dtype)
    kind = kind_of([alpha])
    if kind is not None:
        sample = lift(sample, kind)
    elif type(raw(alpha)) is float:  # a difference's step on Python floats
        sample = sample.astype(np.float64)
    return gamma_drawn(alpha, sample)


def _index_valued(op):
    """Whether ``op`` makes only integers or booleans from plain tensors, with no state of its own (`Walker._by_kernel`)."""
    try:
        stateful = op.op_def.is_stateful
    except AttributeError:  # an op of a function library: not a kernel to run alone
        return False
    return (not stateful and op.type not in _NOT_REPLAYED and all(t.dtype.is_integer or t.dtype.is_bool for t in op.outputs)
            and not any(t.dtype.name in _HANDLES for t in op.inputs))


_HANDLES = ("resource", "variant")  # a variable's or a list's handle: no eager run of an op alone is handed one


class _KernelIndex:
    """The step of an index-valued op (`Walker._by_kernel`): ``run`` (TensorFlow's kernel, `Walker.draw`) on its inputs'
    floats at the point in their ``dtypes``, each result kept for the floats it was made at."""

    def __init__(self, run, op_type, attrs, dtypes, n_outputs):
        self.run, self.op_type, self.attrs, self.dtypes, self.n_outputs = run, op_type, attrs, dtypes, n_outputs
        self.made = {}

    def __call__(self, ins, _attrs):
        floats = [np.asarray(floats_at_the_point(value), dtype=dtype) for value, dtype in zip(ins, self.dtypes)]
        key = tuple(a.tobytes() + str(a.shape).encode() for a in floats)
        if key not in self.made:
            if len(self.made) > 64:  # a sweep's points, each computed once: the oldest go
                self.made.clear()
            self.made[key] = tuple(self.run(self.op_type, self.n_outputs, floats, self.attrs))
        out = self.made[key]
        return out if self.n_outputs > 1 else out[0]


class _SeededDraw(_KernelIndex):
    """The step of a draw from a seed the function computes (`Walker._seeded_draw`): TensorFlow's kernel on the
    seed's integers at the point, each draw kept for the seed it was made from; in an exact run its floats are the
    exact numbers they are (`_EXACT_KIND`)."""

    def __call__(self, ins, attrs):
        out = super().__call__(ins, attrs)
        kind = _EXACT_KIND.get()
        if kind is None:
            return out
        return tuple(lift(o, kind) for o in out) if self.n_outputs > 1 else lift(out, kind)


def _seeds_only(op, values):
    """Whether the inputs of a random op not known when the graph is captured are all whole numbers (a seed, a key,
    a counter): a float one is a parameter the draw moves with, not a seed."""
    return all(value is not None or not (t.dtype.is_floating or t.dtype.is_complex) for t, value in zip(op.inputs, values))


def _replay_dtype(values):
    """The NumPy float dtype a replay in a dtype computes in (its inputs'), float64 for Python floats and exact numbers."""
    for value in values:
        dtype = getattr(raw(value), "dtype", None)
        if dtype is not None and np.dtype(dtype).kind == "f":
            return np.dtype(dtype)
    return np.dtype(np.float64)


def floats_at_the_point(value):
    """A replay's numbers (floats, mpmath numbers, balls, jets) as the floats they are at the point."""
    value = raw(value)
    if isinstance(value, np.ndarray) and value.dtype == object:
        return np.vectorize(_near, otypes=[np.float64])(value)
    if isinstance(value, (np.ndarray, np.generic, float, int)):
        return value
    return _near(value)


# Ops that change a variable: a whole-number one (a seed generator's state, a generator's counter) is held by the
# bridge at its value before each run of the function, so every run draws what the user's next call draws.
STATE_CHANGES = {"AssignVariableOp", "AssignAddVariableOp", "AssignSubVariableOp", "RngReadAndSkip", "RngSkip"}

# Random ops that draw anew at each run from a state of their kernel's own: no run draws what another drew.
_FRESH_DRAWS = dict.fromkeys(
    ("RandomUniform", "RandomStandardNormal", "TruncatedNormal", "RandomUniformInt", "RandomShuffle", "Multinomial",
     "RandomGamma", "RandomPoissonV2", "ParameterizedTruncatedNormal"),
    "draws other numbers at every run (a random op with a state of its own, tf.random.uniform and its kind), so no "
    "replay draws what the run drew; gradcli reads a run's own draws where the code makes them with tf.random.normal, "
    "uniform, truncated_normal, gamma or poisson outside XLA, but not inside a function XLA compiles "
    "(jit_compile=True): XLA draws them inside its compiled program, out of reach of TensorFlow's op callbacks, and "
    "other numbers at every call though the op is seeded. Draw from a seed instead (tf.random.stateless_normal(shape, "
    "seed=[1, 2]), a tf.random.Generator.from_seed(1)'s g.normal(shape), or a Keras layer's seed=): those are the "
    "same draws at every call, and gradcli draws them again as XLA does",
)
_NOT_REPLAYED = {**_PYTHON_CALLS, **_FRESH_DRAWS}

# An op the table lacks on a complex tensor: the table's entries are written with gradcli.numpy, whose ops take complex
# numbers, so such an op is refused for want of its entry (the count is the table's), not for its complex tensor.
_COMPLEX_NOT_REPLAYED = (
    f"works on a complex tensor and is not among the {len(OPS)} TensorFlow operations gradcli replays (complex "
    "tensors through those that TensorFlow allows them in: FFTs, arithmetic, elementwise functions, reductions, "
    "slices, gathers, scatters, pads, matrix products, solves and determinants; write it with real tensors, or with "
    "those operations)"
)


def _changes_a_count(op):
    """Whether a state-changing op (`STATE_CHANGES`) writes a whole-number variable (a generator's state)."""
    if op.type.startswith("Rng"):
        return True
    try:
        return op.get_attr("dtype").is_integer
    except ValueError:
        return False


@dataclass
class Gradients:
    """What a trace saw of TensorFlow computing its gradient graph (see ``tf_bridge``'s gradient watch).

    ``differentiates``: a gradient op's name -> the name of the forward op whose
    gradient function made it (Log's gradient, a Reciprocal, is Log's: its line);
    ``accumulates``: the name of an ``AddN`` the tape made -> the name of the forward
    tensor whose gradients from its several uses it adds up;
    ``passed``: a gradient tensor's (graph, name) -> the user's rule, ("grad() of f",
    "file.py:LINE"), that returned it unchanged (or the gradient function that gave
    none, where an argument's gradient is TensorFlow's zeros for want of one);
    ``dropped``: (forward op, input index) of each float input a gradient function
    gave no gradient (Betainc's for its a and b); ``rules``: the ``file.py:LINE``
    of each user's rule the tape called; ``calls``: a `RuleCall` for each call of
    one in the traced graph, in the order they returned (a rule's nested ones first).
    """

    differentiates: dict = field(default_factory=dict)
    accumulates: dict = field(default_factory=dict)
    passed: dict = field(default_factory=dict)
    dropped: list = field(default_factory=list)
    rules: set = field(default_factory=set)
    calls: list = field(default_factory=list)


@dataclass
class RuleCall:
    """One call of a user's ``tf.custom_gradient`` rule in a traced graph or a function it calls, by its tensors (as the
    watch notes it) or by their keys in the plan (`Walker.keyed_calls`): the rule (its name and ``file.py:LINE``),
    the inputs and outputs of the function it is the rule of, the upstream gradients it was handed (one per
    output) and the gradients it returned (one per input; None where it gave none). ``variables``: the names of
    the variables a ``variables=`` rule reads, the last inputs (as tensors); keyed, ``(name, keys of its reads,
    returned key)`` of each whose value the replay holds and whose gradient the rule returned (`Walker.keyed_calls`)."""

    rule: tuple
    inputs: tuple
    outputs: tuple
    upstream: tuple
    returned: tuple
    variables: tuple = ()
    objects: tuple = ()  # the variables themselves (``tf.Variable``s), as the rule's recorded call holds them


# The sign of the extreme float an empty segment of TensorFlow's unsorted max (min) holds: the lowest (highest).
_EMPTY_SEGMENT = {"UnsortedSegmentMax": -1.0, "UnsortedSegmentMin": 1.0}

# float64's own limits, by finfo's name: the program in a narrower dtype reads that dtype's own in their place, whichever
# code read them (tf.experimental.numpy.finfo(x.dtype).min, x.dtype.min, np.finfo(...).eps: chosen by the dtype).
_LIMITS = ("max", "tiny", "eps")


def limits_as_in(value, dtype):
    """``value`` (a float64 constant) with each entry that is one of float64's limits (or its negative) as the same
    limit of ``dtype``, in float64; None where it holds none or ``dtype`` is float64.

    The float64 trace ran the user's Python for float64, so a mask of
    ``finfo(x.dtype).min`` holds -1.8e308 there, which float32 cannot hold (it
    would round to -inf); the float32 program added -3.4e38.
    """
    if not isinstance(value, (np.ndarray, np.generic, float)) or np.asarray(value).dtype != np.float64 or np.dtype(dtype) == np.float64:
        return None
    array, wide, narrow = np.asarray(value), np.finfo(np.float64), np.finfo(dtype)
    out = None
    for name in _LIMITS:
        for sign in (1.0, -1.0):
            hit = array == sign * getattr(wide, name)
            if hit.any():
                out = np.array(array, dtype=np.float64) if out is None else out
                out[hit] = sign * float(getattr(narrow, name))
    return out


def chose_by_dtype(wide, narrow):
    """Whether the user's code computed otherwise in ``narrow`` (a plan traced in a narrower dtype) than in ``wide``
    (its float64 trace): other operations, or a float constant the narrower dtype does not round the wide one to
    (a floor chosen by ``x.dtype``, a dtype's limits), or the same operations wired otherwise (``x * tf.exp(y)``
    against ``y * tf.exp(x)``). Dtypes and constants' roundings alone are no choice. A conditional's branches and a
    loop's condition and body (`Step.plans`) are compared the same way: code inside them may choose too."""
    if [step.op_type for step in wide.steps] != [step.op_type for step in narrow.steps] or _wiring(wide) != _wiring(narrow):
        return True
    if any(isinstance(step.function, (_ParameterDraw, _SeededDraw)) for step in wide.steps):
        return True  # a draw at each run: the narrower dtype's kernel draws its own numbers
    for step, narrow_step in zip(wide.steps, narrow.steps):
        if len(step.plans) != len(narrow_step.plans) or any(
                chose_by_dtype(plan, other) for plan, other in zip(step.plans, narrow_step.plans)):
            return True
    for key, narrow_key in zip(_static_read(wide), _static_read(narrow)):  # one wiring: paired by where they are read
        value, other = wide.static[key], narrow.static[narrow_key]
        if not (isinstance(value, np.ndarray | np.generic) and value.dtype.kind == "f"):
            continue
        if not (isinstance(other, np.ndarray | np.generic) and other.dtype.kind == "f") or np.shape(value) != np.shape(other):
            return True
        with np.errstate(all="ignore"):
            rounded = np.asarray(value).astype(other.dtype)
        if not np.array_equal(rounded, other, equal_nan=True):
            return True
    return False


def _static_read(plan):
    """The keys of ``plan``'s static values that its steps read, in the order they are first read (a trace may hold
    shapes that no step reads; a constant's name may differ between two dtypes' traces, ``Cast`` against ``Cast/x``)."""
    return list(dict.fromkeys(key for step in plan.steps for key in step.inputs if key in plan.static))


def _wiring(plan):
    """Each step's inputs and outputs of ``plan``, and its outputs, as numbers in the order its keys first appear
    (its inputs first), each marked whether it is a static value: two traces' names may differ where their wiring
    does not."""
    numbers = {}

    def numbered(keys):
        return tuple((numbers.setdefault(key, len(numbers)), key in plan.static) for key in keys)

    numbered(plan.inputs)
    return [(numbered(step.inputs), numbered(step.outputs)) for step in plan.steps] + [numbered(plan.outputs)]


def _is_capture(value):
    """Whether a static value is a captured variable's handle (``("capture", handle)``)."""
    return isinstance(value, tuple) and len(value) == 2 and value[0] == "capture"


def _folded(function, attrs, ins):
    return function(ins, attrs)


def _identity_of(ins, attrs):
    return ins[0]


def _times_one(ins, attrs):
    """``g * 1``: ``g`` unchanged, through an operation the recorder sees (a rule that computes nothing)."""
    return gnp.multiply(ins[0], 1)


def _taking(then_plan, else_plan):
    """The replay of a conditional: the branch its condition picks, run on its other inputs.

    On balls a condition too close to call raises, as every undecided
    comparison does, and the exact reference turns to mpmath.
    """

    def taking(ins, attrs):
        condition, *args = ins
        taken = then_plan if bool(np.asarray(raw(condition)).reshape(())[()]) else else_plan
        return tuple(taken.run(args))

    return taking


def _switching(branches):
    """The replay of a switch: the branch its index picks (the last one, TensorFlow's default, for an index out of
    range), run on its other inputs."""

    def switching(ins, attrs):
        index, *args = ins
        picked = int(np.asarray(raw(index)).reshape(())[()])
        return tuple(branches[picked if 0 <= picked < len(branches) else -1].run(args))

    return switching


def _numpy_dtype(op, name, default):
    try:
        return np.dtype(op.get_attr(name).as_numpy_dtype)
    except (ValueError, AttributeError):
        return np.dtype(default)


def _function_graph(graph, name):
    """The graph of the function ``name`` of ``graph``'s library (or an enclosing graph's)."""
    function = _library_function(graph, name)
    if hasattr(function, "graph"):
        return function.graph
    # A legacy Defun (the loops of tf.nn.ctc_loss) keeps only its FunctionDef: its graph is built from that, inside
    # ``graph`` so that the functions it calls are found in the same library.
    from tensorflow.python.framework.function_def_to_graph import function_def_to_graph  # TensorFlow: heavy, and loaded already

    with graph.as_default():
        body = function_def_to_graph(function.definition)
    body.outer_graph = graph
    return body


def _found_function(graph, name):
    """The function ``name`` of ``graph``'s library, or of an enclosing graph's; None if none has it."""
    while graph is not None:
        function = graph._get_function(name)  # the graph's function library: no public door reads it
        if function is not None:
            return function
        graph = getattr(graph, "outer_graph", None)
    return None


def _library_function(graph, name):
    """The function ``name`` of ``graph``'s library, or of an enclosing graph's."""
    function = _found_function(graph, name)
    if function is not None:
        return function
    raise InputError(f"the TensorFlow graph calls a function gradcli cannot find: {name}")


# The functions of TensorFlow's gradient code that add a value's gradients from its uses: the eager tape's (a tf.function's
# tape too) and graph gradients' (a nested tf.function's gradient, tf.gradients).
_AGGREGATING = {"_aggregate_grads", "_AggregatedGrads", "_MultiDeviceAddN"}


def _aggregates(op):
    """Whether an ``AddN`` is TensorFlow's sum of a value's gradients from its uses (`_AGGREGATING` made it), not a
    ``tf.add_n`` of the user's or of a gradient function."""
    try:
        frames = op.traceback
    except Exception:  # noqa: BLE001 - a graph without tracebacks: an add like any other
        return False
    for frame in reversed(frames):
        if getattr(frame, "name", None) in _AGGREGATING:
            return True
        if "tensorflow" not in str(getattr(frame, "filename", "")).replace(os.sep, "/"):
            return False  # a frame of the user's, or gradcli's, beneath TensorFlow's own: a call of add_n
    return False


def _is_gradient_op(op, gradients):
    """Whether ``op`` of a traced graph belongs to its gradient (a gradient function made it, or its name says so)."""
    return op.name in gradients.differentiates or next(_differentiated_names(op.name), None) is not None


def _called(op_type):
    """A TensorFlow op type as its Python function is spelled: ``exp`` for ``Exp``, ``mat_mul`` for ``MatMul``."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", op_type).lower()


def _differentiated(name, names):
    """The forward op a gradient op's name points at: "gradient_tape/pow/mul" -> the op "pow"."""
    return next((names[candidate] for candidate in _differentiated_names(name) if candidate in names), None)


def _differentiated_names(name):
    """The names a gradient op's name may point at, longest first: "gradients/Log1p_grad/add" -> ..., "Log1p"."""
    parts = name.split("/")
    for start in ("gradient_tape", "gradients"):
        if parts and parts[0] == start:
            parts = parts[1:]
            break
    else:
        return
    for end in range(len(parts), 0, -1):
        candidate = "/".join(parts[:end])
        yield candidate
        if candidate.endswith("_grad"):
            yield candidate[: -len("_grad")]


def rule_of_code(code, where=None):
    """``("grad() of log1pexp", "file.py:LINE")``: the user's gradient rule whose code object ``code`` is; ``where``:
    the ``(file, line)`` its source starts at, where that is not the code's own (autograph's converted code)."""
    filename, line = where or (code.co_filename, code.co_firstlineno)
    return _rule_of(_Frame(filename, line, code.co_name))


@dataclass
class _Frame:
    filename: str
    lineno: int
    name: str


def _rule_of(frame):
    """``("grad() of log1pexp", "file.py:LINE")``: the user's gradient rule whose frame ``frame`` is, by its def line."""
    definition = _definition(frame.filename, frame.lineno, frame.name)
    if definition is None:
        return (f"{frame.name}()", f"{frame.filename}:{frame.lineno}")
    line, outer = definition
    label = f"{frame.name}() of {outer}" if outer else f"{frame.name}()"
    return (label, f"{frame.filename}:{line}")


@functools.lru_cache(maxsize=64)
def _functions_of(path):
    """``[(first line, last line, name, enclosing function's name, def line)]`` of every function in a file.

    The first line is the first decorator's (where a code object starts); the
    ``def`` line is the one a finding names.
    """
    try:
        with open(path, encoding="utf-8") as handle:
            tree = ast.parse(handle.read(), path)
    except (OSError, SyntaxError, ValueError):
        return ()
    found = []

    def visit(node, outer):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                first = min([child.lineno] + [d.lineno for d in child.decorator_list])
                found.append((first, child.end_lineno or child.lineno, child.name, outer, child.lineno))
                visit(child, child.name)
            else:
                visit(child, outer)

    visit(tree, None)
    return tuple(found)


def _definition(path, line, name):
    """(its ``def`` line, enclosing function's name) of the innermost function ``name`` around ``line`` of ``path``."""
    around = [f for f in _functions_of(path) if f[2] == name and f[0] <= line <= f[1]]
    if not around:
        return None
    _, _, _, outer, line_of_def = max(around, key=lambda f: f[0])
    return line_of_def, outer


# TensorFlow's code that turns an operand into a tensor and hands it to an op, writing no number of its own: its
# framework and utilities, the generated op wrappers, and the operators' entry points (folder/file -> functions,
# None: all of them).
_OPERATORS = {
    "framework": None, "util": None, "profiler": None, "eager": None, "ops/weak_tensor_ops.py": None,
    "ops/tensor_math_operator_overrides.py": None,
    "ops/math_ops.py": {"add", "_add_dispatch", "subtract", "multiply", "_mul_dispatch", "scalar_mul", "divide", "truediv",
                        "_truediv_python3", "div", "_div_python2", "floordiv", "pow", "maximum", "minimum", "cast"},
    "ops/array_ops.py": {"where", "where_v2", "fill", "stack", "concat"},
    "ops/clip_ops.py": {"clip_by_value"},
}
_TENSORFLOW_PYTHON = os.sep + os.path.join("tensorflow", "python", "")


def called_api(traceback, user_frame):
    """The public TensorFlow API (``tf.math.unsorted_segment_prod``) the user's code at ``user_frame`` (a frame of
    ``traceback``) called to make an op: the first function past that frame that TensorFlow exports by name (an
    operator's ``+`` reaches ``tf.math.add``); None where none is (a Keras layer's own code, a graph without frames)."""
    mark = getattr(user_frame, "generated", None) or (user_frame.filename, user_frame.lineno, user_frame.name)
    inside = False
    for frame in traceback:  # outermost first
        if (frame.filename, frame.lineno, frame.name) == mark:
            inside = True
        elif inside:
            name = _exported_name(frame.filename, frame.name)
            if name is not None:
                return name
    return None


@functools.lru_cache(maxsize=4096)
def _exported_name(filename, function):
    """``tf.`` and the first public name TensorFlow exports the function ``function`` of ``filename`` by, or None."""
    if _TENSORFLOW_PYTHON not in filename:
        return None
    name = _exported_names().get((os.path.abspath(filename), function))
    if name is not None and name.startswith("tf.__operators__."):  # an operator the user wrote as a symbol
        return _OPERATOR_SYMBOLS.get(name.rpartition(".")[2])
    return name


# The tensor operators TensorFlow exports as tf.__operators__.*, as the user's line writes them.
_OPERATOR_SYMBOLS = {"add": "+", "getitem": "[...]", "ne": "!=", "eq": "=="}


@functools.lru_cache(maxsize=1)
def _exported_names():
    """``{(file, function name): "tf.math.exp"}`` of every function TensorFlow exports, read through its decorators
    (its dispatch wrappers) from TensorFlow's own table of exported names; TensorFlow 1's and experimental names are
    left out, the first other name a function is exported by kept."""
    import inspect

    from tensorflow.python.util import tf_export  # lazy: asked only while a TensorFlow graph is walked

    found = {}
    for name, symbol in getattr(tf_export, "_NAME_TO_SYMBOL_MAPPING", {}).items():
        if name.startswith(("compat.", "experimental.", "raw_ops.")) or not callable(symbol):
            continue
        try:
            code = inspect.unwrap(symbol).__code__
        except (AttributeError, ValueError):  # a class, or a wrapper without the function it wraps
            continue
        found.setdefault((os.path.abspath(code.co_filename), code.co_name), f"tf.{name}")
    return found


def handed_over(traceback, user_frame):
    """Whether a constant was made by TensorFlow's operators from a number the user's code at ``user_frame`` (a
    frame of ``traceback``) handed them: every frame inside it is TensorFlow's operator code (`_OPERATORS`) or
    Python's own, none a library function that writes numbers (nn_ops.gelu, math_ops.erfcinv)."""
    mark = getattr(user_frame, "generated", None) or (user_frame.filename, user_frame.lineno, user_frame.name)
    inside = False
    for frame in traceback:  # outermost first; TensorFlow hands out a new object for each frame read
        if (frame.filename, frame.lineno, frame.name) == mark:
            inside = True
        elif inside and not _operator_frame(frame):
            return False
    return inside


def _operator_frame(frame):
    path = os.path.abspath(frame.filename)
    at = path.find(_TENSORFLOW_PYTHON)
    if at < 0:
        return path.startswith(STDLIB_FOLDER)
    where = path[at + len(_TENSORFLOW_PYTHON):].replace(os.sep, "/")
    for place, functions in _OPERATORS.items():
        if where == place or where.startswith(place + "/"):
            return functions is None or frame.name in functions
    return where.startswith("ops/gen_")


def is_library_frame(filename, library_dirs):
    """Whether a traceback frame is TensorFlow's, gradcli's or Python's own (not the user's)."""
    path = os.path.abspath(filename)
    return path.startswith(GRADCLI_FOLDER) or any(path.startswith(d) for d in library_dirs)


class Rerun:
    """A traced gradient graph's TensorFlow operations, run again one by one as eager code runs them.

    TensorFlow's own numbers at a point, without a second pass of its Python:
    the graph of ``tape.gradient`` traced for the argument shapes and dtypes
    holds the very operations an eager call makes (the forward, then each
    gradient rule's), and each runs here as an eager operation on the same
    kernel, shapes and inputs, so the numbers are bit for bit the eager call's
    (tests/test_tf_rerun.py) at a sixth of its cost. Built only from graphs
    whose every operation is a plain one (`rerun_of` says which are not).
    ``execute(op_type, n_outputs, inputs, attrs)`` runs one operation;
    ``constant(array)`` makes a tensor.
    """

    def __init__(self, inputs, constants, steps, cotangent, outputs, narrow=None):
        self.inputs, self.constants, self.steps = inputs, constants, steps
        self.cotangent, self.outputs = cotangent, outputs
        self.narrow = narrow  # (constants' protos, steps with float64 attributes as float32), read once with the graph
        # Every op elementwise and every constant a number: run on arrays of points, it maps each point alone.
        self.elementwise = all(step[0] in ELEMENTWISE for step in steps) and all(
            not c.shape.rank for c in constants.values()
        )

    def run(self, execute, tensors, cotangent):
        """The outputs (the value, then one gradient per input) at ``tensors`` with ``cotangent`` as the value's upstream."""
        env = dict(self.constants)
        env.update(zip(self.inputs, tensors))
        env[self.cotangent] = cotangent
        for op_type, inputs, attrs, outputs in self.steps:
            env.update(zip(outputs, execute(op_type, len(outputs), [env[key] for key in inputs], attrs)))
        return [env[key] for key in self.outputs]

    def narrowed(self, constant):
        """This rerun with every float64 of its ops' dtype attributes float32 (``rerun_of``'s ``narrow``), its
        constants made by ``constant(tensor_proto)``; None where the graph was read without them."""
        if self.narrow is None:
            return None
        protos, steps = self.narrow
        constants = {key: constant(proto) for key, proto in protos.items()}
        return Rerun(self.inputs, constants, steps, self.cotangent, self.outputs)


# Operations that map their inputs entry by entry (numbers broadcast): a graph of these alone, traced for
# one point, computes each point of arrays of points as it computes one (`Rerun.elementwise`).
ELEMENTWISE = {
    "Abs", "Acos", "Acosh", "Add", "AddN", "AddV2", "Asin", "Asinh", "Atan", "Atan2", "Atanh", "Cast", "Ceil", "Cos", "Cosh",
    "Div", "DivNoNan", "Equal", "Erf", "Erfc", "Exp", "Expm1", "Floor", "Greater", "GreaterEqual", "Identity",
    "IdentityN", "Less", "LessEqual", "Log", "Log1p", "LogicalAnd", "LogicalNot", "LogicalOr", "Maximum", "Minimum",
    "Mul", "MulNoNan", "Neg", "NotEqual", "OnesLike", "Pow", "PreventGradient", "RealDiv", "Reciprocal",
    "ReciprocalGrad", "Rsqrt", "RsqrtGrad", "SelectV2", "Sigmoid", "SigmoidGrad", "Sign", "Sin", "Sinh", "Softplus",
    "SoftplusGrad", "Softsign", "SoftsignGrad", "Sqrt", "SqrtGrad", "Square", "SquaredDifference", "StopGradient",
    "Sub", "Tan", "Tanh", "TanhGrad", "Xdivy", "Xlog1py", "Xlogy", "ZerosLike",
}

# Operations a rerun never repeats: they read or change state (variables, random numbers), or call functions.
_NOT_RERUN = CALLS | CONDITIONALS | SWITCHES | set(WHILES) | {"ReadVariableOp"}


# The name scope of a gradient TensorFlow computes: a tape's (``tape.gradient``) or graph mode's ``tf.gradients``.
_DERIVATIVE_SCOPE = re.compile(r"(^|/)(gradient_tape|gradients(_\d+)?)/")
_PRODUCTS = {"Mul": False, "RealDiv": True, "Div": True}  # a derivative's products and quotients: divide?


def derivative_taken_inside(plan):
    """``plan``, a function's value, with the ops of a derivative the function takes of itself (a tape inside it) said
    to be that gradient's ("tf.where in tf.GradientTape.gradient (SelectV2)"), and their products and quotients
    taken with the chain rule's exact zeros in an exact replay (`inner_derivatives`); the plan itself, changed in
    place."""
    steps = []
    for step in plan.steps:
        if _DERIVATIVE_SCOPE.search(step.name):
            function = step.function
            if step.op_type in _PRODUCTS:
                function = _with_exact_zeros(function, _PRODUCTS[step.op_type])
            api = (step.spelled or "").rpartition(" (")[0]  # "tf.where", or none where the op has no API of its own
            spelled = f"{api + ' in ' if api else ''}tf.GradientTape.gradient ({step.op_type})"
            step = replace(step, function=function, spelled=spelled)
        steps.append(step)
    plan.steps = steps
    return plan


def _with_exact_zeros(function, divide):
    return lambda operands, attrs: exact_zero_products(lambda a, b: function([a, b], attrs), divide)(*operands)


def rerun_of(graph, outputs, cotangent, constant, narrow=False, keep_narrow=False):
    """A `Rerun` of ``graph`` for ``outputs`` (tensor names) from its inputs and ``cotangent`` (the upstream's name); None if it has an op to leave to TensorFlow.

    Only graphs of stateless operations without function attributes and
    without captured values qualify: what a rerun does is then what the eager
    call does, op for op. ``constant(tensor_proto)`` makes a graph constant a
    tensor, once. ``narrow``: every float64 of the ops' dtype attributes is
    float32 (a float64 trace retyped, `tf_retype`; ``constant`` rounds its constants).
    ``keep_narrow``: the same graph read narrowed too, kept for `Rerun.narrowed`
    (the graph's operations are read once for both).
    """
    if graph.captures:
        return None
    producer = {t.name: op for op in graph.get_operations() for t in op.outputs}
    needed, todo = {}, list(outputs)
    while todo:
        name = todo.pop()
        op = producer.get(name)
        if name == cotangent or op is None or op.name in needed:
            continue
        needed[op.name] = op
        todo.extend(t.name for t in op.inputs)
    inputs = [t.name for t in graph.inputs]
    constants, steps, protos, narrowed = {}, [], {}, []
    for op in graph.get_operations():
        if op.name not in needed or op.type == "Placeholder":
            continue
        if op.type == "Const":
            proto = op.get_attr("value")
            constants[op.outputs[0].name] = constant(proto)
            protos[op.outputs[0].name] = proto
            continue
        items = sorted(op.node_def.attr.items())
        attrs = _eager_attrs(items, narrow)
        if attrs is None or op.type in _NOT_RERUN or op.op_def.is_stateful:  # control inputs only order a graph
            return None
        keys = (tuple(t.name for t in op.inputs), tuple(t.name for t in op.outputs))
        steps.append((op.type, keys[0], attrs, keys[1]))
        if keep_narrow:
            narrowed.append((op.type, keys[0], _eager_attrs(items, True), keys[1]))
    return Rerun(inputs, constants, steps, cotangent, list(outputs), (protos, narrowed) if keep_narrow else None)


_DOUBLE, _FLOAT = 2, 1  # TensorFlow's DataType numbers of float64 and float32


def _eager_attrs(items, narrow=False):
    """An op's attributes (its node_def's, sorted) as an eager call takes them (name, value, name, value, ...); None for one it cannot take.

    ``narrow``: float64 as a dtype attribute is float32.
    """
    out = []
    for name, value in items:
        if name.startswith("_"):  # TensorFlow's own annotations (a custom gradient's name), not the op's
            continue
        kind = value.WhichOneof("value")
        if kind == "type":
            out += [name, _FLOAT if narrow and value.type == _DOUBLE else value.type]
        elif kind in ("i", "f", "b", "s"):
            out += [name, getattr(value, kind)]
        elif kind == "shape":
            out += [name, _shape(value.shape)]
        elif kind == "list":
            items = value.list
            types = [_FLOAT if narrow and t == _DOUBLE else t for t in items.type]
            listed = [types, list(items.i), list(items.f), list(items.b), list(items.s), [_shape(s) for s in items.shape]]
            if items.tensor or items.func or sum(1 for entries in listed if entries) > 1:
                return None
            out += [name, next((entries for entries in listed if entries), [])]
        else:  # a tensor or a function as an attribute: left to TensorFlow
            return None
    return tuple(out)


def _shape(proto):
    return None if proto.unknown_rank else [d.size for d in proto.dim]


def _zero_of_a_form(op):
    """Whether a ``StopGradient``'s result is subtracted from its own input, ``x - tf.stop_gradient(x)``: the zero of
    TensorFlow Probability's ``custom_gradient(fx, gx, x)``, whether TFP's code or the user's spells it."""
    given, stopped = op.inputs[0].name, op.outputs[0].name
    return any(
        user.type == "Sub" and [t.name for t in user.inputs] == [given, stopped] for user in op.outputs[0].consumers()
    )


def _shifts_a_logsumexp(op):
    """Whether a ``Max`` is the shift of TensorFlow's ``reduce_logsumexp``: ``x - stop_gradient(where(is_finite(m), m,
    0))`` with ``m`` the max of ``x``, in its name scope."""
    if "ReduceLogSumExp" not in op.name:
        return False
    given = op.inputs[0].name
    for user in op.outputs[0].consumers():
        if user.type == "IsFinite":
            continue
        if user.type != "SelectV2":
            return False
        for stop in user.outputs[0].consumers():
            if stop.type != "StopGradient" or not any(
                after.type == "Sub" and after.inputs[0].name == given for after in stop.outputs[0].consumers()
            ):
                return False
    return True


def _form_stop(ins, attrs):
    return stop_of_a_form(ins[0])


def _number_read(ins, attrs):
    """A number the user's eager code read with ``float(t)`` (`tf_reads`), replayed as itself: TensorFlow's gradient
    holds it constant, the exact derivative follows it, and the finding names the read (`Bridge.numbers_read`)."""
    return ins[0]
