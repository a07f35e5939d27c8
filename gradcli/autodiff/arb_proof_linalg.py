"""numpy.linalg on `arb_proof.Sym` numbers: decompositions as atoms, direct solvers by exact elimination.

A decomposition (eigh, svd, eig) is atoms (`decomposition`): unknowns that
name only the entries it reads; a general matrix's complex eigenvalues are those
of its characteristic polynomial's proven roots (`_complex_eigenvalues`). det, slogdet, inv, solve and cholesky are rational functions of the matrix
(cholesky with square roots of them): run as exact arithmetic on proof numbers
they give each derivative as the exact function it is, so a 0 the mathematics
holds (cholesky's slope in the upper triangle it never reads, det's in an entry
whose cofactor is 0 at the point) is proven rather than left as a difference's
noise. A pivot is taken where the balls prove it is not 0 (exact arithmetic
needs no other pivoting); one they cannot decide is no proof (`NoProof`).
"""

from __future__ import annotations

import itertools
import weakref

import numpy as np

from . import arb_identities as identities, arb_proof as proof, arb_proof_quotients as quotients
from .arb_complex import ExactComplex, as_complex

# What the decompositions a proof ran through met at a kink of their spectrum, in words: two entries not proven
# apart, or a singular value at 0, where no entry is a function of the matrix to name (the caller replaces it).
repeated = []
# The proof runs (`arb_proof_quotients.state`) that met a kink of a spectrum at exact entries, a repeated group or a
# singular value 0 (`kinked`).
_met_kinks = weakref.WeakSet()
# A proof run -> the numbers of its repeated groups' shared values (`_group_value`): no kink in themselves (`kinked`).
_group_values = weakref.WeakKeyDictionary()
# The proof runs one of whose seeds splits a repeated group or moves a singular value off 0, or whose change of
# such a matrix is unknown (`_member_slopes`, `_zero_slopes`): the group's kink lies along that seed (`kinked`).
_split_runs = weakref.WeakSet()

_NUMPY_2 = np.lib.NumpyVersion(np.__version__) >= "2.0.0"

MAX_SIZE = 6  # a larger matrix's elimination outgrows a proof's terms anyway


def _matrix(a):
    m = np.asarray(a, dtype=object)
    if m.ndim != 2 or m.shape[0] != m.shape[1] or m.shape[0] > MAX_SIZE:
        raise proof.NoProof("a matrix not square, or one too large for a proof")
    return [[proof.lift(e) for e in row] for row in m]


def _stacked(one):
    """``one`` (a rule on one matrix) on each matrix of a stack, as numpy.linalg reads a stack: a batch of
    PyTorch's (a 1 x n x n factor of torch.distributions) proves its 0s as one matrix does."""

    def apply(a):
        cells = np.asarray(a, dtype=object)
        if cells.ndim <= 2:
            return one(cells)
        return _gathered([apply(cells[i]) for i in range(cells.shape[0])])

    apply.__doc__ = one.__doc__
    return apply


def _gathered(parts):
    """The parts (proof numbers, or object arrays of one shape) as one object array along a new first axis."""
    first = np.asarray(parts[0], dtype=object)
    out = np.empty((len(parts),) + first.shape, dtype=object)
    for i, part in enumerate(parts):
        out[i] = part
    return out


def _proven_nonzero(entry):
    """Whether ``entry`` is proven nonzero, as a pivot candidate: its ball alone says so, no branch of the program,
    since every nonzero pivot gives the same determinant and solution. So the decision is neither recorded nor
    taken from a forced path (`arb._decide` would hand a replay the program's next recorded branch, an abs of the
    residuals' say, for the pivot's, and call a nonsingular system singular)."""
    ball = entry.b if isinstance(entry, proof.Sym) else proof.lift(entry).b
    return bool(ball != 0)


def _eliminated(m, right=None):
    """``(sign, pivots, rows)``: ``m`` (with ``right``'s columns beside it) reduced to upper triangular."""
    n, sign, pivots = len(m), 1, []
    rows = [list(r) + (list(right[i]) if right is not None else []) for i, r in enumerate(m)]
    for c in range(n):
        p = next((r for r in range(c, n) if _proven_nonzero(rows[r][c])), None)
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
    """The determinant: the sign of the row swaps times the product of the pivots; at a matrix proven singular, where
    elimination meets a column with no pivot, the cofactor expansion (`_expanded`), whose slopes are the adjugate's."""
    m = _matrix(a)
    sign, pivots, _ = _eliminated(m)
    if pivots is None:
        return _expanded(m)
    out = pivots[0] if sign > 0 else -pivots[0]
    for p in pivots[1:]:
        out = out * p
    return out


def _expanded(m):
    """The determinant of the rows ``m`` (proof numbers) by cofactor expansion along the first row, each minor of the
    rows below met once (by the columns it keeps): a polynomial in the entries, no division, so at a singular matrix
    its value is the exact 0 and its slopes the cofactors they are (a rank-one matrix's every one 0)."""
    n = len(m)
    minors = {(): proof.lift(1.0)}
    for size in range(1, n + 1):
        row = n - size
        for columns in itertools.combinations(range(n), size):
            out = None
            for k, c in enumerate(columns):
                term = m[row][c] * minors[columns[:k] + columns[k + 1 :]]
                out = term if out is None else (out - term if k % 2 else out + term)
            minors[columns] = out
    return minors[tuple(range(n))]


def slogdet(a):
    """log |det|, as gradcli's mpmath path answers slogdet."""
    return proof.run("log", abs(det(a)))


def solve(a, b):
    """The solution of a x = b by elimination and back substitution, ``b`` read as numpy.linalg.solve reads it
    (vectors or matrices of columns) and the stacks of ``a`` and ``b`` broadcast."""
    return systems(a, b, _solve_one)


def systems(a, b, solve_one):
    """``solve_one(a, b)`` (one matrix ``a``, ``b`` a vector or a matrix of columns) on each system of a x = b, ``b``
    read as numpy.linalg.solve reads it and the stacks of ``a`` and ``b`` broadcast."""
    a, b = np.asarray(a, dtype=object), np.asarray(b, dtype=object)
    if a.ndim <= 2:
        return solve_one(a, b)
    # NumPy's reading of b (ops_linalg.b_is_vectors, above this layer): NumPy 2 takes a 1-D b alone as a vector.
    vectors = b.ndim == 1 if _NUMPY_2 else b.ndim == a.ndim - 1
    columns = b[..., None] if vectors else b
    batch = np.broadcast_shapes(a.shape[:-2], columns.shape[:-2])
    a, columns = np.broadcast_to(a, batch + a.shape[-2:]), np.broadcast_to(columns, batch + columns.shape[-2:])
    out = np.empty(columns.shape, dtype=object)
    for index in np.ndindex(batch):
        out[index] = solve_one(a[index], columns[index])
    return out[..., 0] if vectors else out


def _solve_one(a, b):
    """The solution of a x = b for one matrix ``a`` (``b`` a vector or a matrix of columns)."""
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


def decomposition(name, a, answer, reads=None, spectrum=None, signs="similar", hermitian=False):
    """A matrix decomposition of ``a`` (a matrix of `Sym` numbers) as atoms: each output entry one unknown
    named by the op, the entry and the exact entries the op reads, its slope along each entry read another.

    An entry the op never reads (the upper triangle for eigh's "L") has no slope at
    all: a derivative seeded there alone is the zero function, a proof. The entries
    of ``spectrum`` (a mask over the output: eigenvalues, singular values) are
    functions of the matrix up to signs, so they are named after a canonical
    signing of it (``signs``: "similar", D A D for eigenvalues; "equivalent", D A E
    for singular values), which makes svdvals of [[3, h], [0, 1]] and of [[3, -h],
    [0, 1]] one unknown. ``answer(matrix)`` is the mpmath op: its answer, widened
    by the half of its digits a solver may lose, is the balls' only use (which
    branch a max of the singular values takes), never a proof. ``hermitian``: the
    op's eigenvalues are those of the Hermitian matrix its read triangle makes, so
    at exact entries their multiplicities are proven (`_eigenvalue_groups`) and a
    repeated one is a group whose sum is smooth (`_spectrum_by_groups`).
    """
    cells = np.asarray(a, dtype=object)
    if cells.ndim != 2:
        raise proof.NoProof(f"{name} of a stack of matrices")
    cells = np.frompyfunc(proof.lift, 1, 1)(cells)
    if any(s.q is None for s in cells.flat):
        raise proof.NoProof(f"{name} of an unknown")
    read = np.ones(cells.shape, dtype=bool) if reads is None else reads
    numbers, spread = _answer(answer, cells)
    if signs == "similar" and spectrum is not None and not hermitian and _holds_complex(numbers):
        return _complex_eigenvalues(name, cells, numbers, spread, spectrum(numbers.shape, cells.shape))
    balls = _balls_about(numbers, spread)
    mask = np.zeros(balls.shape, dtype=bool) if spectrum is None else spectrum(balls.shape, cells.shape)
    kinked = _kinks(balls, mask, signs)
    groups = None
    if hermitian:
        groups = _eigenvalue_groups(cells, read, mask)
        if groups is None:
            groups = _groups_by_algebra(cells, read, mask, balls)
        if groups is None:
            closed = _pair_in_closed_form(cells, read, mask, balls)
            if closed is not None:
                return closed
    elif signs == "equivalent" and spectrum is not None:
        groups = _singular_value_groups(cells, mask)
        if groups is None:
            groups = _singular_values_by_algebra(cells, mask)
    elif spectrum is not None and _kinks(balls, mask, signs).any():
        groups = _general_eigenvalue_groups(cells, mask, balls)
    if groups is not None:  # each vector entry a function where no value repeats (nor, singular, is 0)
        kinked[...] = any(len(keys) > 1 or (rational == 0 and signs == "equivalent") for keys, _, rational in groups)
    cluster = _one_cluster(balls, kinked, mask, signs) if groups is None else []
    plain = tuple(proof.name_of(s.q) if r else None for s, r in zip(cells.flat, read.flat))
    signed, row_sign, col_sign = _canonical_signs(cells, read, signs)
    width = next((len(s.d) for s in cells.flat if s.d is not None), None)
    out = np.empty(balls.shape, dtype=object)
    for k in np.ndindex(balls.shape):
        if kinked[k] and k not in cluster:  # no function of the matrix to name here, nor a slope: unknown
            out[k] = proof.Sym(balls[k], None, None if width is None else [None] * width)
            continue
        ours = signed if mask[k] else plain
        value = proof.atom(("decomposition", name, k, ours))
        if kinked[k]:
            proof.state().kinked.add(proof.state().number(value))
        if width is None:
            out[k] = proof.Sym(balls[k], value)
            continue
        slopes, movers = [], []
        for (i, j), s in np.ndenumerate(cells):
            if read[i, j] and s.d is not None:
                sign = row_sign[i] * col_sign[j] if mask[k] else 1
                slopes.append(proof.mul(proof.const(sign), proof.atom(("slope", name, k, (i, j), ours))))
                movers.append(s)
        out[k] = proof.Sym(balls[k], value, proof.tangent(slopes, movers) or [proof.const(0)] * width)
    if groups is not None:
        grouped = out.copy()
        try:
            by_groups = (_spectrum_by_groups if hermitian else _singular_values_by_groups if signs == "equivalent"
                         else _general_spectrum_by_groups)
            by_groups(grouped, name, cells, read, groups, signed)
            out = grouped
        except (ArithmeticError, LookupError, ValueError):  # past a proof's limits (its terms): the atoms stand
            pass
    elif cluster:
        _spectrum_as_trace(out, cells, mask, signs, width, last=cluster[-1])
    if not kinked.any():
        _spectrum_as_trace(out, cells, mask, signs, width)
    repeated.extend(_kinds_of_kink(balls, mask, signs, groups))
    return out


