"""The JAX bridge: a JAX function's own numbers under test, its jaxprs replayed by gradcli for the exact reference.

`capture(fun, text)` returns a `Bridge` (see `bridge.py`):

- ``own``: ``jax.jit(jax.value_and_grad(f))`` of the user's function (for a
  function returning an array, ``jax.jit`` of ``jax.vjp``), run by JAX in the
  dtype of the arguments (every rule JAX applies, ``custom_jvp`` and
  ``custom_vjp`` ones included). Where JAX computes an op it cannot
  differentiate (betainc in a, ``lax.zeta`` in s), the value alone is JAX's and
  the error is marked with the op and the user's line (`_mark_no_derivative`). float64 runs in JAX's x64 mode, switched on for
  that call alone (``jax.enable_x64``), so the user's own float32 runs see
  nothing change. XLA compiles each program in a background thread, started
  as soon as the first call in a dtype knows the arguments' shapes; the
  programs a check or a sweep says it will ask for (`expect`) compile as one
  XLA module (`jax_compile._join`: one fixed compilation cost, each program's
  numbers its own);
- ``forward``: ``jax.make_jaxpr`` of the function, replayed with gradcli's
  operations (`jax_walk`, `jax_ops`), custom derivatives by their primal;
- ``backward``: the jaxpr of that same program (one trace serves both), JAX's
  backward computation (the custom rules' bodies included, each operation of
  a user's rule marked with the rule's name and line), replayed the same way;
- ``vectorised``: ``jax.vmap`` of ``jax.value_and_grad``, a sweep's whole range
  in one call per dtype.

Graphs are captured once per argument structure, shapes and dtypes: the
working dtypes JAX has (float16, float32, float64) are captured in their own
dtype, so a replay in the dtype follows JAX's operations one by one; mpmath
numbers, balls and longdouble replay the float64 graph at their own precision.
"""

from __future__ import annotations

import contextlib
import copy
import inspect
import os
import re
from types import SimpleNamespace

import numpy as np

from ..autodiff.ops_array import broadcast_to, concatenate
from ..autodiff.transforms import vjp
from ..autodiff.values import Box, raw
from ..errors import InputError
from ..folders import outside_python_and_gradcli
from .bridge import Bridge, RuleCall, RuleCalls, differentiated, points_replayed
from .exact_constants import held_for
from .flushing import XLA_CPU_CODE
from .jax_cache import compiled
from .jax_compile import _EXECUTABLES, _Compiling, _digest, _join, _joinable, _kept, _Part, _Unchanged  # noqa: F401 - _EXECUTABLES: the store, where tests and the benchmark empty it
from .jax_modes import (afresh, as_written, hands_users_mode_wide, literals_copied_in_place, mode_of, other_modes_constant,
                        own_constants, programs_differ, values_reached)
from .jax_loops import CONVERGED, point_key, solving_at
from .jax_rewrites import compiled_otherwise_note, differentiated_otherwise_note
from .jax_rule_calls import rule_calls as users_rule_calls
from .jax_wide_constants import widened
from .jax_walk import (_users_file, _written_by_user, collect_rules, compile_jaxpr, constant_key, every_equation, flushed_as_xla,
                       holds_an_ended_trace, library_functions_named, library_site,
                       library_inlines, pointwise, rule_call_named, rule_frames_kept, rules_closing_over_the_trace, user_line,
                       users_arrays)
from .lines import assignment_line, innermost_users, math_call_advice
from .own_time import OwnCallStopped, run_bounded
from .trees import narrowed_by_default

# Formula functions (the fixes' catalogue) as JAX spells them.
SPELLINGS = {
    "softplus": "jax.nn.softplus",
    "logaddexp": "jax.numpy.logaddexp",
    "log_sigmoid": "jax.nn.log_sigmoid",
    "sigmoid": "jax.nn.sigmoid",
    "logsumexp": "jax.scipy.special.logsumexp",
    "log1p": "jax.numpy.log1p",
    "expm1": "jax.numpy.expm1",
    "hypot": "jax.numpy.hypot",
    "log": "jax.numpy.log",
    "exp": "jax.numpy.exp",
    "sqrt": "jax.numpy.sqrt",
    "where": "jax.numpy.where",
    "tanh": "jax.numpy.tanh",
    "xlogy": "jax.scipy.special.xlogy",
    "xlog1py": "jax.scipy.special.xlog1py",
    "erf": "jax.scipy.special.erf",
    "erfc": "jax.scipy.special.erfc",
    "sum": "jax.numpy.sum",
    "softmax": "jax.nn.softmax",
    "log_softmax": "jax.nn.log_softmax",
    "ndtr": "jax.scipy.special.ndtr",
    "log_ndtr": "jax.scipy.special.log_ndtr",
    **{name: f"jax.scipy.special.{name}" for name in ("i0", "i0e", "i1", "i1e")},
}

class _FloatsJaxHas:
    """The float dtypes JAX computes in: NumPy's three and ml_dtypes' bfloat16 (a NumPy dtype of kind 'V', by name)."""

    _NUMPY = {np.dtype(np.float16), np.dtype(np.float32), np.dtype(np.float64)}

    def __contains__(self, dtype):
        return dtype in self._NUMPY or getattr(dtype, "name", None) == "bfloat16"


_FRAMEWORK_FLOATS = _FloatsJaxHas()


def capture(fun, text):
    """The `Bridge` of a function written with JAX (``text`` names it in messages)."""
    captured = _Captured(fun, text)
    return Bridge(
        "jax",
        captured.own,
        captured.forward,
        captured.backward,
        "jax.numpy",
        SPELLINGS,
        captured.vectorised,
        replayed_range=captured.replayed_range,
        points_at_once=True,
        flushes_subnormals=XLA_CPU_CODE,
        expect=captured.expect,
        held_constants=captured.held_constants,
        narrowed_constants=captured.narrowed_constants,
        compiled_otherwise=captured.compiled_otherwise,
        notes=captured.solver_notes,
        custom_calls=captured.custom_calls,
        rule_calls=captured.rule_calls,
    )


def _in_float64(leaf):
    """A leaf of exact numbers (mpmath's, in an object array) as float64 numbers; any other leaf as it is."""
    value = raw(leaf)
    if isinstance(value, np.ndarray) and value.dtype == object:
        return np.array([float(v) for v in value.ravel()], dtype=np.float64).reshape(value.shape)
    if not isinstance(value, (np.ndarray, np.generic, int, float, bool)) and hasattr(value, "__float__"):
        return np.float64(float(value))
    return value


def _flushed_or_not(replay):
    """``replay()`` as `jax_rewrites.compiled_otherwise_note` asks for it: ``flushed`` runs it with subnormal results
    flushed to 0 as XLA's CPU code flushes them (`jax_walk.flushed_as_xla`)."""

    def run(flushed):
        if not flushed:
            return replay()
        with flushed_as_xla():
            return replay()

    return run


def _loops_called(closed):
    """Each user's line of ``closed`` (a ``ClosedJaxpr``) whose equation runs a while_loop, itself or inside a library
    function it calls ("f.py:3 (jax.scipy.special.exp1)"), once each."""
    found = []
    for eqn in closed.jaxpr.eqns:
        alone = SimpleNamespace(jaxpr=SimpleNamespace(eqns=[eqn]))  # `every_equation` walks this one equation's nest
        if not any(inner.primitive.name == "while" for inner in every_equation(alone)):
            continue
        line, site = user_line(eqn), library_site(eqn)
        named = f"{line} ({site.split(',')[0]})" if line and site else line
        if named and named not in found:
            found.append(named)
    return found


class _DrawsIn:
    """What `held_constants` says the program in a narrower dtype changes besides constants: JAX's PRNG draws other
    numbers there than under x64 (`jax_walk.Program.with_draws_of`)."""

    def __init__(self, dtype):
        self.dtype = dtype

    def __repr__(self):
        return f"JAX's random draws in {'x64' if self.dtype is None else self.dtype.name}"

    def __eq__(self, other):
        return type(other) is _DrawsIn and other.dtype == self.dtype

    def __hash__(self):
        return hash(("draws", self.dtype))


_DRAWS_X64 = _DrawsIn(None)


def given_arguments(make):
    """What the user's function of a check's arguments returns, numbers as written (`jax_modes.as_written`)."""
    return as_written(make)


def _leaf_type(leaf):
    """``(shape, dtype)`` a graph is captured for: a framework float keeps its dtype; any other number is float64."""
    if type(leaf) is np.ndarray and leaf.dtype in _FRAMEWORK_FLOATS:
        return leaf.shape, leaf.dtype
    value = raw(leaf)
    kind = type(value)
    if kind in _SCALAR_TYPES:  # a replay's many calls at mpmath numbers and balls: no NumPy look-ups
        return _SCALAR_TYPES[kind]
    dtype = getattr(value, "dtype", None)
    if dtype is not None and (np.dtype(dtype) in _FRAMEWORK_FLOATS or np.dtype(dtype).kind in "biu"):
        return np.shape(value), np.dtype(dtype)
    if isinstance(value, (bool, int, np.integer)) and not isinstance(value, np.floating):
        return (), np.dtype(np.int64)
    found = np.shape(value), np.dtype(np.float64)
    if dtype is None and found[0] == () and _plain_scalar(value):
        _SCALAR_TYPES[kind] = found
    return found


_SCALAR_TYPES = {float: ((), np.dtype(np.float64))}  # number types without a dtype -> their leaf type, learnt as met


def _array_signature(values):
    """Each value's shape and dtype where every one is a NumPy array (its leaf type is theirs alone), else None."""
    signature = []
    for value in values:
        if type(value) is not np.ndarray:
            return None
        signature.append((value.shape, value.dtype))
    return tuple(signature)


