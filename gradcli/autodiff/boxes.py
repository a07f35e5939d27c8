"""Operators and array attributes on traced values, and clear errors for plain NumPy calls."""

from __future__ import annotations

import contextvars
import linecache
import sys
from contextlib import contextmanager

import numpy as np

from . import namespace, ops, ops_array, ops_linalg, tracer
from .tracer import Box, TracedValueError
from .values import holds_complex, raw

# np ufuncs that a traced value may meet through an operator with a NumPy
# operand on the left (``ndarray * box``): route them to our primitives.
_UFUNC_TO_PRIMITIVE = {
    np.add: ops.add,
    np.subtract: ops.subtract,
    np.multiply: ops.multiply,
    np.divide: ops.divide,
    np.power: ops.power,
    np.negative: ops.negative,
    np.matmul: ops_linalg.matmul,
    np.remainder: ops.mod,
    np.floor_divide: ops.floor_divide,
    np.divmod: ops.divmod_,
    np.greater: ops.greater,
    np.greater_equal: ops.greater_equal,
    np.less: ops.less,
    np.less_equal: ops.less_equal,
    np.equal: ops.equal,
    np.not_equal: ops.not_equal,
}


def _plain_numpy_error(func):
    # The module path keeps np.linalg.inv from reading as a missing numpy.inv.
    parts = [p for p in (getattr(func, "__module__", None) or "numpy").split(".")[1:] if not p.startswith("_")]
    parts.append(func.__name__)
    name = ".".join(parts)
    return TracedValueError(
        f"numpy.{name} was called on a value gradcli is differentiating, which would "
        f"drop its gradient; {_advice(parts)} (import gradcli.numpy as gnp)."
    )


def _advice(parts):
    """What to use instead of a plain function named by ``parts`` (``["linalg", "inv"]``)."""
    found = namespace
    for part in parts:
        found = getattr(found, part, None)
    if found is None:
        return "gradcli.numpy has no equivalent; express it with gradcli.numpy ops"
    return f"use gradcli.numpy.{'.'.join(parts)} instead"


def _array_ufunc(self, ufunc, method, *inputs, **kwargs):
    prim = _UFUNC_TO_PRIMITIVE.get(ufunc)
    if prim is not None and method == "__call__" and not kwargs:
        return prim(*inputs)
    if "out" in kwargs:  # acc += x into a NumPy array: the array would hold numbers, not the trace
        raise TracedValueError(_IN_PLACE)
    raise _plain_numpy_error(ufunc)


_IN_PLACE = (
    "a value gradcli is differentiating was written into an array in place (y[i] = x, y[mask] = 0, acc += x, "
    "out=...), which gradcli cannot follow: build a new array instead (np.where(mask, 0.0, y) for a masked "
    "assignment, acc = acc + x, np.stack or np.concatenate for pieces)"
)


def _no_setitem(self, index, value):
    raise TracedValueError(_IN_PLACE)


def _array_function(self, func, types, args, kwargs):
    raise _plain_numpy_error(func)


def _no_array(self, dtype=None, copy=None):
    raise TracedValueError(
        "a value gradcli is differentiating was converted to a plain NumPy array "
        "(np.asarray / np.array), which would drop its gradient; use gradcli.numpy "
        "functions on it, or gradcli.stop_gradient(x) if a constant is really meant."
    )


def _hash(self):
    """A traced value's hash, as NumPy's value's would be: none for an array (NumPy's arrays are unhashable), by value
    for a number, so that code keying a dict or a set by a number it read (``cache[x[0]]``, ``x.sum() in seen``) finds
    what NumPy's run finds; an exact run's number hashes as the float or complex it equals, as NumPy's scalar does.
    The core keys its nodes by their ``order``, never by hashing them."""
    value = raw(self)
    if isinstance(value, np.ndarray):
        if value.ndim or value.dtype != object:  # an exact run's number: 0-d of objects
            raise TypeError("unhashable type: 'numpy.ndarray'")
        value = value[()]
    if isinstance(value, (np.generic, float, int, complex)):
        return hash(value)
    try:
        return hash(complex(value))
    except (TypeError, ValueError):  # a number of no complex value (a jet of forward mode): the object itself
        return object.__hash__(self)


