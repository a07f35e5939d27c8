"""NumPy's numerical helpers that plain NumPy code reaches for, composed of gradcli's ops.

Linear interpolation (``np.interp``), polynomials (``np.polyval``), weighted and
NaN-skipping reductions, the peak-to-peak range, the trapezoidal rule, the
convolution and correlation of two sequences, coordinate grids, covariance and
correlation matrices, step functions (``np.heaviside``, ``np.copysign``,
``np.piecewise``), phase unwrapping and running sums. Each is
built from recorded ops, so its gradient and its exact reference follow from
theirs; a choice (which segment, which entries are NaN) is made by comparisons
the exact reference sees as branches, so a point on a knot is judged as a kink.
A caller's plain numbers (a table's knots, weights, abscissae) are lifted to exact
numbers in a high-precision run (`ops.lifted`): a slope of two float constants would
otherwise be rounded in float64 inside the exact reference.
"""

from __future__ import annotations

import numpy as np

from .ops import absolute, clip, conj, constant, divide, equal, greater, high_precision, isnan, less, lifted, logical_and, mod, power, sqrt, where
from .ops import where as _picked  # for functions whose own where= parameter hides the op
from .ops_array import (asarray, broadcast_to, concatenate, cumprod, cumsum, flip, getitem, max_, mean, min_, prod, ravel,
                        reshape, sum_, take, transpose)
from .ops_linalg import diagonal, matmul
from .ops_shape import diff
from .ops_signal import convolve as _convolve_along
from .values import is_float_dtype, raw, result_dtype, shape_of


def interp(x, xp, fp, left=None, right=None, period=None, *, segment_of):
    """``np.interp``: the piecewise-linear function through (xp, fp) at ``x``, differentiable in all three.

    ``segment_of(xp, x)`` is NumPy's ``searchsorted(xp, x, side="right")`` as the caller spells it, so that on
    high-precision numbers its comparisons are decided as branches. On a knot the segment to its right is taken,
    as NumPy's value is; the last knot and the ends are NumPy's own answers (fp[-1], ``left``, ``right``).
    """
    x = _at_least_double(asarray(x))  # NumPy's interp computes in float64 (complex128) whatever its inputs' dtype
    xp, fp = _at_least_double(asarray(lifted(xp, x))), _at_least_double(asarray(lifted(fp, x)))
    left, right, period = (None if v is None else lifted(v, x) for v in (left, right, period))
    if period is not None:
        xp, fp, x = _periodic(x, xp, fp, period)
        left = right = None
    n = shape_of(xp)[0]
    first, last = getitem(fp, 0), getitem(fp, n - 1)
    left = first if left is None else left
    right = last if right is None else right
    if n == 1:
        inside = first
    else:
        at = np.clip(np.asarray(segment_of(xp, x)) - 1, 0, n - 2)  # the segment's first knot
        x0, x1, f0, f1 = take(xp, at), take(xp, at + 1), take(fp, at), take(fp, at + 1)
        inside = f0 + divide(f1 - f0, x1 - x0) * (x - x0)
        inside = where(equal(x, getitem(xp, n - 1)), last, inside)
    return where(less(x, getitem(xp, 0)), left, where(greater(x, getitem(xp, n - 1)), right, inside))


def _periodic(x, xp, fp, period):
    """``np.interp``'s periodic table: every abscissa taken modulo ``period``, sorted, and one knot added at each end."""
    x, xp = mod(x, period), mod(xp, period)
    order = np.argsort(np.asarray(raw(xp), dtype=float), kind="stable")
    xp, fp = take(xp, order), take(fp, order)
    n = shape_of(xp)[0]
    xp = concatenate([reshape(getitem(xp, n - 1) - period, (1,)), xp, reshape(getitem(xp, 0) + period, (1,))])
    fp = concatenate([reshape(getitem(fp, n - 1), (1,)), fp, reshape(getitem(fp, 0), (1,))])
    return xp, fp, x


def polyval(p, x):
    """``np.polyval``: the polynomial with coefficients ``p`` (highest power first) at ``x``, by Horner's rule."""
    p = asarray(p)
    y = _zeros_as(x, shape_of(x))  # NumPy's zeros_like(x): a float32 x keeps the polynomial in float32
    for k in range(shape_of(p)[0]):
        y = y * x + getitem(p, k)  # from 0 * x + p[0], as NumPy's (NaN at x = inf, as NumPy's)
    return y


