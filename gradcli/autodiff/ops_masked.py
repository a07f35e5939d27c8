"""``np.ma``'s common subset as where-masks: a masked array is its data and a plain boolean mask.

``masked_invalid``, ``masked_where``, the comparisons' ``masked_less``,
``masked_equal``, ``masked_outside``, ``masked_values`` and friends make the mask
from the values (a decision the exact reference sees as its comparisons);
``sum``, ``mean``, ``var``, ``std``, ``min``, ``max``, ``average``, ``count``,
``filled`` and ``compressed`` read the data through ``where(mask, ..., data)`` or
a gather of the unmasked entries, so a masked entry takes no part in a value, and
its gradient is 0. np.ma's functions with a domain (``log``, ``sqrt``, ``arcsin``...)
and division mask where the argument is outside it or the answer is not finite,
as NumPy's do, and compute on a point inside the domain there, so a masked entry's
infinite slope never meets the 0 that masks it; a power masks its non-finite
answers alike. Sums, differences and products of masked arrays are masked where an
operand is, comparisons too; ``median`` orders the unmasked entries of each slice,
``cumsum`` adds a masked entry as 0, ``dot`` multiplies with masked entries taken as
0 (with ``strict=True`` masking first each row and column a masked entry is in),
``where`` and ``concatenate`` carry each entry's mask with it, and ``where`` of a
condition alone (``nonzero``) gives the indices where it holds; the rest of np.ma is refused by name, with what to write instead.
"""

from __future__ import annotations

import functools
import operator
import sys
import types

import numpy as np

from ..errors import InputError
from ..folders import outside_python_and_gradcli
from . import ops
from .ops import absolute, divide, equal, greater, greater_equal, isfinite, less, less_equal, logical_not, not_equal, power, sqrt, where
from .ops_array import asarray, concatenate, cumsum, getitem, max_, mean, min_, reshape, sum_, take
from .ops_linalg import dot as plain_dot
from .ops_shape import _sorted_along_last, take_along_axis
from .values import Box, dtype_of, raw, shape_of

INSTEAD = ("keep the mask as a boolean array and write the masked entries out with np.where, as "
           "np.sum(np.where(mask, 0.0, x)) for a masked sum, divided by np.sum(~mask) for a mean")


def _refused(what, depth=2):
    """An input error at the user's line that called ``what``, a part of np.ma gradcli does not replay."""
    caller = sys._getframe(depth)
    return InputError(f"{caller.f_code.co_filename}, line {caller.f_lineno}: {what} is a part of NumPy's masked arrays "
                      f"(np.ma) that gradcli does not replay (it replays {', '.join(REPLAYED)}), so gradcli cannot "
                      f"differentiate it: {INSTEAD}")


def _users_frame():
    """The innermost frame of the user's own code (NumPy's ufunc and gradcli's door lie between it and here)."""
    frame = sys._getframe(1)
    while frame.f_back is not None and not outside_python_and_gradcli(frame.f_code.co_filename):
        frame = frame.f_back
    return frame


def _refused_ufunc(name):
    """Refuse NumPy's ufunc ``name`` called on a masked array, at the user's line: NumPy's own would drop the mask,
    np.ma's masks the domain."""
    caller = _users_frame()
    raise InputError(f"{caller.f_code.co_filename}, line {caller.f_lineno}: numpy.{name} of a masked array is not "
                     f"replayed (NumPy's ufunc would drop the mask here): write np.ma.{name}(...), which masks the "
                     "entries outside its domain as NumPy's masked arrays do")


def _decided(condition, shape):
    """A comparison's answer as the plain boolean mask it decides, broadcast to ``shape``."""
    return np.broadcast_to(np.asarray(raw(condition), dtype=bool), shape).copy()