def _is_one(cotangent):
    """Whether a cotangent is exactly 1 (a NumPy, mpmath or ball number)."""
    try:
        return bool(raw(cotangent) == 1)
    except (TypeError, ValueError):
        return False


def _typed_scalar(kind):
    """Whether a number of type ``kind`` always has the same leaf type (a shape of () and one dtype)."""
    return kind in _SCALAR_TYPES or kind is int or kind is bool or issubclass(kind, np.generic)


def _plain_scalar(value):
    """Whether ``value``'s type is a number type with no dtype and no shape (mpmath's, flint's): its leaf type is fixed."""
    kind = type(value)
    return not hasattr(kind, "shape") and not hasattr(kind, "dtype") and not hasattr(kind, "__len__")


_MODULE_ARRAY_MOST = 1 << 16  # entries: a larger array (a data set) is not keyed by its bytes at every trace


def _module_arrays(fun):
    """The `constant_key`s of the float arrays ``fun`` reads from its module or closure (`values_reached`): the
    user's numbers wherever the graph reads them, a library function's (logsumexp's ``b``) included."""
    keys = set()
    for _, _, value in values_reached(fun):
        if isinstance(value, type) or not hasattr(value, "__array__"):  # np.float64 itself has a shape and a dtype
            continue
        try:
            shape, dtype = tuple(value.shape), np.dtype(value.dtype)
            if shape and _floating(dtype) and int(np.prod(shape, dtype=np.int64)) <= _MODULE_ARRAY_MOST:
                keys.add(constant_key(np.asarray(value)))
        except (TypeError, ValueError, RuntimeError, AttributeError):  # a traced value, or no array after all
            continue
    return keys


def _floating(dtype):
    dtype = np.dtype(dtype)
    return dtype.kind == "f" or dtype.name == "bfloat16"


def _retyped(key, dtype):
    """``key`` with its float leaves in ``dtype`` (a point as the checker casts it), or None for a dtype JAX lacks."""
    dtype = np.dtype(dtype)
    if dtype not in _FRAMEWORK_FLOATS:
        return None
    tree, types, held, fixed = key
    return tree, tuple((shape, dtype) if _floating(kind) else (shape, kind) for shape, kind in types), held, fixed


def _typed(key):
    """What a graph is traced for at ``key``: its structure, shapes and dtypes, and the numbers of the leaves it is
    handed as numbers (`_Captured.key`); whichever float leaves are held, one trace serves."""
    return key[0], key[1], key[3]


def _numbers_given(leaves, types, positions):
    """``((position, dtype, shape, bytes), ...)``: the leaves at ``positions`` as numbers in their leaf type's dtype,
    hashable (a key's part); mpmath numbers and balls of a held float are the floats they were made from."""
    given = []
    for i in positions:
        shape, dtype = types[i]
        value = np.asarray(raw(leaves[i]))
        value = value.astype(dtype) if value.dtype != dtype else value
        given.append((i, value.dtype.str, shape, value.tobytes()))
    return tuple(given)


def _holds(leaves, dtype):
    """Whether ``dtype`` holds every float leaf of a point (elsewhere the checker asks nothing: 1e200 in float32)."""
    with np.errstate(all="ignore"):
        return all(
            np.all(np.isfinite(np.asarray(raw(leaf), dtype=dtype)))
            for leaf in leaves
            if np.asarray(raw(leaf)).dtype.kind == "f" or isinstance(raw(leaf), float)
        )


