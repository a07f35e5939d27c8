"""More of NumPy's array manipulation, differentiable: joining, splitting, rolling, flipping, sorting, selecting.

Apart from `roll`, a primitive whose gradient is a roll back, each is composed
of the primitives of `ops_array` (reshape, concatenate, transpose, indexing),
so its gradient, forward mode and mpmath support come with theirs.
"""

from __future__ import annotations

import functools
import operator
import weakref

import numpy as np

from .core import defjvp, defvjp
from .ops import isfinite, isnan, lifted, real, select, where
from .ops_array import (asarray, broadcast_to, concatenate, flip, getitem, mean, moveaxis, ravel, reshape, split, stack,
                        take, transpose)
from . import tracer
from .tracer import TracedValueError, is_mp_value, primitive
from .values import Box, holds_box, raw, shape_of

# -- roll -----------------------------------------------------------------------------


def _roll_raw(x, shift, axis=None):
    return np.roll(x, shift, axis)


roll = primitive(_roll_raw, "roll", kind="shape", mp=_roll_raw)


def _back(shift):
    """The shift that undoes ``shift`` (an int, or one per axis)."""
    return -shift if isinstance(shift, (int, np.integer)) else tuple(-s for s in shift)


defvjp(roll, lambda g, ans, x, shift, axis=None: roll(g, _back(shift), axis), reads="")
defjvp(roll, lambda t, ans, x, shift, axis=None: roll(t, shift, axis))


# -- at least n dimensions, and joining -------------------------------------------------


def _one_or_all(arrays):
    return arrays[0] if len(arrays) == 1 else tuple(arrays)


def atleast_1d(*arys):
    """``np.atleast_1d``: a number becomes a one-element vector."""
    return _one_or_all([_at_least(asarray(x), 1) for x in arys])


def atleast_2d(*arys):
    """``np.atleast_2d``: a vector becomes one row."""
    return _one_or_all([_at_least(asarray(x), 2) for x in arys])


def atleast_3d(*arys):
    """``np.atleast_3d``: a vector of n becomes (1, n, 1), a matrix (m, n) becomes (m, n, 1)."""
    return _one_or_all([_at_least(asarray(x), 3) for x in arys])


def _at_least(x, ndim):
    shape = shape_of(x)
    if len(shape) >= ndim:
        return x
    if ndim == 3 and len(shape) == 2:
        return reshape(x, shape + (1,))
    if ndim == 3:
        return reshape(x, (1,) + (shape or (1,)) + (1,))
    return reshape(x, (1,) * (ndim - len(shape)) + shape)


def vstack(tup):
    """``np.vstack``: rows on top of each other (vectors become rows)."""
    return concatenate([atleast_2d(x) for x in tup], axis=0)


row_stack = vstack


def hstack(tup):
    """``np.hstack``: side by side, along the first axis of vectors and the second of the rest."""
    arrays = [atleast_1d(x) for x in tup]
    return concatenate(arrays, axis=0 if len(shape_of(arrays[0])) == 1 else 1)


def dstack(tup):
    """``np.dstack``: along the third axis."""
    return concatenate([atleast_3d(x) for x in tup], axis=2)


def column_stack(tup):
    """``np.column_stack``: vectors as columns, matrices as they are, side by side."""
    columns = []
    for x in tup:
        x = asarray(x)
        columns.append(reshape(x, (-1, 1)) if len(shape_of(x)) < 2 else x)
    return concatenate(columns, axis=1)


def block(arrays):
    """``np.block``: nested lists of arrays joined from the innermost list outwards, the innermost along the last
    axis, each piece first given the result's number of dimensions (leading ones), as NumPy does."""
    depths = _list_depths(arrays)
    if len(set(depths)) != 1:
        raise ValueError("np.block: the lists are nested to different depths")
    depth = depths[0]

    def pieces(item):
        return [p for x in item for p in pieces(x)] if isinstance(item, list) else [asarray(item)]

    ndim = max([depth] + [len(shape_of(p)) for p in pieces(arrays)])

    def joined(item, level):
        if isinstance(item, list):
            return concatenate([joined(x, level + 1) for x in item], axis=level - depth)
        x = asarray(item)
        return reshape(x, (1,) * (ndim - len(shape_of(x))) + shape_of(x))

    return joined(arrays, 0)


def _list_depths(item, level=0):
    """How deep each piece of ``np.block``'s nested lists sits (a tuple is no list there, as in NumPy)."""
    if isinstance(item, tuple):
        raise TypeError("np.block takes nested lists, not tuples")
    if not isinstance(item, list):
        return [level]
    if not item:
        raise ValueError("np.block: an empty list")
    return [d for x in item for d in _list_depths(x, level + 1)]


def append(arr, values, axis=None):
    """``np.append``: ``values`` after ``arr``, both flattened unless ``axis`` is given."""
    arr, values = asarray(arr), asarray(values)
    if axis is None:
        return concatenate([ravel(arr), ravel(values)], axis=0)
    return concatenate([arr, values], axis=axis)