class MaskedArray:
    """An array whose entries under ``mask`` take no part (NumPy's ``np.ma.MaskedArray``, its common reads)."""

    __array_priority__ = 20  # x + m: MaskedArray's own refusal, not NumPy's broadcasting of the object

    def __init__(self, data, mask=False, fill_value=None):
        self.data = asarray(data)
        self.mask = _decided(mask, tuple(shape_of(self.data)))
        self.fill_value = np.ma.default_fill_value(np.dtype(self.dtype)) if fill_value is None else fill_value

    shape = property(lambda self: tuple(shape_of(self.data)))
    ndim = property(lambda self: len(self.shape))
    size = property(lambda self: int(np.prod(self.shape)))
    dtype = property(lambda self: self.data.dtype if isinstance(self.data, Box) else np.asarray(self.data).dtype)

    def __repr__(self):
        return f"masked_array(data={raw(self.data)!r}, mask={self.mask!r})"

    def __len__(self):
        return self.shape[0]

    def __array__(self, dtype=None, copy=None):
        """The masked array as one opaque object (a 0-d object array holding it), never read entry by entry:
        np.asarray would read an indexable object as a sequence of its entries and drop the mask."""
        held = np.empty((), dtype=object)
        held[()] = self
        return held

    @staticmethod
    def _no_out(out):
        if out is not None:
            raise TypeError("a masked array's reductions here return a new array: out= is not taken")

    def _kept(self, fill):
        return where(self.mask, fill, self.data)

    def count(self, axis=None, keepdims=False):
        """How many entries are not masked (along ``axis``)."""
        return np.sum(~self.mask, axis=axis, keepdims=keepdims)

    def sum(self, axis=None, dtype=None, out=None, keepdims=False):
        """The sum of the entries not masked; masked itself where every entry summed is masked (``np.sum(m)`` too,
        which NumPy hands to this method)."""
        self._no_out(out)
        total = sum_(self._kept(0.0), axis=axis, keepdims=keepdims)
        return self._reduced(total, axis, keepdims)

    def mean(self, axis=None, dtype=None, out=None, keepdims=False):
        """The mean of the entries not masked (their sum over their count)."""
        self._no_out(out)
        count = self.count(axis, keepdims)
        total = sum_(self._kept(0.0), axis=axis, keepdims=keepdims)
        return self._reduced(total * 1.0 / np.where(count == 0, 1, count), axis, keepdims)

    def _reduced(self, value, axis, keepdims, emptied=None):
        """``value`` masked where every entry reduced is masked (or where ``emptied`` says)."""
        emptied = np.all(self.mask, axis=axis, keepdims=keepdims) if emptied is None else emptied
        if axis is None and not keepdims:
            return np.ma.masked if emptied else value
        return MaskedArray(value, emptied) if np.any(emptied) else value

    def filled(self, fill_value=None):
        """The data with each masked entry replaced by ``fill_value`` (the array's own, 1e20 for floats, if None)."""
        return self._kept(self.fill_value if fill_value is None else fill_value)

    def compressed(self):
        """The entries not masked, in order, as a 1-D array."""
        return take(reshape(self.data, (-1,)), np.flatnonzero(~self.mask))

    def __getattr__(self, name):
        if name.startswith("__"):  # a protocol NumPy or Python asks about: not there
            raise AttributeError(name)
        if name in UNARY:  # NumPy's ufunc on the opaque object calls its method of the ufunc's name: refuse it there
            return functools.partial(_refused_ufunc, name)
        raise _refused(f"MaskedArray.{name}")

    def var(self, axis=None, dtype=None, out=None, ddof=0, keepdims=False):
        """The variance of the entries not masked: their squared deviations from their mean over count - ddof; masked
        where that is not above 0 or the variance is not finite (NumPy divides with np.ma's division)."""
        self._no_out(out)
        count = self.count(axis, keepdims=True)
        deviations = where(self.mask, 0.0, self.data - sum_(self._kept(0.0), axis=axis, keepdims=True) * 1.0 / np.maximum(count, 1))
        spread = np.sum(~self.mask, axis=axis, keepdims=keepdims) - ddof
        value = sum_(deviations * deviations, axis=axis, keepdims=keepdims) * 1.0 / np.maximum(spread, 1)
        return self._reduced(value, axis, keepdims, (spread <= 0) | _decided(logical_not(isfinite(value)), np.shape(spread)))

    def std(self, axis=None, dtype=None, out=None, ddof=0, keepdims=False):
        """The standard deviation of the entries not masked (the square root of `var`)."""
        variance = self.var(axis=axis, out=out, ddof=ddof, keepdims=keepdims)
        if variance is np.ma.masked:
            return variance
        if isinstance(variance, MaskedArray):
            return MaskedArray(sqrt(variance.data), variance.mask, variance.fill_value)
        return sqrt(variance)

    def max(self, axis=None, out=None, fill_value=None, keepdims=False):
        """The largest entry not masked (NumPy's: the data filled with -inf, then its max)."""
        self._no_out(out)
        return self._reduced(max_(self._kept(-np.inf), axis=axis, keepdims=keepdims), axis, keepdims)

    def min(self, axis=None, out=None, fill_value=None, keepdims=False):
        """The smallest entry not masked."""
        self._no_out(out)
        return self._reduced(min_(self._kept(np.inf), axis=axis, keepdims=keepdims), axis, keepdims)

    def cumsum(self, axis=None, dtype=None, out=None):
        """The running sums of the entries not masked (a masked entry adds 0), masked where the array is; flattened
        without ``axis``, as NumPy's."""
        self._no_out(out)
        mask = self.mask if axis is not None else self.mask.reshape(-1)
        return MaskedArray(cumsum(self._kept(0.0), axis=axis), mask, self.fill_value)

    def nonzero(self):
        """``np.ma.nonzero(self)``: the indices of the entries nonzero and not masked."""
        return ma_nonzero(self)

    def dot(self, other, out=None, strict=False):
        """``np.ma.dot(self, other)``."""
        return ma_dot(self, other, strict=strict, out=out)

    def __getitem__(self, index):
        """The entries at ``index``, masked where they are; one entry masked is ``np.ma.masked``."""
        data, mask = getitem(self.data, index), self.mask[index]
        if np.ndim(mask) == 0:
            return np.ma.masked if mask else data
        return MaskedArray(data, mask, self.fill_value)

    def __neg__(self):
        return MaskedArray(-self.data, self.mask, self.fill_value)

    def __pow__(self, other):
        return _masked_power(self, other)

    def __rpow__(self, other):
        return _masked_power(other, self)

    def __truediv__(self, other):
        return _masked_divide(self, other)

    def __rtruediv__(self, other):
        return _masked_divide(other, self)