def average(a, axis=None, weights=None, returned=False, *, keepdims=False):
    """``np.average``: the mean of ``a``, or its mean weighted by ``weights`` (a 1-D ``weights`` along one ``axis``)."""
    a = asarray(a)
    if weights is None:
        total = sum_(a, axis=axis, keepdims=keepdims)
        count = np.size(raw(a)) // max(np.size(raw(total)), 1)
        mean = total / count
        return (mean, np.full(shape_of(mean), float(count))) if returned else mean
    w = asarray(lifted(weights, a))
    if shape_of(w) != shape_of(a):
        if axis is None or len(shape_of(w)) != 1:
            raise TypeError("Axis must be specified when shapes of a and weights differ.")
        along = axis % len(shape_of(a))
        w = reshape(w, tuple(-1 if d == along else 1 for d in range(len(shape_of(a)))))
    scale = sum_(broadcast_to(w, shape_of(a)), axis=axis, keepdims=keepdims)
    mean = sum_(a * w, axis=axis, keepdims=keepdims) / scale
    return (mean, scale) if returned else mean


def ptp(a, axis=None, keepdims=False):
    """``np.ptp``: the largest entry less the smallest."""
    return max_(a, axis=axis, keepdims=keepdims) - min_(a, axis=axis, keepdims=keepdims)


def trapezoid(y, x=None, dx=1.0, axis=-1):
    """``np.trapezoid``: the integral of ``y`` by the trapezoidal rule, over ``x`` or at spacing ``dx``."""
    y = asarray(y)
    ndim = len(shape_of(y))
    along = axis % ndim
    pick = lambda part: tuple(part if d == along else slice(None) for d in range(ndim))  # noqa: E731
    heights = (getitem(y, pick(slice(1, None))) + getitem(y, pick(slice(None, -1)))) / 2.0
    if x is None:
        return sum_(heights * lifted(dx, y), axis=along)
    x = asarray(lifted(x, y))
    widths = diff(x, axis=-1 if len(shape_of(x)) == 1 else along)
    if len(shape_of(widths)) == 1 and ndim > 1:
        widths = reshape(widths, tuple(-1 if d == along else 1 for d in range(ndim)))
    return sum_(heights * widths, axis=along)


def _without_nan(a, fill):
    """``a`` with each NaN entry replaced by ``fill`` (a test on the values: NaN is no branch to differentiate); an
    integer or boolean array, which holds no NaN, as it is (its dtype kept, as NumPy keeps it)."""
    a = asarray(a)
    if np.asarray(raw(a)).dtype.kind in "biu":
        return a
    return where(isnan(a), fill, a)


def _nan_args(name, a, dtype, out):
    """``a`` as an array in ``dtype`` (where one is named and the numbers are floats), after refusing ``out=``."""
    if out is not None:
        raise TypeError(f"gradcli.numpy.{name} has no out=: it returns a new array")
    a = asarray(a)
    return a if dtype is None or high_precision(a) is not None else a * np.ones((), dtype=dtype)


def nansum(a, axis=None, dtype=None, out=None, keepdims=False):
    """``np.nansum``: the sum of the entries that are not NaN."""
    return sum_(_without_nan(_nan_args("nansum", a, dtype, out), 0.0), axis=axis, keepdims=keepdims)


def _count(a, axis, keepdims):
    """How many entries of ``a`` are not NaN, along ``axis``."""
    return np.sum(~np.asarray(raw(isnan(a)), dtype=bool), axis=axis, keepdims=keepdims)


def _count_as(a, axis, keepdims):
    """`_count` in the float dtype of ``a``'s entries (float32 stays float32 when divided by it; float64 for integers
    and exact numbers)."""
    kind = np.asarray(raw(a)).dtype
    return _count(a, axis, keepdims).astype(np.finfo(kind).dtype if kind.kind in "fc" else np.float64)


def nanmean(a, axis=None, dtype=None, out=None, keepdims=False):
    """``np.nanmean``: the mean of the entries that are not NaN (NaN where there are none, as NumPy's)."""
    a = _nan_args("nanmean", a, dtype, out)
    with np.errstate(invalid="ignore", divide="ignore"):
        return nansum(a, axis=axis, keepdims=keepdims) / _count_as(a, axis, keepdims)


def nanprod(a, axis=None, dtype=None, out=None, keepdims=False):
    """``np.nanprod``: the product of the entries that are not NaN (1 where there are none)."""
    return prod(_without_nan(_nan_args("nanprod", a, dtype, out), 1.0), axis=axis, keepdims=keepdims)


def nancumsum(a, axis=None, dtype=None, out=None):
    """``np.nancumsum``: running sums with each NaN counted as 0 (flattened where ``axis`` is None)."""
    return cumsum(_without_nan(_nan_args("nancumsum", a, dtype, out), 0.0), axis=axis)


