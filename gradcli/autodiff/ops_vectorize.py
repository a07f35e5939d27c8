"""``np.vectorize``: the user's Python function called entry by entry on gradcli's values, its answers stacked.

NumPy's vectorize is a loop in Python over the broadcast entries of its arguments
(with a ``signature``, over their sub-arrays); so is this one, each entry a pick of
the traced argument, so the gradient flows through whatever the function computes,
and a branch it takes on a value (``if r < 1``) is a comparison the exact reference
decides as a branch. The entries and answers are typed as NumPy types them: the
first call sees the argument's own scalar, the others Python's numbers (float64),
and every answer is cast to the first answer's dtype (or to ``otypes``), so a
first answer that is a Python int makes the whole result integer, as in NumPy.
"""

from __future__ import annotations

import re

import numpy as np

from .ops import astype
from .ops_array import asarray, getitem, reshape, stack
from .tracer import hooks, is_mp_value
from .values import Box, raw, shape_of

_MISSING = object()  # no pyfunc yet: ``@np.vectorize(otypes=[float])`` on a function
_CORE = r"\(\s*(?:\w+(?:\s*,\s*\w+)*)?\s*\)"
_SIGNATURE = re.compile(rf"^\s*{_CORE}(?:\s*,\s*{_CORE})*\s*->\s*{_CORE}(?:\s*,\s*{_CORE})*\s*$")


def _core_dims(side):
    """``[("n",), ()]`` for ``"(n),()"``."""
    return [tuple(name.strip() for name in inner.split(",") if name.strip()) for inner in re.findall(r"\(([^()]*)\)", side)]


def parse_signature(signature):
    """The core dimensions of each input and each output of a generalised ufunc's ``signature``."""
    if not _SIGNATURE.match(signature):
        raise ValueError(f"not a valid gufunc signature: {signature}")
    inputs, outputs = signature.split("->")
    return _core_dims(inputs), _core_dims(outputs)


class vectorize:  # noqa: N801 (NumPy's name)
    """``np.vectorize(pyfunc, otypes=None, doc=None, excluded=None, cache=False, signature=None)``: ``pyfunc`` applied
    to each entry (or, with a signature such as ``"(n)->()"``, to each core sub-array) of its broadcast arguments."""

    def __init__(self, pyfunc=_MISSING, otypes=None, doc=None, excluded=None, cache=False, signature=None):
        if isinstance(otypes, str):
            for char in otypes:
                if char not in np.typecodes["All"]:
                    raise ValueError(f"Invalid otype specified: {char}")
        elif otypes is not None:
            otypes = "".join(np.dtype(kind).char for kind in otypes)
        self.pyfunc, self.otypes, self.cache, self.signature = pyfunc, otypes, cache, signature
        self.excluded = set(excluded or ())
        self._doc = doc
        self._dims = parse_signature(signature) if signature is not None else None
        if pyfunc is not _MISSING:
            self.__doc__ = doc if doc is not None else getattr(pyfunc, "__doc__", None)
            self.__name__ = getattr(pyfunc, "__name__", type(pyfunc).__name__)

    def __call__(self, *args, **kwargs):
        if self.pyfunc is _MISSING:  # the decorator's second stage: the function it decorates
            return vectorize(*args, otypes=self.otypes, doc=self._doc, excluded=self.excluded, cache=self.cache,
                             signature=self.signature, **kwargs)
        positions = [i for i in range(len(args)) if i not in self.excluded]
        names = [name for name in kwargs if name not in self.excluded]
        vectorized = [args[i] for i in positions] + [kwargs[name] for name in names]

        def call(*entries):
            given, named = list(args), dict(kwargs)
            for i, entry in zip(positions, entries):
                given[i] = entry
            named.update(zip(names, entries[len(positions):]))
            return self.pyfunc(*given, **named)

        arrays = [asarray(v) for v in vectorized]
        if self._dims is None:
            return _entry_by_entry(call, arrays, self.otypes)
        return _by_core(call, arrays, self.otypes, *self._dims)


def _entry_by_entry(call, arrays, otypes):
    """``call`` on each entry of the broadcast ``arrays``, its answers stacked (a tuple of arrays for tuple answers)."""
    shape = np.broadcast_shapes(*(tuple(shape_of(a)) for a in arrays))
    indices = list(np.ndindex(*shape))
    if not indices:
        return _empty(otypes, shape, [()] * max(len(otypes or ""), 1))
    kinds = otypes or _first_answers_dtypes(call, [_pick(a, indices[0], len(shape)) for a in arrays])
    # NumPy's loop runs on object arrays: every call, the first too, sees Python's numbers (float64)
    answers = [call(*(_as_python(_pick(a, index, len(shape))) for a in arrays)) for index in indices]
    return _stacked(answers, kinds, shape)


def _first_answers_dtypes(call, entries):
    """The dtypes NumPy reads off a first call on the first entries as the arguments' own scalars (``otypes`` it
    then casts every answer to); None in an exact run, whose numbers are no scalar of a dtype.

    That call's answer is dropped, as NumPy drops it: it runs on the plain values, unwatched, so an overflow
    it alone makes is no finding of the program's."""
    natives = [raw(entry) for entry in entries]
    if any(isinstance(v, np.ndarray) and v.dtype == object or is_mp_value(v) for v in natives):
        return None
    natives = [v[()] if isinstance(v, np.ndarray) else v for v in natives]
    watching = hooks.forward, hooks.backward
    hooks.forward = hooks.backward = None
    try:
        with np.errstate(all="ignore"):
            answer = call(*natives)
    finally:
        hooks.forward, hooks.backward = watching
    answers = answer if isinstance(answer, tuple) else (answer,)
    return "".join(np.asarray(raw(a)).dtype.char for a in answers)


