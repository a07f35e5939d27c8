"""JAX's factorisations and triangular solves replayed with gradcli's operations, entry by entry or row by row.

``jnp.linalg.solve``, ``inv``, ``det`` and ``slogdet`` all start from
``lax.linalg.lu``, which returns the packed factors (L below the diagonal with
a unit diagonal left out, U on and above it), the row swaps made at each step
and the permutation they compose to. The replay eliminates entry by entry with
gradcli's scalar operations, so the factors are differentiable and exact on
mpmath numbers, balls and proof numbers; each pivot is the largest entry of
its column by magnitude, chosen on the entries' float values (a proof
number's by its ball; any nonzero pivot gives the same solve, determinant and
inverse, so the choice only has to be sound, not identical to LAPACK's). A
triangular solve substitutes row by row, as XLA does, and QR reflects as
LAPACK's geqrf does. ``lu_solve`` turns the pivots into a permutation by
LAPACK's swaps; eig is gradcli's, complex always, as JAX's CPU kernel answers.
"""

from __future__ import annotations

import numpy as np

import gradcli.numpy as gnp

from ..autodiff.arb import Jet
from ..autodiff.arb_proof import Sym
from ..autodiff.ops_decompositions import eig_complex
from ..autodiff.values import raw
from . import triangular


def _magnitude(entry):
    """|entry| as a float (a ball's midpoint, an mpmath number's value, real or complex)."""
    value = raw(entry)
    try:
        return float(abs(value))
    except (TypeError, ValueError):
        return abs(float(value.mid()))


def _pivot_size(entry):
    """|entry| as a float, for choosing a pivot; a proof number (`arb_proof.Sym`) or a jet (`arb.Jet`), whose float
    would end its run, by its value's ball: any nonzero pivot gives the same solve, determinant and inverse, so its
    midpoint may choose."""
    value = raw(entry)
    if isinstance(value, Sym):
        value = value.b
    elif isinstance(value, Jet):
        value = value.v
    return _magnitude(value)


def _lu_square(a):
    n = np.shape(raw(a))[0]
    rows = [[a[i, j] for j in range(n)] for i in range(n)]
    pivots = np.zeros(n, dtype=np.int32)
    permutation = np.arange(n, dtype=np.int32)
    for k in range(n):
        p = max(range(k, n), key=lambda i: _pivot_size(rows[i][k]))
        pivots[k] = p
        if p != k:
            rows[k], rows[p] = rows[p], rows[k]
            permutation[[k, p]] = permutation[[p, k]]
        for i in range(k + 1, n):
            # gradcli's own operations, never the entries' operators: in the replay in the dtype the entries are
            # bare NumPy scalars, whose eliminations the checker would not see (a cancellation to a zero pivot)
            factor = gnp.divide(rows[i][k], rows[k][k])
            rows[i] = rows[i][:k] + [factor] + [gnp.subtract(rows[i][j], gnp.multiply(factor, rows[k][j])) for j in range(k + 1, n)]
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


def lu_pivots_to_permutation(params, pivots):
    """``lax.linalg.lu_pivots_to_permutation``: the row order that LAPACK's swaps (row k with row ``pivots[k]``, in
    turn) make of ``range(permutation_size)``; integers, so no gradient flows through it."""
    pivots = np.asarray(raw(pivots))
    size = int(params["permutation_size"])
    permutation = np.empty(pivots.shape[:-1] + (size,), dtype=pivots.dtype)
    for index in np.ndindex(pivots.shape[:-1]):
        order = list(range(size))
        for k, p in enumerate(pivots[index]):
            order[k], order[int(p)] = order[int(p)], order[k]
        permutation[index] = order
    return permutation


def eig(params, a):
    """The ``eig`` primitive (``jnp.linalg.eig``, ``eigvals``): ``[w]`` or ``[w, v]``, complex always, as gradcli's
    eig in the order and phases of LAPACK's geev, JAX's CPU kernel (`ops_decompositions.eig_complex`)."""
    if params.get("compute_left_eigenvectors"):
        from ..errors import InputError

        raise InputError("gradcli replays JAX's eig without left eigenvectors only")
    w, v = eig_complex(a)
    return [w, v] if params.get("compute_right_eigenvectors", True) else [w]


def triangular_solve(params, a, b):
    """``lax.linalg.triangular_solve``: x with op(a) x = b (``left_side``), or x op(a) = b, by substitution, as XLA
    solves it (`triangular.solved`): a zero on the diagonal divides, to the infinities and NaN JAX answers; only the
    triangle JAX reads plays a part, so the packed LU factor's other half gets no gradient."""
    return triangular.solved(a, b, bool(params["lower"]), bool(params.get("unit_diagonal")),
                             bool(params.get("transpose_a")), bool(params.get("conjugate_a")),
                             bool(params.get("left_side")))


def _reflect(rows, q, k, n):
    """One Householder step of LAPACK's geqrf on column ``k`` of ``rows`` (updated in place), accumulated into ``q``."""
    m = len(rows)
    alpha = rows[k][k]
    tail = sum((rows[i][k] * rows[i][k] for i in range(k + 1, m)), 0.0)
    if _magnitude(tail) == 0.0:
        return  # nothing below the diagonal: LAPACK reflects nothing (tau = 0)
    norm = gnp.sqrt(alpha * alpha + tail)
    beta = -norm if float(_magnitude(alpha)) == 0.0 or _sign(alpha) > 0 else norm
    tau = (beta - alpha) / beta
    scale = 1.0 / (alpha - beta)
    v = [1.0] + [rows[i][k] * scale for i in range(k + 1, m)]
    for j in range(k + 1, n):
        w = sum((v[i - k] * rows[i][j] for i in range(k, m)), 0.0)
        for i in range(k, m):
            rows[i][j] = rows[i][j] - tau * v[i - k] * w
    rows[k][k] = beta
    for i in range(k + 1, m):
        rows[i][k] = 0.0 * rows[i][k]
    for row in q:
        w = sum((row[i] * v[i - k] for i in range(k, m)), 0.0)
        for i in range(k, m):
            row[i] = row[i] - tau * w * v[i - k]


def _sign(entry):
    value = raw(entry)
    try:
        return 1 if float(value) > 0 else -1
    except (TypeError, ValueError):
        return 1 if float(value.mid()) > 0 else -1


def qr(params, a):
    """The ``qr`` primitive: ``[q, r]`` by Householder reflections, with LAPACK's signs (R's diagonal -sign(a_kk) |x|)."""
    shape = np.shape(raw(a))
    if len(shape) > 2:
        parts = [qr(params, a[i]) for i in range(shape[0])]
        return [gnp.stack([p[0] for p in parts]), gnp.stack([p[1] for p in parts])]
    m, n = shape
    rows = [[a[i, j] for j in range(n)] for i in range(m)]
    q = [[1.0 if i == j else 0.0 for j in range(m)] for i in range(m)]
    for k in range(min(m, n)):
        _reflect(rows, q, k, n)
    keep = m if params.get("full_matrices", True) else min(m, n)
    dtype = params.get("_dtypes", [None])[0]
    q_out = gnp.stack([gnp.stack([_typed(v, dtype) for v in row[:keep]]) for row in q])
    r_out = gnp.stack([gnp.stack([_typed(v, dtype) for v in row]) for row in rows[:keep]])
    return [q_out, r_out]


def _typed(value, dtype):
    """A Python float left in the factors (an untouched 0 or 1) in the dtype of the replay."""
    if isinstance(value, float) and dtype is not None and np.dtype(dtype).kind == "f":
        return np.dtype(dtype).type(value)
    return value