def nancumprod(a, axis=None, dtype=None, out=None):
    """``np.nancumprod``: running products with each NaN counted as 1 (flattened where ``axis`` is None)."""
    return cumprod(_without_nan(_nan_args("nancumprod", a, dtype, out), 1.0), axis=axis)


def nanvar(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=None, mean=None, correction=None):
    """``np.nanvar``: the variance of the entries that are not NaN, over their count less ``ddof`` (or
    ``correction``), NaN where that is not positive, as NumPy's.

    The NaN entries are left out of the centred values by the input's own NaN (inf - inf stays the NaN it is), and a
    slice with no count left divides by 1 before its NaN is picked, so no 0/0 reaches the others' gradient."""
    if where is not None or mean is not None:
        raise NotImplementedError("gradcli.numpy.nanvar takes no where= or mean=")
    if correction is not None:
        if ddof != 0:
            raise ValueError("ddof and correction can't be provided simultaneously.")
        ddof = correction
    a = _nan_args("nanvar", a, dtype, out)
    missing = np.asarray(raw(isnan(a)), dtype=bool)
    count = _count_as(a, axis, True)
    centre = nansum(a, axis=axis, keepdims=True) / np.where(count > 0, count, 1)
    centred = _picked(missing, 0.0, a - centre)
    squares = absolute(centred) ** 2 if np.iscomplexobj(raw(a)) else centred * centred
    left = _count_as(a, axis, keepdims) - ddof
    return _picked(left <= 0, np.nan, sum_(squares, axis=axis, keepdims=keepdims) / np.where(left > 0, left, 1))


def nanstd(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=None, mean=None, correction=None):
    """``np.nanstd``: the square root of `nanvar`."""
    return sqrt(nanvar(a, axis=axis, dtype=dtype, out=out, ddof=ddof, keepdims=keepdims, where=where, mean=mean,
                       correction=correction))


def nanmax(a, axis=None, keepdims=False):
    """``np.nanmax``: the largest entry that is not NaN (NaN where there are none, as NumPy's)."""
    return where(_count(a, axis, keepdims) == 0, np.nan, max_(_without_nan(a, -np.inf), axis=axis, keepdims=keepdims))


def nanmin(a, axis=None, keepdims=False):
    """``np.nanmin``: the smallest entry that is not NaN (NaN where there are none, as NumPy's)."""
    return where(_count(a, axis, keepdims) == 0, np.nan, min_(_without_nan(a, np.inf), axis=axis, keepdims=keepdims))


def convolve(a, v, mode="full"):
    """``np.convolve``: the discrete convolution of two sequences (the longer one's length for ``same``)."""
    a, v = asarray(a), asarray(v)
    if len(shape_of(a)) != 1 or len(shape_of(v)) != 1:
        raise ValueError("object too deep for desired array: np.convolve takes two 1-D sequences")
    if shape_of(v)[0] > shape_of(a)[0]:
        a, v = v, a  # NumPy's order: the result is the same, its `same` length the longer one's
    return _convolve_along(a, v, mode=mode)


def meshgrid(*xi, indexing="xy", sparse=False, copy=True):
    """``np.meshgrid``: coordinate arrays, one per input, over the grid they span (``xy``: the first two axes swapped)."""
    if indexing not in ("xy", "ij"):
        raise ValueError("Valid values for `indexing` are 'xy' and 'ij'.")
    xi = [reshape(asarray(x), (-1,)) for x in xi]
    axes = list(range(len(xi)))
    if indexing == "xy" and len(xi) > 1:
        axes[0], axes[1] = 1, 0
    shape = [0] * len(xi)
    for x, axis in zip(xi, axes):
        shape[axis] = shape_of(x)[0]
    out = []
    for x, axis in zip(xi, axes):
        lined = reshape(x, tuple(-1 if d == axis else 1 for d in range(len(xi))))
        out.append(lined if sparse else broadcast_to(lined, tuple(shape)))
    return tuple(out)


def cov(m, y=None, rowvar=True, bias=False, ddof=None):
    """``np.cov``: the covariance matrix of the variables in ``m`` (rows, or columns with ``rowvar=False``)."""
    x = asarray(m)
    if len(shape_of(x)) == 1:
        x = reshape(x, (1, -1))
    elif not rowvar:
        x = transpose(x)
    if y is not None:
        other = asarray(y)
        other = reshape(other, (1, -1)) if len(shape_of(other)) == 1 else other if rowvar else transpose(other)
        x = concatenate([x, other], axis=0)
    count = shape_of(x)[1]
    ddof = (0 if bias else 1) if ddof is None else ddof
    centred = x - mean(x, axis=1, keepdims=True)
    out = matmul(centred, transpose(centred)) / (count - ddof)
    return reshape(out, ()) if shape_of(out) == (1, 1) else out


