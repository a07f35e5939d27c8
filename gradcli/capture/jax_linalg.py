"""JAX's ``lu`` primitive replayed with gradcli's operations: Gaussian elimination with partial pivoting.

``jnp.linalg.solve``, ``inv``, ``det`` and ``slogdet`` all start from
``lax.linalg.lu``, which returns the packed factors (L below the diagonal with
a unit diagonal left out, U on and above it), the row swaps made at each step
and the permutation they compose to. The replay eliminates entry by entry with
gradcli's scalar operations, so the factors are differentiable and exact on
mpmath numbers and balls; each pivot is the largest entry of its column by
magnitude, chosen on the entries' float values (any nonzero pivot gives the
same solve, determinant and inverse, so the choice only has to be sound, not
identical to LAPACK's).
"""

from __future__ import annotations

import numpy as np

import gradcli.numpy as gnp

from ..autodiff.values import raw


def _magnitude(entry):
    """|entry| as a float, for choosing a pivot (a ball's midpoint, an mpmath number's value)."""
    value = raw(entry)
    try:
        return abs(float(value))
    except (TypeError, ValueError):
        return abs(float(value.mid()))


def _lu_square(a):
    n = np.shape(raw(a))[0]
    rows = [[a[i, j] for j in range(n)] for i in range(n)]
    pivots = np.zeros(n, dtype=np.int32)
    permutation = np.arange(n, dtype=np.int32)
    for k in range(n):
        p = max(range(k, n), key=lambda i: _magnitude(rows[i][k]))
        pivots[k] = p
        if p != k:
            rows[k], rows[p] = rows[p], rows[k]
            permutation[[k, p]] = permutation[[p, k]]
        for i in range(k + 1, n):
            factor = rows[i][k] / rows[k][k]
            rows[i] = rows[i][: k] + [factor] + [rows[i][j] - factor * rows[k][j] for j in range(k + 1, n)]
    return gnp.stack([gnp.stack(row) for row in rows]), pivots, permutation


def lu(params, a):
    """The ``lu`` primitive: ``[factors, pivots, permutation]`` of a square matrix or a stack of them."""
    shape = np.shape(raw(a))
    if shape[-1] != shape[-2]:
        from ..errors import InputError

        raise InputError("gradcli replays JAX's lu of square matrices only")
    if len(shape) == 2:
        factors, pivots, permutation = _lu_square(a)
    else:
        parts = [lu(params, a[i]) for i in range(shape[0])]
        factors = gnp.stack([p[0] for p in parts])
        pivots = np.stack([p[1] for p in parts])
        permutation = np.stack([p[2] for p in parts])
    dtypes = params.get("_dtypes") or [None, np.int32, np.int32]
    return [factors, pivots.astype(dtypes[1]), permutation.astype(dtypes[2])]