def _masked_binary(op, reflected=False):
    """NumPy's masked ``op``: computed on the data, masked where either operand is; a masked entry keeps the left
    operand's data, as np.ma's binary operations keep it."""

    def apply(self, other):
        left, right = (other, self) if reflected else (self, other)
        left_data, left_mask = (left.data, left.mask) if isinstance(left, MaskedArray) else (asarray(left), False)
        right_data, right_mask = (right.data, right.mask) if isinstance(right, MaskedArray) else (asarray(right), False)
        answer = op(left_data, right_data)
        mask = np.logical_or(left_mask, right_mask)
        mask = np.broadcast_to(mask, tuple(shape_of(answer)))
        return MaskedArray(where(mask, left_data, answer) if mask.any() else answer, mask, self.fill_value)

    return apply


for _name, _op in (("add", operator.add), ("sub", operator.sub), ("mul", operator.mul)):
    setattr(MaskedArray, f"__{_name}__", _masked_binary(_op))
    setattr(MaskedArray, f"__r{_name}__", _masked_binary(_op, reflected=True))


def _masked_comparison(compare):
    """NumPy's masked comparison ``compare``: the truths of the data, masked where either operand is (a mask for
    np.ma.where and the masked_* functions)."""

    def apply(self, other):
        other_data, other_mask = _parts(other)
        answer = _decided(compare(self.data, other_data), tuple(np.broadcast_shapes(self.shape, shape_of(other_data))))
        return MaskedArray(answer, np.logical_or(self.mask, other_mask), True)

    return apply


for _name, _compare in (("lt", less), ("le", less_equal), ("gt", greater), ("ge", greater_equal)):
    setattr(MaskedArray, f"__{_name}__", _masked_comparison(_compare))


def _parts(a):
    """The data and mask of a masked array or of a plain operand (no entry masked)."""
    return (a.data, a.mask) if isinstance(a, MaskedArray) else (asarray(a), False)


