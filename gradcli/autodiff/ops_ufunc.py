"""NumPy's ufunc methods (``np.subtract.outer``, ``np.add.reduce``, ``np.maximum.accumulate``) on gradcli's binary ops.

Each method is written with recorded ops, so a gradient flows through it and a
finding names the user's line that called it: ``outer`` is the op on the
first operand reshaped to broadcast against the second; ``reduce`` is the
reduction of the same meaning where gradcli has one (``np.add.reduce`` is
``np.sum``, ``np.logaddexp.reduce`` a log-sum-exp) and otherwise the op
folded along the axis in NumPy's order (``np.subtract.reduce`` is
``x[0] - x[1] - ...``); ``accumulate`` is the running sum or product, or the
running fold; ``reduceat`` the reduction of each stretch between two indices.
``at`` is a write in place, which a traced value cannot be: the statement
``np.add.at(out, indices, values)`` on an array the function made is rewritten
(`capture.numpy_writes`) to bind ``out`` to `applied_at`'s new array, the op
applied entry by entry in NumPy's order (an index repeated, in turns).
"""

from __future__ import annotations

import numpy as np

from .ops import astype, where
from .ops_array import asarray, broadcast_to, expand_dims, getitem, moveaxis, ravel, reshape, stack, untake
from .tracer import TracedValueError, lifting_constants
from .values import raw, shape_of

_NO_VALUE = object()  # reduce's ``initial`` not given (None is no identity NumPy accepts either)


def give_methods(fun, name, reduction=None, accumulation=None):
    """Give ``fun`` (gradcli's op for NumPy's binary ufunc ``name``) the ufunc's ``outer``, ``reduce`` and
    ``accumulate``: ``reduction`` and ``accumulation`` are gradcli's functions of the same meaning, where it has them."""

    def outer(a, b, **options):
        _refuse(name, "outer", options)
        a, b = asarray(a), asarray(b)
        return fun(reshape(a, shape_of(a) + (1,) * len(shape_of(b))), b)

    def reduce(array, axis=0, dtype=None, out=None, keepdims=False, initial=_NO_VALUE, where=True):
        _refuse(name, "reduce", {"dtype": dtype, "out": out, "where": None if where is True else where})
        array = asarray(array)
        if reduction is not None:
            reduced = reduction(array, axis=axis, keepdims=keepdims)
            return reduced if initial is _NO_VALUE else fun(initial, reduced)
        if axis is None:
            folded = _fold(fun, name, ravel(array), 0, initial)
            return reshape(folded, (1,) * len(shape_of(array))) if keepdims else folded
        if isinstance(axis, tuple):
            raise ValueError(f"gradcli.numpy.{name}.reduce folds along one axis at a time; give axis an int")
        folded = _fold(fun, name, array, axis, initial)
        return expand_dims(folded, axis) if keepdims else folded

    def accumulate(array, axis=0, dtype=None, out=None):
        _refuse(name, "accumulate", {"dtype": dtype, "out": out})
        array = asarray(array)
        if not shape_of(array):
            raise TypeError("cannot accumulate on a scalar")  # NumPy's words for a 0-d array
        if accumulation is not None:
            return accumulation(array, axis=axis)
        x = moveaxis(array, axis, 0)
        if shape_of(x)[0] == 0:
            return array  # nothing to fold: NumPy's empty answer of the same shape
        running = [getitem(x, 0)]
        for i in range(1, shape_of(x)[0]):
            running.append(fun(running[-1], getitem(x, i)))
        return moveaxis(stack(running), 0, axis)

    def reduceat(array, indices, axis=0, dtype=None, out=None):
        _refuse(name, "reduceat", {"dtype": dtype, "out": out})
        array = asarray(array)
        x = moveaxis(array, axis, 0)
        starts = [int(i) for i in np.asarray(indices).ravel()]
        n = shape_of(x)[0]
        if any(not 0 <= start < n for start in starts):
            raise IndexError(f"index out of bounds for reduceat: each index must be in [0, {n})")
        pieces = []
        for k, start in enumerate(starts):
            stop = starts[k + 1] if k + 1 < len(starts) else n
            pieces.append(reduce(getitem(x, slice(start, stop))) if start < stop else getitem(x, start))
        return moveaxis(stack(pieces), 0, axis)

    def at(a, indices, b=None):
        if b is None or _traced(a) or _traced(b):
            sum_instead = (" (np.add.at's sums: out + np.bincount(indices, weights=values, minlength=out.size) for a "
                           "1-D out)" if name == "add" else "")
            raise TracedValueError(
                f"np.{name}.at writes into its array in place, which cannot hold a value gradcli differentiates: as a "
                f"statement on a name the function made itself (np.{name}.at(out, indices, values)) in a plain NumPy "
                "module, which gradcli loads with its own numpy in NumPy's place, gradcli follows it; in code written "
                f"with gradcli.numpy, or elsewhere, build a new array{sum_instead}"
            )
        getattr(np, name).at(a, indices, b)

    fun.outer = lifting_constants(outer, data=2)
    fun.reduce = lifting_constants(reduce)
    fun.accumulate = lifting_constants(accumulate)
    fun.reduceat = lifting_constants(reduceat)
    fun.at = at
    return fun