def _kinds_of_kink(balls, mask, signs, groups):
    """What the spectrum met that no single entry's slope survives, in words (`repeated`)."""
    what = "eigenvalues" if signs == "similar" else "singular values"
    if groups is not None:
        equal = any(len(keys) > 1 for keys, _, _ in groups)
        zero = signs == "equivalent" and any(rational == 0 for _, _, rational in groups)
    else:
        spectrum = [balls[k] for k in np.ndindex(balls.shape) if mask[k]]
        equal = any(v.overlaps(w) for i, v in enumerate(spectrum) for w in spectrum[i + 1 :])
        zero = signs == "equivalent" and any(v.contains(0) for v in spectrum)
    out = []
    if equal:
        out.append(_equal_in_words(what))
    if zero:
        out.append("a decomposition's singular value is 0 here (or not proven apart from 0), the tip of a cone "
                   "(as |x| at 0), where its slope is no function of the matrix that a proof can name")
    return out


def _equal_in_words(what):
    return (f"two of a decomposition's {what} are equal here, where no single one (nor a vector of theirs) is a "
            "function of the matrix that a proof can name")


def _eigenvalue_groups(cells, read, mask):
    """The spectrum's entries (ascending, as eigh gives them) in groups of equal eigenvalues, each with the
    ball of its value, proven from the characteristic polynomial of the Hermitian matrix the read triangle
    makes, where every entry is an exact rational (a point's own numbers): ``[(keys, ball, rational), ...]``,
    ``rational`` the root where it is one (else None). None where an entry is no rational constant (an unknown
    input, a step, a function's value), or where the roots are not proven apart (`_root_groups`)."""
    n = cells.shape[0]
    spectrum = [k for k in np.ndindex(mask.shape) if mask[k]]
    if cells.shape != (n, n) or len(spectrum) != n:
        return None
    rationals = [[_rational(cells[i, j] if read[i, j] else cells[j, i]) for j in range(n)] for i in range(n)]
    if any(r is None for row in rationals for r in row):
        return None
    return _root_groups(rationals, spectrum)


def _general_eigenvalue_groups(cells, mask, balls):
    """`_eigenvalue_groups` for a general matrix of exact rational entries whose spectrum is real and repeats (eig's,
    in its own order): each output entry matched to its root by value, a repeated root's group one of eigenvectors
    for all its members (no Jordan block: its projector is then the product of (A - c) / (lambda - c) over the
    other roots); None where a root is not real, a group is defective, or an entry's ball does not hold its root."""
    import flint  # lazy: python-flint, only where a proof runs

    n = cells.shape[0]
    spectrum = [k for k in np.ndindex(mask.shape) if mask[k]]
    if cells.shape != (n, n) or len(spectrum) != n:
        return None
    rationals = [[_rational(cells[i, j]) for j in range(n)] for i in range(n)]
    if any(r is None for row in rationals for r in row):
        return None
    matrix = flint.fmpq_mat(rationals)
    if any(_defective(matrix, factor, power) for factor, power in matrix.charpoly().factor()[1]):
        return None
    ascending = sorted(spectrum, key=lambda k: float(balls[k].mid()))
    groups = _root_groups(rationals, ascending)
    if groups is None or any(not balls[k].overlaps(ball) for keys, ball, _ in groups for k in keys):
        return None
    return groups


def _general_spectrum_by_groups(out, name, cells, read, groups, signed):
    """The spectrum's entries of ``out`` (`decomposition`'s, a general matrix's eig) from its groups
    (`_general_eigenvalue_groups`): each group's value the number its root is, its members' slopes as
    `_spectrum_by_groups` gives them (their sum tr(P dA), P the group's spectral projector); the vectors stay
    unknown (eig's are no function of the matrix at a repeated root, and its simple ones' scale is LAPACK's)."""
    n = cells.shape[0]
    width = next((len(s.d) for s in cells.flat if s.d is not None), None)
    entries = [[cells[i, j].q for j in range(n)] for i in range(n)]
    numbers = [_group_number(_group_value(name, keys, ball, signed), exact) for keys, ball, exact in groups]
    projectors = [_projector(entries, number, numbers[:g] + numbers[g + 1 :]) for g, number in enumerate(numbers)]
    changes = [[[_slope_of(e, t) for e in row] for row in cells] for t in range(width or 0)]
    for (keys, ball, _), value, projector in zip(groups, numbers, projectors):
        slopes = [_member_slopes(name, keys, signed, projector, change) for change in changes]
        for m, k in enumerate(keys):
            out[k] = proof.Sym(ball, value, None if width is None else [slope[m] for slope in slopes])


ALGEBRA_SIZE = 4  # the largest matrix of computed entries whose characteristic polynomial a proof divides out


def _groups_by_algebra(cells, read, mask, balls):
    """`_eigenvalue_groups` where some entry is no rational constant (a value the program computed, exp(x) at the
    point): the characteristic polynomial p of the symmetric matrix, its coefficients exact quotients (Faddeev and
    LeVerrier's recurrence), and its greatest common divisor with p' by Euclid's division, each leading
    coefficient proven 0 by algebra or apart from 0 by its ball: the gcd's degree is how many roots repeat. The
    roots' values are mpmath's answer (``balls``, not a proof), the gcd's degree the proven count of equal
    neighbours: the neighbours nearest each other are merged that many times, each merged pair's balls
    overlapping and every other pair's apart, else None (the old unknowns), as past `ALGEBRA_SIZE` rows or where
    a coefficient is neither proven 0 nor apart from it."""
    n = cells.shape[0]
    spectrum = [k for k in np.ndindex(mask.shape) if mask[k]]
    if cells.shape != (n, n) or len(spectrum) != n or n > ALGEBRA_SIZE or n < 2:
        return None
    matrix = [[(cells[i, j] if read[i, j] else cells[j, i]).q for j in range(n)] for i in range(n)]
    try:
        characteristic = _characteristic(matrix)
        closed = _roots_in_closed_form(characteristic, spectrum)
        if closed is not None:
            return closed
        repeats = _repeated_roots(characteristic)
    except (ArithmeticError, LookupError, ValueError, proof.NoProof):  # past a proof's limits: the old unknowns
        return None
    if repeats is None:
        return None
    values = [balls[k] for k in spectrum]
    gaps = sorted(range(n - 1), key=lambda i: float(abs((values[i + 1] - values[i]).mid())))
    merged = set(gaps[:repeats])
    if any(values[i].overlaps(values[i + 1]) != (i in merged) for i in range(n - 1)):
        return None
    groups, start = [], 0
    for i in range(n):
        if i not in merged:  # the end of a group
            groups.append((spectrum[start : i + 1], values[start].union(values[i]), None))
            start = i + 1
    return groups


def hermitian_eigenvalues(name, a, answer, reads=None, spectrum=None):
    """eigh of a complex Hermitian matrix (entries `ExactComplex` of `Sym` parts) on proof numbers: its eigenvalues
    the roots of its characteristic polynomial where that factors in closed form (`_roots_in_closed_form`), each with
    its slopes by implicit differentiation, -sum_k c_k' l^k / p'(l) for a simple root (none for a repeated one), so a
    rank-one a a^H's eigenvalue 0 is the exact 0 with slope 0 for every a; its vectors unknowns about mpmath's answer.

    The matrix is the Hermitian one the read triangle makes (its diagonal proven real), so along
    every seed it stays Hermitian and its characteristic polynomial's coefficients are real: their real parts are
    taken, and their imaginary parts, exactly 0 as every such polynomial's, are asked to be proven 0 as a check."""
    cells = np.asarray(a, dtype=object)
    n = cells.shape[0] if cells.ndim == 2 else 0
    if spectrum is None:
        raise proof.NoProof(f"{name} of a complex matrix: which of its answers are its spectrum is not known")
    if cells.ndim != 2 or cells.shape != (n, n) or n > ALGEBRA_SIZE or n < 1:
        raise proof.NoProof(f"{name} of a complex matrix not square, or too large for a proof")
    read = np.ones(cells.shape, dtype=bool) if reads is None else reads

    def part(x):
        out = proof.lift(x)
        if out.q is None:
            raise proof.NoProof(f"{name} of an unknown")
        return out

    def number(x):  # a constant of the program that mpmath holds (1 + 0j) as the exact float it is, else no proof
        if not (hasattr(x, "_mpc_") or hasattr(x, "_mpf_")):
            return as_complex(x)
        parts = (x.real, x.imag) if hasattr(x, "_mpc_") else (x, 0)
        if any(float(v) != v for v in parts):
            raise proof.NoProof(f"{name} of a complex constant no float holds")
        return ExactComplex(*(float(v) for v in parts))

    def entry(i, j):
        if i == j:  # the diagonal's real part, as LAPACK reads it: one whose imaginary part is not proven 0 refused
            z = number(cells[i, i])
            if not (isinstance(z.im, (int, float)) and z.im == 0) and not proof.is_zero(part(z.im).q):
                raise proof.NoProof(f"{name} of a matrix whose diagonal is not proven real")
            return ExactComplex(part(z.re))
        z = number(cells[i, j] if read[i, j] else cells[j, i])
        z = ExactComplex(part(z.re), part(z.im))
        return z if read[i, j] else z.conjugate()

    matrix = [[entry(i, j) for j in range(n)] for i in range(n)]
    # Faddeev and LeVerrier on the complex numbers: M_k = A M_(k-1) + c_(n-k+1) I, c_(n-k) = -tr(A M_k) / k
    coefficients = [None] * n + [ExactComplex(proof.lift(1))]
    m = [[ExactComplex(proof.lift(0)) for _ in range(n)] for _ in range(n)]
    for k in range(1, n + 1):
        m = [[sum((matrix[i][l] * m[l][j] for l in range(1, n)), matrix[i][0] * m[0][j]) for j in range(n)]
             for i in range(n)]
        m = [[m[i][j] + coefficients[n - k + 1] if i == j else m[i][j] for j in range(n)] for i in range(n)]
        trace = sum((matrix[i][j] * m[j][i] for i in range(n) for j in range(n) if (i, j) != (0, 0)),
                    matrix[0][0] * m[0][0])
        coefficients[n - k] = -trace / k
    real = []
    for c in coefficients:
        c = as_complex(c)
        if not (isinstance(c.im, (int, float)) and c.im == 0):
            im = part(c.im)
            if not proof.is_zero(im.q):
                raise proof.NoProof(f"{name}'s characteristic polynomial not proven real")
        real.append(part(c.re))
    numbers, spread = _answer(answer, np.array([[proof.lift(0)]], dtype=object), _complex_mids(matrix))
    mask = spectrum(numbers.shape, cells.shape)
    keys = [k for k in np.ndindex(mask.shape) if mask[k]]
    try:
        groups = _roots_in_closed_form([c.q for c in real], keys)
    except (ArithmeticError, LookupError, ValueError):
        groups = None
    if groups is None:
        raise proof.NoProof(f"{name}'s complex Hermitian spectrum in no closed form")
    width = next((len(c.d) for c in real if c.d is not None), None)
    out = np.empty(numbers.shape, dtype=object)
    import flint  # lazy: python-flint, only where a proof runs
    import mpmath  # lazy: only a proof through a decomposition asks for mpmath's solver

    for k in np.ndindex(numbers.shape):  # the vectors: unknowns about mpmath's answer
        z = mpmath.mpmathify(numbers[k])
        out[k] = ExactComplex(*(proof.Sym(_ball_about(flint, mpmath.mpf(v), spread * (1 + float(abs(z)))), None,
                                          None if width is None else [None] * width) for v in (z.real, z.imag)))
    for members, ball, exact in groups:
        value = tuple(exact)
        slopes = None if width is None else [None] * width
        if len(members) == 1 and width is not None:
            derivative = _total(proof.mul(proof.const(j), proof.mul(c.q, proof.power(value, j - 1)))
                                for j, c in enumerate(real) if j > 0)
            for t in range(width):
                moved = [c.d[t] if c.d is not None else proof.const(0) for c in real]
                if any(e is None for e in moved):
                    continue
                change = _total(proof.mul(e, proof.power(value, j)) for j, e in enumerate(moved))
                slopes[t] = proof.neg(proof.div(change, derivative))
        for key in members:
            out[key] = ExactComplex(proof.Sym(ball, value, slopes), 0)
    if any(len(members) > 1 for members, _, _ in groups):
        repeated.append(_equal_in_words("eigenvalues"))
    return out