def _fill_value_of(*operands):
    """The fill value an answer of ``operands`` keeps: the first masked operand's, or None where none is masked."""
    return next((a.fill_value for a in operands if isinstance(a, MaskedArray)), None)


def _masked_divide(left, right):
    """np.ma's division: masked where an operand is, where |right| <= |left| * tiny (a division by 0 among them,
    NumPy's ``_DomainSafeDivide``) or where the quotient is not finite; there the left operand's data, as NumPy keeps."""
    left_data, left_mask = _parts(left)
    right_data, right_mask = _parts(right)
    tiny = np.finfo(np.float64).tiny
    unsafe = np.logical_or(np.logical_or(left_mask, right_mask),
                           _decided(greater_equal(absolute(left_data) * tiny, absolute(right_data)),
                                    tuple(np.broadcast_shapes(shape_of(left_data), shape_of(right_data)))))
    answer = divide(left_data, where(unsafe, 1.0, right_data))
    mask = unsafe | _decided(logical_not(isfinite(answer)), unsafe.shape)
    return MaskedArray(where(mask, left_data, answer) if mask.any() else answer, mask, _fill_value_of(left, right))


def _masked_power(base, exponent):
    """np.ma's power: masked where an operand is or where the power is not finite (a negative number to a fractional
    power, 0 to a negative one), there the base's data or, for a power not finite, the fill value, as NumPy leaves."""
    base_data, base_mask = _parts(base)
    exponent_data, exponent_mask = _parts(exponent)
    given = np.logical_or(base_mask, exponent_mask)
    shape = tuple(np.broadcast_shapes(shape_of(base_data), shape_of(exponent_data)))
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):  # NumPy's own power finds these quietly
        invalid = _decided(logical_not(isfinite(power(base_data, exponent_data))), shape) & ~np.broadcast_to(given, shape)
    mask = np.broadcast_to(given, shape) | invalid
    fill = _fill_value_of(base, exponent)
    fill = np.ma.default_fill_value(np.float64(0)) if fill is None else fill
    answer = power(where(mask, 1.0, base_data), where(mask, 1.0, exponent_data))  # no infinite slope where masked
    if mask.any():
        answer = where(invalid, fill, where(mask, base_data, answer))
    return MaskedArray(answer, mask, fill)


def _unary(name, op, outside=None, inside_value=0.0):
    """np.ma's ``op``: masked where its argument is, and for an op with a domain where ``outside(x)`` holds (or the
    argument is not finite) or the answer is not finite; computed on ``inside_value`` where masked, the argument's
    data kept there, as NumPy's ``_MaskedUnaryOperation`` keeps it."""

    def masked(a, *args, **kwargs):
        data, mask = _parts(a)
        shape = tuple(shape_of(data))
        mask = np.broadcast_to(mask, shape)
        if outside is not None:
            mask = mask | _decided(outside(data), shape) | _decided(logical_not(isfinite(data)), shape)
        answer = op(where(mask, inside_value, data) if mask.any() else data)
        if outside is not None:
            mask = mask | _decided(logical_not(isfinite(answer)), shape)
        return MaskedArray(where(mask, data, answer) if mask.any() else answer, mask, _fill_value_of(a))

    masked.__name__ = masked.__qualname__ = name
    masked.__doc__ = f"np.ma's ``{name}``: masked where its argument is" + (
        ", outside its domain, or where the answer is not finite." if outside is not None else ".")
    return masked


def _at_most_zero(x):
    """Where ``x`` is outside the logarithms' domain."""
    return less_equal(x, 0.0)


