"""``numpy.linalg.eigh`` of a real symmetric matrix on balls and on jets: each eigenvalue and eigenvector proven.

The eigenvalues are flint's enclosures (``acb_mat.eig``, which proves each one
isolated from the others); the eigenvector of eigenvalue l is the solution of
(A - l I) v = 0 with one entry pinned at 1, solved on balls with that entry's
row and column struck out, then scaled to unit length with the sign NumPy's own
vector has. The entry pinned is the one largest in NumPy's vector: the struck-out
system's determinant is proportional to that entry's square, so it is proven
invertible wherever the entry is not tiny. On jets, along each seed's tangent
T of the matrix, the mathematics' derivatives: l_i' = v_i' T v_i and
v_i' = sum over j != i of v_j (v_j' T v_i) / (l_i - l_j).

A spectrum the balls cannot prove simple (a repeated eigenvalue, or two nearer
than the precision parts), a complex matrix, or a vector entry that balls cannot
pin raises `arb.NoArb`: the exact reference then takes mpmath's path, whose
vectors of a repeated group follow NumPy's within their space.
"""

from __future__ import annotations

import numpy as np

from . import arb as arb_core


def on_balls_or_jets(on_mpmath):
    """eigh's high-precision implementation: the proven one here for balls and jets, ``on_mpmath`` (mpmath's, which
    also answers for proof numbers) for everything else."""

    def run(a, lower):
        if arb_core.proof.proving and arb_core.proof.holds(a):
            return on_mpmath(a, lower)
        if arb_core._holds_jets(a):
            return _each_matrix(a, lower, _on_jets)
        if arb_core._holds_balls(a):
            return _each_matrix(a, lower, _on_balls)
        return on_mpmath(a, lower)

    return run


def _each_matrix(a, lower, one):
    """``one`` on each matrix of a stack, packed as eigh's primitive packs it: the eigenvalues as a row above the
    eigenvectors' columns."""
    cells = np.asarray(a, dtype=object)
    n = cells.shape[-1]
    out = np.empty(cells.shape[:-2] + (n + 1, n), dtype=object)
    for index in np.ndindex(cells.shape[:-2]):
        out[index] = one(_read(cells[index], lower))
    return out


def _read(cells, lower):
    """The symmetric matrix NumPy's eigh reads from one triangle (``lower``: the lower one) of ``cells``."""
    if any(isinstance(v, (complex, np.complexfloating, arb_core.arb_complex.ExactComplex)) for v in cells.flat):
        raise arb_core.NoArb("no ball implementation of eigh of a complex Hermitian matrix")
    n = cells.shape[0]
    full = np.empty((n, n), dtype=object)
    for i in range(n):
        for j in range(n):
            low, high = max(i, j), min(i, j)
            full[i, j] = cells[low, high] if lower else cells[high, low]
    return full


def _on_balls(full):
    values, vectors = _decomposed(np.vectorize(arb_core._arb, otypes=[object])(full) if full.size else full)
    return _packed(values, vectors)


def _on_jets(full):
    jets = np.vectorize(arb_core._as_jet, otypes=[object])(full) if full.size else full
    values, vectors = _decomposed(np.vectorize(lambda j: j.v, otypes=[object])(jets) if full.size else full)
    n = full.shape[0]
    seeds = max((len(j.d) for j in jets.flat if j.d is not None), default=0)
    if not seeds:
        return _packed([arb_core.Jet(w) for w in values], np.vectorize(arb_core.Jet, otypes=[object])(vectors))
    zero = arb_core.ARB(0)
    tangents = [np.array([[zero if j.d is None else j.d[s] for j in row] for row in jets], dtype=object)
                for s in range(seeds)]
    value_slopes = [[] for _ in range(n)]
    vector_slopes = [[[] for _ in range(n)] for _ in range(n)]  # [row][column]: entry (row, column)'s per seed
    for tangent in tangents:
        moved = vectors.T.dot(tangent).dot(vectors)  # entry (j, i): v_j' T v_i
        for i in range(n):
            value_slopes[i].append(moved[i, i])
            turn = np.array([zero if j == i else moved[j, i] / (values[i] - values[j]) for j in range(n)], dtype=object)
            change = vectors.dot(turn)
            for row in range(n):
                vector_slopes[row][i].append(change[row])
    w = [arb_core.Jet(values[i], np.array(value_slopes[i], dtype=object)) for i in range(n)]
    v = np.empty((n, n), dtype=object)
    for row in range(n):
        for i in range(n):
            v[row, i] = arb_core.Jet(vectors[row, i], np.array(vector_slopes[row][i], dtype=object))
    return _packed(w, v)


def _packed(values, vectors):
    n = len(values)
    out = np.empty((n + 1, n), dtype=object)
    out[0] = list(values)
    out[1:] = vectors
    return out


def _decomposed(full):
    """``(eigenvalues ascending, eigenvectors as columns)`` of one symmetric matrix of balls, each proven."""
    n = full.shape[0]
    if n == 0:
        return [], np.empty((0, 0), dtype=object)
    numpys = _numpys_vectors(full)
    if n == 1:
        return [full[0, 0]], np.array([[arb_core.ARB(1)]], dtype=object)
    values = _eigenvalues(full)
    vectors = np.empty((n, n), dtype=object)
    for i, value in enumerate(values):
        vectors[:, i] = _eigenvector(full, value, numpys[:, i])
    return values, vectors


def _numpys_vectors(full):
    """NumPy's own eigenvectors of the balls' midpoints: the sign each exact vector takes, and the entry it pins."""
    midpoints = np.array([[float(v.mid()) for v in row] for row in full], dtype=np.float64)
    if not np.all(np.isfinite(midpoints)):
        raise arb_core.NoArb("a matrix beyond floats, whose eigenvectors NumPy cannot give a sign")
    return np.linalg.eigh(midpoints)[1]


def _eigenvalues(full):
    """The eigenvalues ascending, as real balls proven apart; `NoArb` where flint cannot isolate them."""
    import flint  # lazy: as arb.enable imports it

    matrix = flint.acb_mat(arb_core._ARB_MAT(full.tolist()))
    try:
        found = matrix.eig()
    except ValueError:
        raise arb_core.NoArb("eigenvalues the balls do not prove distinct (a repeated one, or two nearer than the "
                             "precision parts)") from None
    values = sorted((z.real for z in found), key=lambda x: x.mid())
    if not all(values[k] < values[k + 1] for k in range(len(values) - 1)):
        raise arb_core.NoArb("eigenvalues the balls do not prove apart")
    return values


def _eigenvector(full, value, numpys):
    """The unit eigenvector of the simple eigenvalue ``value``: its entry largest in NumPy's vector pinned at 1, the
    rest solved from the other rows of (A - value I) v = 0, then scaled to length 1 with NumPy's sign."""
    n = full.shape[0]
    k = int(np.argmax(np.abs(numpys)))
    rest = [r for r in range(n) if r != k]
    system = arb_core._ARB_MAT([[full[r, c] - (value if r == c else 0) for c in rest] for r in rest])
    right = arb_core._ARB_MAT([[-full[r, k]] for r in rest])
    solved = arb_core._solved(system, right)
    entries = [arb_core.ARB(1) if r == k else solved[rest.index(r), 0] for r in range(n)]
    length = sum((e * e for e in entries), arb_core.ARB(0)).sqrt()
    sign = -1 if numpys[k] < 0 else 1
    return np.array([sign * e / length for e in entries], dtype=object)
