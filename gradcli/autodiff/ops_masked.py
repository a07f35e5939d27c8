"""``np.ma``'s common subset as where-masks: a masked array is its data and a plain boolean mask.

``masked_invalid``, ``masked_where`` and the comparisons' ``masked_less`` and
friends make the mask from the values (a decision the exact reference sees as
its comparisons); ``sum``, ``mean``, ``count``, ``filled`` and ``compressed`` read
the data through ``where(mask, ..., data)`` or a gather of the unmasked entries,
so a masked entry takes no part in a value, and its gradient is 0 (where a
masked entry's own slope is infinite, the 0 times it is NaN: the where leak a
mask written with np.where has too). Sums, differences and products of masked
arrays are masked where an operand is; division, powers and the rest of np.ma
are refused by name, with what to write instead.
"""

from __future__ import annotations

import functools
import operator
import sys
import types

import numpy as np

from ..errors import InputError
from .ops import greater, greater_equal, isfinite, less, less_equal, logical_not, where
from .ops_array import asarray, reshape, sum_, take
from .values import Box, raw, shape_of

INSTEAD = ("keep the mask as a boolean array and write the masked entries out with np.where, as "
           "np.sum(np.where(mask, 0.0, x)) for a masked sum, divided by np.sum(~mask) for a mean")


def _refused(what, depth=2):
    """An input error at the user's line that called ``what``, a part of np.ma gradcli does not replay."""
    caller = sys._getframe(depth)
    return InputError(f"{caller.f_code.co_filename}, line {caller.f_lineno}: {what} is a part of NumPy's masked arrays "
                      f"(np.ma) that gradcli does not replay (it replays {', '.join(REPLAYED)}), so gradcli cannot "
                      f"differentiate it: {INSTEAD}")


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

    def __len__(self):
        return self.shape[0]

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

    def _reduced(self, value, axis, keepdims):
        emptied = np.all(self.mask, axis=axis, keepdims=keepdims)
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
        raise _refused(f"MaskedArray.{name}")

    def _refused_arithmetic(self, *_):
        raise _refused("division or a power of a masked array (np.ma masks their domain and invalid answers)")

    __truediv__ = __rtruediv__ = __pow__ = __rpow__ = _refused_arithmetic

    def __neg__(self):
        return MaskedArray(-self.data, self.mask, self.fill_value)


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

    def __repr__(self):
        return f"masked_array(data={raw(self.data)!r}, mask={self.mask!r})"


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


def masked_array(data, mask=False, fill_value=None, **_options):
    """``np.ma.masked_array(data, mask)`` (``np.ma.array``)."""
    return MaskedArray(data, mask, fill_value)


def _as_masked(a):
    return a if isinstance(a, MaskedArray) else MaskedArray(a)


def ma_sum(a, axis=None, dtype=None, keepdims=False):
    return _as_masked(a).sum(axis=axis, keepdims=keepdims)


def ma_mean(a, axis=None, dtype=None, keepdims=False):
    return _as_masked(a).mean(axis=axis, keepdims=keepdims)


def filled(a, fill_value=None):
    return _as_masked(a).filled(fill_value) if isinstance(a, MaskedArray) else a


def count(a, axis=None, keepdims=False):
    return _as_masked(a).count(axis, keepdims)


def compressed(x):
    return _as_masked(x).compressed()


def getmaskarray(arr):
    return _as_masked(arr).mask


REPLAYED = ("MaskedArray", "array", "compressed", "count", "filled", "getmask", "getmaskarray", "masked_array",
            "masked_greater", "masked_greater_equal", "masked_invalid", "masked_less", "masked_less_equal",
            "masked_where", "mean", "sum")


@functools.cache
def namespace():
    """``np.ma``'s replayed names (with NumPy's ``masked`` and ``nomask`` constants), made on first use: NumPy loads
    numpy.ma only when asked."""
    names = {name: globals()[name] for name in REPLAYED if name in globals()}
    names.update({"array": masked_array, "sum": ma_sum, "mean": ma_mean, "getmask": getmaskarray,
                  "masked": np.ma.masked, "nomask": np.ma.nomask})
    return types.SimpleNamespace(**names)
