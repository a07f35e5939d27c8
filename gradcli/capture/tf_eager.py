"""How the TensorFlow bridge runs TensorFlow eagerly: one op at a time, numbers as tensors, graphs as eager code runs them.

The doors used here are TensorFlow's own inner ones (its C entry for an op,
its quick conversion of a number), each the one TensorFlow's public calls end
at, taken because the public ones cost several times more per call in a check
that makes thousands of them.
"""

from __future__ import annotations

import os
import sys
import types
from contextlib import contextmanager

import numpy as np

from ..folders import installed_package_file
from .flushing import TINY


@contextmanager
def as_written(tf, eager):
    """Run a graph as eager code runs (no Grappler rewrites: log(1 + x) stays log(1 + x), not log1p) for an eager function.

    ``tf.vectorized_map`` runs a graph; a function the user wrote eagerly is
    under test as eager code computes it, so its sweep must not see what
    TensorFlow's graph optimiser makes of it. A ``tf.function`` is compiled
    in both and keeps the optimiser. The optimiser is turned off for this
    thread's function calls only (their call options, which carry it), not in
    TensorFlow's configuration: changing that makes TensorFlow rebuild its
    options at each call, and would be seen by the user's own code meanwhile.
    """
    if not eager:
        yield
        return
    from tensorflow.python.eager import context  # lazy: TensorFlow's; its call options have no public door

    current = context.context()
    saved = current.function_call_options
    current.function_call_options = _without_rewrites(context, saved)
    try:
        yield
    finally:
        current.function_call_options = saved


_UNREWRITTEN = {}  # the call options' serialised configuration -> the same with Grappler turned off


# Keras 3's own door to a loss's graph-only shortcut: a softmax's (sigmoid's) output in a graph is traded for the
# logits of its op, which an eager tensor has no op to give.
_KERAS_LOGITS = "keras.src.backend.tensorflow.nn"


@contextmanager
def keras_as_eager(tf, eager):
    """While a trace of a function the user runs eagerly lasts, Keras' losses read a softmax or sigmoid output as eagerly.

    A Keras cross-entropy on probabilities looks, in a graph, for the Softmax
    (Sigmoid) op that made them and takes its logits instead: log_softmax,
    no clip. Eagerly the tensor has no op, and the loss clips the
    probabilities to [eps, 1 - eps] and takes their log. The trace is a
    graph; the user's run is eager: the trace must compute what that run
    does, so in the trace's own graph (and its branches and loop bodies) the
    shortcut is taken only where eager code takes it too (a tensor Keras marked
    with its logits). A
    ``tf.function`` nested in the user's code builds its own graph and keeps
    Keras' graph behaviour, as in the user's run.
    """
    module = sys.modules.get(_KERAS_LOGITS)
    original = getattr(module, "_get_logits", None)
    if not eager or original is None:
        yield
        return
    traced = tf.compat.v1.get_default_graph()

    def get_logits(output, from_logits, op_type, fn_name):
        if not _within(tf.compat.v1.get_default_graph(), traced) or hasattr(output, "_keras_logits"):
            return original(output, from_logits, op_type, fn_name)
        return output, from_logits

    module._get_logits = get_logits
    try:
        yield
    finally:
        module._get_logits = original


