"""A user's float64 TensorFlow trace retyped to float32, where it is what a float32 trace would be.

A trace costs milliseconds of TensorFlow building its graph in Python, and a
check needs the function in float32 as well as float64 (and each fix's
re-check asks TensorFlow's float32 numbers at three points). The float32 graph
of a function differs from its float64 graph only in its dtypes, unless some
Python code chose differently by dtype while it traced (a constant such as
``np.finfo(x.dtype).eps``, a branch, a cast): TensorFlow makes a float32
constant from the same Python number by rounding it, as a retyped one is
rounded here. So the float64 trace is retyped (its steps' dtypes and its
constants) only where nothing can have chosen by dtype: no float type but
float64 and no ``Cast`` in the graph, no constant that float32 overflows or
flushes (a float64 limit), no float value folded at capture that float32
does not hold (folding rounds in float64), and no word about dtypes in the user's source that traced
it (`retypable`). The bridge then also holds the retyped graph's numbers to
TensorFlow's own float32 call, bit for bit, at the first point it serves.

This module never imports TensorFlow: it reads the graph objects it is handed.
"""

from __future__ import annotations

import dataclasses
import functools
import linecache
import re

import numpy as np

from .tf_graph import CALLS, CONDITIONALS, SWITCHES, Plan
from .tf_loops import WHILES

_OTHER_FLOATS = {1, 19, 14, 8, 18}  # float32, float16, bfloat16, complex64, complex128
# Words of code that may choose by dtype: a dtype read or named, a cast, a float type's limits or epsilon.
_DTYPE_WORDS = re.compile(r"dtype|float(16|32|64)|finfo|\bcast\b|astype|double|epsilon|\beps\b|\bhalf\b|floatx|precision")
_TINY32 = np.finfo(np.float32).tiny


def retypable(graph, files, folded):
    """Whether ``graph`` (a float64 trace) retyped to float32 is the float32 trace of the same code.

    ``files``: the user's files whose lines made its ops; ``folded``: the values
    the walker computed at capture (each in float64), by key.
    """
    for op in graph.get_operations():
        if op.type == "Cast" or op.type in CALLS or op.type in CONDITIONALS or op.type in SWITCHES or op.type in WHILES:
            return False
        if any((t.dtype.is_floating or t.dtype.is_complex) and t.dtype.name != "float64" for t in op.outputs):
            return False
        for value in op.node_def.attr.values():
            kind = value.WhichOneof("value")
            types = [value.type] if kind == "type" else list(value.list.type) if kind == "list" else []
            if any(t in _OTHER_FLOATS for t in types):
                return False
    if any(_is_float64(value) and not _held_by_float32(value) for value in folded.values()):
        return False
    return not any(_mentions_dtypes(path) for path in files)


def constants_keep(values):
    """Whether float64 constants round to float32 as a number does: none overflows, none goes subnormal or 0."""
    for value in values:
        if not _is_float64(value):
            continue
        value = np.asarray(value)
        narrow = value.astype(np.float32)
        finite = np.isfinite(value)
        if np.any(finite & ~np.isfinite(narrow)) or np.any((value != 0) & finite & (np.abs(narrow) < _TINY32)):
            return False
    return True


@functools.lru_cache(maxsize=256)
def _mentions_dtypes(path):
    """Whether a user's file (or a fix's rewritten text, held by `linecache`) has a word that may choose by dtype."""
    lines = linecache.getlines(path)
    return not lines or _DTYPE_WORDS.search("".join(lines)) is not None


def _held_by_float32(value):
    """Whether float32 holds a float64 value exactly (NaN and inf alike), as the folding in float32 would then give it.

    A value a correctly rounded op folded in float64 that float32 holds is
    within half a float64 step of the exact answer, far nearer than half a
    float32 step: float32 rounds that answer to the same number.
    """
    value = np.asarray(value)
    with np.errstate(all="ignore"):
        back = value.astype(np.float32).astype(np.float64)
    return bool(np.all((back == value) | (np.isnan(back) & np.isnan(value))))


def _is_float64(value):
    return isinstance(value, (np.ndarray, np.generic)) and value.dtype == np.float64


def _narrow(value):
    """A float64 value as float32 (arrays, NumPy scalars and dtypes); anything else as it is."""
    if isinstance(value, np.dtype):
        return np.dtype(np.float32) if value == np.float64 else value
    if _is_float64(value):
        return value.astype(np.float32) if isinstance(value, np.ndarray) else np.float32(value)
    return value


def retyped_plan(plan):
    """``plan`` (a float64 trace's) with its static values and its steps' dtype attributes in float32."""
    steps = [
        dataclasses.replace(step, attrs={name: _narrow(value) for name, value in step.attrs.items()}) for step in plan.steps
    ]
    static = {key: _narrow(value) for key, value in plan.static.items()}
    return Plan(plan.inputs, plan.outputs, static, steps, plan.unmapped)
