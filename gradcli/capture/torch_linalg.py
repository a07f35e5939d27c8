"""PyTorch's factorising linear-algebra ops, as gradcli ops: LU and QR as LAPACK makes them, what reads them, and e^A.

``torch.linalg.det`` (``aten._linalg_det``) returns the determinant with the
LU factors and pivots it was computed from, and its backward reads those
factors: it adds machine epsilon where U's diagonal is exactly zero and solves
with them (``linalg_lu_solve``). The replay therefore factors for real, as
LAPACK's ``getrf`` does: partial pivoting (the first entry of largest
magnitude in the column, chosen by gradcli's comparisons, so an exact replay
sees each choice as a decision of the path), a column whose largest entry is
zero left unscaled, and the elimination written with ``gradcli.numpy`` ops, so
that the determinant is differentiated through it and an exactly singular
matrix has the exact derivative its cofactors give. ``torch.linalg.qr`` is
replayed likewise by LAPACK's Householder reflections, whose signs make R's
diagonal PyTorch's; ``torch.linalg.eig`` as gradcli's eig, complex always. The matrix exponential is a Taylor series with scaling
and squaring, as long as the replay's precision asks (`matrix_exp`). Each entry
takes the node's arguments in ATen's schema order, as `torch_ops.OPS` does.
"""

from __future__ import annotations

import math

import numpy as np

import gradcli.numpy as gnp

from ..autodiff.ops_decompositions import eig_complex
from ..autodiff.ops_shape import ranked
from ..autodiff.values import holds_complex, raw
from .exact_constants import kind_of, precision


def _batched(factor):
    """``factor`` of one matrix, applied to each matrix of a batch (the leading axes), its outputs stacked."""

    def run(a):
        shape = np.shape(raw(a))
        if len(shape) == 2:
            return factor(a)
        parts = [factor(a[index]) for index in np.ndindex(*shape[:-2])]
        return tuple(_stacked([part[k] for part in parts], shape[:-2]) for k in range(len(parts[0])))

    return run


def _stacked(pieces, batch):
    """Pieces of one output, one per matrix of a batch, as one array of the batch's shape."""
    together = gnp.stack(pieces) if not isinstance(pieces[0], np.ndarray) else np.stack(pieces)
    return gnp.reshape(together, tuple(batch) + np.shape(raw(pieces[0])))


@_batched
def _lu_of_a_matrix(a):
    """(LU packed as LAPACK packs it, its 1-based pivots) of one matrix: L's unit diagonal left out, U on and above it."""
    rows, cols = np.shape(raw(a))
    lines = [a[i] for i in range(rows)]
    pivots = []
    for k in range(min(rows, cols)):
        magnitudes = ranked(_magnitudes(np.asarray([raw(lines[i])[k] for i in range(k, rows)])))
        p = k + int(np.argmax(magnitudes))  # LAPACK's idamax: the first of the largest
        lines[k], lines[p] = lines[p], lines[k]
        pivots.append(p + 1)
        if magnitudes[p - k] == 0:
            continue  # a zero column: getrf leaves it as it is (no division), and U's diagonal holds the zero
        head = lines[k]
        for i in range(k + 1, rows):
            factor = lines[i][k] / head[k]
            lines[i] = gnp.concatenate([lines[i][:k], gnp.reshape(factor, (1,)), lines[i][k + 1:] - factor * head[k + 1:]])
    return gnp.stack(lines), np.array(pivots, dtype=np.int32)


def _magnitudes(column):
    """What the pivot search compares: a float column's |x|, as LAPACK's idamax does; an exact column's x^2, in the
    same order, since abs on proof numbers decides a sign where abs on balls decides nothing, and a proof run whose
    decisions differ from the point's leaves its path (no zero slope of the determinant would be proven)."""
    if column.dtype == object and not holds_complex(column):  # a complex column's |x|, as LAPACK's izamax
        return column * column
    return np.abs(column)


def lu_factor(a, transposed=False):
    """(LU, pivots) of ``a``, or of its transpose where PyTorch factors that (`torch_graph._factors_transposed`)."""
    return _lu_of_a_matrix(gnp.swapaxes(a, -1, -2) if transposed else a)


def _permutation(pivots):
    """The row order LAPACK's interchanges make: ``A[order]`` is ``L U`` (one order per matrix of a batch)."""
    pivots = np.asarray(pivots)
    order = np.empty(pivots.shape, dtype=np.int64)
    for index in np.ndindex(*pivots.shape[:-1]):
        rows = list(range(pivots.shape[-1]))
        for k, p in enumerate(pivots[index]):
            rows[k], rows[p - 1] = rows[p - 1], rows[k]
        order[index] = rows
    return order


def det(a, transposed=False):
    """``aten._linalg_det``: the determinant (U's diagonal's product, signed by the interchanges), LU and pivots."""
    lu, pivots = lu_factor(a, transposed)
    swaps = np.sum(np.asarray(pivots) != np.arange(1, np.shape(pivots)[-1] + 1), axis=-1)
    product = gnp.prod(gnp.diagonal(lu, 0, -2, -1), axis=-1)
    return gnp.where(swaps % 2 == 1, -product, product), lu, pivots


