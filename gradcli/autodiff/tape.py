"""TensorFlow's spelling of reverse mode: `GradientTape` and `Variable`.

A tape is a reverse trace with a context manager around it. A `Variable` is a
box with no trace of its own: whenever an op reads it, every active tape that
watches it boxes its current value, so trainable variables are watched
automatically, as in TensorFlow.
"""

from __future__ import annotations

import contextlib
import warnings

import numpy as np

from . import tracer
from .core import VJPNode, backward_pass, new_reverse_trace
from .ops import add
from .ops_array import reshape, stack
from .transforms import _check_input, _finish
from .tracer import Box, WatchedArray, seen_by, watched_arrays
from .tree import flatten as _flatten
from .values import ones_like_value, raw

__all__ = ["GradientTape", "Variable"]

_active_tapes: list = []
# Lists that collect the Variables read while a custom-gradient function runs.
_read_logs: list = []


class Variable(Box):
    """A mutable value that gradient tapes watch when it is read (``tf.Variable``).

    >>> v = Variable(3.0)
    >>> with GradientTape() as tape:
    ...     y = v * v
    >>> tape.gradient(y, v)
    6.0
    """

    __slots__ = ("name", "trainable")
    __hash__ = object.__hash__  # the object itself, which tapes key by identity; a box of an array hashes as NumPy's

    def __init__(self, initial_value, trainable=True, name=None, dtype=None):
        value = raw(initial_value)
        if dtype is not None:
            value = np.asarray(value, dtype=dtype)
        self._value = value
        self._trace = None
        self.name = name
        self.trainable = trainable

    def read(self):
        """The value as the active tapes see it: boxed once per tape that watches it."""
        for log in _read_logs:
            log.append(self)
        value = self._value
        for tape in _active_tapes:
            if tape._watches(self):
                value = tape._box_variable(self, value)
        return value

    def assign(self, value):
        # Later reads see a new value object, so each tape gives them a new root.
        self._value = raw(value)
        return self

    def assign_add(self, delta):
        return self.assign(self._value + raw(delta))

    def assign_sub(self, delta):
        return self.assign(self._value - raw(delta))

    def numpy(self):
        """The variable's value; a high-precision one boxed as a gradcli value (`tracer.keep_plain`, see `plain`)."""
        return tracer.keep_plain(self._value)

    def value(self):
        return self.read()

    def __repr__(self):
        label = f" {self.name!r}" if self.name else ""
        return f"<Variable{label} {self._value!r}>"