class _Captured:
    """The user's JAX function and its graphs and compiled calls, one per argument structure, shapes and dtypes."""

    def __init__(self, fun, text):
        self.fun, self.text = fun, text
        code = getattr(inspect.unwrap(fun), "__code__", None)
        self.where = f"{code.co_filename}:{code.co_firstlineno}" if code else text
        self.graphs = {}  # key's structure and types -> (forward program, rules, output aval, closed jaxpr)
        self.chosen = {}  # (key's structure and types, narrower types) -> whether the code chose another program there
        self.backwards = {}  # key -> (backward program, its closed jaxpr, its traced jit)
        self.seeds = {}  # key -> (closed jaxpr, traced jit) of value_and_grad: JAX's own numbers
        self.refused = {}  # ("graph", "seeded" or "vjp", key) -> the error of the trace there (`_refused_again`)
        self.compiled = {}  # (what, key) -> a `_Compiling` (own) or a jitted function (vmap, value alone)
        self.ahead_done = False  # whether `_ahead` has run
        self.quick_keys = {}  # the types of arguments that are plain numbers -> their key
        self.reads_data = {}  # a key's structure, types and held leaves -> the leaves not differentiated the Python reads
        self.layouts = {}  # key -> `_layout`'s answer
        # (key, primal) -> whether its graphs treat each entry as a point (`_replayed_range`); (key, "numbers") ->
        # whether its forward graph is one of numbers computing each entry of arrays as its own point (`_of_numbers`)
        self.pointwise = {}
        self.array_keys = {}  # the shapes and dtypes of arguments that are NumPy arrays (`_array_signature`) -> their key
        self.joining = None  # while `expect` gathers programs to compile as one: group -> the `_Part`s gathered
        self.seeded_runs = {}  # (key, the arguments' numbers) -> (value, gradients) of a `value_and_grad` run there
        self.seeded_bytes = 0  # the bytes of the arguments' numbers `seeded_runs` holds
        self.users_arrays = set()  # the constant arrays the user's code made (`jax_walk.users_arrays`), of every trace
        self.last_marks = None  # (marks, their held positions) of `held_leaves`' last answer
        self.wide = ()  # `widened`'s answer for the module's constants ((): not asked yet)
        # whether the user's Python reads the number of an array made of constants alone (int(C.sum())): then every
        # trace computes what depends on no traced value as it is met, as jax.grad does (`_constants_computed`)
        self.eager_constants = False

    def narrowed_constants(self):
        """``(name, where, array)`` of each JAX float array narrower than float64 that the user's function (or a
        function it calls) reads from its module, made while JAX's x64 mode is off (`trees.narrowed_by_default`: a
        module's ``C = jnp.float32(0.1)`` at import) and narrower in the module loaded under x64 too: a float64 run
        holds its narrower numbers, as JAX's float64 program does (a ``jnp.array([0.1])``, float64 there, is held as
        written: `_fun_in`); ``where`` is ``file:line`` of its assignment where found."""
        wide = self._widened()
        found = {}
        for owner, name, value in self._narrowed():
            if wide is not None and name in wide[1]:
                continue
            path = owner.__code__.co_filename
            line = assignment_line(path, name)
            found.setdefault(id(value), ((path, line or 0), name, f"{os.path.basename(path)}:{line}" if line else None, value))
        return [said[1:] for said in sorted(found.values(), key=lambda said: said[0])]  # in the order they are written

    def _narrowed(self):
        """``(owner, name, array)`` of each JAX float array narrower than float64 made with x64 off that the user's
        function, or one it calls, reads from its module (``owner`` the function whose name it is)."""
        return [(owner, name, value) for owner, name, value in values_reached(self.fun)
                if narrowed_by_default(value) is not None and getattr(owner, "__globals__", {}).get(name) is value]

    def _widened(self):
        """`jax_wide_constants.widened` for the user's function, asked once: None where its module holds no constant
        that JAX's x64 mode would make wider, or no copy of it can be taken."""
        if self.wide == ():
            narrowed = self._narrowed()
            self.wide = widened(self.fun, narrowed) if narrowed else None
        return self.wide

    def _fun_in(self, types):
        """The user's function a trace at ``types`` calls: for a float64 run, the function of the module loaded
        under x64 where that module holds its array constants wider (`_widened`), as the user's own float64 run
        (x64 on before the import) has them; else the user's function itself."""
        if any(dtype == np.float64 for _, dtype in types):
            wide = self._widened()
            if wide is not None:
                return wide[0]
        return self.fun

    def compiled_otherwise(self, args, value):
        """`Bridge.compiled_otherwise`: the note where XLA's program for ``args`` (the point in its dtype) computes
        ``value``, or else the gradient, otherwise than the captured operations run one by one (`jax_rewrites`),
        else None."""
        key, leaves = self.key(args)
        x64 = any(dtype == np.float64 for _, dtype in key[1])
        replay = _flushed_or_not(lambda: raw(self.forward(*args)))
        with _user_errors(self.text):
            note = compiled_otherwise_note(self.graph(key)[3], leaves, x64, value, replay)
            if note is not None:  # the function alone, jitted, asked only here: is it compilation, or differentiation?
                note = differentiated_otherwise_note(value, self._value_alone(key, leaves), replay) or note
        floats, others, _ = self._split(key, leaves)
        if note is not None or not floats or self.graph(key)[2].shape != ():
            return note
        import jax  # lazy: only a JAX target loads JAX

        one = np.float64(1.0)  # the seed of value_and_grad's program: JAX's own gradient and its steps replayed
        compiled = [np.asarray(g) for g in jax.tree_util.tree_leaves(self.own(args, one)[1])]
        alone = _flushed_or_not(lambda: [np.asarray(raw(g)) for g in jax.tree_util.tree_leaves(self.backward(args, one))])
        with _user_errors(self.text):
            return compiled_otherwise_note(self.seeded(key)[1], floats + others, x64, compiled, alone, "gradient")

    def custom_calls(self):
        """``{line: (the custom call's line, its rule in words)}`` of the lines the programs traced so far run only
        inside the primal of a custom derivative (`jax_walk.compile_jaxpr`); a line two programs disagree on is left out."""
        found, clashing = {}, set()
        for program, *_ in self.graphs.values():
            for line, call in program.custom_calls.items():
                if found.setdefault(line, call) != call:
                    clashing.add(line)
        return {line: call for line, call in found.items() if line not in clashing}

    def solver_notes(self, args):
        """The point's notes (`Bridge.notes`): each solver in a custom rule's primal (`jax_loops.Solver`), whose rule
        the exact reference judges against the slope of what it converges to, or, where it never settles, against
        the loop as written."""
        key, leaves = self.key(args)
        if _typed(key) not in self.graphs:
            return []
        notes, at = [], point_key(self._split(key, leaves)[0])
        for loop, called, line, solver in self.graphs[_typed(key)][0].solvers:
            where = f"{loop}: this {solver.named}, in the primal of the {called} at {line},"
            settled, moved = solver.settled.get(at, (None, 0.0))
            stop = "stopping test" if solver.named == "lax.while_loop" else "last trip"
            if settled is False and solver.series:
                notes.append(f"{where} sums a series (its steps read their trip count) whose sum past its {stop} does "
                             "not settle: it has no limit gradcli can find, and the terms its float run took are no "
                             "function of the point's, so there is no exact reference")
            elif settled is False:
                notes.append(f"{where} is no solver gradcli can run to a limit (past its {stop} its state does not "
                             "settle), so the exact reference is the loop as written")
            elif settled:
                steps = (", and chooses its state by comparisons: the primal as run is a step function of its input, "
                         "its own slope 0 between the steps" if solver.by_comparisons else "")
                ends = "stops at its own tolerance" if solver.named == "lax.while_loop" else "runs a fixed number of trips"
                ends = "sums a series to its own tolerance" if solver.series else f"is a solver that {ends}"
                far = (f" (here it ends {moved:.1e} of itself from its limit, as far as one more trip moves it)"
                       if moved > CONVERGED else "")
                meant = (": the exact reference is the series' limit, the function a sum to a tolerance stands for, "
                         "not the sum of the terms its float run took" if solver.series else "")
                notes.append(f"{where} {ends}{steps}{far}{meant}; gradcli judges the rule against the slope "
                             f"of what it converges to (the exact reference runs the loop past its {stop} until its "
                             f"{'sum' if solver.series else 'state'} stops changing at each working precision, and "
                             "differences that limit)")
        return notes

    def rule_calls(self, args, cotangent):
        """Each call of a user's ``custom_vjp`` or ``custom_jvp`` function JAX's float64 run at ``args`` makes, with
        ``cotangent`` handed to its backward pass, as a `bridge.RuleCall` (in the order that pass reaches them); none
        where the calls are made on traced values (`jax_rule_calls`)."""
        import jax  # lazy: only a JAX target loads JAX

        wide = self._widened()
        numbers = jax.tree_util.tree_map(_in_float64, tuple(args))
        calls, complete = users_rule_calls(wide[0] if wide is not None else self.fun, numbers, _in_float64(cotangent),
                                           _users_file)
        return RuleCalls([RuleCall(*call.rule, capture(call.alone(), f"{call.rule[0]} in {self.text}"), call.inputs(),
                                   call.per_input()) for call in calls], complete)

    def own_call_named(self, args):
        """``(call, more)`` for `own_time.run_bounded`: JAX's own call at ``args`` named for a message with the user's
        function's line, and the user's lines of the loops its program runs (a loop that never ends is the
        likeliest hang), or ""."""
        code = getattr(self.fun, "__code__", None)
        where = f", defined at {code.co_filename}:{code.co_firstlineno}" if code is not None else ""
        try:
            loops = _loops_called(self.graph(self.key(args)[0])[3])
        except Exception:  # noqa: BLE001 - the name of a call that hangs: its loops are said where they are known
            loops = []
        held = f" (its program runs while_loops from {', '.join(loops)}: one that never ends is the likeliest hang)"
        return f"JAX's own run of {self.text} (jax.value_and_grad, jitted{where})", held if loops else ""

    # -- structure of the arguments
    def key(self, args):
        """``(key, leaves)``: the arguments' structure, shapes and dtypes (what a graph is captured for) and the
        positions of the float leaves held as data (`held_leaves`), and the leaves.

        Arguments that are all numbers of types whose leaf type their type
        decides (floats, mpmath numbers, balls, NumPy scalars: the many calls of
        the differences and the exact reference) find their key by those types;
        arguments that are all NumPy arrays (a sweep's ranges replayed), by
        their shapes and dtypes.
        """
        held = self.held_leaves()
        kinds = tuple(map(type, args))
        quick = self.quick_keys.get((kinds, held))
        if quick is not None:
            return quick, list(args)
        values = args
        if any(isinstance(a, Box) for a in args):  # a leaf's type is its value's (`_leaf_type`): boxes of numbers too
            values = [raw(a) for a in args]
            kinds = tuple(map(type, values))
            quick = self.quick_keys.get((kinds, held))
            if quick is not None:
                return quick, list(args)
        arrays = _array_signature(values)
        quick = self.array_keys.get((arrays, held)) if arrays is not None else None
        if quick is not None:
            return quick, list(args)
        import jax  # lazy: only a JAX target loads JAX

        leaves, tree = jax.tree_util.tree_flatten(tuple(args))
        key = (tree, tuple(map(_leaf_type, leaves)), held, ())
        handed = self._reads_data(key, leaves)
        if handed:
            return key[:3] + (_numbers_given(leaves, key[1], handed),), leaves
        if len(leaves) == len(args) and all(_typed_scalar(kind) for kind in kinds):  # the values' types, learnt above
            self.quick_keys[kinds, held] = key
        elif arrays is not None and len(leaves) == len(args):
            self.array_keys[arrays, held] = key
        return key, leaves

    def _reads_data(self, key, leaves):
        """The positions of the leaves JAX does not differentiate whose number the user's Python reads (``int(n)``,
        ``range(n)``, ``if train:``, ``if s > 0`` on an argument --wrt holds), () where it reads none: the graphs are
        then traced with those leaves handed as numbers, as JAX's own call ``jax.grad(f, argnums)`` hands them
        (`_handed_numbers`), one trace per their numbers. Found once per structure, types and held leaves, by tracing
        with them traced too (as jax.jit would): where that meets a concrete read, the leaves that are no floats (a
        flag, a count) are handed alone first, so the held float data stays traced and JAX folds none of its
        arithmetic (a running variance + eps) into a constant rounded to the dtype; every held leaf where the Python
        reads a float one too."""
        found = self.reads_data.get(key[:3])
        if found is not None:
            return found
        data = [i for i, f in enumerate(self._layout(key)[0]) if not f]
        found = ()
        if data:
            try:
                self.graph(key)
            except Exception as error:  # noqa: BLE001 - any other error is met again where the graph is asked for, and said there
                if getattr(error, "concrete_read", False):
                    found = self._read_leaves(key, leaves, data)
        self.reads_data[key[:3]] = found
        return found

    def _read_leaves(self, key, leaves, data):
        """`_reads_data`'s positions once a trace met a concrete read: the held leaves that are no floats, where a
        trace with those alone handed as numbers reads nothing more; else every held leaf (a trace that raises where
        the Python reads a differentiated leaf)."""
        flags = tuple(i for i in data if not _floating(key[1][i][1]))
        if flags and len(flags) < len(data):
            try:
                self.graph(key[:3] + (_numbers_given(leaves, key[1], flags),))
                return flags
            except Exception as error:  # noqa: BLE001 - any other error is met again where the graph is asked for
                if not getattr(error, "concrete_read", False):
                    return flags
        self.graph(key[:3] + (_numbers_given(leaves, key[1], data),))
        return tuple(data)

    def _handed_numbers(self, key, fun):
        """``fun`` with the leaves `_reads_data` hands as numbers (``key``'s last part) given those numbers, in the
        dtype a trace at ``key`` has them, whatever the trace passes there (which the program then leaves unread)."""
        if not key[3]:
            return fun
        import jax  # lazy: only a JAX target loads JAX

        numbers = {i: np.frombuffer(data, np.dtype(kind)).reshape(shape).astype(key[1][i][1])
                   for i, kind, shape, data in key[3]}

        def with_numbers(*args):
            leaves = jax.tree_util.tree_leaves(args)
            for i, number in numbers.items():
                leaves[i] = number
            return fun(*jax.tree_util.tree_unflatten(key[0], leaves))

        return with_numbers

    def held_leaves(self):
        """The positions of the leaves a check holds as data (`bridge.differentiating`: those it marks False), ()
        where it differentiates every float leaf; JAX then differentiates the others alone (its argnums)."""
        marks = differentiated()
        if marks is None:
            return ()
        if self.last_marks is not None and self.last_marks[0] is marks:
            return self.last_marks[1]
        import jax  # lazy: only a JAX target loads JAX

        held = tuple(i for i, mark in enumerate(jax.tree_util.tree_leaves(marks)) if mark is False)
        self.last_marks = (marks, held)
        return held

    def _x64(self, types):
        import jax  # lazy: only a JAX target loads JAX

        if any(dtype == np.float64 for _, dtype in types):
            return jax.enable_x64(True)
        return _Unchanged()

    def _traced_afresh(self, types, trace, closed_of):
        """``trace()`` (a trace of the user's code, a custom rule's too), under `_x64`, with its mode's own
        constants (`jax_modes.afresh`; ``closed_of(answer)``: the closed jaxpr traced)."""
        x64 = mode_of(any(dtype == np.float64 for _, dtype in types))

        def under_x64():
            with self._x64(types), self._constants_computed():
                return trace()

        return afresh(under_x64, lambda answer: other_modes_constant(closed_of(answer), x64))

    def _constants_computed(self):
        """Where the user's Python reads the number of an array made of constants alone (``d = int(C.sum())`` of a
        module-level ``jnp.array``, `eager_constants`), ``jax.ensure_compile_time_eval``: what depends on no traced
        value is computed as the trace meets it, as ``jax.grad`` computes it (only ``jax.jit`` stages it, and fails
        there); nothing elsewhere, where such arithmetic stays in the program, replayed at high precision."""
        if not self.eager_constants:
            return contextlib.nullcontext()
        import jax  # lazy: only a JAX target loads JAX

        return jax.ensure_compile_time_eval()

    def _specs(self, key):
        import jax  # lazy: only a JAX target loads JAX

        tree, types = key[:2]
        return jax.tree_util.tree_unflatten(tree, [jax.ShapeDtypeStruct(shape, dtype) for shape, dtype in types])

    # -- the forward graph
    def graph(self, key):
        """``(forward program, rules, output aval, closed jaxpr)`` at ``key``, traced once whatever leaves are held
        (once per their numbers where the Python reads them, `_reads_data`); a trace that fails, failed once
        (`_refused_again`)."""
        if _typed(key) not in self.graphs:
            self.graphs[_typed(key)] = self._refused_again(("graph", _typed(key)), lambda: self._graph_traced(key))
        return self.graphs[_typed(key)]

    def _graph_traced(self, key):
        """`graph`'s answer at ``key``, traced."""
        import jax  # lazy: only a JAX target loads JAX

        fun = self._fun_in(key[1])  # asked outside x64: the mode in which the user's module made its constants
        traced = self._handed_numbers(key, fun)
        handed = {given[0] for given in key[3]}  # leaves handed as numbers (`_reads_data`): no longer traced
        data = any((not _floating(dtype) or i in (key[2] or ())) and i not in handed for i, (_, dtype) in enumerate(key[1]))

        def trace():
            with (_user_errors(self.text, data), library_inlines() as inlined, users_arrays() as made,
                  library_functions_named()):
                return jax.make_jaxpr(traced, return_shape=True)(*self._specs(key)), inlined, made

        try:
            (closed, shape), inlined, made = self._traced_afresh(key[1], trace, lambda found: found[0][0])
        except InputError as error:
            if not getattr(error, "concrete", False) or self.eager_constants:
                raise
            # a number read from the constants alone: traced again computing them as met (`_constants_computed`); a
            # read of a traced argument fails the same way there, and the first error is the one said
            self.eager_constants = True
            try:
                (closed, shape), inlined, made = self._traced_afresh(key[1], trace, lambda found: found[0][0])
            except BaseException as again:
                self.eager_constants = False
                if isinstance(again, InputError) and getattr(again, "concrete", False):
                    raise error from None  # the read is of a traced value: said as it was first
                raise  # past the read: the function's own next error (a shape), or the check's clock
        self.users_arrays.update(made)
        self.users_arrays.update(_module_arrays(fun))
        wide = hands_users_mode_wide(closed, fun)
        closed = own_constants(closed, literals=True)
        if wide:
            jax.clear_caches()
        if not hasattr(shape, "shape") or not _floating(shape.dtype):
            raise InputError(f"{self.text} returns {type(shape).__name__}, not an array of floats: gradcli checks a function returning a number or an array", text=self.text)
        rules = collect_rules(closed)
        program = compile_jaxpr(closed, self.where, inlined=inlined, users_arrays=self.users_arrays)
        program.value = True  # the function's value: a jax.grad inside it is the value's own derivative
        return (program, rules, shape, closed)

    def forward(self, *args):
        if points_replayed():
            return self._at_points(args)
        key, leaves = self.key(args)
        program = self.graph(key)[0]
        with self._solving_at(key, leaves):
            return self._held(program, leaves, None, lambda dtype: self.graph(_retyped(key, dtype))[0], key).run(leaves)[0]

    def _at_points(self, args):
        """The forward graph of one point replayed on ``args``, numbers and 1-D arrays of one length, each entry its own
        point (`Bridge.points_at_once`: the noise estimate's steps of a difference in one replay, a sweep's switch
        points in one run); ValueError where that graph does not compute each entry as its own point.

        The graph is the one a check of the entry replays (traced for numbers,
        held as that point's dtype holds the user's constants), so each entry is
        computed by the operations its own replay runs, in the same order:
        nothing is traced for the arrays' shape. Where the Python reads a
        leaf's number (`_reads_data`), the entries are grouped by those numbers
        (`_sharing_a_trace`), one replay of each group's own trace: an entry
        holding another number costs its own trace, never the others' batch.
        """
        values = [raw(a) for a in args]
        shapes = {v.shape for v in values if isinstance(v, np.ndarray)}
        if len(shapes) != 1 or len(next(iter(shapes))) != 1 or not next(iter(shapes))[0] or any(
                isinstance(v, (list, tuple, dict)) for v in values):
            raise ValueError("not numbers and 1-D arrays of points")
        (size,) = next(iter(shapes))
        groups = self._sharing_a_trace(values, size)
        answers = []
        for key, leaves, entries in groups:
            if not self._of_numbers(key):
                raise ValueError("the graph of one point does not compute each entry as its own point")
            program = self._held(self.graph(key)[0], leaves, None, lambda dtype, key=key: self.graph(_retyped(key, dtype))[0], key)
            given = list(args) if entries is None else [a[entries] if isinstance(raw(a), np.ndarray) else a for a in args]
            value = program.run(given)[0]
            many = size if entries is None else len(entries)
            if entries is not None and np.shape(raw(value)) == ():  # its entries differ only in the numbers its trace holds
                value = broadcast_to(value, (many,))
            if np.shape(raw(value)) != (many,):
                raise ValueError("not one value per point")
            answers.append(value)
        if len(answers) == 1:
            return answers[0]
        order = np.argsort(np.concatenate([entries for _, _, entries in groups]), kind="stable")
        return concatenate(answers)[order]

    def _sharing_a_trace(self, values, size):
        """``[(key, leaves of its first entry, entries or None for all), ...]``: the entries of ``values`` (numbers and
        arrays of ``size`` points) by the trace each one's check replays. One group of all where nothing of theirs is
        read as a number; else one per the numbers of the leaves the Python reads (`_numbers_given`)."""
        first = [v[0] if isinstance(v, np.ndarray) else v for v in values]
        key, leaves = self.key(tuple(first))
        if not key[3]:
            return [(key, leaves, None)]
        data = self._reads_data(key, leaves)
        varying = [i for i in data if isinstance(values[i], np.ndarray)]
        if not varying:  # the numbers read are the same for every entry: the first's trace is each one's
            return [(key, leaves, None)]
        by_numbers = {}
        for entry in range(size):
            leaves = [v[entry] if isinstance(v, np.ndarray) else v for v in values]
            by_numbers.setdefault(_numbers_given(leaves, key[1], data), (leaves, []))[1].append(entry)
        if len(by_numbers) == 1:
            ((numbers, (leaves, _)),) = by_numbers.items()
            return [(key[:3] + (numbers,), leaves, None)]
        return [(key[:3] + (numbers,), leaves, np.array(entries)) for numbers, (leaves, entries) in by_numbers.items()]

    def _of_numbers(self, key):
        """Whether the forward graph at ``key`` is a function of numbers that computes each entry of arrays of points
        as its own point: every value in it a single number, every operation elementwise (`jax_walk.pointwise`)."""
        found = self.pointwise.get((key, "numbers"))
        if found is None:
            _, _, output, closed = self.graph(key)
            found = output.shape == () and all(shape == () for shape, _ in key[1]) and pointwise(closed) and all(
                getattr(getattr(v, "aval", None), "shape", ()) == ()
                for eqn in every_equation(closed) for v in (*eqn.invars, *eqn.outvars))
            self.pointwise[key, "numbers"] = found
        return found

    def _solving_at(self, key, leaves):
        """The block of a run at ``leaves``: where the program has solvers (`jax_loops.Solver`), their runs in it
        recorded as at that point (`solving_at`), which `solver_notes` reads."""
        if not self.graph(key)[0].solvers:
            return contextlib.nullcontext()
        return solving_at(self._split(key, leaves)[0])

    # -- the user's own constants, as a narrower dtype's program holds them
    def _held(self, program, leaves, forward=None, in_dtype=None, key=None):
        """``program`` (at float64) as the program in the dtype the exact reference replays holds the user's own
        constants (`exact_constants.held_in`), or itself: a float run, or the float64 program. Where the code chose
        another program in that dtype (`_chose_by_dtype` at ``key``), that program: ``in_dtype(dtype)``.

        A backward program holds only the numbers its ``forward`` program's user
        constants changed: its other constants on the user's lines are derivatives'.
        Its random draws are those of ``in_dtype(dtype)``, the same program traced
        in that dtype (JAX's float32 mode draws other numbers than x64 does).
        """
        held = held_for([leaf for leaf in leaves if _floating(_leaf_type(leaf)[1])])  # data (a key, labels) says nothing
        if held is None:
            return program
        if key is not None and self._chose_by_dtype(key, held):
            return in_dtype(held)  # its literals are the dtype's own: nothing left to hold
        if in_dtype is not None and program.draws():
            program = program.with_draws_of(in_dtype(held))
        import jax  # lazy: only a JAX target loads JAX

        arrays = not jax.config.jax_enable_x64  # the user's mode: without x64 every constant is float32
        if forward is None:
            return program.held_in(held, arrays)[0]
        written = forward.held_in(held, arrays)[1]
        return program.held_in(held, arrays, written)[0] if written else program

    def held_constants(self, dtype):
        """``((written, held), ...)``: the user's constants the program in ``dtype`` holds as other numbers, in the
        float64 graphs captured so far; None before any is."""
        import jax  # lazy: only a JAX target loads JAX

        keys = [key for key in self.graphs if all(d == np.float64 for _, d in key[1] if _floating(d))]
        graphs = [self.graphs[key][0] for key in keys]
        if not graphs:
            return None
        changes = {}
        for program in graphs:
            changes.update(program.held_in(np.dtype(dtype), not jax.config.jax_enable_x64)[1])
        drawn = any(program.draws() for program in graphs) and np.dtype(dtype) != np.float64
        chose = any(self._chose_by_dtype((*key[:2], None, key[2]), dtype) for key in keys)  # graphs are kept per `_typed`
        return (tuple(sorted(changes.items())) + ((_DRAWS_X64, _DrawsIn(np.dtype(dtype))),) * drawn
                + (("the operations of the code's float64 branch", f"its {np.dtype(dtype).name} branch's"),) * chose)

    def _chose_by_dtype(self, key, dtype):
        """Whether the function traced at ``key`` (its floats float64) is another program with its floats in ``dtype``
        (`jax_modes.programs_differ`): the code read its dtype (``x * 2 if x.dtype == jnp.float32 else x * x``).
        The steps drawing random numbers, which JAX takes in each dtype its own way, are compared as draws alone:
        where the rest is one program, its draws are paired as `_held` pairs them."""
        narrow = _retyped(key, dtype)
        if narrow is None or _typed(narrow) == _typed(key):
            return False
        if (_typed(key), narrow[1]) not in self.chosen:
            self.chosen[_typed(key), narrow[1]] = programs_differ(self.graph(key)[3], self.graph(narrow)[3],
                                                                  _written_by_user)
        return self.chosen[_typed(key), narrow[1]]

    # -- the backward graph
    def _of_floats(self, key, others):
        """The user's function of the float leaves alone, the other leaves (data: integers, masks) held at ``others``.

        It evaluates the captured forward jaxpr, which JAX differentiates and
        lowers exactly as the user's Python (the same equations, each with its
        user line; custom rules are still the user's Python), at half the cost
        of tracing that Python again. A custom rule that closed over a value of
        the forward trace (`rules_closing_over_the_trace`) would meet that trace's
        dead value there, so such a function's Python is traced again instead.
        """
        import jax  # lazy: only a JAX target loads JAX
        from jax.extend.core import jaxpr_as_fun  # lazy: only a JAX target loads JAX

        floating = self._layout(key)[0]
        closed = self.graph(key)[3]
        if rules_closing_over_the_trace(closed):
            fun = self._handed_numbers(key, self._fun_in(key[1]))

            def evaluate(*leaves):
                with library_functions_named():
                    return [fun(*jax.tree_util.tree_unflatten(key[0], leaves))]
        else:
            evaluate = jaxpr_as_fun(closed)

        def of_floats(*xs):
            xs, rest = iter(xs), iter(others)
            return evaluate(*[next(xs) if f else next(rest) for f in floating])[0]

        return of_floats

    def _specs_split(self, key):
        """The float leaves' and the other leaves' ``ShapeDtypeStruct``s: what JAX's programs are traced for."""
        import jax  # lazy: only a JAX target loads JAX

        specs = [jax.ShapeDtypeStruct(s, d) for s, d in key[1]]
        floating = self._layout(key)[0]
        return [s for s, f in zip(specs, floating) if f], [s for s, f in zip(specs, floating) if not f]

    def backward_program(self, key):
        """JAX's VJP at ``key``, traced once: ``(replayed program, closed jaxpr, traced jit)``, all giving (value, *gradients).

        ``(floats, others, ct)``: the cotangent is an argument, so the one
        jaxpr replays every row of a Jacobian (a function returning an array).
        A function returning a number has `seeded` instead.
        """
        if key not in self.backwards:
            import jax  # lazy: only a JAX target loads JAX

            _, rules, shape, _ = self.graph(key)

            def both(floats, others, cotangent):
                value, pullback = jax.vjp(self._of_floats(key, others), *floats)
                return value, pullback(cotangent)

            cotangent = jax.ShapeDtypeStruct(shape.shape, shape.dtype)
            self.backwards[key] = self._refused_again(("vjp", key), lambda: self._traced(key, rules, both, cotangent))
        return self.backwards[key]

    def seeded(self, key):
        """``jax.value_and_grad`` of the function at ``key`` (one returning a number), traced once:
        ``(replayed program, closed jaxpr, traced jit)``, all giving (value, *gradients).

        JAX's own numbers are this program's: ``jax.jit(jax.value_and_grad(f))``
        as a user runs it, whose cotangent is the constant 1 XLA folds in (the
        same VJP with the cotangent an argument is fused otherwise, and differs
        in the last bits at about half of the points). The same trace is the
        backward graph gradcli replays, so the replay in the dtype follows the
        very program whose numbers are judged.
        """
        if key not in self.seeds:
            import jax  # lazy: only a JAX target loads JAX

            rules = self.graph(key)[1]

            def value_and_grad(floats, others):
                return jax.value_and_grad(self._of_floats(key, others), argnums=tuple(range(len(floats))))(*floats)

            self.seeds[key] = self._refused_again(("seeded", key), lambda: self._traced(key, rules, value_and_grad))
        return self.seeds[key]

    def _refused_again(self, what, trace):
        """``trace()``'s answer (a trace of the user's code: ``what`` names the program and its key); where it
        raised, a copy of its error raised again at every later ask of ``what``, without tracing.

        Every point of a sweep asks for the same traces (the gradient of a
        function with an op JAX has no derivative for; the forward graph on a
        whole range, of a function that is not elementwise), and each trace
        that fails is traced again with JAX's caches emptied
        (`jax_modes.afresh`): two traces and every compiled program lost per
        ask. The same function, structure, dtypes, held leaves and numbers
        handed fail the same way, as the traces that succeed are kept.
        """
        refused = self.refused.get(what)
        if refused is not None:
            raise copy.copy(refused)
        try:
            return trace()
        except Exception as error:
            kept = _kept_refusal(error)
            if kept is not None:
                self.refused[what] = kept
            raise

    def _traced(self, key, rules, fun, *more):
        """``fun(floats, others, *more)`` jitted and traced at ``key``: ``(replayed program, closed jaxpr, traced jit)``."""
        import jax  # lazy: only a JAX target loads JAX

        floats, others = self._specs_split(key)
        tries = []

        def trace():
            if tries:  # the programs kept, and the forward graph's memo of a custom rule's trace, may hold the other
                self.graphs.pop(_typed(key), None)  # mode's conversion of a 0-d array (a literal): they let go of it
                for _, closed, traced in [*self.seeds.values(), *self.backwards.values()]:
                    literals_copied_in_place(closed)
                    literals_copied_in_place(traced.jaxpr)
            tries.append(key)
            with rule_frames_kept(rules), _user_errors(self.text):
                return jax.jit(fun).trace(floats, others, *more)

        try:
            traced = self._traced_afresh(key[1], trace, lambda traced: traced.jaxpr)
        except (ValueError, NotImplementedError) as error:
            said = next((said for said in _UNDIFFERENTIATED if said[0] in str(error)), None)
            if said is not None:
                raise self._undifferentiated(key, *said[1:]) from None
            self._mark_no_derivative(key, error)
            raise
        if holds_an_ended_trace(traced.jaxpr, len(jax.tree_util.tree_leaves((floats, others, *more)))):
            raise self._rule_holding_a_trace(key)
        closed = own_constants(traced.jaxpr)
        if closed is not traced.jaxpr:  # it converted NumPy arrays (a rule's, read when differentiated): keep copies
            with self._x64(key[1]), _user_errors(self.text):
                traced = _traced_on(closed, traced.out_tree, floats, others, *more)
        program = compile_jaxpr(closed, self.where, rules, users_arrays=self.users_arrays, input_names=self._float_names(key))
        return program, closed, traced

    def _float_names(self, key):
        """The names of the leaves JAX differentiates at ``key``, as a check names them (``x``, ``params.w1``): the
        argument's parameter, then the keys of the leaf's path in its tree."""
        import jax  # lazy: only a JAX target loads JAX

        try:
            parameters = list(inspect.signature(self.fun).parameters)
        except (TypeError, ValueError):  # a callable with no signature Python can read
            parameters = []
        floating = self._layout(key)[0]
        paths = jax.tree_util.tree_flatten_with_path(jax.tree_util.tree_unflatten(key[0], range(len(floating))))[0]
        names = []
        for (path, _), f in zip(paths, floating):
            parts = [str(getattr(part, "key", getattr(part, "idx", getattr(part, "name", part)))) for part in path]
            if parts and parts[0].isdigit() and int(parts[0]) < len(parameters):
                parts[0] = parameters[int(parts[0])]
            if f:
                names.append(".".join(parts))
        return tuple(names)

    def _undifferentiated(self, key, primitive, why):
        """The InputError for an operation JAX cannot differentiate in reverse mode, naming the user's line of it."""
        lines = [user_line(eqn) for eqn in every_equation(self.graph(key)[3]) if eqn.primitive.name == primitive]
        where = next((line for line in lines if line), self.text)
        return InputError(f"{where}: {why}", text=where)

    def _mark_no_derivative(self, key, error):
        """Mark ``error`` (what JAX raised differentiating the function at ``key``) where it says an op has no
        derivative there (`_NO_DERIVATIVE`): ``no_derivative`` (the function as the user called it), ``raised_at``
        (the user's line of its first call that reads a differentiated value), ``advice`` and ``rule_refused``, which gives the
        check the verdict of a gradient the framework cannot take, with the exact value and gradient shown."""
        primitive, advice = next(((found["primitive"] or primitive, advice) for said, primitive, advice in _NO_DERIVATIVE
                                  if (found := said.search(str(error))) is not None), (None, ""))
        if primitive is None:
            return
        error.advice = advice
        calls = [eqn for eqn in _reading_floats(self.graph(key)[3], self._layout(key)[0]) if eqn.primitive.name == primitive]
        eqn = next((eqn for eqn in calls if user_line(eqn)), calls[0] if calls else None)
        site = library_site(eqn) if eqn is not None else None
        error.rule_refused = True
        error.no_derivative = site.split(",")[0] if site else f"jax.lax.{_LAX_SPELLINGS.get(primitive, primitive)}"
        line = user_line(eqn) if eqn is not None else None
        if line:
            file, _, number = line.rpartition(":")
            error.raised_at = (file, int(number))

    def _rule_holding_a_trace(self, key):
        """The InputError for a custom rule JAX cannot differentiate, holding a traced value of a trace that ended
        (`holds_an_ended_trace`), naming the user's line of the call."""
        calls = rules_closing_over_the_trace(self.graph(key)[3])
        where = next((line for line in map(user_line, calls) if line), self.text)
        called = rule_call_named(calls[0]) if calls else "custom_jvp or custom_vjp function"
        return InputError(
            f"{where}: JAX cannot differentiate this call of the {called}: its rule holds a traced value of the "
            "trace that staged the call out (an array passed in nondiff_argnums inside jax.jit, lax.scan or "
            "lax.cond, or a value of the function that the rule closes over and that is differentiated), and that "
            "trace has ended when JAX differentiates the call, so jax.grad of this function fails as well. Pass the "
            "value as an ordinary argument of the function (its tangent handled in the rule), or a constant as a "
            "Python number", text=where)

    def _layout(self, key):
        """``(floating, flat)`` at ``key``, found once: which leaves JAX differentiates (the floats not held), and
        whether the arguments are their leaves (no tree: the gradients are the tuple of the leaves')."""
        found = self.layouts.get(key)
        if found is None:
            import jax  # lazy: only a JAX target loads JAX

            floating = tuple(_floating(dtype) and i not in key[2] for i, (_, dtype) in enumerate(key[1]))
            positions = tuple(range(len(floating)))
            found = self.layouts[key] = (floating, jax.tree_util.tree_unflatten(key[0], positions) == positions)
        return found

    def _split(self, key, leaves):
        """``(differentiated leaves, other leaves, floating)``: the two lists JAX's programs take, and which is which."""
        floating = self._layout(key)[0]
        floats = [leaf for leaf, f in zip(leaves, floating) if f]
        others = [leaf for leaf, f in zip(leaves, floating) if not f]
        return floats, others, floating

    def backward(self, args, cotangent):
        key, leaves = self.key(args)
        floats, others, floating = self._split(key, leaves)
        forward = self.graph(key)[0]
        if self.graph(key)[2].shape == () and _is_one(cotangent):
            in_dtype = lambda dtype: self.seeded(_retyped(key, dtype))[0]  # noqa: E731
            with self._solving_at(key, leaves):
                grads = self._held(self.seeded(key)[0], leaves, forward, in_dtype, key).run(floats + others)[1:]
        else:  # any other cotangent runs through the VJP, rounding as JAX's own VJP with it does
            in_dtype = lambda dtype: self.backward_program(_retyped(key, dtype))[0]  # noqa: E731
            program = self._held(self.backward_program(key)[0], leaves, forward, in_dtype, key)
            with self._solving_at(key, leaves):
                grads = program.run(floats + others + [cotangent])[1:]
        return self._per_argument(key, leaves, floating, iter(grads))

    def _per_argument(self, key, leaves, floating, grads):
        out = [next(grads) if f else np.zeros(np.shape(raw(leaf))) for leaf, f in zip(leaves, floating)]
        if self._layout(key)[1]:
            return tuple(out)
        import jax  # lazy: only a JAX target loads JAX

        return tuple(jax.tree_util.tree_unflatten(key[0], out))

    # -- JAX's own numbers
    def own(self, args, cotangent):
        """JAX's value and VJP, from the program XLA compiled (one call gives both).

        A function returning a number, asked for its value or its gradient
        (a cotangent of 1), runs ``jax.jit(jax.value_and_grad(f))``'s program;
        a Jacobian's rows (another cotangent) run the jitted VJP.
        """
        key, leaves = self.key(args)
        shape = self.graph(key)[2]
        seeded = shape.shape == () and (cotangent is None or np.asarray(cotangent) == 1)
        floats, others, floating = self._split(key, leaves)
        if seeded:
            try:
                value, grads = self._seeded_numbers(args, key, floats, others)
            except (ValueError, NotImplementedError) as error:
                if cotangent is not None or getattr(error, "no_derivative", None) is None:
                    raise
                return self._value_alone(key, leaves), None  # JAX computes the value it cannot differentiate
        else:
            compiling = self.program(key, False)
            self._ahead(key)
            with self._x64(key[1]), _user_errors(self.text):
                compiled = self._compiled(("vjp", key), compiling)
            seed = np.ones(shape.shape, shape.dtype) if cotangent is None else np.asarray(cotangent, dtype=shape.dtype)
            value, grads = self._ran(key, compiled, (floats, others, seed), args)
        if cotangent is None:
            return value, None
        return value, self._per_argument(key, leaves, floating, iter(grads))

    def _value_alone(self, key, leaves):
        """JAX's value of the function at ``leaves``, its forward program alone jitted (a NumPy array): the value of a
        function whose gradient JAX cannot take.

        Compiled once per ``key`` and kept with the bridge as XLA's executable: every point of a sweep asks for
        its value, and each point's failed trace of the gradient empties JAX's caches (`jax_modes.afresh`), so a
        jitted function would be traced and compiled again at every point.
        """
        import jax  # lazy: only a JAX target loads JAX
        from jax.extend.core import jaxpr_as_fun  # lazy: only a JAX target loads JAX

        closed = self.graph(key)[3]
        avals = [v.aval for v in closed.jaxpr.invars]
        with self._x64(key[1]), _user_errors(self.text):
            what = ("value", key)
            if what not in self.compiled:
                specs = [jax.ShapeDtypeStruct(a.shape, a.dtype) for a in avals]
                self.compiled[what] = compiled(jax.jit(jaxpr_as_fun(closed)).lower(*specs))
            # an executable takes exactly the types it was compiled for: numbers as arrays of them, keys as they are
            typed = [leaf if jax.dtypes.issubdtype(a.dtype, jax.dtypes.extended) else np.asarray(leaf, dtype=a.dtype)
                     for leaf, a in zip(leaves, avals)]
            return np.asarray(self.compiled[what](*typed)[0])

    def _seeded_numbers(self, args, key, floats, others):
        """``value_and_grad``'s program at these arguments: ``(value, [gradient per float leaf])``, NumPy arrays.

        The checker asks for a point's value and then, with a cotangent of 1,
        for its gradient; the point's note on XLA's rewrites
        (`compiled_otherwise`) and the explanation of an inaccurate point (a
        recorded run, asked after other points) ask again: one run of the
        program gives them all, so a later ask of the same numbers at the same
        key reads the first one's (`seeded_runs`) instead of running XLA's
        program again (XLA's program is a function of its inputs' bits).
        """
        numbers = _numbers_of(floats, others)
        at = (key, tuple(numbers))
        found = self.seeded_runs.get(at)
        if found is not None:
            return found
        compiling = self.program(key, True)
        self._ahead(key)
        with self._x64(key[1]), _user_errors(self.text):
            compiled = self._compiled(("seeded", key), compiling)
        found = self._ran(key, compiled, (floats, others), args)
        size = sum(len(data) for _, _, data in numbers)
        if len(self.seeded_runs) >= _RUNS_KEPT or self.seeded_bytes + size > _RUNS_KEPT_BYTES:
            self.seeded_runs.clear()  # a sweep's points are many: those of the last few checks are the ones asked again
            self.seeded_bytes = 0
        self.seeded_runs[at] = found
        self.seeded_bytes += size
        return found

    def _ran(self, key, compiled, inputs, args):
        """``(value, [gradient, ...])`` of XLA's ``compiled`` program (a point's, at ``key``) on ``inputs``, NumPy
        arrays, waiting at most what --max-time leaves (`own_time`; the compilation is awaited before: it ends)."""

        def run():
            with self._x64(key[1]), _user_errors(self.text):
                value, grads = compiled(*inputs)
                return np.asarray(value), [np.asarray(g) for g in grads]  # JAX's dispatch is asynchronous: wait here

        return run_bounded(run, lambda: self.own_call_named(args))

    def program(self, key, seeded=True, leaves=None):
        """JAX's compiled program at ``key`` (a `_Compiling`): ``value_and_grad``'s if ``seeded``, else the VJP's;
        its lowering and XLA compilation started at the first ask (``leaves``: the arguments `expect` was told of)."""
        what = ("seeded" if seeded else "vjp", key)
        found = self.compiled.get(what)
        if found is None:
            closed, traced = (self.seeded(key) if seeded else self.backward_program(key))[1:]
            with self._x64(key[1]), _user_errors(self.text):
                digest = _digest(closed, False)
                found = self.compiled[what] = _kept(digest, lambda: self._start(traced, digest, key, "point", leaves))
        return found

    def _start(self, traced, digest, key, group, leaves=None):
        """The compilation of ``traced`` (a jitted program traced at ``key``): a `_Part` of the joint compilation of
        ``group`` that `expect` is gathering (``leaves``: the arguments it was told of), or a `_Compiling` of its own.

        Point programs and vectorised ones are joined apart: each call of a
        joint program runs all its parts, and a point's call, thousands in a
        sweep, would pay for ranges of 128 points (267 us a call instead of 67).
        """
        joining = self.joining
        if joining is not None and _joinable(traced):
            point = None
            if leaves is not None:
                floats, others, _ = self._split(key, [np.asarray(raw(leaf)) for leaf in leaves])
                point = floats + others
            part = _Part(traced, digest, any(dtype == np.float64 for _, dtype in key[1]), point)
            joining.setdefault(group, []).append(part)
            return part
        return _Compiling(traced.lower(), digest)

    def _compiled(self, what, compiling):
        """``compiling``'s program (``what`` names it in `compiled`), once XLA is done; a failed one is forgotten,
        so the next ask compiles afresh."""
        try:
            return compiling.result()
        except BaseException:
            if self.compiled.get(what) is compiling:
                del self.compiled[what]
            raise

    def _ahead(self, key):
        """While XLA compiles the first program asked for in a dtype narrower than float64, float64's traces.

        For a caller that did not say what it will ask (`expect`): the exact
        reference replays the float64 graphs whatever the dtypes, so tracing
        them now costs nothing a check would not pay. Float64's XLA compilation
        is not started: only a check that asks for float64's numbers pays for it.
        """
        if self.ahead_done:
            return
        self.ahead_done = True
        wide = _retyped(key, np.float64)
        if wide != key:
            _quietly(self._traced_for_reference, wide)

    # -- work ahead: what a check or a sweep will ask for, told before it asks
    def expect(self, arg_lists, dtypes, batched=()):
        """Start now what a check or a sweep will ask for: JAX's numbers at each of ``arg_lists`` (the function's
        arguments at each point) in each of ``dtypes``, and ``batched``'s `vectorised` calls (``(dtype, points)``
        pairs: a range of that many points shaped as these arguments).

        Each program those asks need is traced and lowered here, in the order
        they come (a sweep's ranges, then point by point, dtype by dtype), and XLA compiles it
        in a thread of its own while the checker works on (the exact reference,
        the differences); float64's graphs, which the exact reference replays
        in any case, are traced too. A dtype not asked for compiles nothing.
        Work ahead raises nothing: an error is met again, and reported as ever,
        where the check asks for that work.
        """
        self.ahead_done = True  # the float64 graphs are among what is traced here
        if self._all_started(arg_lists, dtypes, batched):
            return
        self.joining = {}
        try:
            self._expected(arg_lists, dtypes, batched)
        finally:
            groups, self.joining = self.joining, None
            for parts in groups.values():
                _quietly(_join, parts)

    def _all_started(self, arg_lists, dtypes, batched):
        """Whether every program ``expect`` is told of is already started (a sweep's many checks tell the same ones).

        Looked up by the arguments' types alone, in every dtype told of
        (whether or not a dtype holds a point, which only decides whether a
        program is started); anything not found takes `expect`'s whole path.
        """
        if batched:
            return False
        for args in arg_lists:
            try:
                key, _ = self.key(tuple(args))
            except Exception:  # noqa: BLE001 - the whole path meets it, and says it where the check asks
                return False
            for dtype in dtypes:
                typed = _retyped(key, dtype)
                graph = self.graphs.get(typed and _typed(typed))
                if typed is None or graph is None or ("seeded" if graph[2].shape == () else "vjp", typed) not in self.compiled:
                    return False
            wide = _retyped(key, np.float64)
            if wide not in self.seeds and wide not in self.backwards:
                return False
        return True

    def _expected(self, arg_lists, dtypes, batched):
        """`expect`'s work: each program traced, and its compilation started or gathered (`joining`)."""
        asked, replayed, told = [], [], {}
        for args in arg_lists:
            try:
                key, leaves = self.key(tuple(args))
            except Exception:  # noqa: BLE001 - met again where the check needs it, and said there
                continue
            here = [typed for typed in (_retyped(key, d) for d in dtypes if _holds(leaves, d)) if typed is not None]
            asked += here
            replayed.append(_retyped(key, np.float64))
            for typed in here + replayed[-1:]:
                told.setdefault(typed, leaves)
        for dtype, points in batched if replayed else ():  # a sweep asks for these first
            typed = _retyped(replayed[0], dtype)
            if typed is not None:
                _quietly(self._batched_program, typed, _bucket(points), told.get(replayed[0]))
        if "vmap" in self.joining:  # the ranges compile from now on, while the point programs are traced
            _quietly(_join, self.joining.pop("vmap"))
        for typed in dict.fromkeys(asked):
            _quietly(lambda: self.program(typed, self.graph(typed)[2].shape == (), told.get(typed)))
        if "point" in self.joining:  # XLA starts on them before the float64 reference's traces (a float32 check's)
            _quietly(_join, self.joining.pop("point"))
        for typed in dict.fromkeys(replayed):
            _quietly(self._traced_for_reference, typed)

    def _traced_for_reference(self, key):
        """The graphs the exact reference replays at ``key`` (float64's), traced and not compiled."""
        if self.graph(key)[2].shape == ():
            self.seeded(key)
        else:
            self.backward_program(key)

    def vectorised(self, arrays, dtype):
        """Values and gradients at every point of a sweep in one call of JAX's ``value_and_grad`` under
        ``jax.vmap``: ``(values, gradients)``, one gradient per argument shaped as it, with the points first;
        None for a dtype JAX lacks.

        ``arrays`` are the function's arguments (arrays or trees of them: a
        parameter tree held, data) with the points along the first axis of
        every leaf. Every leaf is mapped over, held ones too (a held leaf
        passed once, unmapped, lets XLA reorder the arithmetic that mixes it
        with a mapped one: float32 numbers that differ from the per-point
        program's in the last bit); a range whose leaves would exceed
        `_MAPPED` numbers raises ValueError, and the sweep goes point by point.

        In a dtype JAX lacks (longdouble), the replayed graphs' values and
        gradients over the whole range where they are elementwise by
        construction (`_replayed_range`), else None.
        """
        import jax  # lazy: only a JAX target loads JAX

        dtype = np.dtype(dtype)
        if dtype not in _FRAMEWORK_FLOATS:
            try:
                return self._replayed_range(arrays, dtype)
            except Exception:  # noqa: BLE001 - not replayable as one range: the sweep's general path decides
                return None
        columns, tree = jax.tree_util.tree_flatten(tuple(arrays))
        columns = [np.asarray(c) for c in columns]
        size = len(columns[0])
        bucket = _bucket(size)
        if sum(c[0].size for c in columns) * bucket > _MAPPED:
            raise ValueError("too large to map over every point at once: evaluated per point")
        key, _ = self.key(tuple(jax.tree_util.tree_unflatten(tree, [_in(c[0], dtype) for c in columns])))
        if any(np.any(columns[i] != columns[i][:1]) for i, *_ in key[3]):
            raise ValueError("a leaf the Python reads differs between points, each its own trace: evaluated per point")
        compiling = self._batched_program(key, bucket)
        floats, others, floating = self._split(key, [_padded(_in(c, dtype), bucket) for c in columns])
        with self._x64(key[1]), _user_errors(self.text):
            compiled = self._compiled(("vmap", key, bucket), compiling)

        def run():
            with self._x64(key[1]), _user_errors(self.text):
                return [np.asarray(out) for out in compiled(floats, others)]  # asynchronous dispatch: wait here

        def named():  # one point's call named, for the range's
            call, more = self.own_call_named(tuple(jax.tree_util.tree_unflatten(tree, [c[0] for c in columns])))
            return call.replace(" (jax.value_and_grad", f" over {size} points (jax.vmap of jax.value_and_grad", 1), more

        value, *grads = run_bounded(run, named)
        grads = iter([np.asarray(g)[:size] for g in grads])
        at_points = [np.zeros((size,) + c.shape[1:]) for c in columns]
        return np.asarray(value)[:size], self._per_argument(key, at_points, floating, grads)

    def replayed_range(self, arrays, dtype):
        """The mathematics over a whole range in ``dtype`` (a sweep's wider reference, longdouble or float64): the
        forward graph replayed once on the range and differentiated by gradcli's own rules, custom rules by their
        primal as the exact reference takes them (`Bridge.replayed_range`); None where the forward graph is not
        elementwise by construction."""
        try:
            return self._replayed_range(arrays, dtype, primal=True)
        except Exception:  # noqa: BLE001 - not replayable as one range: the sweep's general path decides
            return None

    def _replayed_range(self, arrays, dtype, primal=False):
        """``vectorised``'s answer in ``dtype``, a dtype JAX lacks: the forward graph and JAX's backward graph
        replayed once on the whole range, or None where those graphs are not elementwise by construction;
        ``primal``: the forward graph alone, its gradient by gradcli's VJP (`replayed_range`).

        Every leaf must be one number per point, and the graphs traced on the
        range (padded to `_bucket`'s size, so a sweep's many sizes share one
        trace) must be `pointwise` with a result per point: then each point's
        numbers are those of the graphs replayed at that point alone, and the
        sweep need not compare the two (a Python function's range run may not
        be). These are the very replays the sweep's general path makes of the
        range (the forward graph, then the VJP with a cotangent of ones).
        """
        import jax  # lazy: only a JAX target loads JAX

        columns, tree = jax.tree_util.tree_flatten(tuple(arrays))
        columns = [np.asarray(c) for c in columns]
        size = len(columns[0])
        if any(c.shape != (size,) for c in columns):
            return None
        bucket = _bucket(size)
        key, leaves = self.key(tuple(jax.tree_util.tree_unflatten(tree, [_padded(_in(c, dtype), bucket) for c in columns])))
        if key[3]:  # the Python reads a leaf's number: one trace per point's numbers
            return None
        found = self.pointwise.get((key, primal))
        if found is None:
            _, _, shape, closed = self.graph(key)
            found = shape.shape == (bucket,) and pointwise(closed)
            found = self.pointwise[key, primal] = found and (primal or pointwise(self.backward_program(key)[1]))
        if not found:
            return None
        floats, others, floating = self._split(key, leaves)
        forward = self.graph(key)[0]
        if primal:
            value, grads = self._differentiated(forward, leaves, floating, np.ones(bucket, dtype))
        else:
            value = forward.run(leaves)[0]
            grads = self.backward_program(key)[0].run(floats + others + [np.ones(bucket, dtype)])[1:]
        grads = iter([np.asarray(g)[:size] for g in grads])
        return np.asarray(value)[:size], self._per_argument(key, [np.zeros(size) for _ in columns], floating, grads)

    @staticmethod
    def _differentiated(program, leaves, floating, cotangent):
        """``program``'s value at ``leaves`` and its VJP with ``cotangent`` by gradcli's own rules, one gradient
        per float leaf (the others held as data)."""
        positions = [i for i, f in enumerate(floating) if f]

        def of_floats(*floats):
            given = list(leaves)
            for i, value in zip(positions, floats):
                given[i] = value
            return program.run(given)[0]

        value, pullback = vjp(of_floats, *[leaves[i] for i in positions])
        return value, pullback(cotangent)

    def _batched_program(self, key, bucket, leaves=None):
        """``value_and_grad``'s program at ``key`` under ``jax.vmap``, for ``bucket`` points (a `_Compiling`;
        ``leaves``: a point `expect` was told of)."""
        what = ("vmap", key, bucket)
        found = self.compiled.get(what)
        if found is None:
            import jax  # lazy: only a JAX target loads JAX
            from jax.extend.core import jaxpr_as_fun  # lazy: only a JAX target loads JAX

            closed = self.seeded(key)[1]
            evaluate = jaxpr_as_fun(closed)
            floats, others, _ = self._split(key, [jax.ShapeDtypeStruct((bucket,) + s, d) for s, d in key[1]])

            def batched(floats, others):
                return jax.vmap(lambda f, o: evaluate(*f, *o))(floats, others)

            with self._x64(key[1]), _user_errors(self.text):
                digest = (_digest(closed, True), bucket)
                found = self.compiled[what] = _kept(digest, lambda: self._start(jax.jit(batched).trace(floats, others), digest, key, "vmap", leaves))
        return found