class _Concatenator:
    """``np.r_`` or ``np.c_``: NumPy's own, unless traced values are among the items, which are then joined differentiably."""

    def __init__(self, numpy_version, columns):
        self.numpy_version = numpy_version
        self.columns = columns

    def __getitem__(self, items):
        items = items if isinstance(items, tuple) else (items,)
        if not holds_box(items):
            return self.numpy_version[items]
        if any(isinstance(item, str) for item in items):
            raise TypeError("gradcli.numpy's r_ and c_ take no directive string with traced values; use concatenate")
        return concatenate([self._piece(item) for item in items], axis=-1 if self.columns else 0)

    def _piece(self, item):
        value = self.numpy_version[item] if isinstance(item, slice) else asarray(item)
        ndim = len(shape_of(value))
        if self.columns:
            return value if ndim >= 2 else reshape(value, (-1, 1))
        return value if ndim >= 1 else reshape(value, (1,))


r_ = _Concatenator(np.r_, columns=False)
c_ = _Concatenator(np.c_, columns=True)


# -- splitting --------------------------------------------------------------------------


def vsplit(x, indices_or_sections):
    """``np.vsplit``: `split` along the first axis."""
    return split(x, indices_or_sections, axis=0)


def hsplit(x, indices_or_sections):
    """``np.hsplit``: `split` along the second axis (the first of a vector)."""
    return split(x, indices_or_sections, axis=1 if len(shape_of(x)) > 1 else 0)


def dsplit(x, indices_or_sections):
    """``np.dsplit``: `split` along the third axis."""
    return split(x, indices_or_sections, axis=2)


# -- flipping and rotating ----------------------------------------------------------------


def rollaxis(a, axis, start=0):
    """``np.rollaxis``: axis ``axis`` moved to just before axis ``start`` (the others keep their order)."""
    ndim = len(shape_of(a))
    axis %= ndim
    start = start + ndim if start < 0 else start
    if axis < start:
        start -= 1
    if axis == start:
        return a
    order = [i for i in range(ndim) if i != axis]
    order.insert(start, axis)
    return transpose(a, tuple(order))


def fliplr(x):
    """``np.fliplr``: the columns in reverse order."""
    return flip(x, 1)


def flipud(x):
    """``np.flipud``: the rows in reverse order."""
    return flip(x, 0)


def rot90(x, k=1, axes=(0, 1)):
    """``np.rot90``: ``k`` quarter turns in the plane of ``axes``, from the first towards the second."""
    ndim = len(shape_of(x))
    first, second = axes[0] % ndim, axes[1] % ndim
    k %= 4
    if k == 0:
        return x
    if k == 2:
        return flip(flip(x, first), second)
    order = list(range(ndim))
    order[first], order[second] = order[second], order[first]
    if k == 1:
        return transpose(flip(x, second), tuple(order))
    return flip(transpose(x, tuple(order)), second)


# -- differences, sorting, replacing non-finite values ---------------------------------------


def diff(a, n=1, axis=-1, prepend=None, append=None):
    """``np.diff``: the ``n``-th forward difference along ``axis`` (of ``a`` with ``prepend`` and ``append`` joined on)."""
    a = asarray(a)
    ax = axis % len(shape_of(a))
    ends = [_as_end(end, a, ax) if end is not None else None for end in (prepend, append)]
    if any(end is not None for end in ends):
        a = concatenate([part for part in (ends[0], a, ends[1]) if part is not None], axis=ax)
    before = (slice(None),) * ax
    for _ in range(n):
        a = getitem(a, before + (slice(1, None),)) - getitem(a, before + (slice(None, -1),))
    return a


def _as_end(end, a, axis):
    """``np.diff``'s ``prepend``/``append``: a number becomes a slab one entry thick along ``axis``."""
    end = asarray(end)
    if len(shape_of(end)) == 0:
        shape = list(shape_of(a))
        shape[axis] = 1
        return broadcast_to(reshape(end, (1,) * len(shape)), tuple(shape))
    return end


def take_along_axis(arr, indices, axis):
    """``np.take_along_axis``: elements picked along ``axis`` (fancy indexing: its gradient is a scatter-add)."""
    if axis is None:
        arr, axis = ravel(arr), 0
    return getitem(arr, along_axis_index(shape_of(arr), indices, axis))


def along_axis_index(shape, indices, axis):
    """The fancy index that ``np.take_along_axis`` and ``np.put_along_axis`` read: ``indices`` along ``axis``, every
    other axis its own range."""
    ndim = len(shape)
    axis %= ndim
    index = []
    for dim in range(ndim):
        if dim == axis:
            index.append(np.asarray(indices))
        else:
            index.append(np.arange(shape[dim]).reshape([-1 if d == dim else 1 for d in range(ndim)]))
    return tuple(index)