def _by_core(call, arrays, otypes, in_dims, out_dims):
    """``call`` on each core sub-array of ``arrays`` (``in_dims`` their core dimensions' names), its answers stacked
    over the broadcast loop dimensions, each with its ``out_dims`` core."""
    if len(arrays) != len(in_dims):
        raise TypeError(f"wrong number of positional arguments: expected {len(in_dims)}, got {len(arrays)}")
    sizes, loops = {}, []
    for array, dims in zip(arrays, in_dims):
        shape = tuple(shape_of(array))
        if len(shape) < len(dims):
            raise ValueError(f"input with shape {shape} does not have enough dimensions for all core dimensions {dims}")
        for name, size in zip(dims, shape[len(shape) - len(dims):]):
            if sizes.setdefault(name, size) != size:
                raise ValueError(f"inconsistent size for core dimension {name!r}: {size} vs {sizes[name]}")
        loops.append(shape[:len(shape) - len(dims)])
    loop_shape = np.broadcast_shapes(*loops)
    indices = list(np.ndindex(*loop_shape))
    if not indices:
        if any(name not in sizes for dims in out_dims for name in dims):
            raise ValueError("cannot call `vectorize` with a signature including new output dimensions on size 0 inputs")
        return _empty(otypes, loop_shape, [tuple(sizes[name] for name in dims) for dims in out_dims])
    answers = []
    for index in indices:
        parts = [_pick(a, index, len(loop_shape), len(dims)) for a, dims in zip(arrays, in_dims)]
        answer = call(*parts)
        outputs = answer if len(out_dims) > 1 else (answer,)
        if not isinstance(outputs, tuple) or len(outputs) != len(out_dims):
            raise ValueError(f"wrong number of outputs from pyfunc: expected {len(out_dims)}")
        for value, dims in zip(outputs, out_dims):
            value_shape = tuple(shape_of(asarray(value)))
            if len(value_shape) != len(dims):
                raise ValueError(f"output with shape {value_shape} does not have the {len(dims)} core dimension(s) "
                                 f"{dims} of the signature")
            for name, size in zip(dims, value_shape):
                if sizes.setdefault(name, size) != size:
                    raise ValueError(f"inconsistent size for core dimension {name!r}: {size} vs {sizes[name]}")
        answers.append(answer)
    return _stacked(answers, otypes, loop_shape, len(out_dims))


def _pick(array, index, loop_ndim, core_ndim=0):
    """The entry (or core sub-array) of ``array`` at the broadcast loop ``index``: its own dimensions right-aligned,
    a dimension of length 1 read at 0."""
    shape = tuple(shape_of(array))
    own = len(shape) - core_ndim
    at = tuple(0 if size == 1 else i for i, size in zip(index[loop_ndim - own:], shape[:own]))
    if not at:
        return array
    return getitem(array, at) if isinstance(array, Box) else array[at]


def _as_python(entry):
    """``entry`` as an object array hands it to NumPy's loop: a float or complex scalar as Python's (64-bit) number."""
    kind = np.asarray(raw(entry)).dtype if not isinstance(entry, Box) else entry.dtype
    if kind.kind == "f" and kind.itemsize < 8:
        return astype(entry, np.float64)
    if kind.kind == "c" and kind.itemsize < 16:
        return astype(entry, np.complex128)
    if isinstance(entry, np.generic):
        return entry.item()
    if isinstance(entry, np.ndarray) and entry.dtype != object:
        return entry.item()
    return entry


def _stacked(answers, kinds, shape, count=None):
    """The answers as NumPy's vectorize returns them: one array (a tuple of arrays for tuple answers) of ``shape``
    (plus each output's core), each answer cast to its output's dtype in ``kinds`` (typecodes; None: the first
    answer's dtype, `_dtype_of`)."""
    first = answers[0]
    if count is None:
        count = len(kinds) if kinds else (len(first) if isinstance(first, tuple) else 1)
    columns = [[answer[j] if count > 1 else answer for answer in answers] for j in range(count)]
    outputs = []
    for j, column in enumerate(columns):
        kind = np.dtype(kinds[j]) if kinds else _dtype_of(column[0])
        values = column if kind is None else [_cast(value, kind) for value in column]
        core = tuple(shape_of(values[0]))
        outputs.append(reshape(stack(values), tuple(shape) + core))
    return tuple(outputs) if count > 1 else outputs[0]


def _dtype_of(value):
    """The dtype NumPy gives an answer: a traced value's the dtype of the program it computes; an exact run's number's
    none (it stays as exact as any cast to a float dtype leaves it); a plain number's NumPy's (a whole number's an
    integer dtype, which cuts the others, as in NumPy)."""
    if isinstance(value, Box):
        return value.dtype
    if is_mp_value(value):
        return None
    return np.asarray(value).dtype


def _cast(value, kind):
    """``value`` as an array of dtype ``kind``: a traced value through the recorded cast."""
    if isinstance(value, Box):
        return value if value.dtype == kind else astype(value, kind)
    if kind == object:
        return np.asarray(value, dtype=object)
    return astype(asarray(value), kind)


def _empty(otypes, shape, cores):
    if not otypes:
        raise ValueError("cannot call `vectorize` on size 0 inputs unless `otypes` is set")
    outputs = [np.empty(tuple(shape) + core, dtype=otypes[j]) for j, core in enumerate(cores)]
    return tuple(outputs) if len(outputs) > 1 else outputs[0]