# JAX's errors for what it cannot differentiate in reverse mode: (what it says, the primitive, what gradcli says).
_UNDIFFERENTIATED = (
    ("Reverse-mode differentiation does not work for lax.while_loop", "while",
     "JAX cannot differentiate a lax.while_loop (or a lax.fori_loop whose bounds are traced) in reverse mode, so "
     "this function has no gradient of JAX's to check: give the loop a fixed trip count (lax.scan, or "
     "lax.fori_loop with Python int bounds); JAX's forward mode (jax.jacfwd) can differentiate it as written"),
    ("scatter_mul gradients are only implemented if", "scatter-mul",
     "JAX cannot differentiate x.at[indices].multiply(updates) (lax.scatter_mul) in reverse mode where indices may "
     "repeat, so this function has no gradient of JAX's to check: pass unique_indices=True to .at[...].multiply "
     "where the indices are distinct, or multiply by a product gathered per place (jax.ops.segment_prod)"),
)


# JAX's errors for an op it computes but cannot differentiate (in some of its arguments): what it says, the primitive
# (None: the one its message names) and what to do. A check of such a function is an error naming the op and its line.
_IN_THE_OTHERS = ("check the function in its other arguments alone (--wrt, or wrt= in Python), which holds this one "
                  "as data")
_NO_DERIVATIVE = (
    (re.compile(r"Differentiation rule for '(?P<primitive>\w+)' not implemented"), None, ""),
    (re.compile(r"Betainc gradient with respect to a and b not supported(?P<primitive>)"), "regularized_incomplete_beta",
     "JAX differentiates betainc(a, b, x) in x alone: " + _IN_THE_OTHERS.replace("this one", "a and b")),
    (re.compile(r"polygamma gradient with respect to m is not supported(?P<primitive>)"), "polygamma",
     "JAX differentiates polygamma(n, x) in x alone: " + _IN_THE_OTHERS.replace("this one", "n")),
)
# Primitives whose lax function has another name.
_LAX_SPELLINGS = {"regularized_incomplete_beta": "betainc"}


