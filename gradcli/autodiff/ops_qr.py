"""``np.linalg.qr``: NumPy's factors in a float dtype, Householder's reflections on exact numbers.

In a float dtype Q and R are NumPy's own (LAPACK's ``geqrf`` and ``orgqr``),
two primitives whose rule is the QR factorisation's derivative for a matrix at
least as tall as wide. On exact numbers (balls, jets, mpmath, proofs) the
factors are computed by the same reflections LAPACK applies, each sending its
column to ``-sign(pivot) |column|`` (a column already 0 below the diagonal left
alone, which is that reflection with one sign turned), so R's diagonal has
NumPy's signs; each sign is a comparison the exact reference sees as a branch,
and the derivative is the reflections' own.
"""

from __future__ import annotations

import numpy as np

from .ops import high_precision, less, not_equal, sqrt, where
from .ops_array import asarray, concatenate, getitem, reshape, stack, sum_, swapaxes
from .ops_linalg import matmul, solve, tril, triu
from .core import defvjp
from .tracer import primitive
from .values import raw, shape_of

_MODES = ("reduced", "complete", "r", "raw")


def qr(a, mode="reduced"):
    """``np.linalg.qr``: ``(Q, R)`` of each matrix in ``a`` (``mode`` reduced or complete), or R alone (``"r"``)."""
    if mode not in _MODES[:3]:
        raise ValueError(f"gradcli.numpy.linalg.qr takes mode 'reduced', 'complete' or 'r', not {mode!r}")
    a = asarray(a)
    rows, cols = shape_of(a)[-2:]
    k = min(rows, cols)
    if high_precision(a) is None and np.asarray(raw(a)).dtype != object:
        if mode == "r":
            return _r_factor(a, "r")
        return _q_factor(a, mode), _r_factor(a, mode)
    q, r = _stacked_householder(a)
    if mode == "complete":
        return q, r
    return getitem(r, (Ellipsis, slice(0, k), slice(None))) if mode == "r" else (
        getitem(q, (Ellipsis, slice(None), slice(0, k))), getitem(r, (Ellipsis, slice(0, k), slice(None))))


_q_factor = primitive(lambda a, mode: np.linalg.qr(a, mode)[0], "linalg.qr.q", kind="linalg")
_r_factor = primitive(lambda a, mode: np.linalg.qr(a, mode) if mode == "r" else np.linalg.qr(a, mode)[1], "linalg.qr.r",
                      kind="linalg")


def _transposed(x):
    return swapaxes(x, -1, -2)


def _qr_vjp(g_q, g_r, a, mode):
    """The gradient of (Q, R) = qr(A) for A at least as tall as wide (reduced, or complete when square):
    (gQ + Q copyltu(M)) R^-T, M = R gR^T - gQ^T Q, copyltu(M) M's lower triangle mirrored above its diagonal."""
    rows, cols = shape_of(a)[-2:]
    if rows < cols or (mode == "complete" and rows != cols):
        raise NotImplementedError(
            "the gradient of np.linalg.qr is defined here for a matrix at least as tall as wide (mode 'reduced' or "
            "'r', or a square one): a wide matrix's or a complete Q's is not unique"
        )
    q, r = _q_factor(a, "reduced"), _r_factor(a, "reduced")  # recorded, so a gradient of this gradient has them
    g_q = np.zeros(shape_of(q), dtype=np.asarray(raw(q)).dtype) if g_q is None else g_q
    g_r = np.zeros(shape_of(r), dtype=np.asarray(raw(r)).dtype) if g_r is None else g_r
    m = matmul(r, _transposed(g_r)) - matmul(_transposed(g_q), q)
    lower = tril(m, -1)
    mirrored = lower + _transposed(lower) + m * np.eye(cols, dtype=bool)
    b = g_q + matmul(q, mirrored)
    return _transposed(solve(r, _transposed(b)))  # B R^-T


defvjp(_q_factor, lambda g, ans, a, mode: _qr_vjp(g, None, a, mode))
defvjp(_r_factor, lambda g, ans, a, mode: _qr_vjp(None, g, a, mode))


def _stacked_householder(a):
    """Householder's (Q complete, R) of each matrix of ``a`` on exact numbers, stacked over the leading axes."""
    shape = shape_of(a)
    if len(shape) == 2:
        return _householder(a)
    parts = [_householder(getitem(a, index)) for index in np.ndindex(*shape[:-2])]
    return tuple(reshape(stack([part[i] for part in parts]), shape[:-2] + shape_of(parts[0][i])) for i in (0, 1))


def _householder(a):
    """(Q, R) of one matrix by LAPACK's reflections: for column j, v = x - beta e_j with beta = -sign(x_j) |x|, and
    every later column and Q's rows reflected by I - 2 v v^T / v^T v.

    LAPACK leaves a column already 0 below its diagonal as it is, which is that reflection with row j of R and
    column j of Q turned: written so, the factors are the reflections' smooth functions times a sign the point
    decides, and a function of them that no turn changes (|R_jj|, Q R) has the slope of its neighbours."""
    rows, cols = shape_of(a)
    r = a
    reflections, turned = [], np.ones(rows)
    for j in range(min(rows - 1, cols)):
        column = getitem(r, (slice(j, None), j))
        if not np.any(np.asarray(raw(not_equal(column, 0)))):
            continue  # a zero column: no reflection, as LAPACK's tau = 0
        below = getitem(column, slice(1, None))
        if not np.any(np.asarray(raw(not_equal(below, 0)))):
            turned[j] = -1.0
        pivot = getitem(column, 0)
        length = sqrt(sum_(column * column))
        beta = where(np.asarray(raw(less(pivot, 0))), length, -length)
        v = concatenate([np.zeros(j), reshape(pivot - beta, (1,)), below])
        scale = 2 / sum_(v * v)
        r = r - reshape(v, (rows, 1)) * reshape(matmul(v, r) * scale, (1, cols))
        reflections.append((v, scale))
    q = np.eye(rows)
    for v, scale in reversed(reflections):  # Q = H_0 H_1 ... applied to I from the right end
        q = q - reshape(v, (rows, 1)) * reshape(matmul(v, q) * scale, (1, rows))
    return q * turned, triu(r) * reshape(turned, (rows, 1))
