"""Raw values under the core: the traced-value base class, and shape, dtype and zeros of any value.

The bottom layer of the core: it imports no other module of it. Everything
above (the tracer, the backward machinery, the primitives and their rules)
asks here what a value is: its raw number or array under any boxes, its shape,
its dtype, whether that dtype is a float one, and a zero or one like it.
"""

from __future__ import annotations

import contextlib
import functools
import sys

import numpy as np

__all__ = [
    "Box",
    "NUMPY_SCALAR_TYPES",
    "raw",
    "shape_of",
    "dtype_of",
    "is_float_dtype",
    "result_dtype",
    "float_dtype",
    "weak",
    "in_input_dtype",
    "zeros_like",
    "ones_like_value",
    "holds_box",
    "loaded_mpmath",
]


class Box:
    """A value being traced: the raw value and the trace it belongs to.

    Each kind of trace subclasses it (a reverse-mode node, a forward-mode value
    with its tangent), so recording an op costs one object. Operators and array
    attributes are attached by ``boxes.py`` so that ``x * y`` on boxes goes
    through the same primitives as ``gradcli.numpy.multiply``.
    """

    __slots__ = ("_value", "_trace")
    __array_priority__ = 100.0

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        BOX_TYPES.add(cls)

    def __repr__(self):
        return f"Traced({self._value!r})"

    __hash__ = object.__hash__


# Box and every subclass of it: ``type(x) in BOX_TYPES`` is ``isinstance(x, Box)``
# for one set lookup, which the forward door asks of every one-argument call.
BOX_TYPES = {Box}


# NumPy's float and complex scalars: their Python operators give exactly what the ufunc gives.
NUMPY_SCALAR_TYPES = frozenset(
    {np.float16, np.float32, np.float64, np.longdouble, np.complex64, np.complex128, np.clongdouble}
)


def raw(x):
    """The untraced value under any number of boxes."""
    while isinstance(x, Box):
        x = x._value
    return x


def shape_of(x):
    """The shape of a value (traced or not): NumPy's, ``()`` for Python and mpmath numbers."""
    if type(x) is np.ndarray:
        return x.shape
    x = raw(x)
    try:
        return x.shape
    except AttributeError:  # Python numbers, mpmath numbers, lists
        return np.shape(x)


def dtype_of(x):
    """The dtype a value (traced or not) computes in; Python numbers as NumPy would read them."""
    value = raw(x)
    if isinstance(value, (np.ndarray, np.generic)):
        return value.dtype
    if isinstance(value, bool):
        return np.dtype(bool)
    if isinstance(value, int):
        return np.dtype(np.int64)
    if isinstance(value, float):
        return np.dtype(np.float64)
    if isinstance(value, complex):
        return np.dtype(np.complex128)
    return np.dtype(object)


def holds_complex(x):
    """Whether a value (traced or not) holds complex numbers: NumPy's dtype, or for the exact reference's numbers
    (an mpmath or flint complex, or an object array of them) the numbers themselves, which NumPy's dtype calls
    ``object`` whatever they are."""
    value = raw(x)
    if isinstance(value, np.ndarray) and value.dtype == object:
        return any(_complex_type(kind) for kind in set(map(type, value.flat)))  # the few types, each asked once
    return np.iscomplexobj(value) or _complex_type(type(value))


def _complex_type(kind):
    return issubclass(kind, complex) or kind.__name__ in ("mpc", "acb", "ExactComplex")


def is_float_dtype(dtype):
    """Whether ``dtype`` holds floating-point numbers: NumPy's real or complex, or ml_dtypes'."""
    return dtype.kind in "fc" or (dtype.kind == "V" and _is_extension_float(dtype))


@functools.lru_cache(maxsize=None)
def _is_extension_float(dtype):
    # ml_dtypes' floats (bfloat16, the float8s) are void-kind dtypes to NumPy, as
    # are its int4s and structured dtypes; ml_dtypes.finfo tells them apart. It is
    # only asked once imported: no value of its dtypes can exist before, and
    # gradcli must run without it.
    ml_dtypes = sys.modules.get("ml_dtypes")
    if ml_dtypes is None:
        return False
    try:
        ml_dtypes.finfo(dtype)
    except (TypeError, ValueError):
        return False
    return True


def result_dtype(*values):
    """The dtype an op on raw ``values`` computes in: NumPy's promotion, real Python numbers weak.

    NumPy keeps Python numbers weak next to its own dtypes (float32 and 0.5 give
    float32) but not next to ml_dtypes' (bfloat16 and 0.5 give float64), so they
    are left out whenever anything else is there. ``None`` (a missing clip
    bound) is skipped.
    """
    strong = [
        v if type(v) is complex else np.asarray(v).dtype
        for v in values
        if v is not None and type(v) not in (bool, int, float)
    ]
    return np.result_type(*(strong or [v for v in values if v is not None]))