def _reading_floats(closed, floating):
    """The equations of ``closed`` (a ``ClosedJaxpr``, its inputs differentiated where ``floating`` says so) that read
    a value computed from those inputs, in order; a nested jaxpr's equations all count where its call reads one."""
    moving = {v for v, f in zip(closed.jaxpr.invars, floating) if f}
    found = []
    for eqn in closed.jaxpr.eqns:
        if any(not hasattr(v, "val") and v in moving for v in eqn.invars):
            moving.update(eqn.outvars)
            alone = SimpleNamespace(jaxpr=SimpleNamespace(eqns=[eqn]))  # `every_equation` walks this one equation's nest
            found.extend(every_equation(alone))
    return found


def _traced_on(closed, out_tree, *args):
    """``closed`` (a traced jit's closed jaxpr, its constants the bridge's own copies) jitted and traced again at
    ``args``, giving ``out_tree``'s structure: the same program, holding no conversion of the user's arrays
    that jaxlib would hand to a trace in the other precision mode (`jax_modes`)."""
    import jax  # lazy: only a JAX target loads JAX
    from jax.extend.core import jaxpr_as_fun  # lazy: only a JAX target loads JAX

    run = jaxpr_as_fun(closed)

    def program(*given):
        return jax.tree_util.tree_unflatten(out_tree, run(*jax.tree_util.tree_leaves(given)))

    return jax.jit(program).trace(*args)