class Closed(tuple):
    """An eigenvalue as the proof quotient it is, a root of a linear or quadratic factor of the characteristic
    polynomial of a matrix of computed entries (`_roots_in_closed_form`); `_group_number` makes it the number."""

    __slots__ = ()


def _roots_in_closed_form(characteristic, spectrum):
    """The groups (`_eigenvalue_groups`'s form) of a symmetric matrix of computed entries whose characteristic
    polynomial ``characteristic`` (exact quotients over the atoms) factors, over those atoms, into linear and simple
    quadratic factors in its variable: each eigenvalue then the exact quotient it is (`Closed`, a quadratic's through
    the square root of its discriminant), so e^x +- 1e-200 beside 3 + y are three functions of the matrix, apart
    by algebra however near, with their projectors and vectors, where their balls overlap; a linear factor's power
    is its group's size (sqrt(x) twice beside 1). Each root's ball is taken at rising precision until the roots are
    apart in order; None where a quadratic factor is repeated or a factor is of a higher degree, or the balls do not
    part by `arb_proof_quotients.DENOMINATOR_BITS`."""
    import flint  # lazy: python-flint, only where a proof runs

    state = proof.state()
    variable = proof.atom(("characteristic variable",))
    number = state.number(variable)
    polynomial = _total(proof.mul(c, proof.power(variable, k)) for k, c in enumerate(characteristic))
    roots = []
    for factor, power in identities.factors(polynomial[0])[1]:
        degree = factor.degrees()[number]
        if degree == 0:
            continue
        if degree > 2 or (power > 1 and degree > 1):
            return None
        parts = [state.zero] * (degree + 1)  # the factor's coefficients in the variable, polynomials in the atoms
        for monomial, coefficient in factor.to_dict().items():
            rest = list(monomial)
            rest[number] = 0
            parts[monomial[number]] += state.ctx.from_dict({tuple(rest): coefficient})
        if degree == 1:  # a repeated one is a group whose shared value is that quotient
            roots.append((proof.div((-parts[0], state.one), (parts[1], state.one)), power))
            continue
        discriminant = (parts[1] * parts[1] - 4 * parts[2] * parts[0], state.one)
        ball = proof.ball_of(state, discriminant, state.points)
        if not ball > 0:
            return None
        root = proof.run("sqrt", proof.Sym(ball, discriminant)).q
        for sign in (-1, 1):
            roots.append((proof.div(proof.add((-parts[1], state.one), proof.mul(proof.const(sign), root)),
                                    (2 * parts[2], state.one)), 1))
    if sum(power for _, power in roots) != len(spectrum):
        return None
    saved, bits = flint.ctx.prec, max(flint.ctx.prec, 64)
    try:
        while bits <= quotients.DENOMINATOR_BITS:
            flint.ctx.prec = bits
            found = sorted(((proof.ball_of(state, q, state.points), q, power) for q, power in roots),
                           key=lambda root: float(root[0].mid()))
            if all(a < b for (a, _, _), (b, _, _) in zip(found, found[1:])):
                starts = np.cumsum([0] + [power for _, _, power in found])
                return [(spectrum[start : start + power], ball, Closed(q))
                        for start, (ball, q, power) in zip(starts, found)]
            bits *= 2
    finally:
        flint.ctx.prec = saved
    return None


def _pair_in_closed_form(cells, read, mask, balls):
    """A real symmetric 2x2's eigenvalues (tr -+ sqrt((a - d)^2 + 4 b^2)) / 2, where that square root's radicand is
    proven above 0 (two eigenvalues apart however near: 1.35 +- 1e-200 of computed diagonal entries equal at the
    point, whose balls overlap), each the exact function of the matrix it is, its slopes too: the gap's slope in a
    diagonal entry, (a - d) da / gap, is the exact 0 where a and d are one number. Its vectors unknown, in the
    ``balls`` about mpmath's answer. Else None."""
    if cells.shape != (2, 2) or any(isinstance(s, ExactComplex) or s.q is None for s in cells.flat):
        return None
    spectrum = [k for k in np.ndindex(mask.shape) if mask[k]]
    if len(spectrum) != 2 or read[1, 0] == read[0, 1]:  # the symmetric matrix one triangle makes, or none
        return None
    a, d = cells[0, 0], cells[1, 1]
    b = cells[1, 0] if read[1, 0] else cells[0, 1]
    try:
        radicand = proof.run("add", proof.run("square", proof.run("subtract", a, d)),
                             proof.run("multiply", proof.Sym(4.0), proof.run("square", b)))
        if not radicand.b > 0:
            return None
        root, trace = proof.run("sqrt", radicand), proof.run("add", a, d)
        pair = [proof.run("multiply", proof.Sym(0.5), proof.run(name, trace, root)) for name in ("subtract", "add")]
    except (ArithmeticError, LookupError, ValueError, proof.NoProof):  # past a proof's limits: the atoms stand
        return None
    width = next((len(s.d) for s in cells.flat if s.d is not None), None)
    out = np.empty(mask.shape, dtype=object)
    for k in np.ndindex(mask.shape):
        out[k] = proof.Sym(balls[k], None, None if width is None else [None] * width)
    for k, value in zip(spectrum, pair):  # ascending, as eigh gives them
        out[k] = value
    return out


def _characteristic(matrix):
    """The monic characteristic polynomial's coefficients (constant term first) of a square matrix of quotients,
    by Faddeev and LeVerrier: M_k = A M_(k-1) + c_(n-k+1) I, c_(n-k) = -tr(A M_k) / k."""
    n = len(matrix)
    coefficients = [None] * n + [proof.const(1)]
    m = [[proof.const(0)] * n for _ in range(n)]
    for k in range(1, n + 1):
        m = _product(matrix, m)
        m = [[proof.add(m[i][j], coefficients[n - k + 1]) if i == j else m[i][j] for j in range(n)] for i in range(n)]
        trace = _total(proof.mul(matrix[i][j], m[j][i]) for i in range(n) for j in range(n))
        coefficients[n - k] = proof.div(proof.neg(trace), proof.const(k))
    return coefficients


def _repeated_roots(p):
    """The degree of gcd(p, p') (the number of p's roots that repeat one before them), or None where a leading
    coefficient is neither proven 0 nor proven apart from 0."""
    a, b = p, [proof.mul(proof.const(k), c) for k, c in enumerate(p)][1:]
    while True:
        b = _trimmed(b)
        if b is None:
            return None
        if not b:  # a is the gcd
            return len(a) - 1
        while len(a) >= len(b):
            factor = proof.div(a[-1], b[-1])
            shift = len(a) - len(b)
            a = [proof.sub(c, proof.mul(factor, b[i - shift])) if i >= shift else c for i, c in enumerate(a)][:-1]
            a = _trimmed(a)
            if a is None:
                return None
        a, b = b, a


def _trimmed(poly):
    """``poly`` without its leading coefficients proven 0; None where one is neither proven 0 nor apart from 0."""
    state = proof.state()
    poly = list(poly)
    while poly:
        if proof.is_zero(poly[-1]):
            poly.pop()
            continue
        if proof.ball_of(state, poly[-1]).contains(0):
            return None
        break
    return poly


def _singular_value_groups(cells, mask):
    """The singular values' entries (descending, as svd gives them) in groups of equal values, as
    `_eigenvalue_groups` makes them from the eigenvalues of the smaller Gram matrix (A^T A or A A^T), which are
    their squares: ``[(keys, ball, rational), ...]`` with the singular value's ball and its square's rational
    (0 for the singular values that are exactly 0); None as there, or where a root is not proven 0 or above it."""
    import flint  # lazy: python-flint, only where a proof runs

    spectrum = [k for k in np.ndindex(mask.shape) if mask[k]]
    rationals = [[_rational(e) for e in row] for row in cells]
    if cells.ndim != 2 or len(spectrum) != min(cells.shape) or any(r is None for row in rationals for r in row):
        return None
    a = flint.fmpq_mat(rationals)
    gram = a.transpose() * a if cells.shape[1] <= cells.shape[0] else a * a.transpose()
    groups = _root_groups([[gram[i, j] for j in range(gram.ncols())] for i in range(gram.nrows())], spectrum[::-1])
    if groups is None or any(rational != 0 and not ball > 0 for _, ball, rational in groups):
        return None
    return [(keys[::-1], flint.arb(0) if rational == 0 else ball.sqrt(), rational) for keys, ball, rational in groups[::-1]]


def _singular_values_by_algebra(cells, mask):
    """`_singular_value_groups` where some entry is no rational constant (a value the program computed): the
    squares of the singular values as the Gram matrix's eigenvalues in closed form (`_roots_in_closed_form`), each
    proven above 0, so cond(e^x A) is scale-free by algebra. None where they are not in closed form."""
    spectrum = [k for k in np.ndindex(mask.shape) if mask[k]]
    m, n = cells.shape
    size = min(m, n)
    if cells.ndim != 2 or len(spectrum) != size or size > ALGEBRA_SIZE or any(s.q is None for s in cells.flat):
        return None
    matrix = [[e.q for e in row] for row in cells]
    gram = _product(_transposed(matrix), matrix) if n <= m else _product(matrix, _transposed(matrix))
    try:
        found = _roots_in_closed_form(_characteristic(gram), spectrum[::-1])
    except (ArithmeticError, LookupError, ValueError, proof.NoProof):  # past a proof's limits: the old unknowns
        return None
    if found is None or not all(ball > 0 for _, ball, _ in found):
        return None
    return [(keys[::-1], ball.sqrt(), square) for keys, ball, square in found[::-1]]


def _root_groups(rationals, keys):
    """``keys`` (the spectrum's entries, ascending) in groups of equal eigenvalues of the symmetric rational
    matrix ``rationals``: ``[(keys, ball, rational), ...]`` (see `_eigenvalue_groups`). The characteristic
    polynomial's factors over the rationals give each root and its multiplicity (the factor's power: distinct
    irreducible factors share no root): a linear factor's root exactly, the others' by flint's isolation of that
    factor's roots alone (two rational roots 1e-300 apart cost nothing, where isolating them from the whole
    polynomial climbs to thousands of bits); None where the roots' real parts are not proven apart in order."""
    import flint  # lazy: python-flint, only where a proof runs

    roots = []  # (ball, rational or None, multiplicity, surd or None)
    for factor, power in flint.fmpq_mat(rationals).charpoly().factor()[1]:
        if factor.degree() == 1:
            roots.append((None, -factor[0] / factor[1], power, None))
            continue
        for z, _ in factor.complex_roots():
            if not z.imag.contains(0):
                return None
            roots.append((z.real, None, power, Surd.of(factor, z.real) if factor.degree() == 2 else None))
    saved, flint.ctx.prec = flint.ctx.prec, 4 * max(flint.ctx.prec, 64)
    try:  # each rational root as a tight ball
        roots = [(flint.arb(rational) if ball is None else ball, rational, power, surd)
                 for ball, rational, power, surd in roots]
    finally:
        flint.ctx.prec = saved
    roots.sort(key=lambda root: root[1] if root[1] is not None else _midpoint(root[0]))
    for (a, p, _, _), (b, q, _, _) in zip(roots, roots[1:]):
        if not (p < q if p is not None and q is not None else a < b):
            return None
    groups, start = [], 0
    for ball, rational, multiplicity, surd in roots:
        groups.append((keys[start : start + multiplicity], ball, rational if surd is None else surd))
        start += multiplicity
    return groups