def sliding_window_view(x, window_shape, axis=None, *, subok=False, writeable=False):
    """``np.lib.stride_tricks.sliding_window_view``: every window of ``x`` as one gather (its gradient is the
    scatter-add of indexing, each entry's windows summed into it).

    On a plain array it is NumPy's own read-only view. On a traced value the
    index of each window's entries is NumPy's view of the coordinates, so the
    shapes, the window and axis rules and their errors are NumPy's; the result
    is marked read-only as NumPy's is, so a write into it fails as in NumPy.
    A writeable view writes through into ``x``, which gradcli cannot follow,
    and is refused.
    """
    windows = np.lib.stride_tricks.sliding_window_view
    if not (isinstance(x, Box) or (isinstance(x, (list, tuple)) and holds_box(x))):
        return windows(x, window_shape, axis, subok=subok, writeable=writeable)
    if writeable:
        raise TracedValueError(
            "sliding_window_view(..., writeable=True) makes windows that write through into the array they view, "
            "which cannot hold a value gradcli differentiates: use the read-only view (writeable=False) and build "
            "any changed windows as a new array")
    x = asarray(x)
    coordinates = np.indices(shape_of(x), sparse=False)
    index = tuple(windows(c, window_shape, axis) for c in coordinates)
    out = getitem(x, index)
    if isinstance(raw(out), np.ndarray):
        raw(out).flags.writeable = False
        key = id(raw(out))
        _WINDOWS[key] = weakref.ref(raw(out), lambda _, key=key: _WINDOWS.pop(key, None))
    return out


# The arrays of windows `sliding_window_view` made of traced values (by id, each entry gone with its array): NumPy's
# view is read-only, so a write into one of them is refused as NumPy refuses it.
_WINDOWS = {}


def is_window_view(value):
    """Whether ``value`` holds windows `sliding_window_view` made of a traced value (read-only, as NumPy's view)."""
    found = _WINDOWS.get(id(raw(value)))
    return found is not None and found() is raw(value)


def put_along_axis(arr, indices, values, axis):
    """``np.put_along_axis``: ``values`` written into ``arr`` in place, at ``indices`` along ``axis``.

    A write in place cannot hold a traced value: the statement ``np.put_along_axis(a, ...)`` in a plain NumPy module
    is rewritten to bind ``a`` to the updated array (`capture.numpy_writes`); here, with a traced value, it is refused.
    """
    if isinstance(arr, Box) or isinstance(values, Box):
        raise TracedValueError(
            "np.put_along_axis writes into its array in place, which cannot hold a value gradcli differentiates: "
            "as a statement on a name the function made itself (np.put_along_axis(out, idx, v, axis)) gradcli "
            "follows it; else build a new array (np.where, np.concatenate)"
        )
    np.put_along_axis(arr, indices, values, axis)


def fill_diagonal(a, val, wrap=False):
    """``np.fill_diagonal``: ``val`` written in place along ``a``'s main diagonal.

    As for `put_along_axis`, the statement ``np.fill_diagonal(a, v)`` in a plain NumPy module is rewritten to bind
    ``a`` to the updated array (`capture.numpy_writes`); here, with a traced value, it is refused.
    """
    if isinstance(a, Box) or isinstance(val, Box):
        raise TracedValueError(
            "np.fill_diagonal writes into its array in place, which cannot hold a value gradcli differentiates: "
            "as a statement on a name the function made itself (np.fill_diagonal(out, v)) gradcli follows it; else "
            "build a new array (np.where(np.eye(n, dtype=bool), v, out))"
        )
    np.fill_diagonal(a, val, wrap)


_TESTS = {"lt": "less", "gt": "greater", "le": "less_equal", "ge": "greater_equal", "eq": "equal", "ne": "not_equal"}


def _plain_test(name, x, y):
    return getattr(operator, next(k for k, v in _TESTS.items() if v == name))(x, y)


# How two entries of an object array compare inside a sort or an arg-extreme: Python's own operators, until
# `arb.enable` puts in one that decides balls as every branch is decided (recorded, undecided where they
# overlap). flint's own < answers False for balls that overlap and records nothing: an order nobody proved.
compare = _plain_test
# A list a caller sets (None: nobody asks) to be told of each pair of exactly equal entries a sort or an
# arg-extreme compares: an order decided at a tie is a switch (a median of [1, 2, 2, 4] picks one of the 2s),
# which a rule splitting the slope evenly between them would hide from a check comparing slopes alone.
ties_seen = None


def _ranked_compare(name, x, y):
    """``compare`` of two entries of an order, the pair noted in `ties_seen` (when set) where they are equal."""
    answer = bool(compare(name, x, y))
    if ties_seen is not None:
        try:
            if bool(_plain_test("equal", x, y)):
                ties_seen.append((x, y))
        except (TypeError, ValueError, ArithmeticError):
            pass  # entries that do not say whether they are equal (balls that overlap): no tie claimed
    return answer


class _Ranked:
    """An entry of an object array (a ball, a jet, a proof number, an mpf) as NumPy's sorts and arg-extremes
    compare it: through `compare`, so the order a pick is made by is a decision of the path like any other."""

    __slots__ = ("x",)

    def __init__(self, x):
        self.x = x

    def _test(name):  # noqa: N805 - a helper that makes the operators below
        def test(self, other):
            other = other.x if type(other) is _Ranked else other
            nan_here, nan_there = _is_nan(self.x), _is_nan(other)
            if nan_here or nan_there:  # NumPy's order: a NaN after every number, NaNs alike
                return _NAN_ORDER[name](nan_here, nan_there)
            return _ranked_compare(name, self.x, other)
        return test

    __lt__, __gt__, __le__ = _test("less"), _test("greater"), _test("less_equal")
    __ge__, __eq__, __ne__ = _test("greater_equal"), _test("equal"), _test("not_equal")
    __hash__ = None
    del _test