def float_dtype(*values):
    """The float dtype a rule builds its constants in: `result_dtype`, float64 for integers."""
    dtype = result_dtype(*values)
    return dtype if is_float_dtype(dtype) else np.dtype(np.float64)


def weak(c, like):
    """The Python float ``c`` made ready to combine with ``like`` without changing its dtype.

    NumPy keeps a Python float weak next to its own dtypes, so there ``c`` comes
    back as it is; next to an ml_dtypes float (bfloat16) NumPy would promote, so
    there it becomes a scalar of that dtype. Exact constants need none of this:
    Python ints are weak next to every dtype, so rules write ``2 * x``, not ``2.0 * x``.
    """
    dtype = getattr(raw(like), "dtype", None)
    if dtype is not None and dtype.kind == "V" and _is_extension_float(dtype):
        return dtype.type(c)
    return c


def in_input_dtype(fun, first=0):
    """``fun`` with its result in its inputs' float dtype (of ``args[first:]``), for upcasting ones.

    scipy.special has no float16 loops and upcasts some float32 inputs (and
    float32 arrays mixed with Python floats) to float64; np.clip computes
    bfloat16 in float32. NumPy's own ufuncs keep the dtype and need no wrapper.
    """

    @functools.wraps(fun)
    def evaluate(*args):
        out = fun(*args)
        dtype = result_dtype(*args[first:])
        if is_float_dtype(dtype) and np.result_type(out) != dtype:
            out = out.astype(dtype)
        return out

    return evaluate


def zeros_like(x):
    """A constant zero shaped and typed like ``x`` (float, mpmath number or array)."""
    return _filled_like(x, 0)


def ones_like_value(x):
    """A constant one shaped and typed like ``x`` (the seed of a backward pass)."""
    return _filled_like(x, 1)


def _filled_like(x, fill):
    # Built from the type, never as x*0 (+1), which is NaN where x is inf or NaN.
    if type(x) is np.float64:  # the usual seed of a backward pass
        return np.float64(fill)
    value = raw(x)
    if isinstance(value, np.ndarray):
        if value.dtype == object:
            out = np.empty(value.shape, dtype=object)
            out.fill(type(value.flat[0])(fill) if value.size else fill)
            return out
        return np.full_like(value, fill)
    if isinstance(value, np.generic):
        return value.dtype.type(fill)
    if isinstance(value, (bool, int)):
        return float(fill)
    return type(value)(fill)


def next_to(value, side):
    """``value`` (finite, nonzero) rounded at mpmath's working precision, in the rounding mode in force, as the number
    just ``side`` of it (+1: above) rounds: the answer of an op whose truth is that close to ``value``."""
    mpmath = loaded_mpmath()
    prec, mode = mpmath.mp._prec_rounding
    value = mpmath.mpf(value)
    _, _, exp, bc = value._mpf_
    nudge = mpmath.libmp.from_man_exp(side, exp + bc - prec - 64)
    return mpmath.mp.make_mpf(mpmath.libmp.mpf_add(value._mpf_, nudge, prec, mode))


def inside_the_unit(answer):
    """``answer``, an mpmath function's value whose truth lies strictly inside (-1, 1), rounded the working way where
    the function gave exactly +-1 whatever the rounding mode (a saturated tanh, Jacobi's sn(u|m) as m -> 1): the
    number just inside (`next_to`), as the mode in force rounds it (to nearest: +-1 itself), so that the directed
    runs that measure a high-precision run's rounding noise see it."""
    mpmath = sys.modules.get("mpmath")
    if mpmath is None or type(answer) is not mpmath.mpf or abs(answer) != 1:
        return answer
    return next_to(answer, -1 if answer > 0 else 1)


def loaded_mpmath():
    """The mpmath module, for code that only runs on mpmath numbers (so mpmath is already imported)."""
    import mpmath

    return mpmath


@contextlib.contextmanager
def rounded_to_nearest():
    """mpmath rounding to nearest within the block (a noise run's rounding may be directed): for numbers a cache
    keeps for every run at one precision, which are then the same whichever run made them first."""
    mpmath = loaded_mpmath()
    saved, mpmath.mp._prec_rounding[1] = mpmath.mp._prec_rounding[1], "n"
    try:
        yield
    finally:
        mpmath.mp._prec_rounding[1] = saved


def holds_box(seq):
    """Whether a (nested) list or tuple holds a traced value anywhere."""
    for item in seq:
        if isinstance(item, Box):
            return True
        if isinstance(item, (list, tuple)) and holds_box(item):
            return True
    return False