def _no_float(self, *index):
    # float(x), int(x), complex(x), and the methods that hand out Python numbers (x.item(i), x.tolist()).
    frame = sys._getframe(1)  # the code that converted
    call = _calling_expression(frame)
    name = call.split("(", 1)[0].split(".")[-1].strip() if call else ""
    replacement = getattr(namespace, name, None) if name else None
    alias = _own_alias(frame, name, replacement)
    if replacement is None or isinstance(replacement, type):  # float(x), np.float64(x), math.fsum(...)
        own = _own_alias(frame, "sum", namespace.sum)  # a plain NumPy file's np reaches gradcli's ops already
        advice = (f"keep it as an array and use {own}'s functions on it" if own is not None
                  else "keep it as an array and use gradcli.numpy functions on it (import gradcli.numpy as gnp)")
    elif alias is not None:  # the module already reaches gradcli's ops under a name of its own
        advice = f"use {alias}.{name} instead"
    else:
        advice = f"use gradcli.numpy.{name} instead (import gradcli.numpy as gnp)"
    raise TracedValueError(
        f"{f'`{call}`' if call else 'float()/int()'} converts a value gradcli is "
        f"differentiating to a Python number, which would drop its gradient; {advice}, "
        "or gradcli.stop_gradient(x) if a constant is really meant."
    )


def _formatted(self, spec):
    # Printing a traced value is harmless: format its value. An exact run's numbers take few format specs of their own
    # (mpmath's none), so a spec formats the floats nearest them (`as_printed`).
    value = ops.raw(self)
    return format(as_printed(value) if spec else value, spec)


def as_printed(value):
    """``value`` (a raw value) as text formatting reads numbers: an exact run's numbers as the floats nearest them, or
    NaN where they give none (a jet, a proof number), for what the user's code prints then is for the eye alone;
    anything else as it is."""
    if not tracer.is_mp_value(value):
        return value
    try:
        return np.asarray(value, dtype=complex if holds_complex(value) else float)
    except (TypeError, ValueError, ArithmeticError):
        return np.nan


def _own_alias(frame, name, replacement):
    """The shortest global name under which the converting code's module reaches ``replacement`` as ``.name``.

    A plain NumPy file runs with gradcli.numpy in NumPy's place, so its own
    ``np`` (or ``numpy``) is the spelling its author can use; None if no global does.
    """
    if frame is None or replacement is None:
        return None
    found = [
        alias
        for alias, value in list(frame.f_globals.items())
        if isinstance(value, type(sys)) and getattr(value, name, None) is replacement
    ]
    return min(found, key=len) if found else None