def _rows_in_order(b, order):
    """``b``'s rows (the second to last axis) taken in ``order`` (one order per matrix of a batch)."""
    index = np.broadcast_to(order[..., None], np.shape(order) + (np.shape(raw(b))[-1],))
    index = np.broadcast_to(index, np.shape(raw(b))[:-2] + index.shape[-2:])
    return gnp.take_along_axis(b, index, -2)


def lu_solve(lu, pivots, b, left=True, adjoint=False):
    """``aten.linalg_lu_solve``: X with ``A X = B`` (``A^H`` when ``adjoint``, ``A^T`` of a real A; ``X A`` when not
    ``left``)."""
    if not left:  # X A = B  <=>  A^H X^H = B^H
        return _adjoint(lu_solve(lu, pivots, _adjoint(b), True, not adjoint))
    n = np.shape(raw(lu))[-1]
    unit = np.eye(n, dtype=bool)
    lower = gnp.where(unit, 1.0, gnp.tril(lu, -1))
    upper = gnp.triu(lu)
    order = _permutation(pivots)
    if not adjoint:  # P L U x = b: L U x = P^T b
        return gnp.linalg.solve(upper, gnp.linalg.solve(lower, _rows_in_order(b, order)))
    # U^H L^H P^T x = b: P^T x = L^-H U^-H b, so x's row order[i] is row i of that
    solved = gnp.linalg.solve(_adjoint(lower), gnp.linalg.solve(_adjoint(upper), b))
    return _rows_in_order(solved, np.argsort(order, axis=-1))


def _adjoint(m):
    """The conjugate transpose of the last two axes of ``m`` (the transpose of a real one)."""
    return gnp.swapaxes(gnp.conj(m) if holds_complex(m) else m, -1, -2)


def lu_unpack(lu, pivots, unpack_data=True, unpack_pivots=True):
    """``aten.lu_unpack``: (P, L, U) with ``A = P L U`` from LAPACK's packed factors and pivots."""
    rows, cols = np.shape(raw(lu))[-2:]
    k = min(rows, cols)
    order = _permutation(pivots) if rows == np.shape(pivots)[-1] else _permutation(_padded(pivots, rows))
    permutation = (order[..., None, :] == np.arange(rows)[:, None]).astype(np.asarray(raw(lu)).dtype if _plain_dtype(lu) else np.float64)
    lower = gnp.where(np.eye(rows, k, dtype=bool), 1.0, gnp.tril(lu[..., :, :k], -1))
    return permutation, lower, gnp.triu(lu[..., :k, :])


def _padded(pivots, rows):
    """Pivots of a wide or tall factorisation, continued with no interchange up to ``rows``."""
    pivots = np.asarray(pivots)
    rest = np.broadcast_to(np.arange(pivots.shape[-1] + 1, rows + 1), pivots.shape[:-1] + (rows - pivots.shape[-1],))
    return np.concatenate([pivots, rest], axis=-1)


def _plain_dtype(x):
    return np.asarray(raw(x)).dtype != object


@_batched
def _householder_qr(a):
    """(Q complete, R) of one matrix by LAPACK's Householder reflections (``geqrf``): each reflection sends its
    column to ``-sign(a_kk) |column|`` (a column already zero below the diagonal is left as it is), so R's
    diagonal has LAPACK's signs and Q and R are PyTorch's."""
    if holds_complex(a):
        return _complex_householder_qr(a)
    rows, cols = np.shape(raw(a))
    q = np.eye(rows)
    r = a
    for k in range(min(rows - 1, cols)):
        below = r[k + 1:, k]
        if not np.any(np.asarray(raw(gnp.not_equal(below, 0)))):
            continue  # dlarfg's tau = 0: no reflection
        head = r[k, k]
        norm = gnp.sqrt(head * head + gnp.sum(below * below))
        beta = gnp.where(np.asarray(raw(gnp.less(head, 0))), norm, -norm)
        v = gnp.concatenate([np.zeros(k), gnp.reshape(head - beta, (1,)), below])
        reflection = np.eye(rows) - 2 * gnp.outer(v, v) / gnp.sum(v * v)
        r = gnp.matmul(reflection, r)
        q = gnp.matmul(q, reflection)
    return q, gnp.triu(r)


