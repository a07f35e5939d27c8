"""NumPy's ufunc methods (``np.subtract.outer``, ``np.add.reduce``, ``np.maximum.accumulate``) on gradcli's binary ops.

Each method is written with recorded ops, so a gradient flows through it and a
finding names the user's line that called it: ``outer`` is the op on the
first operand reshaped to broadcast against the second; ``reduce`` is the
reduction of the same meaning where gradcli has one (``np.add.reduce`` is
``np.sum``, ``np.logaddexp.reduce`` a log-sum-exp) and otherwise the op
folded along the axis in NumPy's order (``np.subtract.reduce`` is
``x[0] - x[1] - ...``); ``accumulate`` is the running sum or product, or the
running fold. ``reduceat`` and ``at`` (a write in place) are not given.
"""

from __future__ import annotations

from .ops_array import asarray, expand_dims, getitem, moveaxis, ravel, reshape, stack
from .tracer import lifting_constants
from .values import shape_of

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
        if accumulation is not None:
            return accumulation(array, axis=axis)
        x = moveaxis(array, axis, 0)
        running = [getitem(x, 0)]
        for i in range(1, shape_of(x)[0]):
            running.append(fun(running[-1], getitem(x, i)))
        return moveaxis(stack(running), 0, axis)

    fun.outer = lifting_constants(outer, data=2)
    fun.reduce = lifting_constants(reduce)
    fun.accumulate = lifting_constants(accumulate)
    return fun


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
