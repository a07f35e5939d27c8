"""High-precision numbers handed to user code outside every trace, boxed so that its operators are gradcli's ops.

The exact reference runs a Python function on balls, jets and proof numbers with
its inputs traced, so ``x > 0``, ``abs(x)`` and ``max(x, y)`` in it are gradcli's
ops, each branch decided on balls as on jets and proof numbers (recorded, and
undecided where balls overlap). Some values reach the user with no trace's box
on them: a ``custom_gradient``'s forward and ``grad_fn`` see their inputs
unboxed, and ``stop_gradient(x)``, ``sign(x)`` or ``x.numpy()`` hand back the
bare number. On a bare ball ``x > 0`` is flint's own comparison (no decision
recorded, False where the ball straddles 0) while on a jet or a proof number it
is recorded: the three runs part ways and nothing is proven. `kept` boxes such a
number in a `Plain` box of the `PLAIN` trace, which differentiates nothing and
lies under every other trace's box; an op on it is the op on its value, boxed
again, so the number stays a gradcli value through the user's code, as a ball
under ``sort`` compares through the decisions (`ops_shape.ranked`). A plain box
that leaves for NumPy's own functions or for a float gives up its value as it is.
`arb.enable` turns it on (`tracer.keep_plain`); on floats nothing is boxed.
"""

from __future__ import annotations

import numpy as np

from . import boxes  # noqa: F401 - the operators every box has are installed there
from . import namespace, ops, tracer
from .tracer import PLAIN, Box
from .values import raw


def _record(trace, prim, ans, vals, kwargs, argnums, parents):
    return kept(ans)


PLAIN.record = _record
_on = False  # set by `enable`: before the exact reference's balls, nothing is boxed


def enable():
    """Box bare high-precision numbers from now on (idempotent): in the forward door (`tracer.keep_plain`),
    in a traced value's ``bool`` and ``.numpy()``, and in a custom gradient's forward (`kept`)."""
    global _on
    _on = True
    tracer.keep_plain = kept
    Box.__bool__ = decided_truth
    Box.numpy = numpy_of


def holds_numbers(value):
    """Whether ``value`` is a high-precision number (a ball, jet, proof number, mpmath number) or an
    object array of them: never a bool, nor an object array of the bools a comparison gives."""
    kinds = tracer._MP_TYPES
    if not _on or not kinds:
        return False
    if isinstance(value, kinds):
        return True
    if type(value) is np.ndarray and value.dtype == object and value.size:
        return isinstance(value.flat[0], kinds)
    return False


def kept(value):
    """``value`` in a `Plain` box where it is a bare high-precision number (`holds_numbers`), else as it is."""
    if type(value) is Plain or not holds_numbers(value):
        return value
    box = Plain()
    box._value = value
    box._trace = PLAIN
    return box


def _bare(x):
    """``x`` with the plain boxes (and any others) removed, in lists and tuples too."""
    if isinstance(x, Box):
        return raw(x)
    if isinstance(x, (list, tuple)):
        return type(x)(_bare(item) for item in x)
    return x


def _by_name(fun):
    """``gradcli.numpy``'s function of NumPy's ``fun``'s name, or None."""
    found = getattr(namespace, getattr(fun, "__name__", ""), None)
    return found if callable(found) and not isinstance(found, type) else None


_routing = set()  # NumPy functions being answered by gradcli's spelling of them right now


class Plain(Box):
    """A high-precision number outside every trace (see the module): ops on it are gradcli's ops, and it
    stays boxed through them; NumPy's own functions, ``float`` and ``np.asarray`` get its bare value."""

    __slots__ = ()

    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        own = _by_name(ufunc) if method == "__call__" and not kwargs else None
        if own is not None:
            return own(*inputs)  # np.greater(x, 0), np.maximum(x, y): decided as the operators are
        return getattr(ufunc, method)(*_bare(inputs), **{k: _bare(v) for k, v in kwargs.items()})

    def __array_function__(self, func, types, args, kwargs):
        own = _by_name(func)
        if own is not None and func not in _routing:
            _routing.add(func)  # a gradcli spelling that calls NumPy's own on the box gets the values then
            try:
                return own(*args, **kwargs)
            except TypeError:  # an argument gradcli's spelling does not take: NumPy's own, on the values
                pass
            finally:
                _routing.discard(func)
        return func(*_bare(args), **{k: _bare(v) for k, v in kwargs.items()})

    def __array__(self, dtype=None, copy=None):
        return np.asarray(raw(self), dtype=dtype)

    def __float__(self):
        return float(raw(self))

    def __int__(self):
        return int(raw(self))

    def __index__(self):
        return int(raw(self))

    def __complex__(self):
        return complex(raw(self))

    def numpy(self):
        return self


def decided_truth(box):
    """``bool(box)`` for a traced value: of a high-precision number, ``box != 0`` decided as a branch
    (a bare ball says True even for an exact 0), else the truth of its value."""
    value = raw(box)
    if holds_numbers(value) and type(value) is not np.ndarray:
        return bool(raw(ops.not_equal(box, 0)))
    return bool(value)


def numpy_of(box):
    """``box.numpy()``: its value, a high-precision one still a gradcli value (`kept`)."""
    return kept(raw(box))