def corrcoef(x, y=None, rowvar=True):
    """``np.corrcoef``: the correlation matrix of the variables in ``x`` (and ``y``), as NumPy's: the covariance
    divided by the two standard deviations, clipped to [-1, 1] (the diagonal's exact 1 sits on the clip's bound,
    where its slope is 0 from both sides)."""
    c = cov(x, y, rowvar)
    if len(shape_of(c)) == 0:
        return c / c
    spread = sqrt(diagonal(c))
    return clip(c / reshape(spread, (-1, 1)) / reshape(spread, (1, -1)), -1.0, 1.0)


def correlate(a, v, mode="valid"):
    """``np.correlate``: the cross-correlation c[k] = sum_n a[n + k] conj(v[n]) of two sequences."""
    a, v = asarray(a), asarray(v)
    if len(shape_of(a)) != 1 or len(shape_of(v)) != 1:
        raise ValueError("object too deep for desired array: np.correlate takes two 1-D sequences")
    if shape_of(v)[0] > shape_of(a)[0]:  # NumPy's order: the longer one slides, the answer reversed
        return conj(flip(_convolve_along(v, flip(conj(a)), mode=mode)))
    return _convolve_along(a, flip(conj(v)), mode=mode)


def heaviside(x1, x2):
    """``np.heaviside``: 0 left of 0, 1 right of it, ``x2`` at 0 (NaN at NaN): a jump at 0, slope 0 elsewhere."""
    dtype = result_dtype(raw(x1), raw(x2))  # NumPy's: float32 with a Python number at 0, float64 from integers
    dtype = dtype if is_float_dtype(dtype) else np.dtype(np.float64)
    zero, one = np.zeros((), dtype), np.ones((), dtype)
    step = where(less(x1, 0), zero, where(greater(x1, 0), one, x2))
    return where(isnan(x1), np.full((), np.nan, dtype), step)


def copysign(x1, x2):
    """``np.copysign``: the magnitude of ``x1`` with the sign of ``x2`` (its sign bit in a float dtype, so -0.0 is
    negative, as NumPy's); a jump in ``x2`` at 0 and a kink in ``x1`` at 0."""
    negative = less(x2, 0)
    values = np.asarray(raw(x2))
    if values.dtype.kind == "f":
        negative = np.signbit(values)
    magnitude = absolute(x1)
    return where(negative, -magnitude, magnitude)


def float_power(x1, x2):
    """``np.float_power``: ``x1 ** x2`` computed in float64 at least (complex128 for complex inputs)."""
    return power(_at_least_double(x1), _at_least_double(x2))


def _at_least_double(x):
    """``x`` in float64, or complex128, unless it holds high-precision numbers or a wider float."""
    if high_precision(x) is not None:
        return x
    dtype = np.asarray(raw(x)).dtype
    wide = np.complex128 if dtype.kind == "c" else np.float64
    if np.result_type(dtype, wide) == dtype:
        return x
    return x * np.ones((), dtype=wide)  # NumPy's promotion, recorded as a product with 1


def ediff1d(ary, to_end=None, to_begin=None):
    """``np.ediff1d``: the differences of consecutive entries of the flattened ``ary``, with entries put before and
    after them."""
    flat = ravel(asarray(ary))
    parts = [diff(flat)]
    if to_begin is not None:
        parts.insert(0, ravel(asarray(lifted(to_begin, flat))))
    if to_end is not None:
        parts.append(ravel(asarray(lifted(to_end, flat))))
    return concatenate(parts) if len(parts) > 1 else parts[0]


def _zeros_as(x, shape):
    """Zeros of ``shape`` in ``x``'s dtype (float64 beside high-precision numbers, which take them as exact)."""
    dtype = np.asarray(raw(x)).dtype
    return np.zeros(shape, dtype=np.float64 if dtype == object else dtype)


def cumulative_sum(x, /, *, axis=None, dtype=None, out=None, include_initial=False):
    """``np.cumulative_sum``: running sums along ``axis`` (required beyond one dimension), with the empty sum 0 first
    when ``include_initial``."""
    return _cumulative("cumulative_sum", cumsum, 0.0, x, axis, dtype, out, include_initial)


