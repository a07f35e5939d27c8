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
pin raises `NoArb`: the exact reference then takes mpmath's path, whose
vectors of a repeated group follow NumPy's within their space.

The thin svd of a real matrix A (and its singular values alone, ``svdvals``)
comes from the same eigendecomposition of the Gram matrix of its shorter side,
B^T B with B = A, or A^T where A is wide: s_i the square root of eigenvalue i
(descending), the short side's vector NumPy's sign pinned as above, the long
side's B v_i / s_i, so each pair keeps the sign NumPy's pair has. Singular values
the balls cannot prove distinct and above 0 leave the balls. On jets a singular
value moves by u_i' T v_i; the vectors have no jets here (the exact reference
differentiates them by differences on balls).
"""

from __future__ import annotations

import numpy as np

from . import arb_proof as proof
from .arb_complex import ExactComplex

# Bound by `arb.enable` (`bind`): flint's ball and ball-matrix types, and the core's jets and helpers on balls.
ARB = ARB_MAT = Jet = NoArb = None
_number = _as_jet = _solved = _holds_jets = _holds_balls = None


def bind(arb, arb_mat, jet, no_arb, number, as_jet, solved, holds_jets, holds_balls):
    """Take flint's ``arb`` and ``arb_mat``, the core's `Jet` and `NoArb`, and its helpers: a number as a ball
    (``number``) or a jet (``as_jet``), a proven solve (``solved``), and whether an argument holds jets or balls."""
    global ARB, ARB_MAT, Jet, NoArb, _number, _as_jet, _solved, _holds_jets, _holds_balls
    ARB, ARB_MAT, Jet, NoArb = arb, arb_mat, jet, no_arb
    _number, _as_jet, _solved, _holds_jets, _holds_balls = number, as_jet, solved, holds_jets, holds_balls


def on_balls_or_jets(on_mpmath):
    """eigh's high-precision implementation: the proven one here for balls and jets, ``on_mpmath`` (mpmath's, which
    also answers for proof numbers) for everything else."""

    def run(a, lower):
        if proof.proving and proof.holds(a):
            return on_mpmath(a, lower)
        one = _on_jets if _holds_jets(a) else _on_balls if _holds_balls(a) else None
        if one is None:
            return on_mpmath(a, lower)
        return _each_stacked(a, lambda cells: one(_read(cells, lower)), _eigh_shape)

    return run


def svd_on_balls_or_jets(on_mpmath, values_only):
    """The high-precision implementation of ``svdvals`` (``values_only``) or of the packed thin svd: the proven one
    here for balls (and for jets, the singular values'), ``on_mpmath`` for everything else."""

    def run(a):
        if proof.proving and proof.holds(a):
            return on_mpmath(a)
        if _holds_jets(a):
            if not values_only:
                raise NoArb("no jet implementation of svd's vectors")
            return _each_stacked(a, _singular_values_on_jets, _singular_values_shape)
        if _holds_balls(a):
            if values_only:
                return _each_stacked(a, _singular_values_on_balls, _singular_values_shape)
            return _each_stacked(a, _svd_on_balls, _svd_shape)
        return on_mpmath(a)

    return run


def _eigh_shape(m, n):
    """The shape of eigh's answer for one n x n matrix: the eigenvalues as a row above the eigenvectors' columns."""
    return (n + 1, n)


def _singular_values_shape(m, n):
    return (min(m, n),)


def _svd_shape(m, n):
    """The shape of the thin svd of one m x n matrix as its primitive packs it: U above s above V (vh transposed)."""
    return (m + 1 + n, min(m, n))


def _each_stacked(a, one, answer_shape):
    """``one`` on each real matrix of a stack, its answers (of ``answer_shape(m, n)``) stacked alike."""
    cells = np.asarray(a, dtype=object)
    _refuse_complex(cells)
    out = np.empty(cells.shape[:-2] + answer_shape(*cells.shape[-2:]), dtype=object)
    for index in np.ndindex(cells.shape[:-2]):
        out[index] = one(cells[index])
    return out


def _refuse_complex(cells):
    if any(isinstance(v, (complex, np.complexfloating, ExactComplex)) for v in cells.flat):
        raise NoArb("no ball implementation of eigh or svd of a complex matrix")


def _thin_svd(cells):
    """``(U, s, V)`` of one real matrix of balls: U m x k, s descending, V n x k, k = min(m, n), each proven."""
    m, n = cells.shape
    k = min(m, n)
    if k == 0:
        raise NoArb("no ball implementation of the svd of an empty matrix")
    cells = np.vectorize(_number, otypes=[object])(cells)
    u_numpy, _, vh_numpy = np.linalg.svd(_midpoints(cells), full_matrices=False)
    tall = m >= n
    side = cells if tall else cells.T  # its k columns are the short side
    gram = side.T.dot(side)
    values = _eigenvalues(gram)
    if not values[0] > 0:
        raise NoArb("a singular value the balls do not prove above 0")
    numpys = vh_numpy.T if tall else u_numpy  # NumPy's vectors of the short side, one column per singular value
    short, long_, s = np.empty((k, k), dtype=object), np.empty((side.shape[0], k), dtype=object), []
    for i in range(k):
        value = values[k - 1 - i]  # descending
        vector = _eigenvector(gram, value, numpys[:, i])
        root = value.sqrt()
        short[:, i], s = vector, s + [root]
        long_[:, i] = side.dot(vector) / root
    return (long_, s, short) if tall else (short, s, long_)


def _svd_on_balls(cells):
    u, s, v = _thin_svd(cells)
    m, n = cells.shape
    out = np.empty((m + 1 + n, len(s)), dtype=object)
    out[:m], out[m], out[m + 1:] = u, s, v
    return out


def _singular_values_on_balls(cells):
    return np.array(_thin_svd(cells)[1], dtype=object)


def _singular_values_on_jets(cells):
    jets = np.vectorize(_as_jet, otypes=[object])(cells)
    u, s, v = _thin_svd(np.vectorize(lambda j: j.v, otypes=[object])(jets))
    seeds = max((len(j.d) for j in jets.flat if j.d is not None), default=0)
    zero = ARB(0)
    slopes = [[] for _ in s]
    for seed in range(seeds):
        tangent = np.array([[zero if j.d is None else j.d[seed] for j in row] for row in jets], dtype=object)
        moved = u.T.dot(tangent).dot(v)  # entry (i, i): u_i' T v_i
        for i in range(len(s)):
            slopes[i].append(moved[i, i])
    return np.array([Jet(value, np.array(slope, dtype=object) if seeds else None)
                     for value, slope in zip(s, slopes)], dtype=object)


def _read(cells, lower):
    """The symmetric matrix NumPy's eigh reads from one triangle (``lower``: the lower one) of ``cells``."""
    n = cells.shape[0]
    full = np.empty((n, n), dtype=object)
    for i in range(n):
        for j in range(n):
            low, high = max(i, j), min(i, j)
            full[i, j] = cells[low, high] if lower else cells[high, low]
    return full


def _on_balls(full):
    values, vectors = _decomposed(np.vectorize(_number, otypes=[object])(full) if full.size else full)
    return _packed(values, vectors)


def _on_jets(full):
    jets = np.vectorize(_as_jet, otypes=[object])(full) if full.size else full
    values, vectors = _decomposed(np.vectorize(lambda j: j.v, otypes=[object])(jets) if full.size else full)
    n = full.shape[0]
    seeds = max((len(j.d) for j in jets.flat if j.d is not None), default=0)
    if not seeds:
        return _packed([Jet(w) for w in values], np.vectorize(Jet, otypes=[object])(vectors))
    zero = ARB(0)
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
    w = [Jet(values[i], np.array(value_slopes[i], dtype=object)) for i in range(n)]
    v = np.empty((n, n), dtype=object)
    for row in range(n):
        for i in range(n):
            v[row, i] = Jet(vectors[row, i], np.array(vector_slopes[row][i], dtype=object))
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
        return [full[0, 0]], np.array([[ARB(1)]], dtype=object)
    values = _eigenvalues(full)
    vectors = np.empty((n, n), dtype=object)
    for i, value in enumerate(values):
        vectors[:, i] = _eigenvector(full, value, numpys[:, i])
    return values, vectors


def _numpys_vectors(full):
    """NumPy's own eigenvectors of the balls' midpoints: the sign each exact vector takes, and the entry it pins."""
    return np.linalg.eigh(_midpoints(full))[1]


def _midpoints(cells):
    """The balls' midpoints as floats: the matrix NumPy's own decomposition of which gives each vector's sign."""
    midpoints = np.array([[float(v.mid()) for v in row] for row in cells], dtype=np.float64)
    if not np.all(np.isfinite(midpoints)):
        raise NoArb("a matrix beyond floats, whose vectors NumPy cannot give a sign")
    return midpoints


def _eigenvalues(full):
    """The eigenvalues ascending, as real balls proven apart; `NoArb` where flint cannot isolate them."""
    import flint  # lazy: as arb.enable imports it

    matrix = flint.acb_mat(ARB_MAT(full.tolist()))
    try:
        found = matrix.eig()
    except ValueError:
        raise NoArb("eigenvalues the balls do not prove distinct (a repeated one, or two nearer than the "
                    "precision parts)") from None
    values = sorted((z.real for z in found), key=lambda x: x.mid())
    if not all(values[k] < values[k + 1] for k in range(len(values) - 1)):
        raise NoArb("eigenvalues the balls do not prove apart")
    return values


def _eigenvector(full, value, numpys):
    """The unit eigenvector of the simple eigenvalue ``value``: its entry largest in NumPy's vector pinned at 1, the
    rest solved from the other rows of (A - value I) v = 0, then scaled to length 1 with NumPy's sign."""
    n = full.shape[0]
    k = int(np.argmax(np.abs(numpys)))
    rest = [r for r in range(n) if r != k]
    system = ARB_MAT([[full[r, c] - (value if r == c else 0) for c in rest] for r in rest])
    right = ARB_MAT([[-full[r, k]] for r in rest])
    solved = _solved(system, right)
    entries = [ARB(1) if r == k else solved[rest.index(r), 0] for r in range(n)]
    length = sum((e * e for e in entries), ARB(0)).sqrt()
    sign = -1 if numpys[k] < 0 else 1
    return np.array([sign * e / length for e in entries], dtype=object)