def _complex_householder_qr(a):
    """(Q complete, R) of one complex matrix as LAPACK's ``zgeqrf`` makes them (``zlarfg``): each reflection
    H = I - tau v v^H, v = (1, below / (a_kk - beta)), tau = (beta - a_kk) / beta, sends its column to the real
    beta = -sign(re a_kk) |column| (a column already real on the diagonal and zero below it is left as it is, the
    last row's diagonal made real too); R = H^H ... A and Q = H_1 H_2 ..., so R's diagonal is real with LAPACK's
    signs."""
    rows, cols = np.shape(raw(a))
    q = np.eye(rows)
    r = a
    for k in range(min(rows, cols)):
        head, below = r[k, k], r[k + 1:, k]
        settled = not np.any(np.asarray(raw(gnp.not_equal(below, 0)))) if rows - k > 1 else True
        if settled and not np.asarray(raw(gnp.not_equal(gnp.imag(head), 0))):
            continue  # zlarfg's tau = 0: no reflection
        squares = gnp.real(head * gnp.conj(head)) + gnp.sum(gnp.real(below * gnp.conj(below)))
        norm = gnp.sqrt(squares)
        beta = gnp.where(np.asarray(raw(gnp.less(gnp.real(head), 0))), norm, -norm)
        v = gnp.concatenate([np.zeros(k), np.ones(1), below / (head - beta)])
        reflection = np.eye(rows) - ((beta - head) / beta) * gnp.outer(v, gnp.conj(v))
        r = gnp.matmul(gnp.conj(gnp.transpose(reflection)), r)
        q = gnp.matmul(q, reflection)
    return q, gnp.triu(r)


def qr(a, mode="reduced"):
    """``aten.linalg_qr``: (Q, R) in ``mode`` reduced (thin), complete, or ``r`` (R alone, Q empty)."""
    q, r = _householder_qr(a)
    rows, cols = np.shape(raw(a))[-2:]
    if mode == "complete":
        return q, r
    k = min(rows, cols)
    if mode == "r":
        return np.zeros((0,), dtype=np.asarray(raw(a)).dtype if _plain_dtype(a) else np.float64), r[..., :k, :]
    return q[..., :, :k], r[..., :k, :]


def eig(a):
    """``aten.linalg_eig``: the eigenvalues and unit eigenvectors of a general matrix as complex tensors, in the order
    and phases PyTorch's own kernel gives: its LAPACK is not NumPy's, and in float32 the two part at a defective
    eigenvalue ([[3, 1], [-1, 1]]: NumPy's 2 twice with one eigenvector twice, a singular matrix; PyTorch's
    2 +- 3.5e-4 i)."""
    return eig_complex(a, _pytorchs_eig)


def _pytorchs_eig(floats):
    """PyTorch's own eig of a float matrix, as NumPy arrays."""
    import torch  # lazy: loaded already by the PyTorch target whose graph this replays

    return tuple(t.numpy() for t in torch.linalg.eig(torch.from_numpy(np.ascontiguousarray(floats))))


def matrix_exp(a):
    """``aten.linalg_matrix_exp``: e^A of each matrix, by scaling and squaring a Taylor series long enough for the
    replay's precision (its own backward is the same op on a block matrix [[A^T, G], [0, A^T]]).

    A is halved s times until its rows' absolute sums are at most 2^-k, the series of e^(A/2^s) is summed by
    Horner's rule to N terms, N the first with (2^-k)^N/N! (past the rest's bound) below the precision (2^s
    times finer, for the squarings that follow), and the sum is squared s times. In a dtype that is PyTorch's number to a few units
    of the last place; on exact numbers the truncation is below the working precision, like a rounding.
    """
    kind = kind_of([a])
    bits = precision(kind) if kind is not None else np.finfo(np.asarray(raw(a)).dtype).nmant + 1  # a dtype's digits
    # A smaller A needs fewer terms but more squarings, each doubling the relative error: in a dtype, few squarings.
    k = math.isqrt(bits) // 2 + 1 if kind is not None else 1
    largest = _largest_row_sum(a)
    halvings = max(0, math.ceil(math.log2(largest)) + k) if 0 < largest < math.inf else 0  # nan or inf: left to spread
    terms, log_bound = 1, -k  # log2 of (2^-k)^terms / terms!, which would underflow a float at a high precision
    while log_bound > -(bits + halvings + 8):
        terms += 1
        log_bound -= k + math.log2(terms)
    identity = np.eye(np.shape(raw(a))[-1], dtype=np.asarray(raw(a)).dtype if _plain_dtype(a) else np.float64)
    scaled = a / 2.0 ** halvings
    total = identity + scaled / terms
    for n in range(terms - 1, 0, -1):
        total = identity + gnp.matmul(scaled, total) / n
    for _ in range(halvings):
        total = gnp.matmul(total, total)
    return total


def _magnitude(number):
    """A float near |number| for an exact number of any kind: real or complex, mpmath's, a ball, a jet's value."""
    number = getattr(number, "v", number)
    try:
        return abs(float(number))
    except TypeError:  # a complex number: its modulus
        return float(abs(complex(number)))


def _largest_row_sum(a):
    """A float near the largest absolute row sum of ``a``'s matrices (its infinity norm), for any kind of number."""
    entries = np.asarray(raw(a))
    if entries.dtype == object:  # mpmath numbers, balls (a jet's value in .v), proof numbers
        entries = np.vectorize(_magnitude, otypes=[float])(entries)
    return float(np.max(np.sum(np.abs(entries), axis=-1), initial=0.0))