class GradientTape:
    """Record operations in a ``with`` block, then ask for gradients (``tf.GradientTape``).

    >>> with GradientTape() as tape:
    ...     x = tape.watch(3.0)
    ...     y = x * x
    >>> tape.gradient(y, x)
    6.0

    Variables are watched automatically. Plain values must be watched. A NumPy
    array is watched by identity, as TensorFlow watches a tensor: the code may
    go on computing with the array itself wherever gradcli sees it (``gnp``
    functions, operators with a traced value); NumPy's own operators between
    plain arrays (``x * 2``) stay invisible, so computing with the value
    ``watch`` returns always works. A number has no identity to watch: compute
    with what ``watch`` returns. Tapes nest, for higher orders.

    >>> import gradcli.numpy as gnp
    >>> x = np.array(3.0)
    >>> with GradientTape() as tape:
    ...     tape.watch(x)
    ...     y = gnp.square(x)
    >>> tape.gradient(y, x)
    array(6.)
    """

    def __init__(self, persistent=False, watch_accessed_variables=True):
        self.persistent = persistent
        self.watch_accessed_variables = watch_accessed_variables
        self._trace = None
        self._variable_roots = {}  # Variable -> its root nodes, one per value read
        self._watched_variables = set()
        self._watched_values = []  # (original, box) for plain values
        self._by_identity = []  # the `WatchedArray` entries this tape put in `watched_arrays`
        self._used = False

    def __enter__(self):
        self._trace = new_reverse_trace()
        _active_tapes.append(self)
        return self

    def __exit__(self, *exc):
        _active_tapes.remove(self)
        for entry in self._by_identity:
            _forget_identity(entry)
        return False

    # -- watching ---------------------------------------------------------
    def _watches(self, variable):
        return variable in self._watched_variables or (
            self.watch_accessed_variables and variable.trainable
        )

    def _box_variable(self, variable, value):
        reads = self._variable_roots.setdefault(variable, [])
        if reads and reads[-1]._value is value:
            return reads[-1]
        root = VJPNode.root(value, self._trace)
        reads.append(root)
        return root

    def watch(self, value):
        """Watch a value (or a nested list/tuple/dict of them); return what to compute with."""
        if isinstance(value, Variable):
            self._watched_variables.add(value)
            return value
        if isinstance(value, (list, tuple)):
            return type(value)(self.watch(v) for v in value)
        if isinstance(value, dict):
            return {k: self.watch(v) for k, v in value.items()}
        if self._trace is None:
            raise RuntimeError("GradientTape.watch must be called inside its 'with' block")
        if isinstance(value, Box) and value._trace is self._trace:
            return value
        _check_input(value, len(self._watched_values), "GradientTape.watch")
        if isinstance(value, np.ndarray):
            return self._watch_array(value)
        root = VJPNode.root(value, self._trace)
        self._watched_values.append((value, root))
        return root

    def _watch_array(self, array):
        """Watch an array by identity: ops handed the array itself see the returned box instead."""
        outer = watched_arrays.get(id(array))
        base = outer.box if outer is not None and outer.array is array else array  # an outer tape's box nests
        root = VJPNode.root(base, self._trace)
        entry = WatchedArray(array, root, outer)
        watched_arrays[id(array)] = entry
        self._by_identity.append(entry)
        self._watched_values.append((array, root))
        return root

    def watched_variables(self):
        return tuple(self._variable_roots) + tuple(
            v for v in self._watched_variables if v not in self._variable_roots
        )

    # -- gradients ----------------------------------------------------------
    def gradient(self, target, sources, output_gradients=None):
        """Gradients of ``target`` (summed if a list) for each source, in the sources' structure.

        A source the target does not depend on gets ``None``, as in TensorFlow.
        """
        self._mark_used()
        return self._gradient(target, sources, output_gradients)

    def _mark_used(self):
        if self._used and not self.persistent:
            raise RuntimeError(
                "this GradientTape was already used for gradients; create it with "
                "GradientTape(persistent=True) to call gradient() more than once"
            )
        self._used = True

    def _gradient(self, target, sources, output_gradients):
        flat_sources, rebuild = _flatten(sources)
        nodes, owners = self._source_nodes(flat_sources)
        flat_targets, _ = _flatten(target)
        flat_seeds = (
            [None] * len(flat_targets) if output_gradients is None else _flatten(output_gradients)[0]
        )
        totals = [None] * len(nodes)
        connected = False
        for t, seed in zip(flat_targets, flat_seeds):
            if isinstance(t, Variable):
                t = t.read()
            t = self._seen_by_this_tape(t)
            if not (isinstance(t, Box) and t._trace is self._trace):
                continue
            connected = True
            g = ones_like_value(t._value) if seed is None else seed
            for k, gk in enumerate(backward_pass(g, t, nodes)):
                if gk is not None:
                    totals[k] = gk if totals[k] is None else add(totals[k], gk)
        if not connected:
            self._explain_unconnected(flat_sources)
        grads = []
        for source, indices in owners:
            parts = [totals[k] for k in indices if totals[k] is not None]
            if not parts:
                self._warn_if_unseen(source)
                grads.append(None)
                continue
            total = parts[0]
            for p in parts[1:]:
                total = add(total, p)
            grads.append(_finish(total, raw(source)))
        return rebuild(grads)

    def _seen_by_this_tape(self, value):
        """The value as this tape recorded it, under the boxes of inner (nested) tapes."""
        return seen_by(value, self._trace)

    def _source_nodes(self, flat_sources):
        nodes, owners = [], []
        for source in flat_sources:
            source = source if isinstance(source, Variable) else self._seen_by_this_tape(source)
            indices = []
            if isinstance(source, Variable):
                for root in self._variable_roots.get(source, []):
                    indices.append(len(nodes))
                    nodes.append(root)
            elif isinstance(source, Box) and source._trace is self._trace:
                indices.append(len(nodes))
                nodes.append(source)
            else:
                for original, root in self._watched_values:
                    if original is source:
                        indices.append(len(nodes))
                        nodes.append(root)
            owners.append((source, indices))
        return nodes, owners

    def _warn_if_unseen(self, source):
        """Say so when a source gets no gradient because no op ever saw the array watched by identity."""
        for entry in self._by_identity:
            if entry.array is source and not entry.read:
                warnings.warn(
                    "GradientTape.gradient: the watched array gets no gradient (None): no gradcli "
                    "operation was handed it. NumPy's own operators between plain arrays (x * 2) "
                    "cannot be seen; use gradcli.numpy functions on it, or compute with the value "
                    "watch() returns: x = tape.watch(x).",
                    stacklevel=3,
                )
                return

    def _explain_unconnected(self, flat_sources):
        plain = [s for s in flat_sources if not isinstance(s, Box)]
        if plain and any(any(s is o for o, _ in self._watched_values) for s in plain):
            raise ValueError(
                "the target does not depend on the watched value as gradcli saw it: a plain "
                "NumPy value's own operators cannot be recorded. Compute with the value "
                "watch() returns: x = tape.watch(x)."
            )

    def jacobian(self, target, source):
        """The Jacobian of a (non-scalar) target with respect to one source."""
        self._mark_used()
        value = raw(target)
        shape = np.shape(value)
        rows = []
        for index in np.ndindex(*shape):
            seed = np.zeros(shape, dtype=np.asarray(value).dtype)
            seed[index] = 1
            row = self._gradient(target, source, seed[()] if seed.ndim == 0 else seed)
            rows.append(np.zeros_like(raw(source), dtype=float) if row is None else row)
        return reshape(stack(rows), shape + np.shape(raw(source)))


@contextlib.contextmanager
def variables_read():
    """Collect the Variables read inside the block (in order, without repeats)."""
    log = []
    _read_logs.append(log)
    try:
        yield log
    finally:
        # by identity: an enclosing block's log may hold the same Variables, and `remove` would take the first equal
        del _read_logs[next(i for i, held in enumerate(_read_logs) if held is log)]
        unique = list(dict.fromkeys(log))
        log[:] = unique


@contextlib.contextmanager
def tapes_suspended(min_level):
    """Hide the tapes at ``min_level`` and above, so reading a Variable does not box it for them."""
    hidden = [t for t in _active_tapes if t._trace is not None and t._trace.level >= min_level]
    for tape in hidden:
        _active_tapes.remove(tape)
    try:
        yield
    finally:
        _active_tapes.extend(hidden)
        _active_tapes.sort(key=lambda t: t._trace.level)


def active_traces():
    """The traces of the active tapes, innermost last."""
    return [t._trace for t in _active_tapes]


def _forget_identity(entry):
    """Take a closed tape's watch off an array, giving the outer tape's watch back if there is one."""
    key = id(entry.array)
    if watched_arrays.get(key) is entry:
        if entry.outer is not None:
            watched_arrays[key] = entry.outer
        else:
            del watched_arrays[key]
