"""NumPy's numerical helpers that plain NumPy code reaches for, composed of gradcli's ops.

Linear interpolation (``np.interp``), polynomials (``np.polyval``), weighted and
NaN-skipping reductions, the peak-to-peak range, the trapezoidal rule, the
convolution of two sequences, coordinate grids and covariance matrices. Each is
built from recorded ops, so its gradient and its exact reference follow from
theirs; a choice (which segment, which entries are NaN) is made by comparisons
the exact reference sees as branches, so a point on a knot is judged as a kink.
A caller's plain numbers (a table's knots, weights, abscissae) are lifted to exact
numbers in a high-precision run (`ops.lifted`): a slope of two float constants would
otherwise be rounded in float64 inside the exact reference.
"""

from __future__ import annotations

import numpy as np

from .ops import divide, equal, greater, isnan, less, lifted, mod, where
from .ops_array import asarray, broadcast_to, concatenate, getitem, max_, mean, min_, reshape, sum_, take, transpose
from .ops_linalg import matmul
from .ops_shape import diff
from .ops_signal import convolve as _convolve_along
from .values import raw, shape_of


def interp(x, xp, fp, left=None, right=None, period=None, *, segment_of):
    """``np.interp``: the piecewise-linear function through (xp, fp) at ``x``, differentiable in all three.

    ``segment_of(xp, x)`` is NumPy's ``searchsorted(xp, x, side="right")`` as the caller spells it, so that on
    high-precision numbers its comparisons are decided as branches. On a knot the segment to its right is taken,
    as NumPy's value is; the last knot and the ends are NumPy's own answers (fp[-1], ``left``, ``right``).
    """
    x = asarray(x)
    xp, fp = asarray(lifted(xp, x)), asarray(lifted(fp, x))
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
    y = np.zeros(shape_of(x))
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
    """``a`` with each NaN entry replaced by ``fill`` (a test on the values: NaN is no branch to differentiate)."""
    a = asarray(a)
    return where(isnan(a), fill, a)


def nansum(a, axis=None, keepdims=False):
    """``np.nansum``: the sum of the entries that are not NaN."""
    return sum_(_without_nan(a, 0.0), axis=axis, keepdims=keepdims)


def _count(a, axis, keepdims):
    """How many entries of ``a`` are not NaN, along ``axis``."""
    return np.sum(~np.asarray(raw(isnan(a)), dtype=bool), axis=axis, keepdims=keepdims)


def nanmean(a, axis=None, keepdims=False):
    """``np.nanmean``: the mean of the entries that are not NaN (NaN where there are none, as NumPy's)."""
    with np.errstate(invalid="ignore", divide="ignore"):
        return nansum(a, axis=axis, keepdims=keepdims) / _count(a, axis, keepdims)


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