def cumulative_prod(x, /, *, axis=None, dtype=None, out=None, include_initial=False):
    """``np.cumulative_prod``: running products along ``axis`` (required beyond one dimension), with the empty product
    1 first when ``include_initial``."""
    return _cumulative("cumulative_prod", cumprod, 1.0, x, axis, dtype, out, include_initial)


def _cumulative(name, running, empty, x, axis, dtype, out, include_initial):
    """NumPy 2's cumulative functions: ``running`` (cumsum, cumprod) along one axis, ``empty`` first if asked."""
    if out is not None:
        raise TypeError(f"gradcli.numpy.{name} has no out=: it returns a new array")
    x = asarray(x)
    ndim = len(shape_of(x))
    if ndim == 0:
        raise ValueError("Array must be at least 1-d")
    if axis is None:
        if ndim > 1:
            raise ValueError("axis must be specified for multi-dimensional arrays.")
        axis = 0
    if dtype is not None and high_precision(x) is None:
        x = x * np.ones((), dtype=dtype)
    along = axis % ndim
    runs = running(x, axis=along)
    if not include_initial:
        return runs
    first = tuple(1 if d == along else n for d, n in enumerate(shape_of(runs)))
    initial = _zeros_as(runs, first)
    return concatenate([np.full(first, empty, dtype=initial.dtype), runs], axis=along)


_TWO_PI = 2 * np.pi  # np.unwrap's default period, told apart from a period the caller gives by its identity


def unwrap(p, discont=None, axis=-1, *, period=_TWO_PI):
    """``np.unwrap``: ``p`` with each jump between neighbours larger than ``discont`` taken down by whole periods.

    The corrections are whole periods: their slope is 0, so the gradient is the identity, except where a jump is
    exactly ``discont`` or a difference sits on a period's boundary (recorded comparisons there, jumps of the answer).
    The default period is NumPy's ``2 * pi``, the number it means in an exact run (a library's constant), so steps of
    the double pi, just inside (-pi, pi), are no jumps there; a period the caller gives is the number given.
    """
    p = asarray(p)
    ndim = len(shape_of(p))
    along = axis % ndim
    steps = diff(p, axis=along)
    period = constant("pi", p, scale=2) if period is _TWO_PI else lifted(period, p)
    half = period / 2
    discont = half if discont is None else lifted(discont, p)
    wrapped = mod(steps + half, period) - half
    wrapped = where(logical_and(equal(wrapped, -half), greater(steps, 0)), half, wrapped)
    correction = where(less(absolute(steps), discont), 0.0, wrapped - steps)
    rest = tuple(slice(1, None) if d == along else slice(None) for d in range(ndim))
    first = tuple(slice(0, 1) if d == along else slice(None) for d in range(ndim))
    return concatenate([getitem(p, first), getitem(p, rest) + cumsum(correction, axis=along)], axis=along)


def piecewise(x, condlist, funclist, *args, **kw):
    """``np.piecewise``: ``funclist[i]`` (a function of the entries, or a number) where ``condlist[i]`` holds, later
    conditions taking precedence, 0 elsewhere; one function more than conditions is the otherwise-case.

    Each function sees only its own entries, as NumPy's does, so a branch never computes (nor differentiates) where
    it is not taken; the conditions are the caller's comparisons, which the exact reference decides as branches.
    """
    x = asarray(x)
    shape = shape_of(x)
    if np.isscalar(condlist) or (not isinstance(condlist[0], (list, np.ndarray)) and len(shape) != 0):
        condlist = [condlist]  # one condition, as NumPy reads it
    conditions = [np.broadcast_to(np.asarray(raw(c), dtype=bool), shape) for c in condlist]
    if len(funclist) == len(conditions) + 1:
        conditions.append(~np.any(conditions, axis=0) if conditions else np.ones(shape, dtype=bool))
    elif len(funclist) != len(conditions):
        raise ValueError(f"with {len(conditions)} condition(s), either {len(conditions)} or {len(conditions) + 1} "
                         "functions are expected")
    flat = ravel(x)
    out = _zeros_as(flat, shape_of(flat))
    for condition, fun in zip(conditions, funclist):
        chosen = np.flatnonzero(condition)
        if not chosen.size:
            continue
        if callable(fun):
            piece = ravel(asarray(fun(take(flat, chosen), *args, **kw)))
        else:
            piece = broadcast_to(asarray(lifted(fun, flat)), (chosen.size,))
        slot = np.zeros(shape_of(flat)[0], dtype=np.intp)
        slot[chosen] = np.arange(chosen.size)
        out = where(condition.ravel(), take(piece, slot), out)
    return reshape(out, shape)