def give_unary_methods(fun, name):
    """Give ``fun`` (gradcli's op for NumPy's unary ufunc ``name``) the ufunc's ``at``, and its other methods as
    NumPy's own refusals (a unary ufunc has no ``outer``, ``reduce``, ``accumulate`` or ``reduceat``)."""

    def at(a, indices, b=None):
        if b is not None:
            raise TypeError(f"np.{name}.at takes no values: {name} is a unary ufunc, np.{name}.at(a, indices)")
        if _traced(a):
            raise TracedValueError(
                f"np.{name}.at writes into its array in place, which cannot hold a value gradcli differentiates: as a "
                f"statement on a name the function made itself (np.{name}.at(out, indices)) in a plain NumPy module "
                "gradcli follows it; elsewhere build a new array (np.where)"
            )
        getattr(np, name).at(a, indices)

    def only_binary(what):
        def refused(*args, **kwargs):
            raise ValueError(f"{what} only supported for binary functions")  # NumPy's words for np.{name}.{method}

        return refused

    fun.at = at
    fun.outer = only_binary("outer product")
    for method in ("reduce", "accumulate", "reduceat"):
        setattr(fun, method, only_binary(method))
    fun.unary_ufunc = True
    return fun


def applied_at(fun, target, indices, values=_NO_VALUE):
    """``target`` after NumPy's ``ufunc.at(target, indices, values)`` for gradcli's op ``fun``, as a new array: each
    indexed entry becomes ``fun(entry, value)`` (``fun(entry)`` for a unary ufunc, no ``values``), in the order of
    ``indices``; an entry indexed again takes its next value in a later turn, so a repeated index accumulates as
    NumPy's unbuffered loop does (``np.negative.at(a, [0, 0])`` leaves a[0] as it was)."""
    target = asarray(target)
    shape = shape_of(target)
    size = int(np.prod(shape, dtype=np.int64))
    positions = np.arange(size).reshape(shape)[indices]
    unary = values is _NO_VALUE
    values = None if unary else ravel(broadcast_to(values, positions.shape))
    positions = positions.ravel()
    turn = np.zeros(positions.shape, dtype=np.int64)  # how often each entry's position came before it
    seen = {}
    for k, position in enumerate(positions.tolist()):
        turn[k] = seen.get(position, 0)
        seen[position] = turn[k] + 1
    flat = ravel(target)
    own = _dtype_of(flat)
    computed = own if unary else np.result_type(own, _dtype_of(values))
    # NumPy writes each turn's answer into the target in its own float dtype (float64 values into float32: rounded)
    dtype = own if own.kind in "fc" and computed.kind in "fc" else computed
    for now in range(int(turn.max(initial=-1)) + 1):
        taking = np.flatnonzero(turn == now)
        where_now = positions[taking]
        updated = fun(getitem(flat, where_now)) if unary else fun(getitem(flat, where_now), getitem(values, taking))
        if computed != dtype:
            updated = astype(updated, dtype)
        chosen = np.zeros(size, dtype=bool)
        chosen[where_now] = True
        flat = where(chosen, untake(updated, where_now, (size,), dtype), flat)
    return reshape(flat, shape)


def _traced(value):
    """A value gradcli differentiates or an exact run's numbers (a box, or an array of objects)."""
    value_itself = raw(value)
    return value_itself is not value or (isinstance(value_itself, np.ndarray) and value_itself.dtype == object)


def _dtype_of(x):
    value = raw(x)
    return value.dtype if isinstance(value, (np.ndarray, np.generic)) else np.asarray(value).dtype


def _fold(fun, name, array, axis, initial):
    """``fun`` applied along ``axis`` of ``array`` from its first entry on (from ``initial`` first, if given)."""
    x = moveaxis(array, axis, 0)
    n = shape_of(x)[0]
    if n == 0 and initial is _NO_VALUE:
        raise ValueError(f"zero-size array to reduction operation {name} which has no identity")
    folded, start = (getitem(x, 0), 1) if initial is _NO_VALUE else (initial, 0)
    for i in range(start, n):
        folded = fun(folded, getitem(x, i))
    return folded


def _refuse(name, method, options):
    """A TypeError for the options of NumPy's ufunc method that gradcli.numpy's does not take."""
    given = [key for key, value in options.items() if value is not None]
    if given:
        raise TypeError(
            f"gradcli.numpy.{name}.{method} has no {', '.join(f'{key}=' for key in given)}: it returns a new array "
            "in its inputs' dtype"
        )
