"""Least squares as plain NumPy code fits: ``np.vander``, ``np.linalg.lstsq`` and ``np.polyfit``.

Composed of recorded ops, so the gradient and the exact reference follow from
theirs: the least-squares solution is the pseudo-inverse's (`ops_decompositions.pinv`,
with NumPy's cutoff for small singular values) times the right-hand side, which is
the solution NumPy's SVD-based solver returns, and its rank is read from the same
singular values. A polynomial fit is NumPy's own recipe: the Vandermonde matrix,
its columns scaled to unit norm, then least squares.
"""

from __future__ import annotations

import numpy as np

from .ops import absolute, lifted, sqrt
from .ops_array import asarray, expand_dims, flip, ones_like, reshape, stack, sum_, transpose
from .ops_decompositions import midpoint_floats, pinv, svd
from .ops_linalg import inv, matmul, outer
from .tracer import composing
from .values import raw, shape_of


def vander(x, N=None, increasing=False):
    """``np.vander``: the columns ``x**(N-1), ..., x, 1`` (ascending powers with ``increasing``), each power the
    product of the one before and ``x``, as NumPy computes them."""
    x = asarray(x)
    if len(shape_of(x)) != 1:
        raise ValueError("x must be a one-dimensional array or sequence.")
    count = shape_of(x)[0] if N is None else int(N)
    if count == 0:
        return np.zeros((shape_of(x)[0], 0), dtype=np.result_type(np.asarray(raw(x)).dtype, int))
    columns = [ones_like(x)]
    for _ in range(1, count):
        columns.append(x if len(columns) == 1 else columns[-1] * x)
    out = stack(columns, axis=1)
    return out if increasing else flip(out, axis=1)


def lstsq(a, b, rcond=None):
    """``np.linalg.lstsq``: ``(x, residuals, rank, s)``, x minimising ||b - a x||, by the pseudo-inverse.

    Singular values at most ``rcond`` times the largest (machine epsilon times the larger dimension when None)
    count as 0, as NumPy's; the residuals (the squared norm of each column of b - a x) are given only where the
    rank is full and the system overdetermined, else an empty array, as NumPy's.
    """
    with composing("linalg.lstsq"):  # a finding on a step names the user's call: "linalg.pinv in linalg.lstsq"
        return _lstsq(asarray(a), asarray(b), rcond)


def _lstsq(a, b, rcond, residuals_wanted=True):
    """`lstsq`'s steps; the residuals left out (an empty array) unless ``residuals_wanted``: a fit that does not read
    them makes no op whose digits reach nothing."""
    m, n = shape_of(a)
    if rcond is None:
        dtype = np.asarray(raw(a)).dtype
        rcond = np.finfo(dtype if dtype.kind == "f" else np.float64).eps * max(m, n)
    s = svd(a, compute_uv=False)
    values = np.asarray(raw(s))
    if values.dtype == object:  # an exact run's numbers: the rank NumPy decides for the matrix as floats
        floats = midpoint_floats(raw(a))
        values = np.linalg.svd(np.asarray(raw(a), dtype=float) if floats is None else floats, compute_uv=False)
    rank = int(np.sum(values > rcond * values[0])) if values.size else 0
    x = matmul(pinv(a, rcond), b)
    if rank == n and m > n and residuals_wanted:
        misfit = b - matmul(a, x)
        residuals = sum_(absolute(misfit) * absolute(misfit), axis=0)
        residuals = reshape(residuals, (1,)) if len(shape_of(b)) == 1 else residuals
    else:
        residuals = np.zeros((0,), dtype=np.float64)
    return x, residuals, rank, s


def polyfit(x, y, deg, rcond=None, full=False, w=None, cov=False):
    """``np.polyfit``: the least-squares polynomial of degree ``deg`` through (x, y), highest power first.

    NumPy's recipe: the Vandermonde matrix (rows weighted by ``w``), its columns scaled to unit norm, least squares
    with ``rcond`` (the number of points times machine epsilon when None), the scale divided back out.
    ``full`` adds (residuals, rank, singular values, rcond); ``cov`` the coefficients' covariance matrix.
    """
    with composing("polyfit"):  # a finding on a step names the user's call: "linalg.pinv in polyfit"
        return _polyfit(x, y, deg, rcond, full, w, cov)


def _polyfit(x, y, deg, rcond, full, w, cov):
    """`polyfit`'s steps."""
    order = int(deg) + 1
    if deg < 0:
        raise ValueError("expected deg >= 0")
    x, y = asarray(x), asarray(y)
    if len(shape_of(x)) != 1 or shape_of(x)[0] == 0:
        raise TypeError("expected 1D vector for x" if len(shape_of(x)) != 1 else "expected non-empty vector for x")
    if len(shape_of(y)) not in (1, 2) or shape_of(y)[0] != shape_of(x)[0]:
        raise TypeError("expected x and y to have same length")
    if rcond is None:
        rcond = shape_of(x)[0] * np.finfo(np.float64).eps
    lhs, rhs = vander(x, order), y
    if w is not None:
        w = asarray(lifted(w, x))
        lhs = lhs * reshape(w, (-1, 1))
        rhs = rhs * (reshape(w, (-1, 1)) if len(shape_of(y)) == 2 else w)
    scale = sqrt(sum_(lhs * lhs, axis=0))
    lhs = lhs / scale
    c, residuals, rank, s = _lstsq(lhs, rhs, rcond, residuals_wanted=full or (cov and cov != "unscaled"))
    c = transpose(transpose(c) / scale)
    if full:
        return c, residuals, rank, s, rcond
    if not cov:
        return c
    base = inv(matmul(transpose(lhs), lhs)) / outer(scale, scale)
    if cov == "unscaled":
        factor = 1.0
    else:
        if shape_of(x)[0] <= order:
            raise ValueError("the number of data points must exceed order to scale the covariance matrix")
        factor = residuals / (shape_of(x)[0] - order)
    return c, (base * factor if len(shape_of(y)) == 1 else expand_dims(base, -1) * factor)