def _calling_expression(frame):
    """The source text of the call in ``frame`` that converted a traced value (``math.exp(x)``), or None.

    Read off the caller's current instruction only when raising, so it costs
    nothing otherwise; None where the source is not available.
    """
    try:
        line, end_line, col, end_col = list(frame.f_code.co_positions())[frame.f_lasti // 2]
        lines = [linecache.getline(frame.f_code.co_filename, n).encode() for n in range(line, end_line + 1)]
        lines[-1] = lines[-1][:end_col]  # columns count UTF-8 bytes
        lines[0] = lines[0][col:]
    except (ValueError, IndexError, TypeError):  # no positions or no source
        return None
    return " ".join(b"".join(lines).decode(errors="replace").split()) or None


def _install():
    B = Box
    B.__array_ufunc__ = _array_ufunc
    B.__array_function__ = _array_function
    B.__array__ = _no_array
    B.__float__ = _no_float
    B.__int__ = _no_float
    B.__complex__ = _no_float
    B.item = _no_float
    B.tolist = _no_float

    # Doors are plain functions, so they bind as the methods themselves (one
    # call less per operator); reflected operators swap their operands, except
    # where the order cannot change the result (IEEE + and * are commutative).
    B.__neg__ = ops.negative
    B.__pos__ = lambda self: self
    B.__abs__ = ops.absolute
    B.__add__ = ops.add
    B.__radd__ = ops.add
    B.__sub__ = ops.subtract
    B.__rsub__ = lambda self, other: ops.subtract(other, self)
    B.__mul__ = ops.multiply
    B.__rmul__ = ops.multiply
    B.__truediv__ = ops.divide
    B.__rtruediv__ = lambda self, other: ops.divide(other, self)
    B.__pow__ = ops.power
    B.__rpow__ = lambda self, other: ops.power(other, self)
    B.__mod__ = ops.mod
    B.__rmod__ = lambda self, other: ops.mod(other, self)
    # Floor division and rounding are steps: constants as far as gradients go, as in NumPy.
    B.__floordiv__ = ops.floor_divide
    B.__rfloordiv__ = lambda self, other: ops.floor_divide(other, self)
    B.__divmod__ = ops.divmod_
    B.__rdivmod__ = lambda self, other: ops.divmod_(other, self)
    B.__round__ = lambda self, ndigits=None: ops.round(self) if ndigits is None else ops.round(self, ndigits)
    B.__floor__ = ops.floor
    B.__ceil__ = ops.ceil
    B.__trunc__ = ops.trunc
    B.__matmul__ = ops_linalg.matmul
    B.__rmatmul__ = lambda self, other: ops_linalg.matmul(other, self)
    B.__lt__ = ops.less
    B.__le__ = ops.less_equal
    B.__gt__ = ops.greater
    B.__ge__ = ops.greater_equal
    B.__eq__ = ops.equal
    B.__ne__ = ops.not_equal
    B.__hash__ = _hash
    B.__format__ = _formatted
    B.__str__ = lambda self: _formatted(self, "")  # print(x), str(x), "%s": the numbers, as the program prints them
    B.numpy = lambda self: ops.raw(self)
    B.__bool__ = lambda self: bool(ops.raw(self))
    B.__len__ = lambda self: len(ops.raw(self))
    B.__getitem__ = lambda self, index: ops_array.getitem(self, _raw_index(index))
    B.__iter__ = lambda self: (self[i] for i in range(len(self)))
    B.__setitem__ = _no_setitem

    B.shape = property(lambda self: ops.shape_of(self))
    B.ndim = property(lambda self: len(ops.shape_of(self)))
    B.size = property(lambda self: int(np.prod(ops.shape_of(self))))
    B.dtype = property(_numpy_dtype)
    B.__array_priority__ = 0.0  # an ndarray's: NumPy's binary operators defer to ``__array_ufunc__`` above anyway
    B.T = property(lambda self: ops_array.transpose(self))
    B.real = property(lambda self: ops.real(self))
    B.imag = property(lambda self: ops.imag(self))

    B.sum = lambda self, axis=None, dtype=None, keepdims=False: ops_array.sum_(
        self, axis=axis, keepdims=keepdims, **({} if dtype is None else {"dtype": dtype}))
    B.mean = lambda self, axis=None, dtype=None, keepdims=False: ops_array.mean(
        self, axis=axis, keepdims=keepdims, **({} if dtype is None else {"dtype": dtype}))
    B.prod = lambda self, axis=None, keepdims=False: ops_array.prod(self, axis=axis, keepdims=keepdims)
    B.max = lambda self, axis=None, keepdims=False: ops_array.max_(self, axis=axis, keepdims=keepdims)
    B.min = lambda self, axis=None, keepdims=False: ops_array.min_(self, axis=axis, keepdims=keepdims)
    B.var = lambda self, axis=None, ddof=0, keepdims=False: ops_array.var(self, axis, ddof, keepdims)
    B.std = lambda self, axis=None, ddof=0, keepdims=False: ops_array.std(self, axis, ddof, keepdims)
    B.cumsum = lambda self, axis=None: ops_array.cumsum(self, axis=axis)
    B.reshape = lambda self, *shape: ops_array.reshape(self, _shape_arg(shape))
    B.transpose = lambda self, *axes: ops_array.transpose(self, _shape_arg(axes) or None)
    B.ravel = lambda self: ops_array.ravel(self)
    B.flatten = lambda self: ops_array.ravel(self)
    B.squeeze = lambda self, axis=None: ops_array.squeeze(self, axis)
    B.dot = lambda self, other: ops_linalg.dot(self, other)
    B.conj = B.conjugate = lambda self: ops.conj(self)
    # ndarray's keywords: copy= only says whether NumPy may hand back the array itself, the same numbers either way
    B.astype = lambda self, dtype, order="K", casting="unsafe", subok=True, copy=True: ops.astype(self, dtype)
    B.copy = lambda self, order="C": ops_array.copy(self)
    B.clip = lambda self, min=None, max=None: ops.clip(self, min, max)  # noqa: A002 (ndarray.clip's keywords)
    for name in _AS_FUNCTIONS:
        setattr(B, name, _method_calling(name))
    B.flat = property(lambda self: ops_array.ravel(self))  # read, indexed and iterated: a flat array's entries
    B.mT = property(lambda self: namespace.swapaxes(self, -1, -2))
    B.itemsize = property(lambda self: self.dtype.itemsize)
    B.nbytes = property(lambda self: self.size * self.dtype.itemsize)


# ndarray's methods that are NumPy's function of the array and the method's arguments (``a.argmax(axis)`` is
# ``np.argmax(a, axis)``), answered by gradcli.numpy's function; NumPy's in-place ones (``sort``, ``fill``) are not.
_AS_FUNCTIONS = ("all", "any", "argmax", "argmin", "argpartition", "argsort", "cumprod", "diagonal", "nonzero",
                 "repeat", "round", "searchsorted", "swapaxes", "take", "trace")


def _method_calling(name):
    def method(self, *args, **kwargs):
        return getattr(namespace, name)(self, *args, **kwargs)

    method.__name__ = name
    return method


# The float dtype of the program an exact run computes the mathematics of (None: float64's), and where the run notes
# that a program read a value's dtype (None: nowhere).
_PROGRAM_DTYPE = contextvars.ContextVar("gradcli_program_dtype", default=None)
_DTYPE_READS = contextvars.ContextVar("gradcli_dtype_reads", default=None)


@contextmanager
def computing_as(dtype):
    """Within it, an exact run's numbers answer ``x.dtype`` as the program in ``dtype`` (a real float dtype; None or
    float64: float64's) sees its values: ``np.finfo(x.dtype).eps``, ``x.dtype == np.float32`` and ``x.itemsize`` are
    that program's, so the exact reference of the float32 program takes the float32 program's branches and limits."""
    token = _PROGRAM_DTYPE.set(None if dtype is None or np.dtype(dtype) == np.float64 else np.dtype(dtype))
    try:
        yield
    finally:
        _PROGRAM_DTYPE.reset(token)


@contextmanager
def noting_dtype_reads():
    """Within it, each read of a float value's ``dtype`` (a traced one's in a dtype's run, an exact run's numbers') is
    noted in the list it yields: a program that read none computes the same mathematics in every dtype."""
    reads = []
    token = _DTYPE_READS.set(reads)
    try:
        yield reads
    finally:
        _DTYPE_READS.reset(token)


def _noted(dtype):
    reads = _DTYPE_READS.get()
    if reads is not None and dtype.kind in "fcV":
        reads.append(dtype)
    return dtype


def _numpy_dtype(box):
    """``box.dtype``: NumPy's dtype of its value, and for an exact run's numbers (balls, jets, mpmath's, proof numbers,
    which NumPy holds as objects) the dtype of the program whose mathematics they compute (`computing_as`: float64's
    unless the checker says another), its complex counterpart for complex numbers: ``np.finfo(x.dtype)``,
    ``np.zeros(n, x.dtype)`` and a comparison with ``np.float32`` answer as on that program's float values."""
    dtype = ops.dtype_of(box)
    if dtype != object:
        return _noted(dtype)
    value = raw(box)
    first = value.flat[0] if type(value) is np.ndarray and value.size else value
    if not tracer._MP_TYPES or not isinstance(first, tracer._MP_TYPES):
        return dtype  # an object array of Python objects, or of the flags a comparison of exact numbers gives
    real = _PROGRAM_DTYPE.get() or np.dtype(np.float64)
    return _noted(_complex_of(real) if holds_complex(value) else real)


def _complex_of(real):
    """The complex dtype whose parts are ``real``'s numbers, as NumPy pairs them (float16's and float32's complex64);
    complex128 for a dtype NumPy pairs with none (ml_dtypes' bfloat16)."""
    try:
        return np.result_type(real, np.complex64)
    except TypeError:
        return np.dtype(np.complex128)


def _shape_arg(args):
    if len(args) == 1 and isinstance(args[0], (tuple, list)):
        return tuple(args[0])
    return tuple(args)


def _raw_index(index):
    # Indices are constants: unbox any traced integer or mask used as one.
    if isinstance(index, tuple):
        return tuple(ops.raw(i) for i in index)
    return ops.raw(index)


_install()
