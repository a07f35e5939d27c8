"""The forward door: primitives, traced values (boxes), traces and hooks.

Every differentiable operation in gradcli is a `Primitive`. Calling one is the
single place where the forward pass happens: it unboxes traced arguments,
computes on raw values (NumPy, plain floats or mpmath numbers), fires the
forward hook, and records a node on the innermost trace. This module knows no
derivative rules (a reverse node only keeps the rule its primitive had when it
was recorded); `core.py` adds reverse and forward mode on top of it.
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import itertools
import math
import os
import sys

import numpy as np

from ..folders import GRADCLI_FOLDER, installed_package_file
from . import buffers
from .values import BOX_TYPES, NUMPY_SCALAR_TYPES, Box, holds_box

__all__ = [
    "Box",
    "Primitive",
    "primitive_of",
    "Trace",
    "TracedValueError",
    "hooks",
    "primitive",
    "nondifferentiable",
    "register_mp_types",
    "is_mp_value",
    "PYTHON_FLOAT_ERRORS",
    "call_with_float64",
    "seen_by",
    "unbox_at",
    "node_numbers",
    "NUMPY_SCALAR_TYPES",
    "NoGradientError",
    "stack_sequences_with",
    "watched_arrays",
]


class _Hooks:
    """Plain callables the checker installs to watch every op; ``None`` means off.

    ``forward(prim, args, kwargs, ans)`` runs after each raw primitive
    evaluation, and what it returns, where not None, stands for ``ans`` (the
    same number computed before: `precision.SameNumbers`); ``backward(node, g, grads)`` runs after each VJP in the backward
    loop. Both are looked up once per call, so leaving them off costs nothing.
    """

    __slots__ = ("forward", "backward")

    def __init__(self):
        self.forward = None
        self.backward = None


hooks = _Hooks()
# {number: as a narrower dtype holds it}: the Python floats the user's code computes as it runs (c = math.sqrt(0.5))
# and hands to ops meeting that dtype's data, which the exact replay of that dtype's program takes as the dtype
# holds them (the checker sets it around that replay, `numbers_held`).
held_numbers = {}
# {id: number}: those of `held_numbers` that are the user's own constants (a literal of their code, a default, a module
# global), held wherever they meet an op, a function of gradcli's they were handed to included (`held_constant`).
held_constants = {}
# While an exact run of a user's Python function is in progress (`constants_exact`): a callable making a plain number
# or float array exact in that run's precision. An op the user's code calls on plain numbers alone (np.log(7.0), the
# log of a constant array) then computes at that precision, as it does on the run's own numbers: a constant the code
# computes with gradcli's ops is the mathematics', never float64's rounding of it held as exact.
exact_constant = None
# While the checker re-judges a value with the program's constants taken as the numbers they round (`constants_meant`):
# a callable ``(float, args) -> the number it stands for, of the kind of args' exact numbers, or None``.
meant_number = None
# While the checker computes an exact reference (`exact_constants.watching`): a record whose ``seen`` an exact run sets
# where the user's code hands an op a float that stands for a constant of mathematics (its ``stands(number)``), so the
# checker asks the program as meant only of a program that has such a constant. Per context: references are computed
# ahead in other threads too.
sightings = contextvars.ContextVar("gradcli_constants_sighted", default=None)
# While a public function that gradcli composes of its own primitives runs its composite (`ops_scipy.scipy_valued`:
# scipy.special.expit as gradcli's sigmoid): (the function's public name, the name of the one primitive it is, or
# None where it is made of several), so that a finding on an op inside it names the function the user called.
_COMPOSING = contextvars.ContextVar("gradcli_composing", default=None)


@contextlib.contextmanager
def composing(public, primitive_name=None, arguments=None):
    """Inside it, the ops run are parts of the public function ``public`` (`composed_in`), called on ``arguments``
    (where given: what a finding on its one primitive shows it called with, not that primitive's own operands)."""
    token = _COMPOSING.set((public, primitive_name, arguments))
    try:
        yield
    finally:
        _COMPOSING.reset(token)


def composed_in():
    """``(public name, its one primitive's name or None, its arguments or None)`` of the composite running now, or
    None (`composing`)."""
    return _COMPOSING.get()


# While an exact run computes one primitive by other ops (`standing_for`): (a token of that call, the primitive, its
# arguments), so that a recording of the run holds the call as the one op a float run records for it.
_STANDING_FOR = contextvars.ContextVar("gradcli_standing_for", default=None)


@contextlib.contextmanager
def standing_for(door, *arguments, **keywords):
    """Inside it, the ops run compute ``door``'s primitive on ``arguments`` another way (the pseudo-inverse of an
    exact run by the normal equations): a recorder holds them as that one op (`stood_for`), whose answer is the last
    of theirs, so that the exact run's ops pair one to one with the float run's, which calls the primitive."""
    token = _STANDING_FOR.set((object(), door.prim, arguments, keywords))
    try:
        yield
    finally:
        _STANDING_FOR.reset(token)


def stood_for():
    """``(token, primitive, arguments, keywords)`` of the `standing_for` block running now, or None."""
    return _STANDING_FOR.get()


def called_as(public, function):
    """``function``, a primitive of another name (np.absolute is gradcli's abs), run as the public function
    ``public`` the user calls (`composing`), so that a finding on its op names that call as written."""
    name = function.prim.name

    @functools.wraps(function)  # (its ``prim`` kept: the catalogue reads the primitive behind a public name)
    def called(*args, **kwargs):
        with composing(public, name):
            return function(*args, **kwargs)

    called.__name__ = called.__qualname__ = public.rpartition(".")[2]
    return called


def named_as_called(names, prefix=""):
    """Each public function of the namespace ``names`` (a dict) that is a primitive of another name made
    `called_as` its own name (``prefix`` before it: "scipy.special."), so that no finding calls it by gradcli's."""
    for public, function in list(names.items()):
        primitive = getattr(function, "prim", None) if callable(function) else None
        if not public.startswith("_") and primitive is not None and getattr(primitive, "name", public) != public:
            names[public] = called_as(prefix + public, function)


class WatchedArray:
    """A plain array a gradient tape watches by identity, and the box that stands for it in ops."""

    __slots__ = ("array", "box", "read", "outer")

    def __init__(self, array, box, outer=None):
        self.array = array
        self.box = box
        self.outer = outer  # an outer tape's watch of the same array, restored when this tape closes
        self.read = False  # whether any op has been handed the box in the array's place


# id(array) -> the innermost active tape's `WatchedArray` for it. TensorFlow's
# ``tape.watch(x)`` marks ``x`` itself and the code goes on computing with ``x``;
# the door swaps such an array for its box. Empty unless a tape watches a plain
# array, and looked up only then, so it costs the fast paths one falsy check.
watched_arrays: dict = {}

_trace_ids = itertools.count(1)

# Numbers the nodes of reverse traces in the order they are made, counting
# down: a node is made after its parents, so the backward pass runs nodes in
# increasing number (a min-heap) to meet every node after all of its consumers.
# Read as next(node_numbers): ~2x cheaper than calling a bound __next__.
node_numbers = itertools.count(-1, -1)


class Trace:
    """One differentiation in progress; nested transforms get higher levels.

    ``level`` orders traces so that ``grad(grad(f))`` keeps the inner and the
    outer perturbation apart. A reverse trace gives ``node_class`` and
    ``box_class``: the door records each op as a node of the one, which is
    also the box of its output, but for an array output, which it hands out
    in a box of the other; it fills their slots itself (see `_record`). Another kind of trace gives ``record(trace, prim, ans, args,
    kwargs, argnums, parents)``, which makes the box of an op's output (a
    value carrying its tangent, in forward mode).
    """

    __slots__ = ("level", "record", "node_class", "box_class", "__weakref__")

    def __init__(self, record=None, node_class=None, box_class=None):
        self.level = next(_trace_ids)
        self.record = record
        self.node_class = node_class
        self.box_class = box_class


class TracedValueError(TypeError):
    """A plain NumPy (or Python) function was handed a traced value."""


class NoGradientError(NotImplementedError):
    """Raised when the backward pass reaches an op that has no gradient rule; ``op`` and ``argument`` (its
    position) name the argument whose rule is missing, where one argument's alone is (polygamma's order)."""

    def __init__(self, message, op=None, argument=None):
        super().__init__(message)
        self.op, self.argument = op, argument


# mpmath number types are registered lazily, so the core never imports mpmath
# unless a high-precision evaluation actually happens.
_MP_TYPES: tuple = ()


# The same types, exactly (no subclass, no box): a call whose arguments are all of these goes straight to the op's
# mpmath implementation (`_make_door`), as `Primitive._on_mpmath` would send it with nothing of theirs to replace.
_MP_SCALAR_TYPES: frozenset = frozenset()


def register_mp_types(*types):
    """Tell the door which types are arbitrary-precision scalars (mpmath's mpf, mpc)."""
    global _MP_TYPES, _MP_SCALAR_TYPES
    _MP_TYPES = tuple(dict.fromkeys(_MP_TYPES + tuple(types)))
    _MP_SCALAR_TYPES = frozenset(t for t in _MP_TYPES if not issubclass(t, Box))


def _holds_mp(seq):
    """Whether a (nested) list or tuple holds an arbitrary-precision number anywhere."""
    return any(isinstance(item, _MP_TYPES) or (type(item) in (list, tuple) and _holds_mp(item)) for item in seq)


def _holds_plain(seq):
    """Whether a (nested) list or tuple holds a plain box (`plain.Plain`: an exact number handed to user code)."""
    return any((isinstance(item, Box) and item._trace is PLAIN) or (type(item) in (list, tuple) and _holds_plain(item))
               for item in seq)


def _plain_gathered(args, a):
    """``args`` with the plain boxes held in ``a``, an object array or a list or tuple among them, gathered into
    plain boxes of their numbers; None where ``a`` holds none. ``np.asarray(x)`` of a plain box holds its numbers
    boxed one by one; a list of them (``[[x, b], [b, 3.0]]``) NumPy would make such an object array of boxes,
    which np.linalg's kernels refuse."""
    if type(a) is _ndarray:
        if a.size and type(a.flat[0]) in BOX_TYPES and a.flat[0]._trace is PLAIN:
            return [gather_plain(b) for b in args]
        return None
    if _holds_plain(a):
        return [_as_traced_array(b) if type(b) in (list, tuple) and holds_box(b) else b for b in args]
    return None


def _exact_array_if_held(value):
    return np.array(value, dtype=object) if isinstance(value, (list, tuple)) and _holds_mp(value) else value


def is_mp_value(value) -> bool:
    """True for an mpmath scalar or an object array holding them."""
    if not _MP_TYPES:
        return False
    if isinstance(value, _MP_TYPES):
        return True
    return isinstance(value, np.ndarray) and value.dtype == object


_FLOAT_ERRORS = (OverflowError, ValueError, ZeroDivisionError)
# What Python's operators raise on plain floats where float64 gives inf or nan.
PYTHON_FLOAT_ERRORS = (OverflowError, ZeroDivisionError)
# Ops whose mpmath implementation is a scalar function applied element by element.
_ELEMENTWISE_KINDS = ("elementwise", "comparison")


class Primitive:
    """The record of an operation: its name, raw implementations and derivative rules.

    ``fun`` computes on NumPy values. ``scalar`` optionally computes on plain
    Python floats (much cheaper than a NumPy scalar round trip); with
    ``scalar_on_numpy`` it is a Python operator, which on NumPy scalars runs
    NumPy's own scalar arithmetic (``fun``'s answer without the ufunc
    machinery), so the door uses it for them too. ``mp`` lets the
    exact reference run the very same program at high precision: for
    elementwise ops it computes one element on mpmath numbers (``True`` until
    `mp.enable` resolves it), for the others it takes whole object arrays.
    ``vjp`` and ``jvp`` are filled in by ``core.defvjp`` / ``core.defjvp``.
    Users call the op through its door, the function `primitive` returns.
    """

    def __init__(
        self,
        fun,
        name=None,
        *,
        scalar=None,
        scalar_on_numpy=False,
        mp=None,
        differentiable=True,
        kind="other",
        opaque=False,
    ):
        self.fun = fun
        self.name = name or fun.__name__
        self.scalar = scalar
        self.scalar_on_numpy = scalar_on_numpy and scalar is not None
        self.mp = mp
        self.differentiable = differentiable
        self.kind = kind
        self.vjp = None  # vjp(g, ans, args, kwargs, argnums) -> cotangents for argnums
        self.vjp_arity = None
        self.jvp = None  # jvp(tangents, argnums, ans, args, kwargs) -> tangent of ans
        # An opaque primitive (a custom gradient) is recorded on the innermost
        # trace only; its ``fun`` runs user code on the values of the outer
        # traces, which record that code's own ops as usual.
        self.opaque = opaque
        self.writes_out = isinstance(getattr(np, self.name, None), np.ufunc)  # NumPy's namesake takes out= and where=
        self.door = door = _make_door(self)
        door.prim, door.__name__, door.__qualname__ = self, self.name, self.name
        door.__doc__, door.__wrapped__ = getattr(fun, "__doc__", None), fun

    def __repr__(self):
        return f"<primitive {self.name}>"

    def __call__(self, *args, **kwargs):
        # Calling the record calls its door; the ops themselves are the doors.
        return self.door(*args, **kwargs)

    def missing_vjp(self, g, ans, args, kwargs, argnums):
        """Stands in for the VJP of an op that has none, so the backward pass says so."""
        raise NoGradientError(
            f"op '{self.name}' has no gradient rule (VJP); it cannot be differentiated"
        )

    def keywords_checked(self, kwargs):
        """``kwargs``, refused with what to write instead where they are NumPy's ``out=`` or ``where=``."""
        if self.writes_out and ("out" in kwargs or "where" in kwargs):
            raise TracedValueError(_NO_OUT.format(name=self.name))
        return kwargs

    def called(self, args, kwargs):
        """``fun`` called on ``args`` with keywords (`keywords_checked`)."""
        return self.fun(*args, **self.keywords_checked(kwargs))

    def evaluate(self, args, kwargs):
        """Compute on raw values that are not all numbers, then fire the forward hook."""
        if kwargs:
            self.keywords_checked(kwargs)
        ans = self._on_mpmath(args, kwargs) if _MP_TYPES and self.mp is not None else self.fun(*args, **kwargs)
        if hooks.forward is not None and (same := hooks.forward(self, args, kwargs, ans)) is not None:
            return same
        return ans

    def _on_mpmath(self, args, kwargs):
        # NumPy, unless mpmath numbers are among the arguments (`is_mp_value`, inlined: this runs per op).
        for a in args:
            if (type(a) is list or type(a) is tuple) and _holds_mp(a):  # NumPy's array_like of exact numbers
                return self._on_mpmath(tuple(_exact_array_if_held(b) for b in args), kwargs)
            if isinstance(a, _MP_TYPES) or (isinstance(a, np.ndarray) and a.dtype == object):
                if held_numbers:
                    args = _held_numbers_in(args)
                if meant_number is not None:
                    args = _meant_numbers_in(args)
                elif (watch := sightings.get()) is not None and not watch.seen:
                    _sighted_in(args, watch)
                if self.kind in _ELEMENTWISE_KINDS:
                    return _mp_apply(self.mp, args, kwargs)
                return self.mp(*args, **kwargs)
        if exact_constant is not None and (lifted := _exact_constants_in(self, args, kwargs)) is not None:
            return self._on_mpmath(lifted, kwargs)
        return self.fun(*args, **kwargs)

    def float_fallback(self, args):
        """NumPy's IEEE answer (inf/nan) where ``scalar`` raised: a float again for Python numbers."""
        for a in args:
            if type(a) is not float and type(a) is not int:
                return self.fun(*args)  # NumPy scalars: as the ufunc answers, warnings and all
        with np.errstate(all="ignore"):
            return float(self.fun(*[np.float64(a) for a in args]))


_NO_OUT = (
    "gradcli.numpy.{name} takes no out= or where=: an array cannot hold a value gradcli differentiates, so nothing can "
    "be written into out; use the value it returns (y = gnp.{name}(x)), and for where= pick with gnp.where "
    "(y = gnp.where(mask, gnp.{name}(x), y), the masked inputs first replaced by safe ones where the op would fail). "
    "Plain NumPy code (import numpy as np) may keep np.{name}(x, out=y, where=mask) as a statement"
)


def primitive(fun, name=None, **options):
    """Make a new primitive and return its door: the function users call, ``.prim`` its record."""
    return Primitive(fun, name, **options).door


def _numbers_door(prim):
    """The door's computation on plain Python numbers: math is ~10x cheaper than a NumPy scalar.

    NumPy scalars too, where ``scalar`` is a Python operator: NumPy's own scalar math.
    """
    scalar = prim.scalar

    def on_numbers(values):
        if exact_constant is not None and (lifted := _exact_constants_in(prim, values, _NO_KWARGS)) is not None:
            return prim.evaluate(lifted, _NO_KWARGS)
        try:
            ans = scalar(*values)
        except _FLOAT_ERRORS:
            ans = prim.float_fallback(values)
        if hooks.forward is not None and (same := hooks.forward(prim, values, _NO_KWARGS, ans)) is not None:
            return same
        return ans

    return on_numbers


_NOT_EXACT = object()  # `_exact_numbers_door`'s answer where an argument is no exact number of `_MP_SCALAR_TYPES`


def _exact_numbers_door(prim):
    """The door's computation where every argument is an exact number (`_MP_SCALAR_TYPES`) and none is a keyword:
    ``prim.mp`` on them, then the forward hook, as `Primitive.evaluate` would (no float among them for it to hold,
    mean or sight); `_NOT_EXACT` for other arguments. For a primitive computed by its ``fun`` alone (not opaque, its
    `Primitive.evaluate` not replaced), which the door calls it for."""

    def on_exact_numbers(args, kwargs):
        if kwargs or prim.mp is None:
            return _NOT_EXACT
        for a in args:
            if type(a) not in _MP_SCALAR_TYPES:
                return _NOT_EXACT
        ans = prim.mp(*args)
        if hooks.forward is not None and (same := hooks.forward(prim, args, _NO_KWARGS, ans)) is not None:
            return same
        return ans

    return on_exact_numbers


def _make_door(prim):
    """The door of a primitive: the one place where the forward pass happens. On raw values it computes and fires the
    forward hook; on traced values it unboxes those of the innermost trace, computes, and records the op there. A plain
    function (cheaper than a method); common cases return early."""
    scalar, scalar_on_numpy, fun, evaluate = prim.scalar, prim.scalar_on_numpy, prim.fun, prim.evaluate
    differentiable, opaque, stops = prim.differentiable, prim.opaque, prim.name == "stop_gradient"
    pool = buffers.pool if type(fun) is np.ufunc and fun.nout == 1 and not opaque else {}  # see `buffers`
    recordable = differentiable and not opaque and type(prim).evaluate is Primitive.evaluate  # one op, computed by fun
    on_numbers, on_exact = _numbers_door(prim), _exact_numbers_door(prim) if recordable else None

    def door(*args, **kwargs):
        if args and type(args[0]) in _MP_SCALAR_TYPES and on_exact and (ans := on_exact(args, kwargs)) is not _NOT_EXACT:
            return ans
        if len(args) == 1 and not kwargs:
            kind = type(a := args[0])
            if scalar is not None and (kind is float or kind is int or (scalar_on_numpy and kind in NUMPY_SCALAR_TYPES)):
                return on_numbers(args)
            if kind in BOX_TYPES:
                value = a._value
                if recordable and type(value) is _ndarray and a._trace is not None and hooks.forward is None and not _MP_TYPES:
                    # The commonest traced call, one traced array: the general path's work below, without its loops.
                    out = buffers.out_for(fun, (value,)) if pool else None
                    ans = fun(value) if out is None else fun(value, out=out)
                    return _record(a._trace, prim, ans, (value,), _NO_KWARGS, _FIRST, args)
            elif (kind is _ndarray or kind in NUMPY_SCALAR_TYPES) and not _MP_TYPES and hooks.forward is None and not watched_arrays:
                # Untraced, one array or NumPy scalar: the general path's work, without its loops.
                out = buffers.out_for(fun, args) if pool and kind is _ndarray else None
                return fun(a) if out is None else fun(a, out=out)
        elif scalar is not None and not kwargs:
            for a in args:
                kind = type(a)
                if kind is not float and kind is not int and (not scalar_on_numpy or kind not in NUMPY_SCALAR_TYPES):
                    break
            else:
                return on_numbers(args)
        top = None
        for a in args:
            if isinstance(a, Box):
                trace = a._trace
                if trace is None:  # a Variable: read it (boxed for whichever tapes watch it) first
                    return door(*[_read(b) for b in args], **kwargs)
                if top is None or trace.level > top.level:
                    top = trace
            elif _MP_TYPES and (type(a) is _ndarray and a.dtype == object or type(a) is list or type(a) is tuple) \
                    and (gathered := _plain_gathered(args, a)) is not None:
                return door(*gathered, **kwargs)
        if watched_arrays and (swapped := _swap_watched(args)) is not None:  # a tape watches an array by identity
            return door(*swapped, **kwargs)
        if top is None:
            try:
                if _MP_TYPES and not differentiable and (stops or _holds_exact(args)) and _called_by_user():
                    return (keep_step if prim.kind == "elementwise" else keep_plain)(evaluate(args, kwargs))
                if _MP_TYPES and prim.mp is not None:
                    return evaluate(args, kwargs)
                # `evaluate` inlined, no empty ``**kwargs``: ~0.3x and ~0.2x of a ufunc's time on a NumPy scalar.
                out = buffers.out_for(fun, args) if pool and not kwargs else None
                ans = fun(*args, out=out) if out is not None else prim.called(args, kwargs) if kwargs else fun(*args)
            except TracedValueError as error:
                return _call_with_sequences_stacked(door, args, kwargs, error)
            if hooks.forward is not None and (same := hooks.forward(prim, args, kwargs, ans)) is not None:
                return same
            return ans
        if not differentiable:  # what it hands back is `keep_plain`'s: stop_gradient(x) of a ball, see `plain`
            return keep_plain(door(*[unbox_at(a, top) for a in args], **kwargs))
        n_args = len(args)
        if n_args == 1:  # unary and binary calls, most calls: unboxed without building lists (fewer objects to collect)
            vals, argnums, parents = (args[0]._value,), _FIRST, args
        elif n_args == 2:
            a, b = args
            if type(a) is not float and isinstance(a, Box) and a._trace is top:
                if type(b) is not float and isinstance(b, Box) and b._trace is top:
                    vals, argnums, parents = (a._value, b._value), _BOTH, args
                else:
                    vals, argnums, parents = (a._value, b), _FIRST, (a,)
            else:
                vals, argnums, parents = (a, b._value), _SECOND, (b,)
        else:
            vals, argnums, parents = _split_at(args, top)
        if opaque:
            ans = fun(*vals, **kwargs)
        else:
            # Evaluated here rather than through the door again: one call less on the hottest path.
            if scalar is not None and not kwargs:
                for v in vals:
                    kind = type(v)
                    if kind is not float and kind is not int and (not scalar_on_numpy or kind not in NUMPY_SCALAR_TYPES):
                        break
                else:
                    return _record_numbers(top, prim, on_numbers(vals), vals, kwargs, argnums, parents)
            for v in vals:
                if isinstance(v, Box):  # boxes of outer traces remain: the door peels them one level at a time
                    return _record(top, prim, door(*vals, **kwargs), vals, kwargs, argnums, parents)
            try:
                out = buffers.out_for(fun, vals) if pool and not kwargs and hooks.forward is None else None
                ans = evaluate(vals, kwargs) if out is None else fun(*vals, out=out)
            except TracedValueError as error:
                return _call_with_sequences_stacked(door, args, kwargs, error)
        return _record(top, prim, ans, vals, kwargs, argnums, parents)

    return door


def _record(trace, prim, ans, vals, kwargs, argnums, parents):
    """Record an op's output on ``trace``: a reverse node (behind a box of its own for an array), or another trace's box."""
    if held_numbers:  # the node's rule reads the numbers the op computed with (a float32 run's math.log(5.0))
        vals = _held_numbers_in(vals, 2)
    box_class = trace.box_class
    if box_class is None:
        return trace.record(trace, prim, ans, vals, kwargs, argnums, parents)
    node = _record_numbers(trace, prim, ans, vals, kwargs, argnums, _nodes_behind(parents, trace.node_class))
    if type(ans) is not _ndarray and type(vals[0]) is not _ndarray:
        return node
    if hooks.backward is None:  # arrays are what weighs; a hook reads everything
        _keep_what_the_rule_reads(node, argnums)
    if type(ans) is not _ndarray:
        return node  # a reduction's number: the node is its box
    # The output array goes in a box of its own, so that it dies with the
    # user's last reference to it; the node keeps it only if its rule reads it.
    box = (box_class if ans.nbytes < buffers.LARGE_BYTES else box_class.pooled)()
    box._value = ans
    box._trace = trace
    box._node = node
    return box


def _nodes_behind(parents, node_class):
    """The parents with each array op's value (a box) replaced by its node, which is behind it.

    One and two parents without a loop or a comprehension (a call of its own in 3.11).
    """
    if len(parents) == 1:
        (p,) = parents
        return parents if type(p) is node_class else (p._node,)
    if len(parents) == 2:
        a, b = parents
        return (a if type(a) is node_class else a._node, b if type(b) is node_class else b._node)
    return tuple([p if type(p) is node_class else p._node for p in parents])


def _record_numbers(trace, prim, ans, vals, kwargs, argnums, parents):
    """Record an op on numbers: its reverse node is its output's box too (or another trace's box).

    Its parents are nodes already: the values of ops on numbers are their
    nodes (an array op's value, a `VJPBox`, is never a number).
    """
    node_class = trace.node_class
    if node_class is None:
        return trace.record(trace, prim, ans, vals, kwargs, argnums, parents)
    # The node is filled in here rather than by an __init__: a class call
    # with __init__ costs markedly more in CPython, and this runs once per op
    # (one without costs less than object.__new__ called as a function).
    node = node_class()
    node._value = ans
    node._trace = trace
    node.prim = prim
    # The rule is fixed when the op is recorded, as TensorFlow's
    # gradient_override_map does: an override scope affects the ops
    # created inside it, whenever their backward pass runs.
    node.vjp = prim.vjp or prim.missing_vjp
    node.args = vals
    # One shared empty dict: the call's own goes back to CPython's free list.
    node.kwargs = kwargs or _NO_KWARGS
    node.argnums = argnums
    node.parents = parents
    node.order = next(node_numbers)
    return node


def _keep_what_the_rule_reads(node, argnums):
    """Drop from the node of an op on arrays the output array and the array arguments its rule never reads.

    The rule's ``reads`` (a rule table's declaration, see ``core.defvjp``)
    names, per argument, what that argument's rule reads: ``"ans"``,
    ``"args"``, both or neither; none declared means everything. An array
    argument no rule reads is kept as a stand-in of its shape and dtype,
    which is all ``unbroadcast`` and the reductions' rules ask of it; nothing
    is ever written into it. A number output stays: the node is its box.
    """
    drops = getattr(node.vjp, "drops", None)
    if drops is None:
        return
    drop_output, drop_arguments = drops[argnums]
    value = node._value
    if type(value) is _ndarray:
        if _MP_TYPES and value.dtype.hasobject:
            return  # mpmath numbers in object arrays: left as they are
        if drop_output:
            node._value = None
    if drop_arguments:
        # One and two arguments without a comprehension, which is a call of its own in 3.11.
        args = node.args
        if len(args) == 1:
            (a,) = args
            if type(a) is _ndarray:
                node.args = (_stand_in(a),)
        elif len(args) == 2:
            a, b = args
            node.args = (_stand_in(a) if type(a) is _ndarray else a, _stand_in(b) if type(b) is _ndarray else b)
        else:
            node.args = tuple([_stand_in(v) if type(v) is _ndarray else v for v in args])


def _stand_in(array):
    """A read-only array of ``array``'s shape and dtype taking no memory: every element is one zero.

    Built directly on a one-element buffer with zero strides (4x cheaper than
    np.broadcast_to), and made once per shape and dtype: a hot forward pass
    asks for the same few again on every call. Object arrays stay themselves.
    """
    key = (array.shape, array.dtype)
    stand_in = _STAND_INS.get(key)
    if stand_in is None:
        if array.dtype.hasobject:
            return array
        zero = np.zeros(1, dtype=array.dtype)
        zero.flags.writeable = False  # so is every stand-in made on it
        stand_in = np.ndarray(array.shape, array.dtype, zero, 0, (0,) * array.ndim)
        if len(_STAND_INS) >= _STAND_INS_KEPT:
            _STAND_INS.clear()
        _STAND_INS[key] = stand_in
    return stand_in


_STAND_INS = {}  # (shape, dtype) -> its stand-in
_STAND_INS_KEPT = 256  # past this many shapes, start again: a bound, not a working set


def seen_by(value, trace):
    """The value as ``trace`` recorded it: boxes of traces nested inside ``trace`` peeled off.

    A trace made inside another one (a GradientTape opened inside ``grad``)
    has a higher level and is closed by the time the outer one reads its
    output; values computed under it still wear its box, but the outer graph
    is recorded underneath, so the outer transform looks through that box.
    """
    level = trace.level
    while isinstance(value, Box) and value._trace is not None and value._trace.level > level:
        value = value._value
    return value


def _call_with_sequences_stacked(door, args, kwargs, error):
    """Call a door again with each list or tuple of traced values stacked into a traced array.

    NumPy converts such a list (``gnp.sum([x, 2 * x])``) with ``np.asarray``,
    which a traced value refuses; the door stacks it instead, as ``gnp.array``
    does. It runs only once that conversion has failed, so it costs nothing
    otherwise. Without such a list, the conversion's ``error`` stands.
    """
    held = [isinstance(a, (list, tuple)) and holds_box(a) for a in args]
    if not any(held) or _as_traced_array is None:
        raise error
    return door(*[_as_traced_array(a) if h else a for a, h in zip(args, held)], **kwargs)


# Stacking is itself an op (``stack``), made with this module's `primitive`, so
# the array ops hand their ``asarray`` over once they exist: see `stack_sequences_with`.
_as_traced_array = None


def stack_sequences_with(asarray):
    """Give the door ``asarray``, which turns a list of traced values into one traced array."""
    global _as_traced_array
    _as_traced_array = asarray


def call_with_float64(rule, *values):
    """Call a derivative rule again with Python numbers as NumPy scalars, for IEEE inf and nan.

    Rules apply Python operators to the plain floats of the fast path, and
    ``1.0 / 0.0`` raises ZeroDivisionError where float64 gives inf; the forward
    and backward loops call a rule again through this once it has raised one of
    `PYTHON_FLOAT_ERRORS`, so a rule sees float64's semantics at a singular point
    and the fast path costs nothing. Values that are tuples or lists (a rule's
    arguments, tangents) are converted one level deep. Like the forward door's
    fallback, the answer's float64 scalars come back as Python numbers.
    """
    with np.errstate(all="ignore"):
        out = rule(*[_numpy_scalars(v) for v in values])
    if isinstance(out, (tuple, list)):
        return type(out)(_python_scalar(c) for c in out)
    return _python_scalar(out)


def _numpy_scalars(value):
    if isinstance(value, (tuple, list)):
        return type(value)(_numpy_scalar(v) for v in value)
    return _numpy_scalar(value)


def _numpy_scalar(value):
    kind = type(value)
    return np.float64(value) if kind is float else np.complex128(value) if kind is complex else value


def _python_scalar(value):
    kind = type(value)
    return float(value) if kind is np.float64 else complex(value) if kind is np.complex128 else value


def primitive_of(op):
    """The `Primitive` record behind a door (or the record itself)."""
    return getattr(op, "prim", op)


def nondifferentiable(fun, name=None, **options):
    """A primitive whose output carries no gradient (floor, sign, comparisons...)."""
    options["differentiable"] = False
    return primitive(fun, name, **options)


# The trace of `plain.Plain` boxes: a high-precision number handed to user code outside every trace, so
# that its operators are still gradcli's ops (level 0: under every other trace's box). It records nothing.
PLAIN = Trace()
PLAIN.level = 0
def _itself(value):
    return value


# `plain.kept` once the exact reference's balls are on (`arb.enable`): what a non-differentiable op hands
# back from traced arguments (stop_gradient(x), sign(x)) stays a gradcli value where it is a ball.
keep_plain = _itself
gather_plain = _itself  # `plain.gathered` then: an object array of plain boxes as one plain box of their numbers
keep_step = _itself  # `plain.kept_step` then: a step's answer (floor(x), sign(x)), which may leave as a float


# The door and the boxes' operators (x - c): the code between an op and whoever called it.
_OPERATORS = {os.path.join(os.path.dirname(os.path.abspath(__file__)), name) for name in ("tracer.py", "boxes.py")}


@contextlib.contextmanager
def numbers_held(numbers, constants=None):
    """`held_numbers` set to ``numbers`` and `held_constants` to ``constants`` while the block runs (a replay of a
    narrower dtype's program)."""
    global held_numbers, held_constants
    saved, held_numbers, held_constants = (held_numbers, held_constants), numbers, constants or {}
    try:
        yield
    finally:
        held_numbers, held_constants = saved


@contextlib.contextmanager
def constants_exact(lift):
    """`exact_constant` set to ``lift`` while the block runs (an exact run of a user's Python function)."""
    global exact_constant
    saved, exact_constant = exact_constant, lift
    try:
        yield
    finally:
        exact_constant = saved


def _held_numbers_in(args, depth=3):
    """``args`` with each Python float of `held_numbers` as its dtype holds it, where the user's code handed it over
    or it is one of the user's constants (gradcli's own functions keep their constants: equal to a user's number,
    they are still the mathematics'). ``depth``: the frames from this function's to the door's (past `_on_mpmath`
    and `evaluate`: 3)."""
    if not any(type(a) is float and a in held_numbers for a in args):
        return args
    users = _from_user_code(sys._getframe(depth))  # the door, or its caller
    return tuple(held_numbers.get(a, a) if type(a) is float and (users or held_constants.get(id(a)) is a) else a
                 for a in args)


def _meant_numbers_in(args, depth=3):
    """``args`` with each Python float the user's code handed over that stands for a constant (`meant_number`) as that
    constant, of the kind of the exact numbers beside it. ``depth`` as for `_held_numbers_in`."""
    if not any(type(a) is float for a in args) or not _from_user_code(sys._getframe(depth)):
        return args
    meant = [meant_number(a, args) if type(a) is float else None for a in args]
    return tuple(a if m is None else m for a, m in zip(args, meant))


def _sighted_in(args, watch, depth=3):
    """Set ``watch.seen`` where the user's code handed over a Python float among ``args`` that stands for a constant
    (`_meant_numbers_in` would take it as that constant). ``depth`` as for `_held_numbers_in`."""
    if any(type(a) is float and watch.stands(a) for a in args) and _from_user_code(sys._getframe(depth)):
        watch.seen = True


@contextlib.contextmanager
def constants_meant(meaning):
    """`meant_number` set to ``meaning`` while the block runs (a re-run of the exact reference with the program's
    constants taken as the numbers they round)."""
    global meant_number
    saved, meant_number = meant_number, meaning
    try:
        yield
    finally:
        meant_number = saved


def held_constant(value):
    """``value`` as the narrower dtype's program holds it where it is one of the user's constants (`held_constants`),
    else ``value`` itself: a parameter a function of gradcli's makes exact before any op meets it (`ops.lifted`)."""
    if type(value) is float and held_constants and held_constants.get(id(value)) is value:
        return held_numbers.get(value, value)
    return value


# The code of gradcli's public functions that hand their caller's arguments to ops as they are (np.clip, np.where,
# np.select):
# what the op is handed there, the user's code handed over (`passes_arguments`).
_PASSING_ARGUMENTS = set()  # the ids of those code objects (held alive by the functions marked)


def passes_arguments(function):
    """Mark ``function``, a public function of gradcli's that hands its caller's arguments to ops unchanged, so that
    the op reads them as handed over by that caller (`_from_user_code`): a float the user's code computed and passed to
    np.clip is the user's number, held as the dtype holds it, as it is passed to the op itself."""
    _PASSING_ARGUMENTS.add(id(function.__code__))
    return function


def _from_user_code(frame):
    """Whether the code calling an op at ``frame`` (past the door, the boxes' operators and the public functions that
    pass their arguments on, `passes_arguments`) is the user's own."""
    while frame is not None and (frame.f_code.co_filename in _OPERATORS or id(frame.f_code) in _PASSING_ARGUMENTS):
        frame = frame.f_back
    if frame is None:
        return False
    filename = frame.f_code.co_filename
    users = _USERS_FILES.get(filename)
    if users is None:
        users = _USERS_FILES[filename] = not (filename.startswith(GRADCLI_FOLDER) or installed_package_file(filename))
    return users


_USERS_FILES = {}  # file name -> whether it is the user's code (`_from_user_code`, asked op by op of each run)


_PLAIN_KINDS = (float, int, list, tuple, np.ndarray, np.generic)


def _exact_constants_in(prim, args, kwargs):
    """The arguments of an op on plain numbers alone, called by the user's code in an exact run, with its float
    arguments exact in that run's precision (`exact_constant`), so the op computes there; None where it stays NumPy's.

    Comparisons, rounding and other ops without a derivative stay NumPy's (their answers on floats are exact, and
    an index or a mask must stay one), and so does an op whose NumPy answer is no float (np.add(2, 3)). Integers
    are lifted beside a float, or where the answer is a float anyway (np.log(7)); keywords (an axis) never are.
    """
    if prim.mp is None or not prim.differentiable or not _from_user_code(sys._getframe(1)):
        return None
    kinds = _plain_kinds(args)
    if kinds is None:
        return None
    if "f" not in kinds:
        if prim.kind != "elementwise" or "O" in kinds:
            return None
        try:
            with np.errstate(all="ignore"):
                answer = prim.fun(*args, **kwargs)
        except Exception:  # noqa: BLE001 - NumPy's own error is raised again by the op's ordinary path
            return None
        if np.asarray(answer).dtype.kind != "f":
            return None
    liftable = "fiu" if prim.kind == "elementwise" else "f"  # beside a reduction's array an integer is an axis
    lifted = tuple(exact_constant(a) if kind in liftable else a for a, kind in zip(args, kinds))
    # Infinities and NaN stay the floats they are (np.minimum(np.inf, np.inf)): NumPy's answer, which is exact.
    return lifted if any(isinstance(b, _MP_TYPES) or (isinstance(b, np.ndarray) and b.dtype == object)
                         for b in lifted) else None


def lifting_constants(fun, data=1):
    """``fun``, a library function gradcli writes as a composite of its ops (np.dot, norm, logsumexp), computing at
    an exact run's precision where the user's code calls it on plain numbers alone: its first ``data`` positional
    arguments' floats are lifted (`exact_constant`) as a primitive's are (`_exact_constants_in`), since the ops it
    calls see gradcli's frames, not the user's, and would compute in float64. A list or tuple of traced values
    (NumPy's array_like: ``special.logsumexp([u, v], b=[1, -1])``) is stacked into one traced array first, as the
    door stacks a primitive's."""

    @functools.wraps(fun)
    def call(*args, **kwargs):
        if _as_traced_array is not None:
            args = tuple(_stacked_if_traced(a) for a in args)
            kwargs = {k: _stacked_if_traced(v) for k, v in kwargs.items()}
        kinds = None if exact_constant is None else _plain_kinds(args)
        if kinds is None or "f" not in kinds or "O" in kinds or not _from_user_code(sys._getframe(1)):
            return fun(*args, **kwargs)
        lifted = [exact_constant(a) if kind == "f" else a for a, kind in zip(args[:data], kinds)]
        return fun(*lifted, *args[data:], **kwargs)

    return call


def lifting_data(fun, positions=(0,), keywords=()):
    """``fun``, a library function gradcli writes as a composite of its ops whose recipe computes on some of its
    data alone before they meet a traced value (np.polyfit's Vandermonde of data nodes scaled to unit columns,
    np.linalg.lstsq's pseudo-inverse of a data design), with those arguments (``positions``, ``keywords``) lifted
    to an exact run's numbers where the user's code calls it in one, whatever its other arguments are: the
    composite's ops on them alone see gradcli's frames and would round to float64, solving a perturbed problem
    whose exact residuals are 1e-16-sized where the data lie on the model. Integers are lifted too (a fit's
    nodes 0, 1, 2, ...: the sqrt of their sums of squares is a float)."""

    def liftable(a):
        kinds = _plain_kinds((a,))
        return kinds is not None and kinds[0] in "fiu" and not isinstance(a, (int, np.integer))

    @functools.wraps(fun)
    def call(*args, **kwargs):
        if exact_constant is None or not _from_user_code(sys._getframe(1)):
            return fun(*args, **kwargs)
        args = tuple(exact_constant(a) if i in positions and liftable(a) else a for i, a in enumerate(args))
        kwargs = {k: exact_constant(v) if k in keywords and liftable(v) else v for k, v in kwargs.items()}
        return fun(*args, **kwargs)

    return call


def holding_constants_exact(fun, written=(list, tuple, np.ndarray, np.generic, float, int)):
    """``fun``, a gradcli.numpy function that makes or moves numbers without computing on them (where, concatenate,
    pad, full), answering, where the user's code calls it in an exact run on constants alone, a float array or
    number: the exact numbers it holds there (`exact_constant`), as a replay holds every float literal of a graph.

    Its answer's entries are the constants as they stand, so nothing the program computes is changed; what
    changes is the arithmetic after it: ``where(w > 1, 0.2, 0.3)[1]`` is NumPy's float64 scalar, and ``c * c``
    on it is NumPy's multiplication, which no op of gradcli's sees, rounding inside the run. ``written``: the
    types of the first argument for which the answer is so held (np.array of a list the user wrote, not of a
    number such as ``ndtr(np.array(10.0))``'s, which the program computes with as it does with a literal)."""

    @functools.wraps(fun)
    def call(*args, **kwargs):
        out = fun(*args, **kwargs)
        if exact_constant is None or not (type(out) is np.ndarray or isinstance(out, np.floating)):
            return out
        if out.dtype.kind != "f" or (args and not isinstance(args[0], written)):
            return out
        return exact_constant(out) if _from_user_code(sys._getframe(1)) else out

    return call


def floats_lifted_for_composite(args, frame):
    """``args`` of a library function gradcli writes as a composite of its ops (``rel_entr(p, q)``), called by the
    user's code at ``frame`` in an exact run beside a traced or exact argument: each float argument exact at that
    run's precision (`exact_constant`), since the composite's ops on those constants alone (``xlogy(p, p)``) see
    gradcli's frames, not the user's, and would compute in float64. A call of constants alone (``ndtr(10.0)``) is a
    number the program computes once, held as it computes it as a literal is; ``args`` unchanged there and anywhere
    else."""
    if exact_constant is None or not _from_user_code(frame):
        return args
    kinds = [_plain_kinds((a,)) for a in args]
    if all(kind is not None for kind in kinds):
        return args
    return tuple(exact_constant(a) if kind == ["f"] else a for a, kind in zip(args, kinds))


def accepting_sequences(fun):
    """``fun``, a library function gradcli writes in Python (np.median, np.linalg.slogdet), taking a list or tuple of
    traced values where NumPy takes an array_like: stacked into one traced array first, as the door stacks a
    primitive's, since the function reads shapes and values before any door sees the list (a list of exact numbers,
    in a run without boxes, an object array)."""

    @functools.wraps(fun)
    def call(*args, **kwargs):
        if _as_traced_array is not None:
            args = tuple(_stacked_if_traced(a) for a in args)
            kwargs = {k: _stacked_if_traced(v) for k, v in kwargs.items()}
        return fun(*args, **kwargs)

    return call


def _stacked_if_traced(value):
    """A list or tuple of traced values as one traced array, of exact numbers as an object array, else ``value``:
    a tuple that is no array (cho_solve's ``(c, lower)``, entries of other shapes) is handed on as it is."""
    if isinstance(value, (list, tuple)):
        try:
            if holds_box(value):
                return _as_traced_array(value)
            return _exact_array_if_held(value) if _MP_TYPES else value
        except (ValueError, TypeError):
            return value
    return value


def _plain_kinds(args):
    """The NumPy kind of each of ``args`` where they are plain numbers alone, else None."""
    kinds = []
    for a in args:
        if not isinstance(a, _PLAIN_KINDS):
            return None
        try:
            kinds.append(np.asarray(a).dtype.kind)
        except ValueError:  # a ragged list: not numbers for an op to compute with
            return None
    return kinds


def _holds_exact(args):
    """Whether an op's arguments hold a bare high-precision number (an untraced exact run's: its ``floor(x)`` answer
    is one the user's code goes on with, ``.astype(int)`` and comparisons included)."""
    return any(isinstance(a, _MP_TYPES)
               or (type(a) is _ndarray and a.dtype == object and a.size and isinstance(a.flat[0], _MP_TYPES))
               for a in args)


def _called_by_user():
    """Whether the door's caller is the user's code (not gradcli's own: a captured graph's replay decides
    its comparisons with gradcli's ops already, and hands back numbers)."""
    door = sys._getframe(1)
    caller = door.f_back
    while caller is not None and caller.f_code is door.f_code:
        caller = caller.f_back  # the door calls itself again (a Variable read, a watched array swapped)
    # No Python caller to tell by: box the ball, whose comparisons are then decided, not left bare.
    return caller is None or not caller.f_code.co_filename.startswith(GRADCLI_FOLDER)


def unplain(value):
    """``value`` without its `PLAIN` box, if it wears one (the transforms hand no such box out)."""
    return value._value if isinstance(value, Box) and value._trace is PLAIN else value


def unbox_at(value, trace):
    """The value under ``trace``'s box if ``value`` wears it (one level only), else ``value`` itself."""
    return value._value if isinstance(value, Box) and value._trace is trace else value


_FIRST, _SECOND, _BOTH = (0,), (1,), (0, 1)
_NO_KWARGS: dict = {}  # shared by every node recorded without keywords: never mutated
_ndarray = np.ndarray


def _split_at(args, trace):
    """Unbox the arguments boxed at ``trace``: (values, their positions, their boxes)."""
    vals = []
    argnums = []
    parents = []
    for i, a in enumerate(args):
        if isinstance(a, Box) and a._trace is trace:
            argnums.append(i)
            parents.append(a)
            a = a._value
        vals.append(a)
    return tuple(vals), tuple(argnums), tuple(parents)


def _swap_watched(args):
    """``args`` with each array a tape watches by identity (also inside a list or tuple) swapped for its box; None if none is."""
    swapped, changed = [], False
    for a in args:
        if type(a) in (list, tuple):
            inner = _swap_watched(a)
            if inner is not None:
                a, changed = type(a)(inner), True
        else:
            watched = watched_arrays.get(id(a))
            if watched is not None and watched.array is a:
                watched.read = True
                a, changed = watched.box, True
        swapped.append(a)
    return swapped if changed else None


def _read(value):
    """The current value of a Variable (boxed for the tapes watching it), else the value itself."""
    if isinstance(value, Box) and value._trace is None:
        return value.read()
    return value


def _mp_apply(fun, args, kwargs):
    """Apply an mpmath scalar function elementwise to scalars or object arrays."""
    for a in args:
        if isinstance(a, np.ndarray):
            break
    else:
        return fun(*args, **kwargs)
    arrays = [a if isinstance(a, np.ndarray) else np.asarray(a, dtype=object) for a in args]
    if kwargs:
        return _as_mask(np.frompyfunc(lambda *xs: fun(*xs, **kwargs), len(args), 1)(*arrays))
    key = (fun, len(args))
    elementwise = _ELEMENTWISE_UFUNCS.get(key)
    if elementwise is None:
        elementwise = np.frompyfunc(fun, len(args), 1)
        if len(_ELEMENTWISE_UFUNCS) < 512:  # a bound: ops are few, but a caller may pass closures
            _ELEMENTWISE_UFUNCS[key] = elementwise
    repeated = _repeated_entries(arrays)
    if repeated is not None:
        distinct, where = repeated
        return _as_mask(elementwise(*distinct)[where])
    return _as_mask(elementwise(*arrays))


_REPEATS_FROM = 256  # the fewest entries worth looking for repeats among (the look costs a dict entry each)


def _repeated_entries(arrays):
    """``(distinct, where)``: the broadcast ``arrays``' distinct tuples of entries (one 1-D array per argument) and, in
    their broadcast shape, where each tuple is among them; None where fewer than half of the tuples repeat one another
    or an entry is of another kind. A scalar broadcast into a long array (``x * np.ones(20000)``) makes one number many
    times over: each op then computes it once (a high-precision op costs microseconds an entry, and the differences'
    noise runs, the kink tests and the exact reference replay every op). Entries are the same when they are the same
    object (an exact number may be marked by its identity: a point's own input), or plain numbers of one type and the
    same bits (-0.0 is not 0.0)."""
    if math.prod([a.size for a in arrays]) < _REPEATS_FROM:
        return None  # the broadcast is no larger than its arguments' sizes multiplied: short, whatever its shape
    shape = np.broadcast_shapes(*(a.shape for a in arrays))
    size = math.prod(shape)
    if size < _REPEATS_FROM:
        return None
    columns = [np.broadcast_to(a, shape).ravel() for a in arrays]
    where, count = np.zeros(size, dtype=np.intp), 1
    for array, column in zip(arrays, columns):
        if array.size == 1:  # one entry broadcast: it parts no two positions, if it is of a kind taken apart at all
            if array.dtype == object and _entry_key(array.flat[0]) is None:
                return None
            continue
        coded = _codes(column)
        if coded is None:
            return None
        count, where = _joined(where, count, *coded)
        if 2 * count > size:
            return None
    firsts = np.unique(where, return_index=True)[1]
    return [column[firsts] for column in columns], where.reshape(shape)


def _joined(where, count, codes, kinds):
    """The codes of pairs (``where``'s code, ``codes``' code): (how many distinct pairs, each position's pair's code)."""
    distinct, joined = np.unique(where * kinds + codes, return_inverse=True)
    return len(distinct), joined.ravel()


def _codes(column):
    """(a code per entry of the 1-D ``column``, equal for the same argument; how many codes), or None where an entry
    is of a kind `_entry_key` leaves alone or the first entries are mostly distinct."""
    if column.dtype.kind in "iub" or (column.dtype.kind == "f" and column.dtype.itemsize in (2, 4, 8)):
        bits = column.view(np.dtype(f"u{column.dtype.itemsize}")) if column.dtype.kind == "f" else column
        distinct, codes = np.unique(bits, return_inverse=True)
        return codes.ravel(), len(distinct)
    if column.dtype != object:
        return None
    sample = list(map(_entry_key, column[:64]))
    if None in sample or len(set(sample)) > 32:
        return None
    keys = list(map(_entry_key, column))
    if None in keys:
        return None
    found = {}
    codes = np.fromiter((found.setdefault(key, len(found)) for key in keys), dtype=np.intp, count=len(keys))
    return codes, len(found)


def _entry_key(entry):
    """What says two entries are one argument: a plain number's type and bits, an mpmath number itself (None: another
    kind, which a position of its own keeps: balls, jets and proofs record their own decisions entry by entry)."""
    kind = type(entry)
    if kind is float or kind is np.float64 or kind is np.float32 or kind is np.float16:
        return kind, float(entry).hex()
    if kind is int or kind is bool or kind is np.int64 or kind is np.bool_:
        return kind, int(entry)
    mpmath_kind = _MPMATH_KINDS.get(kind)
    if mpmath_kind is None:
        mpmath_kind = _MPMATH_KINDS[kind] = kind.__module__.startswith("mpmath")
    return id(entry) if mpmath_kind else None


_MPMATH_KINDS = {}  # type -> whether it is one of mpmath's numbers (read once per type)


def _as_mask(out):
    """A comparison's answer on high-precision numbers (an object array of bools) as NumPy's bool array: the mask a
    program indexes with (``values[np.isfinite(values)]``), which NumPy refuses as an object array."""
    if isinstance(out, np.ndarray) and out.dtype == object and out.size and isinstance(out.flat[0], (bool, np.bool_)):
        return out.astype(bool)
    return out


# (scalar function, arity) -> its object ufunc: made once rather than at every call on arrays.
_ELEMENTWISE_UFUNCS = {}