class Surd(tuple):
    """A root of an irreducible quadratic factor of a characteristic polynomial, ``centre + scale * sqrt(radicand)``,
    three exact rationals: the eigenvalue as the number it is, so two roots of one factor (s1 / s2 = phi^2 of
    [[2, 1], [1, 3]]'s singular values) meet in one field, sqrt(radicand)^2 = radicand, where two atoms never meet.
    Not a rational: ``== 0`` is False and `_group_number` makes its proof number."""

    __slots__ = ()

    @classmethod
    def of(cls, factor, ball):
        """The root of ``factor`` (c2 x^2 + c1 x + c0) that the ball holds, the side of the centre it lies on; None
        where the ball does not tell the side."""
        import flint  # lazy: python-flint, only where a proof runs

        c0, c1, c2 = factor[0], factor[1], factor[2]
        centre, half = -c1 / (2 * c2), 1 / (2 * c2)
        if ball > flint.arb(centre):
            side = 1
        elif ball < flint.arb(centre):
            side = -1
        else:
            return None
        return cls((centre, half if (half > 0) == (side > 0) else -half, c1 * c1 - 4 * c2 * c0))

    def number(self):
        """The surd as a proof's exact number: the radicand's square root is an atom whose square is it."""
        import flint  # lazy: python-flint, only where a proof runs

        centre, scale, radicand = self
        state = proof.state()
        root = proof.run("sqrt", proof.Sym(flint.arb(radicand), (state.ctx.constant(radicand), state.one)))
        return proof.add((state.ctx.constant(centre), state.one), proof.mul((state.ctx.constant(scale), state.one), root.q))


def _group_number(value, exact):
    """A group's eigenvalue as a proof number (`_spectrum_by_groups`): its rational root, its quadratic surd, or where
    neither (a root of a factor of higher degree) its value's atom."""
    state = proof.state()
    if exact is None:
        return value
    if isinstance(exact, Surd):
        return exact.number()
    if isinstance(exact, Closed):
        return tuple(exact)
    return (state.ctx.constant(exact), state.one)


def _midpoint(ball):
    """A ball's midpoint as an exact rational, to order it among rational roots."""
    import flint  # lazy: python-flint, only where a proof runs

    return quotients.binary(flint, *ball.mid().man_exp())


def _rational(cell):
    """The exact rational a `Sym` entry's quotient is, where it is a constant; else None."""
    num, den = cell.q
    if not (num.is_constant() and den.is_constant()):
        return None
    return 0 if num.is_zero() else num.leading_coefficient() / den.leading_coefficient()


def _spectrum_by_groups(out, name, cells, read, groups, signed):
    """The spectrum's entries of ``out`` (`decomposition`'s) from its groups of equal eigenvalues
    (`_eigenvalue_groups`), each group one value and slopes that are exact functions of the matrix where it has them.

    A group's members share one value: the number the root is where the proof carries it exactly (a rational, a
    quadratic surd, a closed form: `_group_number`), so beside another eigenvalue lambda a rebuilt matrix's
    (lambda - mu) terms cancel as the numbers they are; else an atom whose ball is the proven root's (so a
    denominator of it is proven nonzero). Along a change dA the group's members move by the eigenvalues of P dA P
    on its eigenspace (P the group's spectral projector, `_projector`): their sum by tr(P dA), a derivative. Where P dA P is that
    sum's share times P (always for a simple eigenvalue; for a repeated one where the change moves the
    eigenspace as a whole, or not at all) each member's slope is that share; else each is an atom of its own
    but the last's, which is the group's slope less the others': alone a member has no derivative there (its
    one-sided slopes differ), and a function that reads the members alike (a sum of f(lambda_i), log det, a
    logsumexp) meets those atoms only in their sum, so they cancel from its derivative exactly. The members'
    own slope atoms are marked kinked (`kinked`), and the run as one whose seed splits a group."""
    n = cells.shape[0]
    width = next((len(s.d) for s in cells.flat if s.d is not None), None)
    held = [[cells[i, j] if read[i, j] else cells[j, i] for j in range(n)] for i in range(n)]
    numbers = [_group_number(_group_value(name, keys, ball, signed), exact) for keys, ball, exact in groups]
    projectors = [_projector([[e.q for e in row] for row in held], number, numbers[:g] + numbers[g + 1 :])
                  for g, number in enumerate(numbers)]
    changes = [[[_slope_of(e, t) for e in row] for row in held] for t in range(width or 0)]
    split = {}  # a group -> its vectors along the one seed's own block (`_split_by_block`)
    for g, ((keys, ball, _), value, projector) in enumerate(zip(groups, numbers, projectors)):
        found = None
        if len(changes) == 1:
            try:
                found = _split_by_block((name, keys[0], signed), keys, projector, changes[0])
            except proof.NoProof:  # the block past a proof's limits: the members' atoms stand, as for many seeds
                found = None
        if found is not None:
            slopes, split[g] = [found[0]], found[1]
        else:
            slopes = [_member_slopes(name, keys, signed, projector, change) for change in changes]
        for m, k in enumerate(keys):
            out[k] = proof.Sym(ball, value, None if width is None else [slope[m] for slope in slopes])
    _eigenvectors(out, groups, numbers, projectors, changes, width)
    _group_vectors(out, (name, signed), groups, numbers, projectors, changes, width, split)


def _resolvent(g, numbers, projectors):
    """The reduced resolvent of group ``g``: the sum of P_h / (lambda_g - lambda_h) over the other groups h."""
    n = len(projectors[0])
    resolvent = [[proof.const(0)] * n for _ in range(n)]
    for h, other in enumerate(projectors):
        if h != g:
            scale = proof.inv(proof.sub(numbers[g], numbers[h]))
            resolvent = [[proof.add(resolvent[i][j], proof.mul(other[i][j], scale)) for j in range(n)] for i in range(n)]
    return resolvent


def _moved_along(resolvent, change, vector):
    """R dA v along one seed's ``change`` (None entries where it is unknown)."""
    n = len(vector)
    if any(e is None for row in change for e in row):
        return [None] * n
    # (a seed moves an entry or two: the products with the change's 0s are skipped, not multiplied out)
    moved = [_total(proof.mul(change[k][m], vector[m]) for m in range(n) if not proof.is_zero(change[k][m]))
             for k in range(n)]
    return [_total(proof.mul(resolvent[i][k], moved[k]) for k in range(n) if not proof.is_zero(moved[k]))
            for i in range(n)]


def _group_vectors(out, named, groups, numbers, projectors, changes, width, split):
    """eigh's eigenvectors of a repeated group (its columns of ``out``): no single one is a function of the matrix,
    but the space they span is, its projector P = V V^T. A group of a projector of rationals is B D C(K), a Cayley
    rotation of atoms from every orthonormal basis of its space near the point's (`_turned_group`); else each vector is P u, u's entries
    atoms whose balls are mpmath's numbers (an entry of a row P holds none of is the exact 0). Along a change dA the group's vectors move by R dA V (R the group's reduced resolvent, as a simple
    eigenvector's) plus a turn within the group, V W with W antisymmetric, whose entries are atoms marked kinked:
    the turn is what a change that splits the group decides, a jump. A loss of the projector (V V^T, tr(P B))
    meets W only as V (W + W^T) V^T, the exact 0, so its slope is the exact function dP = R dA P + P dA R of the
    matrix and a 0 of it is proven; a loss reading one vector holds W's atoms: no function of the matrix. A group
    ``split`` holds (its index -> vectors) is seen as the one seed splits it (`_split_by_block`)."""
    state = proof.state()
    n = len(projectors[0])
    for g, (keys, _, _) in enumerate(groups):
        if len(keys) == 1:
            continue
        columns = [k[-1] for k in keys]
        projector = projectors[g]
        balls = [[out[1 + i, column].b for i in range(n)] for column in columns]
        vectors = split[g] if g in split else _turned_group(projector, balls)
        if vectors is None:
            vectors = [_projected_unknowns(projector, (named, key), ball) for key, ball in zip(keys, balls)]
        resolvent = _resolvent(g, numbers, projectors)
        slopes = [[None] * len(columns) for _ in changes]
        for t, change in enumerate(changes):
            turns = {}
            for l in range(len(columns)):
                for m in range(l + 1, len(columns)):
                    turn = proof.atom(("group turn", named, keys[l], keys[m], t))
                    state.kinked.add(state.number(turn))
                    turns[l, m], turns[m, l] = turn, proof.neg(turn)
            for m in range(len(columns)):
                moved = _moved_along(resolvent, change, vectors[m])
                if moved[0] is None:
                    slopes[t][m] = [None] * n
                    continue
                slopes[t][m] = [_total([moved[i]] + [proof.mul(vectors[l][i], turns[l, m])
                                                     for l in range(len(columns)) if l != m]) for i in range(n)]
        for m, column in enumerate(columns):
            for i in range(n):
                out[1 + i, column] = proof.Sym(out[1 + i, column].b, vectors[m][i],
                                               None if width is None else [slopes[t][m][i] for t in range(width)])


def _projected_unknowns(projector, name, balls):
    """A vector of a repeated group as P u, u's entries atoms whose balls are the point's (``balls``): in the group's
    space, its entries 0 where P's rows are, its length and overlaps with the others unknown."""
    state = proof.state()
    unknown = []
    for i, ball in enumerate(balls):
        entry = proof.atom(("group vector", *name, i))
        state.defs[state.number(entry)] = ("ball", ball)
        unknown.append(entry)
    n = len(projector)
    return [_total(proof.mul(projector[i][k], unknown[k]) for k in range(n) if not proof.is_zero(projector[i][k]))
            for i in range(n)]


def _turned_group(projector, balls):
    """A repeated group's k vectors as B D C(K): B an orthonormal basis of the group's space (its projector's columns
    made orthogonal, `_exact_basis`, each over the square root of its length squared), D a diagonal of signs and
    C(K) = (I - K)(I + K)^-1 the Cayley rotation of an antisymmetric K of atoms whose balls the point's vectors give
    (for a pair, ((1 - k^2, -2k), (2k, 1 - k^2)) / (1 + k^2)): every orthonormal basis of the space near the point's
    is one of these, and v_i . v_j is the exact 0 or 1 whatever K is, so a loss that reads the group only as
    V g(w) V^T (tr(V diag(w^3) V^T)) meets their lengths and overlaps as the numbers they are. None where the
    projector has no such basis (computed entries) or ``balls`` (the point's vectors, columns of balls) do not
    tell D."""
    import flint  # lazy: python-flint, only where a proof runs

    state = proof.state()
    n, k = len(projector), len(balls)
    basis = _exact_basis(projector, k)
    if basis is None:
        return None
    squares = [_total(proof.mul(x, x) for x in b) for b in basis]
    lengths = [proof.run("sqrt", proof.Sym(proof.ball_of(state, square), square)).q for square in squares]
    exact = [[proof.div(x, length) for x in b] for b, length in zip(basis, lengths)]
    numeric = [[proof.ball_of(state, x) / proof.ball_of(state, square).sqrt() for x in b]
               for b, square in zip(basis, squares)]
    # Q = B^T U, the point's vectors in that basis; D Q = C(K), a rotation far from turning any vector around
    q = [[sum((numeric[r][i] * balls[c][i] for i in range(n)), flint.arb(0)) for c in range(k)] for r in range(k)]
    signs = [1 if q[r][r] > -0.5 else -1 for r in range(k)]
    determinant = flint.arb_mat([[signs[r] * q[r][c] for c in range(k)] for r in range(k)]).det()
    if not (determinant > 0 or determinant < 0):
        return None
    if determinant < 0:
        signs[-1] = -signs[-1]
    rotation = flint.arb_mat([[signs[r] * q[r][c] for c in range(k)] for r in range(k)])
    identity = flint.arb_mat([[int(r == c) for c in range(k)] for r in range(k)])
    if (identity + rotation).det().contains(0):
        return None
    turn = (identity - rotation) * (identity + rotation).inv()
    atoms = {(r, c): state.ball_atom(turn[r, c]) for r in range(k) for c in range(r + 1, k)}
    skew = [[proof.const(0) if r == c else atoms[r, c] if r < c else proof.neg(atoms[c, r]) for c in range(k)]
            for r in range(k)]
    plus = [[proof.add(proof.const(int(r == c)), skew[r][c]) for c in range(k)] for r in range(k)]
    minus = [[proof.sub(proof.const(int(r == c)), skew[r][c]) for c in range(k)] for r in range(k)]
    cayley = _product(minus, _inverse(plus))
    return [[_total(proof.mul(proof.mul(proof.const(signs[r]), exact[r][i]), cayley[r][m]) for r in range(k))
             for i in range(n)] for m in range(k)]