# A comparison of two entries in NumPy's sort order where one is NaN (a NaN is the larger, two NaNs alike), by
# whether each is NaN.
_NAN_ORDER = {"less": lambda a, b: not a and b, "greater": lambda a, b: a and not b,
              "less_equal": lambda a, b: b, "greater_equal": lambda a, b: a,
              "equal": lambda a, b: a and b, "not_equal": lambda a, b: a != b}


def _is_nan(x):
    """Whether an entry of an order (a ball, a jet, a proof number, an mpf, a float) is NaN itself."""
    if isinstance(x, float):
        return x != x
    return bool(np.asarray(raw(isnan(x))))


def ranked(values):
    """``values`` (plain) ready for NumPy's argsort, argpartition, argmax, argmin: an object array's entries
    wrapped to compare through `compare`; a float array as it is."""
    values = np.asarray(values)
    if values.dtype != object:
        return values
    out = np.empty(values.shape, dtype=object)
    for i, v in enumerate(values.flat):
        out.flat[i] = _Ranked(v)
    return out


class _RankedKeys:
    """Entries of several keys at one position, compared lexicographically through `compare` (the first key
    first): a later key is compared only where the earlier ones tie, so no decision is asked that the order
    does not need (two entries equal in every key keep their positions in a stable sort)."""

    __slots__ = ("keys",)

    def __init__(self, keys):
        self.keys = keys

    def __lt__(self, other):
        for mine, theirs in zip(self.keys, other.keys):
            if _ranked_compare("less", mine, theirs):
                return True
            if _ranked_compare("less", theirs, mine):
                return False
        return False

    __hash__ = None


def lexsort(keys, axis=-1):
    """``np.lexsort``: the stable order by the last key, ties broken by the one before it, and so on; keys of
    balls, jets or proof numbers compared through `compare`, so the order is a decision of the path."""
    keys = [np.asarray(raw(k)) for k in keys]
    if not any(k.dtype == object for k in keys):
        return np.lexsort(keys, axis=axis)
    keys = np.broadcast_arrays(*keys)
    out = np.empty(keys[0].shape, dtype=object)
    for i in np.ndindex(out.shape):
        out[i] = _RankedKeys(tuple(k[i] for k in reversed(keys)))
    return np.argsort(out, axis=axis, kind="stable")


def by_rank(fun):
    """NumPy's ``fun`` (argsort, argpartition, argmax, argmin) with its first argument `ranked`."""

    @functools.wraps(fun)
    def call(a, *args, **kwargs):
        return fun(ranked(a), *args, **kwargs)

    return call


def sort(a, axis=-1, kind=None):
    """``np.sort``: the elements moved into order, so each keeps its own gradient."""
    a = asarray(a)
    return take_along_axis(a, np.argsort(ranked(raw(a)), axis=axis, kind=kind), axis)


def partition(a, kth, axis=-1):
    """``np.partition``: the element of rank ``kth`` in its place, smaller ones before it, larger after."""
    a = asarray(a)
    return take_along_axis(a, np.argpartition(ranked(raw(a)), kth, axis=axis), axis)


# -- order statistics: median, percentile, quantile ------------------------------------------


def _sorted_along_last(a, axis):
    """``(a sorted along one last axis, the axes reduced)``: the axes ``axis`` names moved last and joined."""
    a = asarray(a)
    shape = shape_of(a)
    ndim = len(shape)
    axes = tuple(range(ndim)) if axis is None else (axis,) if isinstance(axis, (int, np.integer)) else tuple(axis)
    axes = tuple(sorted({int(d) % max(ndim, 1) for d in axes})) if ndim else ()
    kept = [d for d in range(ndim) if d not in axes]
    if kept + list(axes) != list(range(ndim)):
        a = transpose(a, tuple(kept + list(axes)))
    a = reshape(a, tuple(shape[d] for d in kept) + (-1,))
    if shape_of(a)[-1] == 0:
        raise ValueError("an order statistic of an empty array")
    return sort(a, axis=-1), axes


def _finished(out, s, axes, shape, keepdims, lead_shape=()):
    """``out`` (the quantiles' axes ``lead_shape`` first, then the kept axes) with NaN where NumPy's has one (a
    slice holding a NaN, which sorts last) and, if ``keepdims``, the reduced axes back as ones."""
    last = np.asarray(raw(s))[..., -1]
    nan = np.isnan(last) if last.dtype.kind == "f" else (
        np.vectorize(_is_nan, otypes=[bool])(last) if last.dtype == object and last.size else None)
    if nan is not None and nan.any():
        out = where(np.broadcast_to(nan, shape_of(out)), np.nan, out)
    if keepdims:
        out = reshape(out, tuple(lead_shape) + tuple(1 if d in axes else n for d, n in enumerate(shape)))
    return out