# np.ma's functions with a domain (NumPy's ``_Domain*``), each computed on a point inside it where masked: 1 for the
# logarithms and the square root, 0 for the inverse sines (whose slope at +-1 is infinite), 2 for arccosh.
_DOMAINED = {
    "log": (ops.log, _at_most_zero, 1.0), "log2": (ops.log2, _at_most_zero, 1.0), "log10": (ops.log10, _at_most_zero, 1.0),
    "sqrt": (sqrt, lambda x: less(x, 0.0), 1.0),
    "arcsin": (ops.arcsin, lambda x: greater(absolute(x), 1.0), 0.0),
    "arccos": (ops.arccos, lambda x: greater(absolute(x), 1.0), 0.0),
    "arccosh": (ops.arccosh, lambda x: less(x, 1.0), 2.0),
    "arctanh": (ops.arctanh, lambda x: greater_equal(absolute(x), 1.0), 0.0),
    "tan": (ops.tan, lambda x: less(absolute(ops.cos(x)), 1e-35), 0.0),
}
_UNDOMAINED = {name: getattr(ops, name) for name in "exp sin cos tanh sinh cosh arctan arcsinh absolute".split()}
UNARY = {**{name: _unary(name, op, outside, inside) for name, (op, outside, inside) in _DOMAINED.items()},
         **{name: _unary(name, op) for name, op in _UNDOMAINED.items()}}
UNARY["abs"] = UNARY["absolute"]


def masked_where(condition, a, copy=True):
    """``a`` masked where ``condition`` holds."""
    return MaskedArray(a, _decided(condition, tuple(shape_of(asarray(a)))))


def masked_invalid(a, copy=True):
    """``a`` masked where it is NaN or infinite."""
    a = asarray(a)
    return masked_where(logical_not(isfinite(a)), a)


def _masked_by(compare):
    def masked(x, value, copy=True):
        return masked_where(compare(x, value), x)

    masked.__doc__ = f"``x`` masked where ``{compare.__name__}(x, value)``."
    return masked


masked_greater, masked_greater_equal = _masked_by(greater), _masked_by(greater_equal)
masked_less, masked_less_equal = _masked_by(less), _masked_by(less_equal)
masked_not_equal = _masked_by(not_equal)


def masked_equal(x, value, copy=True):
    """``x`` masked where it equals ``value``, which becomes its fill value (as NumPy sets it)."""
    masked = masked_where(equal(x, value), x)
    masked.fill_value = value
    return masked


def masked_outside(x, v1, v2, copy=True):
    """``x`` masked outside the closed interval between ``v1`` and ``v2``."""
    low, high = sorted((v1, v2))
    x = asarray(x)
    return MaskedArray(x, _decided(less(x, low), tuple(shape_of(x))) | _decided(greater(x, high), tuple(shape_of(x))))


def masked_inside(x, v1, v2, copy=True):
    """``x`` masked inside the closed interval between ``v1`` and ``v2``."""
    low, high = sorted((v1, v2))
    x = asarray(x)
    return MaskedArray(x, _decided(greater_equal(x, low), tuple(shape_of(x))) & _decided(less_equal(x, high), tuple(shape_of(x))))


def masked_values(x, value, rtol=1e-5, atol=1e-8, copy=True, shrink=True):
    """``x`` masked where it is close to ``value`` (|x - value| <= atol + rtol |value|, NumPy's isclose), which
    becomes its fill value."""
    x = asarray(x)
    masked = masked_where(less_equal(absolute(x - value), atol + rtol * abs(value)), x)
    masked.fill_value = value
    return masked


def masked_array(data, mask=False, fill_value=None, **_options):
    """``np.ma.masked_array(data, mask)`` (``np.ma.array``)."""
    return MaskedArray(data, mask, fill_value)


def _as_masked(a):
    return a if isinstance(a, MaskedArray) else MaskedArray(a)


def ma_sum(a, axis=None, dtype=None, keepdims=False):
    return _as_masked(a).sum(axis=axis, keepdims=keepdims)


def ma_mean(a, axis=None, dtype=None, keepdims=False):
    return _as_masked(a).mean(axis=axis, keepdims=keepdims)


def ma_var(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False):
    return _as_masked(a).var(axis=axis, out=out, ddof=ddof, keepdims=keepdims)


def ma_std(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False):
    return _as_masked(a).std(axis=axis, out=out, ddof=ddof, keepdims=keepdims)


def ma_max(a, axis=None, out=None, fill_value=None, keepdims=False):
    return _as_masked(a).max(axis=axis, out=out, keepdims=keepdims)


def ma_min(a, axis=None, out=None, fill_value=None, keepdims=False):
    return _as_masked(a).min(axis=axis, out=out, keepdims=keepdims)