def _quietly(work, *args):
    """``work(*args)`` ahead of its need: an error is dropped here, met again where the check asks for that work,
    and reported there as ever."""
    try:
        work(*args)
    except Exception:  # noqa: BLE001 - met again where the check needs it, and said there
        pass


_RUNS_KEPT = 1024  # `seeded_runs` of points at most: a sweep's checks ask again within a few dozen points
_RUNS_KEPT_BYTES = 1 << 22  # and of arguments' bytes at most: a point of big arrays is kept alone


def _numbers_of(floats, others):
    """What says two calls passed the same numbers: each leaf's dtype, shape and bytes."""
    out = []
    for leaf in floats + others:
        array = np.asarray(raw(leaf))
        out.append((array.dtype.str, array.shape, array.tobytes()))
    return out


def _in(array, dtype):
    """``array`` in ``dtype`` if it holds floats (data, integers and masks, stay as they are)."""
    return array.astype(dtype, copy=False) if array.dtype.kind == "f" else array


def _bucket(size):
    """The number of points a vectorised call of ``size`` points is padded to: a power of two, 128 at least, so
    a sweep's many sizes (its bisections ask for a few points at a time) share one compilation."""
    return max(128, 1 << max(size - 1, 0).bit_length())


_MAPPED = 1 << 24  # numbers a vectorised call may pass (its leaves times its points) before a sweep goes point by point
def _padded(array, bucket):
    """``array`` padded with its last point to ``bucket`` points (see `_bucket`)."""
    if len(array) == bucket:
        return array
    return np.concatenate([array, np.repeat(array[-1:], bucket - len(array), axis=0)])