@contextmanager
def eager_answers(tf, eager, users, namespaces=(), functions=()):
    """While a trace of a function the user runs eagerly lasts, the user's own code asking TensorFlow whether it runs
    eagerly (``tf.executing_eagerly()``, ``tf.inside_function()``) in the trace's own graph, or in a branch or loop
    body built in it (`_within`), is answered as in the eager run, so the trace takes the branch that run takes.

    ``users(filename)``: whether a file is the user's. TensorFlow's and
    Keras' own code, and a ``tf.function`` nested in the user's (its own
    graph), are answered truly: they build the graph's operations.
    ``namespaces``: the globals of the user's function; the names the user's
    modules bound to these functions at import (``from tensorflow import
    executing_eagerly``, ``eager = tf.executing_eagerly``) are answered the same
    way, in those globals and in the user's modules they reach (`_users_modules`), and so are the closure cells and
    parameters' defaults of ``functions`` (the user's function) and of the user's functions those modules, cells and
    defaults hold (`_bound_cells`: ``ask = tf.executing_eagerly`` in the function that made the one under test;
    `_bound_defaults`: ``def f(x, eager=tf.executing_eagerly)``, a keyword-only one too).
    """
    if not eager:
        yield
        return
    traced = tf.compat.v1.get_default_graph()
    asked, inside = tf.executing_eagerly, tf.inside_function

    def users_in_trace():
        if not _within(tf.compat.v1.get_default_graph(), traced):
            return False
        caller = sys._getframe(2)
        while caller is not None and _AUTOGRAPH in caller.f_code.co_filename:  # autograph's call of the user's call
            caller = caller.f_back
        return caller is not None and users(caller.f_code.co_filename)

    def executing_eagerly():
        return True if users_in_trace() else asked()

    def inside_function():
        return False if users_in_trace() else inside()

    answered = {id(asked): executing_eagerly, id(inside): inside_function}
    module_globals = _users_modules(namespaces, users)
    bound = _bound_names(answered, module_globals)
    reached = _reached_functions(answered, [*functions, *(v for names in module_globals for v in list(names.values()))], users)
    cells, defaults = _bound_cells(answered, reached), _bound_defaults(answered, reached)
    tf.executing_eagerly, tf.inside_function = executing_eagerly, inside_function
    for namespace, name, _ in bound:
        namespace[name] = answered[id(namespace[name])]
    for cell, original in cells:
        cell.cell_contents = answered[id(original)]
    for function, positional, keywords in defaults:
        function.__defaults__, function.__kwdefaults__ = _answering(answered, (positional, keywords))
    try:
        yield
    finally:
        tf.executing_eagerly, tf.inside_function = asked, inside
        for namespace, name, original in bound:
            namespace[name] = original
        for cell, original in cells:
            cell.cell_contents = original
        for function, positional, keywords in defaults:
            function.__defaults__, function.__kwdefaults__ = positional, keywords


_AUTOGRAPH = f"{os.sep}autograph{os.sep}"  # autograph's own modules, which call a function for the converted code

# The graphs TensorFlow builds a conditional's branches (tf.cond, tf.switch_case, autograph's `if` on a tensor) and a
# loop's condition and body in: code the user's run executes eagerly in place, unlike a nested tf.function's graph.
_CONTROL_FLOW_GRAPHS = {"CondBranchFuncGraph", "WhileCondFuncGraph", "WhileBodyFuncGraph"}


def _within(graph, traced):
    """Whether ``graph`` is ``traced`` or a branch or loop body built inside it (through such graphs alone)."""
    while graph is not traced:
        if type(graph).__name__ not in _CONTROL_FLOW_GRAPHS:
            return False
        graph = getattr(graph, "outer_graph", None)
    return True


def _users_modules(namespaces, users, depth=3):
    """The globals of the user's modules the function reaches (``namespaces``, its own globals, then the modules those
    hold or whose functions and classes they hold, ``depth`` steps on), never an installed package's (site-packages
    holds libraries whose own calls must get TensorFlow's true answer)."""
    found, todo = {}, list(namespaces)
    for namespace in todo:
        found[id(namespace)] = namespace
    for _ in range(depth):
        reached = []
        for namespace in todo:
            for value in list(namespace.values()):
                module = value if isinstance(value, types.ModuleType) else sys.modules.get(getattr(value, "__module__", None) or "")
                held = getattr(module, "__dict__", None)
                if held is None or id(held) in found:
                    continue
                filename = held.get("__file__")
                if isinstance(filename, str) and not installed_package_file(filename) and users(filename):
                    found[id(held)] = held
                    reached.append(held)
        todo = reached
    return list(found.values())


def _bound_names(answered, namespaces):
    """``[(namespace, name, original)]``: each name of ``namespaces`` (distinct dicts, `_users_modules`') bound to a
    function whose id is a key of ``answered``."""
    return [(namespace, name, value) for namespace in namespaces for name, value in list(namespace.items())
            if id(value) in answered]


def _reached_functions(answered, values, users, depth=3):
    """The user's functions among ``values`` and those their closure cells and defaults hold (``depth`` steps on); a
    function of a file not the user's (``users(filename)``) is never looked into, and a ``tf.function``'s wrapper only
    through its Python function. A value that is a key of ``answered`` is not walked into."""
    found, seen, todo = [], set(), list(values)
    for _ in range(depth):
        reached = []
        for value in todo:
            function = value
            if not isinstance(function, types.FunctionType):  # a tf.function: the user's Python it traces; else none
                if getattr(type(value), "python_function", None) is None:
                    continue
                function = value.python_function
            code = getattr(function, "__code__", None)
            if code is None or id(function) in seen or not users(code.co_filename):
                continue
            seen.add(id(function))
            found.append(function)
            for held in [*_filled(function), *_defaults_of(function)]:
                if held is not None and id(held) not in answered:
                    reached.append(held)
        todo = reached
    return found


def _defaults_of(function):
    """The default values of ``function``'s parameters, positional and keyword-only."""
    return [*(function.__defaults__ or ()), *(function.__kwdefaults__ or {}).values()]