def _exact_basis(projector, k):
    """An orthogonal basis of the projector's space of dimension ``k``, each vector's entries polynomials (quotients
    over 1): rationals where the projector is a matrix of rationals (`_orthogonal_basis`), else the projector's
    columns made orthogonal in the field its entries lie in, rationals and the square roots the proof carries (the
    golden ratio's group of kron(I2, [[1, 1], [1, 0]]), whose projector holds sqrt 5). None where an entry keeps an
    unknown in its denominator once its roots are taken out (a computed entry's), or the space has another
    dimension."""
    state = proof.state()
    rational = _orthogonal_basis(projector, k)
    if rational is not None:
        return [[(state.ctx.constant(x), state.one) for x in b] for b in rational]
    n = len(projector)
    try:
        columns = [[_over_one(projector[i][j]) for i in range(n)] for j in range(n)]
        basis = []
        for column in columns:
            if any(x is None for x in column):
                return None
            for b in basis:
                scale = proof.div(_total(proof.mul(x, y) for x, y in zip(b, column)),
                                  _total(proof.mul(x, x) for x in b))
                column = [_over_one(proof.sub(x, proof.mul(scale, y))) for x, y in zip(column, b)]
                if any(x is None for x in column):
                    return None
            if not all(proof.is_zero(x) for x in column):
                basis.append(column)
    except (ArithmeticError, LookupError, ValueError, proof.NoProof):  # past a proof's limits
        return None
    return basis if len(basis) == k else None


def _over_one(q):
    """The quotient ``q`` as a polynomial over 1, its square roots taken out of its denominator
    (`arb_proof_quotients.rationalized`) and its squares reduced; None where its denominator keeps an unknown."""
    state = proof.state()
    num, den = quotients.rationalized(q)
    if not den.is_constant():
        return None
    return (state.reduced(num * (1 / den.leading_coefficient())), state.one)


def _orthogonal_basis(projector, k):
    """The columns of the projector ``projector`` (rows of quotients) made orthogonal over the rationals, a basis of
    its space of dimension ``k``; None where an entry is no rational constant or the space has another dimension."""
    n = len(projector)
    rationals = [[_rational_quotient(q) for q in row] for row in projector]
    if any(r is None for row in rationals for r in row):
        return None
    basis = []
    for j in range(n):
        column = [rationals[i][j] for i in range(n)]
        for b in basis:
            scale = sum(x * y for x, y in zip(b, column)) / sum(x * x for x in b)
            column = [x - scale * y for x, y in zip(column, b)]
        if any(x != 0 for x in column):
            basis.append(column)
    return basis if len(basis) == k else None


def _rational_quotient(q):
    """The exact rational the quotient ``q`` is, where it is a constant once its parts' gcd cancels (a projector's
    (lambda - 1) / (lambda - 1) of a group at a computed value lambda) and its square roots leave its denominator
    (`arb_proof_quotients.rationalized`: a rational group's projector beside a surd pair); else None."""
    import flint  # lazy: python-flint, only where a proof runs

    if q[0].is_zero():
        return flint.fmpq(0)
    if not (q[0].is_constant() and q[1].is_constant()):
        q = quotients.rationalized(q)
    if not (q[0].is_constant() and q[1].is_constant()):
        return None
    return q[0].leading_coefficient() / q[1].leading_coefficient()


def _split_by_block(named, keys, projector, change):
    """A repeated pair as the one seed's change ``change`` splits it: ``([each member's slope], [each member's
    vector])``, or None where the change moves the pair as a whole (`_member_slopes` gives its share then), where the
    pair's space or the change is no matrix of rationals, or the group is no pair.

    Along t dA the pair's members leave their value by the eigenvalues mu_- < mu_+ of the change's own block P dA P on
    the pair's space, and their vectors, from t > 0, are that block's eigenvectors; from t < 0 the two trade places. A
    sign atom ``side`` (side^2 = 1, no ball: either side) writes both at once: the first member's slope is
    m - side r and its vector the block's eigenvector of that eigenvalue (m the mean, r the half gap). So sum mu_i v_i
    v_i^T is the block itself, on either side, and a loss that reads the pair as V g(w) V^T moves by g'(lambda) P dA P
    as the matrix function does (Daleckii and Krein's derivative within the pair), its 0 a proof; a loss reading one
    member or one vector holds ``side`` (or the turn atoms of `_group_vectors`): its two sides are not proven alike."""
    import flint  # lazy: python-flint, only where a proof runs

    k = len(keys)
    if any(e is None for row in change for e in row):
        return None
    basis = _orthogonal_basis(projector, k)
    moves = [[_rational_quotient(e) for e in row] for row in change]
    if basis is None or any(r is None for row in moves for r in row):
        return _split_in_field(named, projector, change) if k == 2 else None
    n = len(projector)
    squares = [sum(x * x for x in b) for b in basis]
    block = [[sum((bp[i] * moves[i][j] * bq[j] for i in range(n) for j in range(n)), flint.fmpq(0)) for bq in basis]
             for bp in basis]
    # in the basis's coordinates the block is T = G^-1 M, G the squares; a multiple of I moves the group as a whole
    t = [[block[p][q] / squares[p] for q in range(k)] for p in range(k)]
    if all(t[p][q] == (t[0][0] if p == q else 0) for p in range(k) for q in range(k)):
        return None
    found = _split_by_rational_block(named, basis, squares, t)
    if found is not None or k != 2:
        return found
    state = proof.state()
    rational = lambda r: (state.ctx.constant(r), state.one)  # noqa: E731
    return _split_pair(named, [[rational(x) for x in b] for b in basis], [rational(g) for g in squares],
                       [[rational(x) for x in row] for row in t])


def _split_in_field(named, projector, change):
    """`_split_by_block` for a pair whose space holds square roots (a surd group's, `_exact_basis`): the block in the
    basis's coordinates as exact numbers of that field, split by `_split_pair`; None where it moves the pair as a
    whole or a number keeps an unknown in its denominator."""
    basis = _exact_basis(projector, 2)
    if basis is None:
        return None
    n = len(projector)
    try:
        squares = [_over_one(_total(proof.mul(x, x) for x in b)) for b in basis]
        moved = [[_total(proof.mul(change[i][j], bq[j]) for j in range(n) if not proof.is_zero(change[i][j]))
                  for i in range(n)] for bq in basis]
        t = [[_over_one(proof.div(_total(proof.mul(bp[i], moved[q][i]) for i in range(n)), squares[p]))
              for q in range(2)] for p, bp in enumerate(basis)]
        if any(x is None for row in t for x in row) or any(g is None for g in squares):
            return None
        if proof.is_zero(t[0][1]) and proof.is_zero(t[1][0]) and proof.is_zero(proof.sub(t[0][0], t[1][1])):
            return None
        return _split_pair(named, basis, squares, t)
    except (ArithmeticError, LookupError, ValueError, proof.NoProof):  # past a proof's limits: the atoms stand
        return None


def _split_pair(named, basis, squares, t):
    """A pair split by its block T = ((a, b), (c, d)) in ``basis``'s coordinates (vectors of exact numbers, their
    lengths squared ``squares``), whose eigenvalues are m +- r, r a square root (`_split_by_block`)."""
    import flint  # lazy: python-flint, only where a proof runs

    (a, b), (c, d) = t
    n = len(basis[0])
    state = proof.state()
    half = (state.ctx.constant(flint.fmpq(1, 2)), state.one)
    gap = proof.sub(a, d)
    half_gap_squared = _over_one(proof.add(proof.mul(proof.mul(gap, gap), proof.mul(half, half)), proof.mul(b, c)))
    if half_gap_squared is None:
        return None
    root = proof.run("sqrt", proof.Sym(proof.ball_of(state, half_gap_squared), half_gap_squared)).q
    # (no ball: a number that holds it is no number at the point, only its two sides are; `_nonzero` reads each)
    side = state.atom(("pair's side", named), square=lambda number: state.one)
    state.sides.add(state.number(side))
    slopes, vectors = [], []
    for sign in (-1, 1):
        mu = proof.add(proof.mul(half, proof.add(a, d)), proof.mul(proof.const(sign), proof.mul(side, root)))
        # an eigenvector of ((a, b), (c, d)): (b, mu - a) where b is not 0, else (mu - d, mu - a)
        y = [b, proof.sub(mu, a)] if not proof.is_zero(b) else [proof.sub(mu, d), proof.sub(mu, a)]
        u = [_total(proof.mul(y[p], basis[p][i]) for p in range(2)) for i in range(n)]
        length = _over_one(_total(proof.mul(proof.mul(y[p], y[p]), squares[p]) for p in range(2)))
        if length is None:
            return None
        length = length[0]
        number = state.number(side)  # 1 / |u| as |u| (|u|^2 with side turned) / (|u|^2 |u|^2 with side turned)
        turned = state.ctx.from_dict({m: -x if m[number] % 2 else x for m, x in length.to_dict().items()})
        product = state.reduced(length * turned)  # free of side; a rational, or a number of the basis's field
        if product.degrees()[number] or product.is_zero():
            return None
        norm = state.atom(("pair's vector length", named, sign), square=lambda number, length=length: length)
        sides = [length.subs({str(state.gens[number]): flint.fmpq(s)}) for s in (1, -1)]
        state.defs[state.number(norm)] = ("ball", proof.ball_of(state, (sides[0], state.one)).sqrt().union(
            proof.ball_of(state, (sides[1], state.one)).sqrt()))  # |u| on either side
        scale = proof.div(proof.mul(norm, (turned, state.one)), (product, state.one))
        slopes.append(mu)
        vectors.append([proof.mul(e, scale) for e in u])
    _split_runs.add(state)
    return slopes, vectors


def _split_by_rational_block(named, basis, squares, t):
    """`_split_by_block` where the block T (in ``basis``'s coordinates, G the ``squares``) has rational eigenvalues
    mu_0 <= ... <= mu_(k-1), each eigenspace's vectors G-orthogonal (T is G-self-adjoint): member m's slope is
    h+ mu_m + h- mu_(k-1-m) and its vector h+ v_m + h- v_(k-1-m), h+- = (1 +- side) / 2, side^2 = 1 (t < 0 reverses
    the order), so h+ h- = 0 and sum mu_m v_m v_m^T is the block on either side; None where a root is irrational."""
    import flint  # lazy: python-flint, only where a proof runs

    k = len(t)
    roots = []
    for factor, power in flint.fmpq_mat(t).charpoly().factor()[1]:
        if factor.degree() != 1:
            return None
        roots.append((-factor[0] / factor[1], power))
    state = proof.state()
    rational = lambda r: (state.ctx.constant(r), state.one)  # noqa: E731
    members = []  # (mu, its vector in R^n), mu ascending
    for mu, power in sorted(roots):
        shifted = flint.fmpq_mat([[t[p][q] - (mu if p == q else 0) for q in range(k)] for p in range(k)])
        space = _null_space(shifted)
        if len(space) != power:
            return None  # (no basis of eigenvectors: T is G-self-adjoint, so never)
        found = []
        for y in space:  # G-orthogonal within the eigenspace
            for z in found:
                scale = sum(a * b * g for a, b, g in zip(y, z, squares)) / sum(b * b * g for b, g in zip(z, squares))
                y = [a - scale * b for a, b in zip(y, z)]
            found.append(y)
        for y in found:
            length = sum(a * a * g for a, g in zip(y, squares))
            root = proof.run("sqrt", proof.Sym(flint.arb(length), rational(length))).q
            members.append((mu, [proof.div(rational(sum(y[p] * basis[p][i] for p in range(k))), root)
                                 for i in range(len(basis[0]))]))
    side = state.atom(("pair's side", named), square=lambda number: state.one)
    state.sides.add(state.number(side))
    up, down = (proof.mul(rational(flint.fmpq(1, 2)), proof.add(proof.const(1), proof.mul(proof.const(s), side)))
                for s in (1, -1))
    slopes = [proof.add(proof.mul(up, rational(members[m][0])), proof.mul(down, rational(members[k - 1 - m][0])))
              for m in range(k)]
    vectors = [[proof.add(proof.mul(up, a), proof.mul(down, b)) for a, b in zip(members[m][1], members[k - 1 - m][1])]
               for m in range(k)]
    _split_runs.add(state)
    return slopes, vectors


