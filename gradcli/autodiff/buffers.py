"""The buffer pool: large arrays the core has finished with, kept for the next op that makes one like them.

A traced computation on large arrays makes its arrays anew on every call, and
on Linux that is where much of its time goes: at the end of a call glibc
hands the memory of freed arrays back to the kernel (past its trim
threshold), and the next call's arrays are fresh pages that the kernel faults
in and zeroes, 1.5-3 ms per 8 MB here, half as long as computing ``exp`` of them.
PyTorch's caching allocator answers the same cost; this is its smallest form.

Arrays come here only from the reverse-mode core, when it lets go of one (an
intermediate's box dies, or the backward pass is done with a value or a
cotangent), and only when nobody else holds it: its reference count says
the core's was the last reference. One leaves as the ``out=`` of the next
NumPy ufunc, in a traced op or a rule, whose output has its shape and dtype.
At most `LIMIT_BYTES` are held, the oldest kinds going first; `release`
empties the pool.

What a pooled array (or an op worked on in place, see `core`) changes in
the results, op class by op class. NumPy and BLAS pick their SIMD kernels by
CPU at run time, so the promises are within one process, on any CPU:

* Elementwise ops (ufuncs, and ops that only move or select elements): the
  same bits as into a new array. Each element comes from the same kernel on
  the same operands, wherever the output lives.
* Reductions and contractions (sum, mean, dot, matmul, einsum, linalg
  routines, and anything built on them): the same bits only when the same
  kernel runs on equally aligned buffers, as for one array reduced twice.
  A kernel may split or start a sum by where its buffers start in memory, so
  the same values in a pooled or new array may round differently: within a
  few units in the last place of the result's largest element.
"""

from __future__ import annotations

import sys
import threading
from contextlib import contextmanager

import numpy as np

__all__ = ["LARGE_BYTES", "LIMIT_BYTES", "release", "set_aside", "held_bytes", "give", "out_for"]

# Arrays at least this large are pooled and worked on in place (core.py):
# below glibc's default mmap threshold (128 KiB) malloc hands back memory
# just freed, so a new array costs little, while the bookkeeping of
# ownership and NumPy's ``out=`` calls cost more than they save.
LARGE_BYTES = 1 << 17

# The most the pool holds: it is memory kept idle between calls.
LIMIT_BYTES = 64 << 20

_ndarray = np.ndarray
_lock = threading.Lock()
# (shape, dtype) -> arrays of that kind, kinds in the order they first came:
# the door tests this dict's truth before anything else, so an empty pool costs one test.
pool: dict = {}
_held = [0]
_out_dtypes: dict = {}  # (ufunc, argument dtypes or Python types) -> output dtype, or None


def held_bytes():
    """How many bytes of arrays the pool holds now."""
    return _held[0]


def release():
    """Let go of every array in the pool (their memory goes back to the allocator)."""
    with _lock:
        pool.clear()
        _held[0] = 0


@contextmanager
def set_aside():
    """Run a block as if there were no pool, then put its arrays back: to measure what the pool saves."""
    global LIMIT_BYTES
    with _lock:
        kept, held, limit = dict(pool), _held[0], LIMIT_BYTES
        pool.clear()
        _held[0] = 0
        LIMIT_BYTES = 0
    try:
        yield
    finally:
        with _lock:
            LIMIT_BYTES = limit
            pool.clear()
            pool.update(kept)
            _held[0] = held


def _pop_counted(dying):
    # The last array of ``dying`` and its reference count once out of the
    # list. `_ALONE` is measured by this same code, so the two counts are
    # taken exactly alike whatever the Python version counts on its stack.
    array = dying.pop()
    return array, sys.getrefcount(array)


_, _ALONE = _pop_counted([np.empty(1)])


def give(dying):
    """Keep the arrays of the list ``dying`` that nobody else holds; the list ends empty.

    The caller puts there arrays it has let go of, holding no other reference
    to them. One that anybody else holds (the user, a view of it, a hook, a
    node) has a higher reference count and is left alone, as is one too
    small, not the owner of its memory, read-only, or of Python objects.
    """
    while dying:
        array, count = _pop_counted(dying)
        if count != _ALONE or type(array) is not _ndarray:
            continue
        nbytes = array.nbytes
        if nbytes < LARGE_BYTES or nbytes > LIMIT_BYTES or array.dtype.hasobject:
            continue
        flags = array.flags
        if not (flags.owndata and flags.writeable and flags.c_contiguous):
            continue
        key = (array.shape, array.dtype)
        with _lock:
            while _held[0] + nbytes > LIMIT_BYTES:
                _drop_oldest()
            kept = pool.get(key)
            if kept is None:
                pool[key] = [array]
            else:
                kept.append(array)
            _held[0] += nbytes


def _drop_oldest():
    # The kind that came first loses an array: the pool follows the shapes in use.
    key = next(iter(pool))
    kept = pool[key]
    _held[0] -= kept.pop().nbytes
    if not kept:
        del pool[key]


def out_for(ufunc, args):
    """An array of the pool to pass as ``out=`` to ``ufunc(*args)``, or None.

    Only for a ufunc of one output whose array arguments are large and all of
    one shape (nothing broadcast) and whose other arguments are Python
    numbers: its output then has that shape, and the dtype NumPy resolves
    for those arguments.
    """
    shape = None
    kinds = []
    for a in args:
        kind = type(a)
        if kind is _ndarray:
            if shape is None:
                if a.nbytes < LARGE_BYTES:
                    return None
                shape = a.shape
            elif a.shape != shape:
                return None
            kinds.append(a.dtype)
        elif kind is float or kind is int:
            kinds.append(kind)
        else:
            return None
    if shape is None:
        return None
    key = (ufunc, tuple(kinds))
    dtype = _out_dtypes.get(key, False)
    if dtype is False:
        dtype = _out_dtypes[key] = _output_dtype(ufunc, kinds)
    if dtype is None:
        return None
    with _lock:
        kept = pool.get((shape, dtype))
        if not kept:
            return None
        array = kept.pop()
        if not kept:
            del pool[(shape, dtype)]
        _held[0] -= array.nbytes
    return array


def _output_dtype(ufunc, kinds):
    """The dtype of ``ufunc``'s one output for arguments of these dtypes (Python types for numbers), or None."""
    if type(ufunc) is not np.ufunc or ufunc.nout != 1 or len(kinds) != ufunc.nin or ufunc.signature is not None:
        return None  # a generalized ufunc (matmul) has an output shape of its own
    try:
        resolved = ufunc.resolve_dtypes((*kinds, None))
    except (TypeError, ValueError):
        return None
    return resolved[-1]