def _bound_cells(answered, functions):
    """``[(cell, original)]``: each closure cell of ``functions`` bound to a function whose id is a key of ``answered``."""
    return [(cell, held) for function in functions for cell, held in zip(function.__closure__ or (), _filled(function))
            if held is not None and id(held) in answered]


def _filled(function):
    """Each closure cell's value, None for a cell not yet filled (one per cell, in order)."""
    values = []
    for cell in function.__closure__ or ():
        try:
            values.append(cell.cell_contents)
        except ValueError:
            values.append(None)
    return values


def _bound_defaults(answered, functions):
    """``[(function, its defaults, its keyword-only defaults)]``: each of ``functions`` a parameter's default of which
    is a function whose id is a key of ``answered`` (``def f(x, eager=tf.executing_eagerly)``)."""
    return [(function, function.__defaults__, function.__kwdefaults__) for function in functions
            if any(id(value) in answered for value in _defaults_of(function))]


def _answering(answered, defaults):
    """``(positional, keyword-only)`` defaults with each value that is a key of ``answered`` swapped for its answer."""
    positional, keywords = defaults
    swapped = tuple(answered.get(id(value), value) for value in positional) if positional is not None else None
    return swapped, ({name: answered.get(id(value), value) for name, value in keywords.items()} if keywords is not None else None)


def _without_rewrites(context, options):
    """``options`` (TensorFlow's function call options) with the graph optimiser (Grappler) turned off."""
    serialised = options.config_proto_serialized
    unrewritten = _UNREWRITTEN.get(serialised)
    if unrewritten is None:
        from tensorflow.core.protobuf import config_pb2  # lazy: TensorFlow's configuration message

        config = config_pb2.ConfigProto()
        if serialised is not None:
            config.ParseFromString(serialised)
        config.graph_options.rewrite_options.disable_meta_optimizer = True
        unrewritten = _UNREWRITTEN[serialised] = context.FunctionCallOptions(options.executor_type, config)
    return unrewritten


def eager_execute():
    """``execute(op_type, n_outputs, inputs, attrs)``: one TensorFlow operation run eagerly (a `Rerun`'s step)."""
    from tensorflow.python import pywrap_tfe  # lazy: TensorFlow's; the C door its eager ops end at
    from tensorflow.python.eager import context, execute  # lazy: TensorFlow's; the door its generated ops go through

    current = context.context()

    def run(op_type, n_outputs, inputs, attrs):
        return execute.execute(op_type, n_outputs, inputs, attrs, current)

    if execute.execute is not execute.quick_execute:  # op callbacks (tf.debugging) watch each op: TensorFlow's door
        return run
    current.ensure_initialized()
    handle, device = current._handle, current.device_name  # a rerun is one call: no op of it changes the device

    def quick(op_type, n_outputs, inputs, attrs):
        # The C door quick_execute calls, without its Python per op; an error is raised again by TensorFlow's door.
        try:
            return pywrap_tfe.TFE_Py_Execute(handle, device, op_type, inputs, attrs, n_outputs)
        except Exception:  # noqa: BLE001 - TensorFlow's own door raises it as TensorFlow does
            return run(op_type, n_outputs, inputs, attrs)

    return quick


def as_tensor(tf, value):
    """``value`` (an array or number) as an eager tensor of its dtype, by the quick door TensorFlow's own conversions
    use (``tf.constant`` ends there, after a tenth of a millisecond of Python): a float number as a Python float
    (exact: it holds every float32 and float64), anything else as a NumPy array.

    Zeros go as arrays: the door keeps the numbers it made in a cache where 0.0 and -0.0 are one key, so it
    hands back whichever zero came first; an array is never looked up there (a NumPy scalar would be).
    """
    from tensorflow.python.eager import context  # lazy: TensorFlow's eager context the door needs
    from tensorflow.python.framework import constant_op  # lazy: TensorFlow's; its quick door for numbers and arrays

    kind = type(value)
    if kind is not np.float64 and kind is not np.float32:
        value = np.asarray(value)
    tiny = TINY.get(value.dtype) if value.ndim == 0 else None
    if tiny is not None and abs(value) >= tiny:
        return constant_op.convert_to_eager_tensor(float(value), context.context(), tf.as_dtype(value.dtype))
    return constant_op.convert_to_eager_tensor(np.asarray(value), context.context(), None)  # the dtype the array has


def same_bits(a, b):
    """Whether two arrays are the same numbers to the bit: dtype, shape and bytes."""
    a, b = np.asarray(a), np.asarray(b)
    return a.dtype == b.dtype and a.shape == b.shape and a.tobytes() == b.tobytes()