def median(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    """``np.median``: the middle entry of the sorted values, or the mean of the two middle ones.

    The entries are put in order by `sort`, which on balls decides each comparison as
    a branch of the path, so the entries the median does not read have an exact 0 slope.
    """
    if out is not None:
        raise NotImplementedError("gradcli.numpy.median takes no out= (its result is a new array)")
    s, axes = _sorted_along_last(a, axis)
    n = shape_of(s)[-1]
    middle = getitem(s, (Ellipsis, slice((n - 1) // 2, n // 2 + 1)))
    return _finished(mean(middle, axis=-1), s, axes, shape_of(a), keepdims)  # NumPy's median is a mean too


# NumPy's methods of `quantile` that pick one sorted entry: its index from (n - 1) q (`np.around` rounds half to even)
_PICKING = {"lower": np.floor, "higher": np.ceil, "nearest": np.around}


def quantile(a, q, axis=None, out=None, overwrite_input=False, method="linear", keepdims=False):
    """``np.quantile`` by NumPy's methods linear (the default), midpoint, lower, higher and nearest.

    Linear is between the two sorted entries around ``(n - 1) * q``, as NumPy: ``a + (b - a) * t``, or
    ``b - (b - a) * (1 - t)`` from ``t = 0.5`` on, where ``t`` is the fraction of ``(n - 1) * q``; midpoint is
    that at ``t = 1/2`` where ``(n - 1) * q`` is no whole number; lower, higher and nearest pick one sorted entry,
    whose slope the quantile takes. Quantiles' axes come first. ``q`` is a constant.
    """
    weak, q = _levels("quantile", q, method, out)
    s, axes = _sorted_along_last(a, axis)
    n = shape_of(s)[-1]
    virtual = (n - 1) * q
    if method in _PICKING:
        picked = _quantiles_first(getitem(s, (Ellipsis, _PICKING[method](virtual).astype(np.intp))), q.ndim)
        return _finished(picked, s, axes, shape_of(a), keepdims, q.shape)
    if method == "midpoint":
        virtual = 0.5 * (np.floor(virtual) + np.ceil(virtual))
    above = virtual >= n - 1
    before = np.where(above, -1, np.floor(virtual)).astype(np.intp)
    t = np.asarray(virtual - before, dtype=virtual.dtype)  # NumPy's fraction, bit for bit (n at the top: b - 0)
    before, after = np.where(above, n - 1, before), np.where(above, n - 1, before + 1)
    low = _quantiles_first(getitem(s, (Ellipsis, before)), q.ndim)
    high = _quantiles_first(getitem(s, (Ellipsis, after)), q.ndim)
    if q.ndim:
        t = np.reshape(t, t.shape + (1,) * (len(shape_of(low)) - q.ndim))
    t = float(t) if weak else t
    step = high - low
    value = where(np.broadcast_to(np.asarray(t) >= 0.5, shape_of(step)), high - step * (1 - t), low + step * t)
    return _finished(value, s, axes, shape_of(a), keepdims, q.shape)


def _levels(name, q, method, out):
    """``(weak, q as an array)`` for `quantile` and `nanquantile` (``name``), after refusing what they do not take
    (a traced q, another method, out=) and levels outside [0, 1], as NumPy does; ``weak``: q is a Python number, so
    the result keeps a's dtype, as NumPy's."""
    if isinstance(q, Box):
        raise NotImplementedError(f"gradcli.numpy.{name} differentiates in a; q must be a constant")
    if method not in ("linear", "midpoint", *_PICKING) or out is not None:
        raise NotImplementedError(f"gradcli.numpy.{name} takes method='linear', 'midpoint', 'lower', 'higher' or "
                                  f"'nearest' and no out=, not {method!r}")
    weak = type(q) in (int, float)
    q = np.asanyarray(q)
    if q.dtype.kind not in "fiu" or not np.all((q >= 0) & (q <= 1)):
        raise ValueError("Quantiles must be in the range [0, 1]")
    return weak, q


def _quantiles_first(entries, q_ndim):
    """``entries`` (the kept axes, then the quantiles') with the quantiles' axes first, as NumPy's."""
    if not q_ndim:
        return entries
    kept = len(shape_of(entries)) - q_ndim
    return transpose(entries, tuple(range(kept, kept + q_ndim)) + tuple(range(kept)))


def nanmedian(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    """``np.nanmedian``: `median` of each slice's entries that are not NaN (NaN where all are)."""
    if out is not None:
        raise NotImplementedError("gradcli.numpy.nanmedian takes no out= (its result is a new array)")
    s, axes = _sorted_along_last(a, axis)  # NaN sorts last
    counts = np.sum(~np.asarray(raw(isnan(s)), dtype=bool), axis=-1)[..., None]
    middle = concatenate([take_along_axis(s, np.maximum((counts - 1) // 2, 0), -1),
                          take_along_axis(s, counts // 2, -1)], axis=-1)
    value = mean(middle, axis=-1)  # NumPy's median is a mean too
    if keepdims:
        value = reshape(value, tuple(1 if d in axes else n for d, n in enumerate(shape_of(a))))
    return value


def nanquantile(a, q, axis=None, out=None, overwrite_input=False, method="linear", keepdims=False):
    """``np.nanquantile``: `quantile` of each slice's entries that are not NaN (NaN where all are, or none), by
    NumPy's methods linear, midpoint, lower, higher and nearest.

    NaN sorts last, so each slice's own count of numbers places its quantile among its first sorted entries: the
    same formula as `quantile` with that count, for every slice at once; a NaN entry has no slope."""
    weak, q = _levels("nanquantile", q, method, out)
    a = asarray(a)
    shape = shape_of(a)
    if 0 in shape:  # NumPy's answer for no numbers at all: nanmean's NaN, in its shape (whatever q's)
        reduced = _axes_of(axis, len(shape))
        return np.full(tuple(1 if d in reduced else n for d, n in enumerate(shape) if keepdims or d not in reduced), np.nan)
    s, axes = _sorted_along_last(a, axis)  # NaN sorts last
    entries = np.asarray(raw(s)).dtype
    counts = np.sum(~np.asarray(raw(isnan(s)), dtype=bool), axis=-1)
    top = np.maximum(counts - 1, 0)
    answers = [_nan_quantile_at(s, counts, top, float(level), method, weak, entries) for level in q.ravel()]
    value = stack(answers, axis=0) if q.ndim else answers[0]
    if q.ndim:
        value = reshape(value, q.shape + shape_of(value)[1:])
    return _finished(value, np.zeros(shape_of(s)[:-1] + (1,)), axes, shape, keepdims, q.shape)  # NaN said per slice


def _axes_of(axis, ndim):
    """The axes ``axis`` names, each in [0, ndim) (all of them for None)."""
    if axis is None:
        return tuple(range(ndim))
    return tuple(int(d) % max(ndim, 1) for d in ((axis,) if isinstance(axis, (int, np.integer)) else axis))


def _nan_quantile_at(s, counts, top, level, method, weak, entries):
    """The ``level`` quantile of each slice of ``s`` (sorted, NaN last) among its first ``counts`` entries."""
    virtual = (counts - 1) * level
    if method in _PICKING:
        index = np.clip(_PICKING[method](virtual), 0, top).astype(np.intp)
        picked = take_along_axis(s, index[..., None], -1)[..., 0]
        return where(counts == 0, np.nan, picked)
    if method == "midpoint":
        virtual = 0.5 * (np.floor(virtual) + np.ceil(virtual))
    above = virtual >= counts - 1
    before = np.where(above, -1, np.floor(virtual)).astype(np.intp)
    t = np.asarray(virtual - before, dtype=np.float64)
    before, after = np.clip(np.where(above, top, before), 0, None), np.where(above, top, before + 1)
    low = take_along_axis(s, before[..., None], -1)[..., 0]
    high = take_along_axis(s, np.minimum(after, top)[..., None], -1)[..., 0]
    if weak and entries.kind == "f":
        t = t.astype(entries)  # a Python q meets the data in its dtype, as NumPy's arithmetic takes it
    step = high - low
    value = where(t >= 0.5, high - step * (1 - t), low + step * t)
    return where(counts == 0, np.nan, value)


def nanpercentile(a, q, axis=None, out=None, overwrite_input=False, method="linear", keepdims=False):
    """``np.nanpercentile``: `nanquantile` at ``q / 100``."""
    if isinstance(q, Box):
        raise NotImplementedError("gradcli.numpy.nanpercentile differentiates in a; q must be a constant")
    scaled = np.true_divide(q, 100)
    return nanquantile(a, float(scaled) if type(q) in (int, float) else scaled, axis, out, overwrite_input, method,
                       keepdims)


def percentile(a, q, axis=None, out=None, overwrite_input=False, method="linear", keepdims=False):
    """``np.percentile``: `quantile` at ``q / 100``."""
    if isinstance(q, Box):
        raise NotImplementedError("gradcli.numpy.percentile differentiates in a; q must be a constant")
    scaled = np.true_divide(q, 100)
    return quantile(a, float(scaled) if type(q) in (int, float) else scaled, axis, out, overwrite_input, method, keepdims)


def nan_to_num(x, copy=True, nan=0.0, posinf=None, neginf=None):
    """``np.nan_to_num``: NaN and infinities replaced by constants; finite elements keep their gradient.

    A replaced entry's cotangent is 0, and the op that made the NaN multiplies that 0 by its own NaN slope: the
    NaN leaks into the gradient as through ``where``, and as in JAX and PyTorch. gradcli differentiates the
    program as written; masking here would hide that leak from the checker, which names it.
    """
    if isinstance(x, Box) and x._trace is tracer.PLAIN:  # exact numbers no trace differentiates: replaced as bare ones
        return tracer.keep_plain(nan_to_num(x._value, copy, nan, posinf, neginf))
    value = raw(x)
    numbers = np.asarray(value)
    if numbers.dtype != object:
        replaced = np.nan_to_num(value, copy=True, nan=nan, posinf=posinf, neginf=neginf)
        if not isinstance(x, Box):
            return replaced
        return select(np.asarray(raw(isfinite(value)), dtype=bool), x, replaced)
    if isinstance(x, Box):
        # High-precision numbers never overflow: a traced infinity is a singularity of the program's mathematics
        # (log 0, 1/0), where the replaced function has no derivative; it is left for the exact reference to see. A
        # NaN is the op's answer outside its domain (log of a negative number): replaced as where(isnan(x), nan, x)
        # replaces it, a branch the exact reference decides and tests beside the point, so a NaN held all around
        # it is the constant named, with slope 0, and one at a lone point (0/0) a switch of the branch
        missing = np.asarray(raw(isnan(value)), dtype=bool)
        if not missing.any():
            return x
        return select(~missing, x, np.full(missing.shape, float(nan)))
    # np.nan_to_num hands high-precision numbers (an object array) back unchanged: the replacements come from the
    # floats they round to, which keep each NaN and the sign of each infinity
    replaced = np.nan_to_num(numbers.astype(float), copy=True, nan=nan, posinf=posinf, neginf=neginf)
    return select(np.asarray(raw(isfinite(value)), dtype=bool), value, replaced)


@tracer.passes_arguments
def select_cases(condlist, choicelist, default=0):
    """``np.select``: where the first true condition picks its choice, else ``default``; each choice keeps its gradient there."""
    if len(condlist) != len(choicelist):
        raise ValueError("list of cases must be same length as list of conditions")
    out = default
    for condition, choice in reversed(list(zip(condlist, choicelist))):
        out = where(np.asarray(raw(condition), dtype=bool), choice, out)
    return out


def real_if_close(a, tol=100):
    """``np.real_if_close``: the real part of a complex array whose imaginary parts are all within ``tol`` machine epsilons of 0."""
    value = np.asarray(raw(a))
    if value.dtype.kind != "c":
        return a
    if tol > 1:
        tol = tol * np.finfo(value.dtype).eps
    return real(a) if np.all(np.abs(value.imag) < tol) else a


# -- padding, numerical gradients, evenly spaced points ------------------------------------


# np.pad's modes that copy entries of the array (reflect and symmetric with reflect_type 'even'): which entry each
# padded place holds is NumPy's own np.pad of the positions.
_COPYING_PADS = ("edge", "reflect", "symmetric", "wrap")


def pad(array, pad_width, mode="constant", constant_values=0, **kwargs):
    """``np.pad`` with a constant (the array between blocks of ``constant_values``) or by copies of its own entries
    (``edge``, ``reflect``, ``symmetric``, ``wrap``): each keeps its gradient.

    The modes that compute new values (linear_ramp, maximum, mean, odd reflections, ...) are NumPy's on plain values
    and refused on traced ones rather than differentiated wrongly.
    """
    on_mpmath = np.asarray(raw(array)).dtype == object
    if not isinstance(array, Box) and not on_mpmath:
        extra = {"constant_values": constant_values} if mode == "constant" else {}
        return np.pad(array, pad_width, mode=mode, **extra, **kwargs)
    if mode in _COPYING_PADS and kwargs.get("reflect_type", "even") == "even":
        widths = np.broadcast_to(np.asarray(pad_width, dtype=int), (len(shape_of(array)), 2))
        out = array
        for axis, (before, after) in enumerate(widths):
            if before or after:
                places = np.pad(np.arange(shape_of(out)[axis]), (before, after), mode=mode)
                out = take(out, places, axis=axis)
        return out
    if mode != "constant" or kwargs:
        raise NotImplementedError(f"gradcli.numpy.pad differentiates the modes 'constant' and {', '.join(map(repr, _COPYING_PADS))}"
                                  f" (reflections of reflect_type 'even'), not {mode!r} {kwargs or ''}".rstrip())
    widths = np.broadcast_to(np.asarray(pad_width, dtype=int), (len(shape_of(array)), 2))
    values = np.broadcast_to(np.asarray(constant_values), (len(shape_of(array)), 2))
    if on_mpmath:  # the exact reference: its constants the run's own numbers (an mpf beside balls rounds at mpmath's bits)
        values = lifted(values, np.asarray(raw(array)).flat[0])
    out = array
    for axis, ((before, after), (low, high)) in enumerate(zip(widths, values)):
        shape = list(shape_of(out))
        dtype = np.asarray(raw(out)).dtype
        blocks = []
        if before:
            blocks.append(np.full(shape[:axis] + [before] + shape[axis + 1:], low, dtype=dtype))
        blocks.append(out)
        if after:
            blocks.append(np.full(shape[:axis] + [after] + shape[axis + 1:], high, dtype=dtype))
        out = concatenate(blocks, axis=axis) if len(blocks) > 1 else out
    return out


def apply_along_axis(func1d, axis, arr, *args, **kwargs):
    """``np.apply_along_axis``: ``func1d`` called on each 1-D slice of ``arr`` along ``axis`` (the user's own
    function, so its ops are recorded), its answers stacked where the axis was, as NumPy places them."""
    arr = asarray(arr)
    shape = tuple(shape_of(arr))
    axis = axis % len(shape)
    rest = shape[:axis] + shape[axis + 1:]
    if not all(rest):
        raise ValueError("Cannot apply_along_axis when any iteration dimensions are 0")
    lines = moveaxis(arr, axis, -1)
    answers = [asarray(func1d(getitem(lines, index), *args, **kwargs)) for index in np.ndindex(*rest)]
    answer_dims = len(shape_of(answers[0]))
    out = reshape(stack(answers), rest + tuple(shape_of(answers[0])))
    if not answer_dims:
        return out
    return moveaxis(out, list(range(len(rest), len(rest) + answer_dims)), list(range(axis, axis + answer_dims)))


def _gradient_along(f, axis, spacing):
    """One axis of ``np.gradient`` (edge_order 1): central differences inside, one-sided at the two ends; ``spacing``
    a number, or the 1-D differences of uneven coordinates, with NumPy's weights for them (in its order of
    operations, so the numbers are NumPy's)."""
    before = (slice(None),) * axis
    n = shape_of(f)[axis]
    if n < 2:
        raise ValueError("Shape of array too small to calculate a numerical gradient: at least 2 elements are required.")

    def part(s):
        return getitem(f, before + (s,))

    first = part(slice(1, 2)) - part(slice(0, 1))
    last = part(slice(-1, None)) - part(slice(-2, -1))
    if np.ndim(raw(spacing)) == 0:
        pieces = [first, (part(slice(2, None)) - part(slice(None, -2))) / 2, last] if n > 2 else [first, last]
        return concatenate(pieces, axis=axis) / spacing
    along = [1] * len(shape_of(f))
    along[axis] = -1
    pieces = [first / reshape(getitem(spacing, slice(0, 1)), along)]
    if n > 2:
        dx1, dx2 = getitem(spacing, slice(0, -1)), getitem(spacing, slice(1, None))
        a = reshape(-dx2 / (dx1 * (dx1 + dx2)), along)
        b = reshape((dx2 - dx1) / (dx1 * dx2), along)
        c = reshape(dx1 / (dx2 * (dx1 + dx2)), along)
        pieces.append(a * part(slice(None, -2)) + b * part(slice(1, -1)) + c * part(slice(2, None)))
    pieces.append(last / reshape(getitem(spacing, slice(-1, None)), along))
    return concatenate(pieces, axis=axis)


def _spacing(distances, n):
    """An axis's spacing for `_gradient_along`: a number as it is; coordinates (1-D, ``n`` of them) as their
    differences, one number where all are equal, as NumPy takes them, unless they are differentiated: then always
    the uneven weights, whose slopes are the function's (equal steps are a tie NumPy's shortcut breaks, and any move
    of one coordinate leaves it; the value differs from the shortcut's by rounding alone)."""
    if np.ndim(raw(distances)) == 0:
        return distances
    if np.ndim(raw(distances)) != 1 or shape_of(distances)[0] != n:
        raise ValueError("distances must be either scalars or 1d, and when 1d match the length of their dimension")
    if np.asarray(raw(distances)).dtype.kind in "biu":
        distances = np.asarray(distances, dtype=np.float64)
    steps = diff(distances)
    plain = np.asarray(raw(steps))
    return getitem(steps, 0) if not isinstance(steps, Box) and (plain == plain[0]).all() else steps


def gradient(f, *varargs, axis=None, edge_order=1):
    """``np.gradient`` (edge_order 1) with spacings or coordinates: differences of ``f`` and of the coordinates, so
    its gradient is theirs, in either."""
    if edge_order != 1:
        if isinstance(f, Box) or any(isinstance(v, Box) for v in varargs):
            raise NotImplementedError("gradcli.numpy.gradient differentiates edge_order=1 only")
        return np.gradient(f, *varargs, axis=axis, edge_order=edge_order)
    f = asarray(f)
    ndim = len(shape_of(f))
    axes = tuple(range(ndim)) if axis is None else ((axis,) if isinstance(axis, (int, np.integer)) else tuple(axis))
    axes = tuple(a % ndim for a in axes)
    spacings = list(varargs) if len(varargs) == len(axes) else [varargs[0] if varargs else 1] * len(axes)
    out = [_gradient_along(f, a, _spacing(h, shape_of(f)[a])) for a, h in zip(axes, spacings)]
    return out[0] if len(out) == 1 else tuple(out)  # a tuple of arrays, as NumPy 2


def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0):
    """``np.linspace``, differentiable in scalar ``start`` and ``stop``: start + (stop - start) * fractions."""
    if not (isinstance(start, Box) or isinstance(stop, Box)):
        return np.linspace(start, stop, num, endpoint, retstep, dtype, axis)
    if axis != 0 or np.ndim(raw(start)) or np.ndim(raw(stop)) or dtype is not None:
        raise NotImplementedError("gradcli.numpy.linspace differentiates scalar start and stop (no dtype, axis 0) only")
    div = (num - 1) if endpoint else num
    ends = (raw(start), raw(stop))
    if any(is_mp_value(e) for e in ends):  # the exact reference: integer steps times mpmath numbers
        steps = np.arange(num).astype(object)
    else:
        steps = np.arange(num, dtype=np.result_type(*ends, float))
    step = (stop - start) / div if div > 0 else None
    # NumPy's own formula, so the points are NumPy's to the bit: i * step + start, stop last.
    out = (steps * step if step is not None else steps * (stop - start)) + start
    if endpoint and num > 1:
        out = concatenate([getitem(out, slice(0, -1)), reshape(stop + 0 * start, (1,))])
    if not retstep:
        return out
    return out, (step if step is not None else np.nan)