def _kept_refusal(error):
    """A copy of ``error`` (a failed trace's) to raise again, its user's line kept as ``raised_at`` (where a check
    reads the line it names) and its traceback left behind, whose frames would keep JAX's conversions alive; None
    where the failure may not repeat (memory, recursion depth, a call the clock stopped) or the copy would not say
    what ``error`` says (an error class whose arguments are not its message)."""
    if isinstance(error, (MemoryError, RecursionError, OwnCallStopped)):
        return None
    try:
        kept = copy.copy(error)
    except Exception:  # noqa: BLE001 - an error class that cannot be made again from its arguments: not kept
        return None
    if type(kept) is not type(error) or str(kept) != str(error):
        return None
    if getattr(kept, "raised_at", None) is None:
        found = innermost_users(error.__traceback__, outside_python_and_gradcli)
        if found is not None:
            kept.raised_at = (found[0].f_code.co_filename, found[1])
    return kept


class _user_errors:
    """JAX's tracing errors in a user's function (a Python ``if`` on a traced value) as one clear InputError;
    ``data``: whether leaves JAX does not differentiate were traced too, so that a concrete read may be of theirs
    (the error is marked ``concrete_read``, and `_Captured.key` traces again with them as numbers)."""

    def __init__(self, text, data=False):
        self.text, self.data = text, data

    def __enter__(self):
        return self

    def __exit__(self, kind, error, tb):
        if kind is None or not issubclass(kind, Exception) or isinstance(error, InputError):
            return False
        module = type(error).__module__ or ""
        if module.startswith("jax") and (found := math_call_advice(tb, _users_file, "jax.numpy", "jnp")) is not None:
            raise InputError(f"{found[0]}: {found[1]}", text=found[0]) from None
        if module.startswith("jax"):
            first = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
            users = innermost_users(tb, _users_file)
            at = f" at {users[0].f_code.co_filename}:{users[1]}" if users is not None else ""
            concrete = any(kind.__name__ in _CONCRETE_READS for kind in type(error).__mro__)
            why = _CONCRETE if concrete else ""
            said = InputError(f"JAX could not trace {self.text}{at}: {type(error).__name__}: {first}{why}",
                              text=self.text)
            said.concrete_read = concrete and self.data
            said.concrete = concrete
            raise said from None
        return False


# JAX's errors for Python reading a traced value's number: int(n), range(n), an if, np.asarray(n), x[mask].
_CONCRETE_READS = ("ConcretizationTypeError", "TracerIntegerConversionError", "TracerArrayConversionError",
                   "NonConcreteBooleanIndexError")
# What a concrete number read from a differentiated argument (int(x), a Python if) needs, said after JAX's error.
_CONCRETE = (": Python reads the value of an argument that is differentiated there, which jax.grad traces as "
             "jax.jit does (the user's own jax.grad of this function fails the same way); hold that argument as "
             "data (--wrt naming the others, wrt= in Python), so that it is handed as a number, as jax.grad(f, "
             "argnums) hands it, or read it with jax.numpy (jnp.where for an if)")