def average(a, axis=None, weights=None, returned=False, keepdims=False):
    """``np.ma.average``: the weighted mean of the entries not masked, sum(w a) / sum(w) over them (the mean without
    ``weights``); a 1-D ``weights`` along ``axis`` as NumPy takes it. With ``returned``, ``(average, sum of weights)``."""
    a = _as_masked(a)
    if weights is None:
        weights = np.ones(a.shape)
    weights = asarray(weights)
    if len(shape_of(weights)) == 1 and a.ndim > 1 and axis is not None:
        weights = reshape(weights, tuple(-1 if k == axis % a.ndim else 1 for k in range(a.ndim)))
    kept = where(a.mask, 0.0, weights * np.ones(a.shape))
    total = sum_(kept, axis=axis, keepdims=keepdims)
    value = a._reduced(sum_(kept * a._kept(0.0), axis=axis, keepdims=keepdims) / total, axis, keepdims)
    return (value, total) if returned else value


def median(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    """``np.ma.median``: the median of the entries not masked, along ``axis`` each slice its own count of them (its
    masked entries, filled with inf, sort after them); masked where a slice has none."""
    a = _as_masked(a)
    a._no_out(out)
    ordered, axes = _sorted_along_last(a._kept(np.inf), axis)
    counts = np.sum(~a.mask, axis=axes) if axes else (~a.mask).astype(int)
    middle = np.stack([np.maximum((counts - 1) // 2, 0), np.maximum(counts // 2, 0)], axis=-1)
    emptied = counts == 0
    value = where(emptied, 0.0, mean(take_along_axis(ordered, middle, -1), axis=-1))  # no inf where none is left
    if keepdims:
        value = reshape(value, tuple(1 if d in axes else n for d, n in enumerate(a.shape)))
        emptied = np.reshape(emptied, shape_of(value))
    return a._reduced(value, axis, keepdims, emptied if np.ndim(emptied) else bool(emptied))


def ma_cumsum(a, axis=None, dtype=None, out=None):
    """``np.ma.cumsum`` (`MaskedArray.cumsum`)."""
    return _as_masked(a).cumsum(axis=axis, out=out)


_NOT_GIVEN = object()  # np.ma.where's x or y left out (None is a value NumPy takes as one)


def ma_where(condition, x=_NOT_GIVEN, y=_NOT_GIVEN):
    """``np.ma.where(condition, x, y)``: ``x``'s entries where ``condition`` holds, ``y``'s elsewhere, each masked
    where the operand it came from is, and masked where ``condition`` itself is; ``np.ma.where(condition)`` alone, the
    indices of its entries that are nonzero and not masked (`ma_nonzero`)."""
    given = (x is not _NOT_GIVEN) + (y is not _NOT_GIVEN)
    if given == 1:
        raise ValueError("Must provide both 'x' and 'y' or neither.")  # NumPy's refusal, in its words
    if not given:
        return ma_nonzero(condition)
    condition_data, condition_mask = _parts(condition)
    chosen = np.asarray(raw(condition_data), dtype=bool) & ~np.asarray(condition_mask, dtype=bool)
    (x_data, x_mask), (y_data, y_mask) = _parts(x), _parts(y)
    data = where(chosen, x_data, y_data)
    shape = tuple(shape_of(data))
    mask = np.where(np.broadcast_to(chosen, shape), np.broadcast_to(x_mask, shape), np.broadcast_to(y_mask, shape))
    return MaskedArray(data, mask | np.broadcast_to(condition_mask, shape), _fill_value_of(x, y))


def ma_nonzero(a):
    """``np.ma.nonzero(a)``: for each axis, the indices of the entries of ``a`` that are nonzero and not masked (NumPy's
    ``a.filled(0).nonzero()``), plain integer arrays; a float's test against 0 a comparison the exact reference sees."""
    data, mask = _parts(a)
    shape = tuple(shape_of(data))
    truth = data if np.dtype(dtype_of(data)).kind == "b" else not_equal(data, 0.0)
    return np.nonzero(_decided(truth, shape) & ~np.broadcast_to(mask, shape))


def ma_concatenate(arrays, axis=0):
    """``np.ma.concatenate``: the arrays' data joined along ``axis`` (flattened first where it is None), their masks
    joined alike."""
    parts = [_parts(a) for a in arrays]
    masks = [np.broadcast_to(mask, tuple(shape_of(data))) for data, mask in parts]
    if axis is None:
        parts, masks, axis = [(reshape(data, (-1,)), None) for data, _ in parts], [m.reshape(-1) for m in masks], 0
    return MaskedArray(concatenate([data for data, _ in parts], axis), np.concatenate(masks, axis),
                       _fill_value_of(*arrays))


def ma_dot(a, b, strict=False, out=None):
    """``np.ma.dot(a, b)``: the product of the data with each masked entry taken as 0, masked where no product of two
    entries not masked reaches an entry of the answer; one number masked is ``np.ma.masked``. With ``strict=True``
    a masked entry masks its whole row of ``a`` and its whole column of ``b`` (all of a 1-D ``b``) first, so an
    answer that any masked entry reaches is masked, as NumPy's."""
    if out is not None:
        raise _refused("np.ma.dot with out=")
    (a_data, a_mask), (b_data, b_mask) = _parts(a), _parts(b)
    a_kept = np.broadcast_to(~np.asarray(a_mask), tuple(shape_of(a_data)))
    b_kept = np.broadcast_to(~np.asarray(b_mask), tuple(shape_of(b_data)))
    if strict is True and a_kept.ndim and b_kept.ndim:  # NumPy's own test: only True itself is strict
        a_kept = a_kept & np.all(a_kept, axis=-1, keepdims=True)
        b_kept = b_kept & np.all(b_kept, axis=max(b_kept.ndim - 2, 0), keepdims=True)
    value = plain_dot(where(a_kept, a_data, 0.0), where(b_kept, b_data, 0.0))
    emptied = ~np.dot(a_kept, b_kept)
    if np.ndim(emptied) == 0:
        return np.ma.masked if emptied else value
    return MaskedArray(value, emptied, _fill_value_of(a, b)) if emptied.any() else value


def getdata(a, subok=True):
    """The data of a masked array (its masked entries' too), or the array itself."""
    return a.data if isinstance(a, MaskedArray) else asarray(a)


def is_masked(x):
    """Whether any entry of ``x`` is masked."""
    return isinstance(x, MaskedArray) and bool(x.mask.any())


def filled(a, fill_value=None):
    return _as_masked(a).filled(fill_value) if isinstance(a, MaskedArray) else a


def count(a, axis=None, keepdims=False):
    return _as_masked(a).count(axis, keepdims)


def compressed(x):
    return _as_masked(x).compressed()


def getmaskarray(arr):
    return _as_masked(arr).mask


REPLAYED = ("MaskedArray", "array", "average", "compressed", "count", "divide", "filled", "getdata", "getmask",
            "getmaskarray", "is_masked", "masked_array", "masked_equal", "masked_greater", "masked_greater_equal",
            "masked_inside", "masked_invalid", "masked_less", "masked_less_equal", "masked_not_equal", "masked_outside",
            "masked_values", "masked_where", "max", "mean", "median", "min", "power", "std", "sum", "var", "cumsum",
            "where", "nonzero", "concatenate", "dot", *sorted(UNARY))


@functools.cache
def namespace():
    """``np.ma``'s replayed names (with NumPy's ``masked`` and ``nomask`` constants), made on first use: NumPy loads
    numpy.ma only when asked."""
    names = {name: globals()[name] for name in REPLAYED if name in globals()}
    names.update({"array": masked_array, "sum": ma_sum, "mean": ma_mean, "getmask": getmaskarray, "var": ma_var,
                  "std": ma_std, "max": ma_max, "min": ma_min, "divide": _masked_divide, "power": _masked_power,
                  "cumsum": ma_cumsum, "where": ma_where, "nonzero": ma_nonzero, "concatenate": ma_concatenate, "dot": ma_dot,
                  **UNARY, "masked": np.ma.masked, "nomask": np.ma.nomask})
    return types.SimpleNamespace(**names)
