"""numpy.linalg's direct solvers on `arb_proof.Sym` numbers: exact elimination, so their zeros are proofs.

det, slogdet, inv, solve and cholesky are rational functions of the matrix
(cholesky with square roots of them): run as exact arithmetic on proof numbers
they give each derivative as the exact function it is, so a 0 the mathematics
holds (cholesky's slope in the upper triangle it never reads, det's in an entry
whose cofactor is 0 at the point) is proven rather than left as a difference's
noise. A pivot is taken where the balls prove it is not 0 (exact arithmetic
needs no other pivoting); one they cannot decide is no proof (`NoProof`).
"""

from __future__ import annotations

import numpy as np

from . import arb_proof as proof

MAX_SIZE = 6  # a larger matrix's elimination outgrows a proof's terms anyway


def _matrix(a):
    m = np.asarray(a, dtype=object)
    if m.ndim != 2 or m.shape[0] != m.shape[1] or m.shape[0] > MAX_SIZE:
        raise proof.NoProof("a stack, a matrix not square, or one too large for a proof")
    return [[proof.lift(e) for e in row] for row in m]


def _eliminated(m, right=None):
    """``(sign, pivots, rows)``: ``m`` (with ``right``'s columns beside it) reduced to upper triangular."""
    n, sign, pivots = len(m), 1, []
    rows = [list(r) + (list(right[i]) if right is not None else []) for i, r in enumerate(m)]
    for c in range(n):
        p = next((r for r in range(c, n) if bool(rows[r][c])), None)
        if p is None:
            return 0, None, rows  # singular: every column below is proven 0
        if p != c:
            rows[c], rows[p], sign = rows[p], rows[c], -sign
        pivots.append(rows[c][c])
        for r in range(c + 1, n):
            factor = rows[r][c] / rows[c][c]
            rows[r] = [x - factor * y if k > c else x for k, (x, y) in enumerate(zip(rows[r], rows[c]))]
    return sign, pivots, rows


def det(a):
    """The determinant: the sign of the row swaps times the product of the pivots."""
    sign, pivots, _ = _eliminated(_matrix(a))
    if pivots is None:
        raise proof.NoProof("a determinant proven 0 has no derivative to prove")
    out = pivots[0] if sign > 0 else -pivots[0]
    for p in pivots[1:]:
        out = out * p
    return out


def slogdet(a):
    """log |det|, as gradcli's mpmath path answers slogdet."""
    return proof.run("log", abs(det(a)))


def solve(a, b):
    """The solution of a x = b (b a vector or a matrix of columns) by elimination and back substitution."""
    m = _matrix(a)
    right = np.asarray(b, dtype=object)
    vector = right.ndim == 1
    columns = right[:, None] if vector else right
    if columns.ndim != 2 or columns.shape[0] != len(m):
        raise proof.NoProof("a right-hand side that is a stack")
    n = len(m)
    _, pivots, rows = _eliminated(m, [[proof.lift(e) for e in row] for row in columns])
    if pivots is None:
        raise proof.NoProof("a singular system")
    out = np.empty((n, columns.shape[1]), dtype=object)
    for j in range(columns.shape[1]):
        for i in reversed(range(n)):
            total = rows[i][n + j]
            for k in range(i + 1, n):
                total = total - rows[i][k] * out[k, j]
            out[i, j] = total / rows[i][i]
    return out[:, 0] if vector else out


def inv(a):
    """The inverse: the solution of a x = I."""
    return solve(a, np.eye(len(_matrix(a))))


def cholesky(a):
    """The lower factor L of a = L L^T from a's lower triangle alone, as NumPy reads it."""
    m = _matrix(a)
    n = len(m)
    out = np.empty((n, n), dtype=object)
    out[...] = proof.lift(0.0)  # a proof number, so that what follows stays on proof numbers
    for j in range(n):
        total = m[j][j]
        for k in range(j):
            total = total - out[j, k] * out[j, k]
        out[j, j] = proof.run("sqrt", total)
        for i in range(j + 1, n):
            total = m[i][j]
            for k in range(j):
                total = total - out[i, k] * out[j, k]
            out[i, j] = total / out[j, j]
    return out


RULES = {"linalg.det": det, "linalg.slogdet": slogdet, "linalg.solve": solve, "linalg.inv": inv,
         "linalg.cholesky": cholesky}