def _null_space(matrix):
    """A basis of the null space of the rational matrix ``matrix`` (flint's fmpq_mat), from its reduced row form."""
    import flint  # lazy: python-flint, only where a proof runs

    reduced, rank = matrix.rref()
    k = matrix.ncols()
    pivots = []
    for r in range(rank):
        pivots.append(next(c for c in range(k) if reduced[r, c] != 0))
    out = []
    for free in (c for c in range(k) if c not in pivots):
        y = [flint.fmpq(0)] * k
        y[free] = flint.fmpq(1)
        for r, c in enumerate(pivots):
            y[c] = -reduced[r, free]
        out.append(y)
    return out


def _inverse(rows):
    """The inverse of I + K (rows of quotients, K antisymmetric) by Gauss and Jordan without pivoting: each leading
    block of I + K is I + an antisymmetric block, whose determinant is 1 plus squares, never 0."""
    k = len(rows)
    work = [list(row) + [proof.const(int(r == c)) for c in range(k)] for r, row in enumerate(rows)]
    for c in range(k):
        pivot = proof.inv(work[c][c])
        work[c] = [proof.mul(e, pivot) for e in work[c]]
        for r in range(k):
            if r != c and not proof.is_zero(work[r][c]):
                factor = work[r][c]
                work[r] = [proof.sub(e, proof.mul(factor, p)) for e, p in zip(work[r], work[c])]
    return [row[k:] for row in work]


def _eigenvectors(out, groups, numbers, projectors, changes, width):
    """eigh's eigenvectors (the rows below the eigenvalues in ``out``) of its simple eigenvalues, as exact
    functions of the matrix, a repeated group's beside them too: v = s P e_r / sqrt(P_rr), P the eigenvalue's projector, r the entry where the
    point's vector is largest and s its sign there (the sign NumPy picks), and dv = R dA v, R the reduced
    resolvent, the sum of P_h / (lambda - lambda_h) over the other eigenvalues. So a slope of the vector that
    is 0 by the matrix's symmetry ([[a, b], [b, a]]'s top vector (1, 1) / sqrt 2, its square's slope in b) is
    proven, where atoms leave it unknown. A repeated group's own vectors stay unknown: only the space they span
    (their projector) is a function of the matrix, no single vector of it is (a loss reading one jumps as the
    matrix turns them)."""
    state = proof.state()
    n = len(projectors[0])
    for g, ((keys, _, _), projector) in enumerate(zip(groups, projectors)):
        if len(keys) > 1:
            continue
        column = keys[0][-1]
        balls = [out[1 + i, column].b for i in range(n)]
        r = max(range(n), key=lambda i: abs(float(balls[i].mid())))
        if not (balls[r] > 0 or balls[r] < 0):
            continue  # no sign to follow: the atoms stand
        sign = proof.const(1 if balls[r] > 0 else -1)
        ball = proof.ball_of(state, projector[r][r])
        root = proof.run("sqrt", proof.Sym(ball, projector[r][r]))
        vector = [proof.div(proof.mul(sign, projector[i][r]), root.q) for i in range(n)]
        resolvent = _resolvent(g, numbers, projectors)
        slopes = [_moved_along(resolvent, change, vector) for change in changes]
        for i in range(n):
            out[1 + i, column] = proof.Sym(balls[i], vector[i], None if width is None else [s[i] for s in slopes])


def _group_value(name, keys, ball, signed):
    """A group's shared value as an atom whose ball is its proven root's (`_group_number` carries the root
    exactly where it can), its run marked as one that met a kink where the group repeats."""
    state = proof.state()
    value = proof.atom(("decomposition", name, keys[0], signed))
    state.defs[state.number(value)] = ("ball", ball)
    if len(keys) > 1:
        _group_values.setdefault(state, set()).add(state.number(value))
        _met_kinks.add(state)
    return value


def _singular_values_by_groups(out, name, cells, read, groups, signed):
    """The singular values' entries of ``out`` (`decomposition`'s) from their groups (`_singular_value_groups`),
    each group one value (an atom whose ball is the root's square root) and slopes that are exact functions of
    the matrix where it has them.

    A positive group's members are the square roots of a group of the Gram matrix's eigenvalues (G = A^T A or
    A A^T), so their slopes are those `_spectrum_by_groups` gives G's, along dG = dA^T A + A^T dA (or its
    mirror), divided by 2 sigma. A group of zeros moves, to first order, by the singular values of U0^H dA V0
    (U0, V0 the null spaces of A^H and of A): where that is 0 each member's slope is 0 (a change that keeps the
    matrix's rank, [[1, t], [0, 0]]), else each has one-sided slopes of its own, the tip of a cone (|t| of
    [[1, 0], [0, t]]): an atom each, marked kinked, as are a repeated group's own slope atoms. A zero's value
    is the exact 0 (sigma^2 at the tip is flat: the Frobenius norm's square through the singular values)."""
    import flint  # lazy: python-flint, only where a proof runs

    state = proof.state()
    m, n = cells.shape
    width = next((len(s.d) for s in cells.flat if s.d is not None), None)
    tall = n <= m
    matrix = [[e.q for e in row] for row in cells]
    values, numbers = [], []  # each group's value, and its square as a number of the Gram matrix
    for keys, ball, rational in groups:
        if rational == 0:  # exactly 0: a cone's tip, read through its slopes' atoms alone
            _met_kinks.add(state)
            values.append(proof.const(0))
            numbers.append(proof.const(0))
            continue
        value = _group_value(name, keys, ball, signed)
        square = _group_number(value, rational)
        if rational is not None and len(keys) == 1:  # the square root of its exact square: sqrt(9) is 3, not an atom
            value = proof.run("sqrt", proof.Sym(ball * ball, square)).q
        values.append(value)
        numbers.append(proof.mul(value, value) if rational is None else square)
    gram = _product(_transposed(matrix), matrix) if tall else _product(matrix, _transposed(matrix))
    changes = [[[_slope_of(e, t) for e in row] for row in cells] for t in range(width or 0)]
    for g, ((keys, ball, rational), value) in enumerate(zip(groups, values)):
        if rational == 0:  # (a zero group only where every entry is a rational: `_singular_value_groups`)
            rationals = flint.fmpq_mat([[_rational(e) for e in row] for row in cells])
            left, right = _null_projector(rationals.transpose()), _null_projector(rationals)
            slopes = [_zero_slopes(name, keys, signed, left, right, change) for change in changes]
        else:
            projector = _projector(gram, numbers[g], numbers[:g] + numbers[g + 1 :])
            twice = proof.mul(proof.const(2), value)
            slopes = []
            for change in changes:
                moved = _gram_change(matrix, change, tall)
                squares = _member_slopes(name, keys, signed, projector, moved)
                slopes.append([None if q is None else proof.div(q, twice) for q in squares])
        for i, k in enumerate(keys):
            out[k] = proof.Sym(ball, value, None if width is None else [slope[i] for slope in slopes])


def _gram_change(matrix, change, tall):
    """The Gram matrix's change along a seed: dA^T A + A^T dA (``tall``), else dA A^T + A dA^T; None where unknown."""
    if any(e is None for row in change for e in row):
        size = len(matrix[0]) if tall else len(matrix)
        return [[None] * size for _ in range(size)]
    if tall:
        half = _product(_transposed(change), matrix)
    else:
        half = _product(change, _transposed(matrix))
    mirror = _transposed(half)
    return [[proof.add(x, y) for x, y in zip(row, other)] for row, other in zip(half, mirror)]


def _zero_slopes(name, keys, signed, left, right, change):
    """The slopes of a group of zero singular values along one seed (`_singular_values_by_groups`)."""
    if any(e is None for row in change for e in row):
        _split_runs.add(proof.state())
        return [None] * len(keys)
    moved = _product(_product(left, change), right)
    if all(proof.is_zero(e) for row in moved for e in row):
        return [proof.const(0)] * len(keys)
    state = proof.state()
    _split_runs.add(state)
    number = len(state.atoms)  # a name for this seed's atoms: the seeds of one run are met in order
    atoms = [proof.atom(("slope", name, k, signed, "seed", number)) for k in keys]
    state.kinked.update(state.number(a) for a in atoms)
    return atoms


def _null_projector(a):
    """The orthogonal projector onto the null space of the rational matrix ``a`` (flint's), as rows of
    constant quotients: X (X^T X)^-1 X^T over a basis X read off its reduced row echelon form."""
    import flint  # lazy: python-flint, only where a proof runs

    reduced, rank = a.rref()
    n = a.ncols()
    pivots = [next(j for j in range(n) if reduced[i, j] != 0) for i in range(rank)]
    free = [j for j in range(n) if j not in pivots]
    state = proof.state()
    if not free:
        return [[(state.ctx.constant(0), state.one)] * n for _ in range(n)]
    basis = flint.fmpq_mat(n, len(free))
    for c, f in enumerate(free):
        basis[f, c] = 1
        for i, p in enumerate(pivots):
            basis[p, c] = -reduced[i, f]
    projector = basis * (basis.transpose() * basis).inv() * basis.transpose()
    return [[(state.ctx.constant(projector[i, j]), state.one) for j in range(n)] for i in range(n)]


def _transposed(rows):
    return [list(column) for column in zip(*rows)]


def _slope_of(cell, t):
    """A matrix entry's slope along seed ``t``: 0 for a constant, None where unknown."""
    return proof.const(0) if cell.d is None else cell.d[t]


def _member_slopes(name, keys, signed, projector, change):
    """The slopes of a group's members (keys) along one seed, whose change of the matrix is ``change`` (rows of
    quotients, None entries unknown): each the share of tr(P dA) where P dA P is that share times P, else atoms
    summing to it, marked kinked (`_spectrum_by_groups`)."""
    if any(e is None for row in change for e in row):
        if len(keys) > 1:
            _split_runs.add(proof.state())
        return [None] * len(keys)
    n, size = len(projector), len(keys)
    total = _total(proof.mul(projector[i][j], change[j][i]) for i in range(n) for j in range(n))  # tr(P dA)
    if size == 1:
        return [total]
    moved = _product(_product(projector, change), projector)
    share = proof.div(total, proof.const(size))
    if all(proof.is_zero(proof.sub(moved[i][j], proof.mul(share, projector[i][j]))) for i in range(n) for j in range(n)):
        return [share] * size
    state = proof.state()
    _split_runs.add(state)
    number = len(state.atoms)  # a name for this seed's atoms: the seeds of one run are met in order
    atoms = [proof.atom(("slope", name, k, signed, "seed", number)) for k in keys[:-1]]
    state.kinked.update(state.number(a) for a in atoms)
    return [*atoms, proof.sub(total, _total(atoms))]


def _product(a, b):
    """The product of two matrices given as rows of quotients."""
    return [[_total(proof.mul(a[i][m], b[m][j]) for m in range(len(b))) for j in range(len(b[0]))] for i in range(len(a))]


def _projector(full, value, others):
    """The spectral projector of the eigenvalue ``value`` of the symmetric matrix ``full`` (rows of quotients)
    whose other eigenvalues are ``others``: the product of (A - c I) / (value - c) over them (the identity
    where there are none)."""
    n = len(full)
    out = [[proof.const(int(i == j)) for j in range(n)] for i in range(n)]
    for c in others:
        scale = proof.inv(proof.sub(value, c))
        factor = [[proof.mul(proof.sub(full[i][j], c) if i == j else full[i][j], scale) for j in range(n)]
                  for i in range(n)]
        out = _product(out, factor)
    return out


def _total(quotients):
    out = proof.const(0)
    for q in quotients:
        out = proof.add(out, q)
    return out


def _one_cluster(balls, kinked, mask, signs):
    """The repeated eigenvalues, where they are one cluster (every two overlap) and the others are apart: each then
    an atom of its own marked kinked (`kinked`), the cluster's last written as the trace less the others
    (`_spectrum_as_trace`), so the cluster's sum is the function of the matrix it is (the trace less the simple
    eigenvalues) while each one alone stays no function (nor does an eigenvector: unknown). Else empty."""
    if signs != "similar" or not kinked.any():
        return []
    cluster = [k for k in np.ndindex(balls.shape) if kinked[k] and mask[k]]
    if any(not balls[j].overlaps(balls[k]) for j in cluster for k in cluster):
        return []
    return cluster


def kinked(out):
    """Whether the proof number ``out`` (a program's value, seeded along one coordinate or none) sits at a kink of a
    spectrum along that seed: its value holds an atom of a repeated eigenvalue not grouped (`_one_cluster`), or a
    function of one (one of a degenerate pair is no function of the matrix, though the cluster's sum is); or the
    run met eigenvalues or singular values proven equal, or a singular value proven 0 (`_spectrum_by_groups`,
    `_singular_values_by_groups`), and its seed splits such a group or moves the value off 0 (`_split_runs`: the
    gap 2|e| of a pair d +- e, whose value is the exact 0 with no atom left to show the kink; the nuclear norm's
    |t| at [[1, 0], [0, t]]). A seed that moves no matrix of a group, or moves the group as a whole, is no kink
    of the group's: a 0 along another input of the same program is proven as it would be without the
    decomposition. A run without a seed cannot tell: kinked."""
    state = proof.state()
    if out.q is None or _holds_kinked(out.q, state):
        return True
    return state in _met_kinks and (not out.d or state in _split_runs)


def _holds_kinked(q, state):
    """Whether the quotient ``q`` holds an atom marked kinked (`arb_proof_quotients.state`'s ``kinked``), or a
    function of one (log of one of a pair), other than a repeated group's shared value (`_group_values`)."""
    if not state.kinked:
        return False
    grouped = _group_values.get(state, ())
    seen, polys = set(), list(q)
    while polys:  # through the atoms q holds and the arguments of the functions they are (log of one of the pair)
        for n, degree in enumerate(polys.pop().degrees()):
            if degree <= 0 or n in seen or n in grouped:
                continue
            if n in state.kinked:
                return True
            seen.add(n)
            _, arguments = state.defs.get(n, (None, ()))
            if isinstance(arguments, (tuple, list)):  # (a group's value is defined by its ball: nothing inside)
                polys.extend(p for a in arguments if isinstance(a, tuple) for p in a)
    return False


def _spectrum_as_trace(out, cells, mask, signs, width, last=None):
    """The last entry of a square matrix's spectrum written as its trace less the others, where their sum is
    the trace: always for eigenvalues ("similar"), and for singular values ("equivalent") of a matrix proven
    symmetric and definite (their sum is then |trace|). Its value and slopes then follow from the others',
    so the nuclear norm of a positive definite matrix is its trace, with slope 0 off the diagonal (a proof),
    where atoms alone leave sum(slopes) an unknown. Nothing changes where the sum is not the trace."""
    spectrum = [k for k in np.ndindex(out.shape) if mask[k]]
    n = cells.shape[0]
    if cells.shape != (n, n) or len(spectrum) != n:
        return
    sign = 1 if signs == "similar" else _definite(cells)
    if sign is None:
        return
    last = spectrum[-1] if last is None else last
    others = [k for k in spectrum if k != last]
    value = proof.const(0)
    for i in range(n):
        value = proof.add(value, cells[i, i].q)
    value = value if sign > 0 else proof.neg(value)
    for k in others:
        value = proof.sub(value, out[k].q)
    slopes = None
    if width is not None:
        slopes = []
        for t in range(width):
            diagonal = [cells[i, i].d[t] if cells[i, i].d is not None else proof.const(0) for i in range(n)]
            parts = [out[k].d[t] for k in others]
            if any(p is None for p in diagonal + parts):
                slopes.append(None)
                continue
            slope = proof.const(0)
            for p in diagonal:
                slope = proof.add(slope, p)
            slope = slope if sign > 0 else proof.neg(slope)
            for p in parts:
                slope = proof.sub(slope, p)
            slopes.append(slope)
    out[last] = proof.Sym(out[last].b, value, slopes)


def _definite(cells):
    """1 for a matrix proven symmetric (its mirrored entries the same exact number) and positive definite
    (each pivot of elimination without row swaps proven > 0 on balls), -1 for negative definite, else None."""
    n = cells.shape[0]
    if any(not proof.is_zero(proof.sub(cells[i, j].q, cells[j, i].q)) for i in range(n) for j in range(i)):
        return None
    rows = [[cells[i, j].b for j in range(n)] for i in range(n)]
    signs = set()
    for c in range(n):
        pivot = rows[c][c]
        if not (pivot > 0 or pivot < 0):  # an overlap of 0, or 0 itself: not proven definite
            return None
        signs.add(1 if pivot > 0 else -1)
        for r in range(c + 1, n):
            factor = rows[r][c] / pivot
            rows[r] = [x - factor * y for x, y in zip(rows[r], rows[c])]
    return signs.pop() if len(signs) == 1 else None


def _kinks(balls, mask, signs):
    """The outputs at a kink of the matrix function: a spectrum entry not proven apart from another (or, for
    singular values, from 0), and every vector entry once one is (its vectors are then no function at all)."""
    spectrum = [(k, balls[k]) for k in np.ndindex(balls.shape) if mask[k]]
    kinked = np.zeros(balls.shape, dtype=bool)
    for k, v in spectrum:
        kinked[k] = any(v.overlaps(w) for j, w in spectrum if j != k) or (signs == "equivalent" and v.contains(0))
    if kinked.any():
        kinked[~mask] = True
    return kinked


def _answer(answer, cells, mids=None):
    """``(numbers, spread)``: mpmath's answer at twice the balls' precision, and the relative width (half its
    digits, and the entries' own radii) a ball about each number takes (`_balls_about`). ``mids``: a function of
    the precision giving the matrix of mpmath numbers to answer (with the largest radius of its entries), in place
    of the midpoints of ``cells``' balls (a complex matrix's, `_complex_mids`)."""
    import flint  # lazy: python-flint, only where a proof runs
    import mpmath  # lazy: only a proof through a decomposition asks for mpmath's solver

    prec = max(2 * flint.ctx.prec, 256)
    radius = max(float(s.b.rad()) for s in cells.flat)
    with mpmath.workprec(prec):
        if mids is None:
            mids = np.frompyfunc(lambda s: mpmath.mpf(tuple(map(int, s.b.mid().man_exp()))), 1, 1)(cells)
        else:
            mids, radius = mids()
        numbers = np.asarray(answer(mids.astype(object)), dtype=object)
    if any(not isinstance(v, (mpmath.mpf, mpmath.mpc)) or not mpmath.isfinite(v) for v in numbers.flat):
        raise proof.NoProof("a decomposition without a finite answer")
    return numbers, (radius + 2.0 ** (-prec // 2)) * 1024


def _complex_mids(matrix):
    """`_answer`'s ``mids`` of a matrix of `ExactComplex` numbers of `Sym` parts (`hermitian_eigenvalues`)."""
    import mpmath  # lazy: only a proof through a decomposition asks for mpmath's solver

    def mid(s):
        return mpmath.mpf(tuple(map(int, s.b.mid().man_exp())))

    def made():
        parts = [p for row in matrix for z in row for p in (z.re, z.im) if type(p) is proof.Sym]
        out = np.empty((len(matrix), len(matrix)), dtype=object)
        for i, row in enumerate(matrix):
            for j, z in enumerate(row):
                re, im = (mid(p) if type(p) is proof.Sym else mpmath.mpf(p) for p in (z.re, z.im))
                out[i, j] = mpmath.mpc(re, im) if im else re
        return out, max((float(p.b.rad()) for p in parts), default=0.0)

    return made


def _holds_complex(numbers):
    import mpmath  # lazy: only a proof through a decomposition asks for mpmath's solver

    return any(isinstance(v, mpmath.mpc) for v in numbers.flat)


def _balls_about(numbers, spread):
    """Balls about mpmath's real answer, each widened by ``spread`` times its size (`_answer`)."""
    import flint  # lazy: python-flint, only where a proof runs

    if _holds_complex(numbers):
        raise proof.NoProof("a decomposition without a real answer")
    return np.frompyfunc(lambda v: _ball_about(flint, v, spread * (1 + float(abs(v)))), 1, 1)(numbers)


def _complex_eigenvalues(name, cells, numbers, spread, mask):
    """A general matrix's eig with complex answers (a framework's eig is complex always) on proof numbers: its
    eigenvalues from the characteristic polynomial's roots where every entry is an exact rational, each a complex
    number of proof numbers (`arb_complex.ExactComplex`), its eigenvectors unknown.

    flint isolates each root: a real one has the imaginary part the exact 0 (a simple real eigenvalue of a real
    matrix stays real along every change), a non-real one comes with its conjugate, the two sharing one real part
    and one imaginary part, atoms whose balls are the root's. A root's slopes are atoms of their own but the last
    real root's (else the last pair's real part), written as the trace less the others, so that the sum of the
    eigenvalues is the trace with its slopes: the sum of their real parts has slope 0 off the diagonal, a proof,
    and the imaginary parts cancel exactly. A root of multiplicity m (a Jordan block's) is a group of m members
    sharing its value (`_repeated_root_members`): the group's sum is a function of the matrix, each member alone
    is not. An entry that is no rational constant: NoProof."""
    import flint  # lazy: python-flint, only where a proof runs
    import mpmath  # lazy: only a proof through a decomposition asks for mpmath's solver

    n = cells.shape[0]
    rationals = [[_rational(e) for e in row] for row in cells]
    spectrum = [k for k in np.ndindex(mask.shape) if mask[k]]
    if cells.shape != (n, n) or len(spectrum) != n or any(r is None for row in rationals for r in row):
        raise proof.NoProof(f"{name}'s complex eigenvalues of a matrix not of exact rational entries")
    roots = []  # (real part's ball, imaginary part's ball or None for a real root, multiplicity, factor)
    matrix = flint.fmpq_mat(rationals)
    characteristic = matrix.charpoly()
    factors = characteristic.factor()[1]
    for f, (factor, power) in enumerate(factors):
        if factor.degree() == 1:
            roots.append((flint.arb(-factor[0] / factor[1]), None, power, f))
            continue
        for z, _ in factor.complex_roots():  # a real root's imaginary part the exact 0; a pair once, as r + i s, s > 0
            if not (z.imag.is_zero() or z.imag > 0 or z.imag < 0):
                raise proof.NoProof(f"a root of {name}'s characteristic polynomial not told real or not")
            if not z.imag < 0:
                roots.append((z.real, None if z.imag.is_zero() else z.imag, power, f))
    matched = _matched_roots([complex(numbers[k]) for k in spectrum], [root[:3] for root in roots])
    width = next((len(s.d) for s in cells.flat if s.d is not None), None)
    signed, row_sign, col_sign = _canonical_signs(cells, np.ones(cells.shape, dtype=bool), "similar")
    movers = [(i, j, s) for (i, j), s in np.ndenumerate(cells) if s.d is not None]

    def slopes(key, kinked=False):  # a tangent of atoms, one along each entry that moves (``kinked``: so marked)
        if width is None:
            return None
        atoms = [proof.atom(("slope", name, key, (i, j), signed)) for i, j, _ in movers]
        if kinked:
            state = proof.state()
            state.kinked.update(state.number(a) for a in atoms)
        signed_atoms = [proof.mul(proof.const(row_sign[i] * col_sign[j]), a) for (i, j, _), a in zip(movers, atoms)]
        return proof.tangent(signed_atoms, [s for _, _, s in movers]) or [proof.const(0)] * width

    def pair(r):  # 2 for a non-real root, whose conjugate's real part is its own
        return 1 if roots[r][1] is None else 2

    parts = {}  # root -> [real part, imaginary part or None]: its value, and the slopes of its group's sum
    ordered = list(dict.fromkeys(r for r, _ in matched))
    derived = {[r for r in ordered if roots[r][3] == f][-1] for f in range(len(factors))}  # each factor's last
    for r in ordered:
        re, im, power, _ = roots[r]
        keys = [(spectrum[0], r, "re")] * power  # a repeated root's value is its group's: no kink in itself
        parts[r] = [proof.Sym(re, _group_value(name, keys, re, signed), None if r in derived else slopes(keys[0]))]
        if im is not None:
            keys = [(spectrum[0], r, "im")] * power
            parts[r].append(proof.Sym(im, _group_value(name, keys, im, signed), slopes(keys[0])))
        else:
            parts[r].append(None)
    if width is not None:  # each factor's roots' real parts move by tr(P dA) together, P the factor's projector
        for f, (factor, power) in enumerate(factors):
            total = _factor_slopes(_factor_projector(matrix, characteristic, factor ** power), cells, width)
            own = [r for r in parts if roots[r][3] == f]
            for r in own[:-1]:
                total = [None if t is None or d is None else proof.sub(t, proof.mul(proof.const(pair(r)), d))
                         for t, d in zip(total, parts[r][0].d)]
            r = own[-1]
            parts[r][0] = proof.Sym(parts[r][0].b, parts[r][0].q,
                                    [None if t is None else proof.div(t, proof.const(pair(r))) for t in total])
    last = max(parts, key=lambda r: (parts[r][1] is None, r))
    # the trace is each root's real part times the eigenvalues it is
    others = [pair(r) * roots[r][2] for r in parts if r != last]
    trace = _total(cells[i, i].q for i in range(n))
    value = proof.div(_total([trace] + [proof.neg(proof.mul(proof.const(k), parts[r][0].q))
                                        for k, r in zip(others, [r for r in parts if r != last])]),
                      proof.const(pair(last) * roots[last][2]))
    parts[last][0] = proof.Sym(parts[last][0].b, value, parts[last][0].d)
    out = np.empty(numbers.shape, dtype=object)
    for k in np.ndindex(numbers.shape):  # a vector's entry: unknown, its parts' balls about mpmath's answer
        radius = spread * (1 + abs(complex(numbers[k])))
        unknown = None if width is None else [None] * width
        out[k] = ExactComplex(*(proof.Sym(_ball_about(flint, p, radius), None, unknown)
                                for p in (mpmath.re(numbers[k]), mpmath.im(numbers[k]))))
    members = {r: _repeated_root_members(r, roots[r][2], parts[r], slopes,
                                         _defective(matrix, *factors[roots[r][3]])) for r in parts}
    met = {}
    for k, (r, conjugate) in zip(spectrum, matched):
        i = met[r, conjugate] = met.get((r, conjugate), -1) + 1  # the group's members in turn, a conjugate's as its own
        re, im = members[r][i]
        out[k] = ExactComplex(re, 0 if im is None else _negated(im) if conjugate else im)
    if any(root[2] > 1 for root in roots):
        repeated.append(_equal_in_words("eigenvalues"))
        if movers:  # a change of the matrix may split the group (a Jordan block's by the square root of its size)
            _split_runs.add(proof.state())
    return out


def _factor_projector(matrix, characteristic, power):
    """The spectral projector onto the generalised eigenspace of the roots of ``power`` (a factor of the rational
    ``matrix``'s ``characteristic`` polynomial to its full multiplicity), as a rational matrix: with r the rest of
    the polynomial and s power + t r = 1 (Bezout's identity; the two share no root), P = t(A) r(A), which is the
    identity on that space and 0 on the others, defective or not."""
    rest = characteristic // power
    _, _, t = power.xgcd(rest)
    return _polynomial_at((t * rest) % characteristic, matrix)


def _polynomial_at(poly, matrix):
    """poly(A) for a rational polynomial and matrix (flint's), by Horner's rule."""
    n = matrix.nrows()
    out = matrix * 0
    for c in reversed(poly.coeffs()):
        out = out * matrix
        for i in range(n):
            out[i, i] += c
    return out


def _defective(matrix, factor, power):
    """Whether the roots of ``factor`` (an irreducible factor of the matrix's characteristic polynomial to the
    ``power`` it divides it) lack a full set of eigenvectors: factor(A)'s null space is smaller than the
    multiplicity's share of the space (a Jordan block's)."""
    return power > 1 and _polynomial_at(factor, matrix).rank() != matrix.nrows() - power * factor.degree()


def _factor_slopes(projector, cells, width):
    """tr(P dA) along each seed: the slope of the sum of the eigenvalues a projector's space holds."""
    state = proof.state()
    n = cells.shape[0]
    weights = [[(state.ctx.constant(projector[j, i]), state.one) for j in range(n)] for i in range(n)]
    out = []
    for t in range(width):
        change = [[_slope_of(cells[i, j], t) for j in range(n)] for i in range(n)]
        if any(e is None for row in change for e in row):
            out.append(None)
            continue
        out.append(_total(proof.mul(weights[i][j], change[i][j]) for i in range(n) for j in range(n)
                          if not proof.is_zero(change[i][j])))
    return out


def _repeated_root_members(r, power, parts, slopes, defective):
    """``[(real part, imaginary part or None), ...]``, the ``power`` eigenvalues a root of that multiplicity is
    (`_complex_eigenvalues`), from ``parts``, the root's parts whose slopes are the group's sums.

    One root alone is its own member. The members of a repeated one share its value, and along a change they split:
    no member has a derivative, their sum has. So each member's slope is an atom marked kinked but the last's, the
    group's sum less the others', and a sum over the group meets those atoms only to cancel them. A real root's
    imaginary parts are the exact 0 at the point and sum to 0 along every change (a real matrix's group is closed
    under conjugation). Where the group has eigenvectors for all its members the split is of the change's own size,
    so the chain rule through the members holds (a sum of their squares moves by 2 lambda times the sum's slope).
    A ``defective`` group (a Jordan block [[a, 1], [e, a]], a +- sqrt(e)) splits by a root of the change, whose
    square is of the change's size: the sum of squares moves by 2 lambda tr(dA) + 2 e, which no chain rule through
    the members sees. Each member's value there is the root plus a deviation of its own, an atom whose ball is the
    exact 0 (the last the others' negated sum), marked kinked: the members' sum holds none, a sum of their squares
    or their product holds deviations times the members' slopes, which leave its derivative unproven, as it is."""
    re, im = parts
    if power == 1:
        return [(re, im)]
    state = proof.state()
    width = None if re.d is None else len(re.d)
    zero = proof.Sym(re.b * 0, proof.const(0), None if width is None else [proof.const(0)] * width)

    def split(whole, part):  # the members' parts: atoms marked kinked, the last the whole's rest
        deviations = []
        if defective:
            for m in range(power - 1):
                deviation = proof.atom(("deviation", r, part, m, id(state)))
                state.defs[state.number(deviation)] = ("ball", whole.b * 0)
                state.kinked.add(state.number(deviation))
                deviations.append(deviation)
            deviations.append(proof.neg(_total(deviations)))
        members = []
        for m in range(power - 1):
            value = proof.add(whole.q, deviations[m]) if defective else whole.q
            members.append(proof.Sym(whole.b, value, slopes((r, part, "member", m), kinked=True)))
        rest = None if width is None else [
            None if whole.d[t] is None or any(a.d[t] is None for a in members)
            else proof.sub(whole.d[t], _total(a.d[t] for a in members)) for t in range(width)]
        value = proof.add(whole.q, deviations[-1]) if defective else whole.q
        return members + [proof.Sym(whole.b, value, rest)]

    res = split(re, "re")
    ims = split(zero if im is None else im, "im")
    return list(zip(res, ims))


def _matched_roots(values, roots):
    """For each of the answer's eigenvalues ``values`` (complex floats), ``(root, conjugate)``: the proven root it
    is (an index of ``roots``, `_complex_eigenvalues`), or that root's conjugate; each real root met as often as its
    multiplicity and each non-real one as often as itself and as often conjugated, each value far nearer its root
    than any other, else NoProof."""
    candidates, counts = [], {}
    for r, (re, im, power) in enumerate(roots):
        centre = complex(float(re.mid()), 0.0 if im is None else float(im.mid()))
        candidates.append((r, False, centre))
        counts[r, False] = power
        if im is not None:
            candidates.append((r, True, centre.conjugate()))
            counts[r, True] = power
    out = []
    for v in values:
        ranked = sorted(candidates, key=lambda c: abs(v - c[2]))
        if len(ranked) > 1 and not abs(v - ranked[0][2]) * 4 < abs(v - ranked[1][2]):
            raise proof.NoProof("an eigenvalue not told apart from another")
        out.append(ranked[0][:2])
    if any(out.count(c) != power for c, power in counts.items()) or len(out) != sum(counts.values()):
        raise proof.NoProof("eigenvalues that are not the characteristic polynomial's roots one by one")
    return out


def _negated(part):
    return proof.Sym(-part.b, proof.neg(part.q), None if part.d is None else [None if t is None else proof.neg(t) for t in part.d])


def _ball_about(flint, v, radius):
    sign, man, exp, _ = v._mpf_  # (mpf.man_exp drops the sign: -1/sqrt 2 would be a ball about +1/sqrt 2)
    return flint.arb(-int(man) if sign else int(man)) * flint.arb(2) ** int(exp) + flint.arb(0, radius)


def _canonical_signs(cells, read, signs):
    """``(names, row signs, column signs)``: the read entries' names after flipping the signs of rows (and,
    "similar", the same columns; "equivalent", columns of their own) so that the first entry not 0 of each
    (below the diagonal, "similar") is written positive: matrices with one such name have one spectrum."""
    n, m = cells.shape
    rows, cols = [1] * n, [1] * m

    def entry(i, j):
        held = cells[i, j] if read[i, j] else cells[j, i]  # "similar" with one triangle read: its mirror
        return held.q if rows[i] * cols[j] > 0 else proof.neg(held.q)

    def flip_if_negative(line, flip):
        lead = next((q for q in line if not q[0].is_zero()), None)
        if lead is not None and proof.negative(lead):
            flip()

    if signs == "similar":
        for i in range(1, n):
            def turn(i=i):
                rows[i] = cols[i] = -rows[i]
            flip_if_negative((entry(i, j) for j in range(i)), turn)
    else:
        for _ in range(4):  # a few passes settle the signs; one that cycles only names less canonically
            for i in range(n):
                flip_if_negative((entry(i, j) for j in range(m)), lambda i=i: rows.__setitem__(i, -rows[i]))
            for j in range(m):
                flip_if_negative((entry(i, j) for i in range(n)), lambda j=j: cols.__setitem__(j, -cols[j]))
    names = tuple(proof.name_of(entry(i, j)) if read[i, j] else None for i, j in np.ndindex(cells.shape))
    return names, rows, cols


RULES = {"linalg.det": _stacked(det), "linalg.slogdet": _stacked(slogdet), "linalg.solve": solve,
         "linalg.inv": _stacked(inv), "linalg.cholesky": _stacked(cholesky)}


DEFECTIVE_SIZE = 12  # the largest matrix whose eigenvalues' defects `defective` decides by its exact polynomial


def defective(matrix):
    """Whether a real square matrix of mpmath numbers (exact binary rationals) has an eigenvalue with fewer
    eigenvectors than its multiplicity (a Jordan block), decided exactly by its characteristic polynomial's
    factors (`_defective`); False past `DEFECTIVE_SIZE` rows or for an entry that is no finite real number."""
    import flint  # lazy: python-flint, the exact rationals
    import mpmath  # lazy: the exact run's numbers

    n = matrix.shape[0]
    if matrix.shape != (n, n) or n > DEFECTIVE_SIZE:
        return False
    if any(not isinstance(z, mpmath.mpf) or not mpmath.isfinite(z) for z in matrix.flat):
        return False

    def exact(z):
        sign, mantissa, exponent, _ = z._mpf_  # (mpf.man_exp drops the sign)
        mantissa = -int(mantissa) if sign else int(mantissa)
        if exponent >= 0:
            return flint.fmpq(int(mantissa) * 2 ** int(exponent))
        return flint.fmpq(int(mantissa), 2 ** int(-exponent))

    rationals = flint.fmpq_mat([[exact(z) for z in row] for row in matrix])
    return any(_defective(rationals, factor, power) for factor, power in rationals.charpoly().factor()[1])
