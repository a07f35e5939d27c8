"""``numpy.linalg``'s decompositions: eigh (eigenvalues and eigenvectors), svd and pinv, with their gradients.

A decomposition has several outputs; the core's primitives have one. So eigh
is a primitive returning both halves packed in one array (the eigenvalues as
an extra row above the eigenvectors) and the public function unpacks them with
differentiable indexing: the rule receives one cotangent, split the same way.
On mpmath numbers (the exact reference) each runs mpmath's own decomposition,
turned to NumPy's order and signs (eigh's vectors of a repeated eigenvalue turned
within their space to lie along NumPy's, `_groups_turned_as_numpy`). On
python-flint balls and jets, eigh of a real symmetric matrix with a spectrum the
balls prove simple, and svd and svdvals of a real matrix with singular values
they prove distinct and above 0, are `arb_eigh`'s; every other ball is refused,
so the reference takes mpmath's path.
"""

from __future__ import annotations

import math

import numpy as np

from . import arb_proof, arb_proof_linalg
from .arb_complex import ExactComplex
from .core import NoGradientError, defvjp
from .ops import conj, real, select
from .ops_array import concatenate, expand_dims, getitem, zeros_like
from .ops_linalg import inverse_or_nan, matmul, solve, svdvals, swapaxes
from .ops_special import mpmath_only
from .tracer import Box, primitive, standing_for
from .values import holds_complex, loaded_mpmath, raw, shape_of


def _T(x):
    return swapaxes(x, -1, -2)


def _H(x):
    return conj(_T(x)) if holds_complex(x) else _T(x)


def _no_exact_reference(name):
    """The mpmath stand-in of an op that has none: it says so rather than computing in floats."""

    def refuse(*args, **kwargs):
        raise NotImplementedError(f"no exact reference for {name}: mpmath has no implementation of it here")

    refuse.no_reference = True  # `gradcli ops` shows no mpmath column for it
    return refuse


def _eye(n, like):
    """The identity in the real dtype of ``like``: a float64 one would promote float32 cotangents."""
    return np.eye(n, dtype=np.asarray(raw(like)).real.dtype)


def _holds_complex_proof(a):
    """Whether ``a`` is an object array holding a complex number (`ExactComplex`) with a proof number for a part."""
    return isinstance(a, np.ndarray) and a.dtype == object and any(
        type(e) is ExactComplex and (type(e.re) is arb_proof.Sym or type(e.im) is arb_proof.Sym) for e in a.flat)


def iterative(fun, reads=None, spectrum=None, signs="similar", hermitian=False):
    """``fun``, an mpmath decomposition that iterates to convergence, made to round as one op rounds.

    The exact reference estimates rounding noise by running the program again
    with every op rounding down or up (`checker.precision.with_noise`). An
    iterative solver's stopping test assumes rounding to nearest: rounded up
    throughout, mpmath's svd_r and eigsy never meet it and run to their
    iteration limit, then raise, which leaves every precision's noise unknown.
    So under a directed rounding the solver runs to nearest at twice the working
    precision plus guard bits, and its answer is then rounded once in that
    direction: the spread from the nearest run at the working precision is the
    solver's own error at that precision plus one rounding, as for any other op.

    On proof numbers it is `arb_proof_linalg.decomposition`: ``reads(shape, *options)``
    the entries it reads (None: all), ``spectrum(shape, matrix shape)`` the output entries that
    are its spectrum, invariant under the ``signs`` flips of the matrix; ``hermitian``: that spectrum is the
    eigenvalues of the Hermitian matrix the entries read make (eigh), whose repeated ones a proof may group.
    """

    def run(*args, **kwargs):
        if hermitian and arb_proof.proving and _holds_complex_proof(args[0]):  # a complex Hermitian matrix's, its
            # real entries (a a^H's diagonal, a real a_i's |a_i|^2) proof numbers beside its complex ones
            read = None if reads is None else reads(np.shape(args[0]), *args[1:])
            answer = lambda matrix: fun(matrix, *args[1:], **kwargs)  # noqa: E731
            return arb_proof_linalg.hermitian_eigenvalues(run.__name__, args[0], answer, read, spectrum)
        if arb_proof.proving and arb_proof.holds(args[0]):  # a proof of a 0 (`arb_proof_linalg.decomposition`)
            read = None if reads is None else reads(np.shape(args[0]), *args[1:])
            answer = lambda matrix: fun(matrix, *args[1:], **kwargs)  # noqa: E731
            return arb_proof_linalg.decomposition(run.__name__, args[0], answer, read, spectrum, signs, hermitian)
        mpmath = loaded_mpmath()
        mode = mpmath.mp._prec_rounding[1]
        prec = mpmath.mp.prec
        outer, _working_bits[0] = _working_bits[0], prec
        try:
            if mode == "n":
                return fun(*args, **kwargs)
            mpmath.mp._prec_rounding[1] = "n"
            try:
                with mpmath.workprec(2 * prec + _GUARD_BITS):
                    out = fun(*args, **kwargs)
            finally:
                mpmath.mp._prec_rounding[1] = mode
        finally:
            _working_bits[0] = outer
        return _rounded(out, (mpmath.mpf, mpmath.mpc))

    run.__name__ = getattr(fun, "__name__", "iterative")
    run.proves = True  # proof numbers go to `arb_proof_linalg.decomposition` above
    return run


def _range_bits(entries):
    """How many bits the largest nonzero entry lies above the smallest: what an iterative solver needs beyond the
    working precision, which deflates an entry that far below the others as converged, its share of the answer
    gone without a trace in the rounding ([[4, 1e-300], [1e-300, 4]]: eigenvalues 4 +- 1e-300, not 4 twice)."""
    mpmath = loaded_mpmath()
    sizes = [int(mpmath.mag(z)) for z in entries if z != 0 and mpmath.isfinite(z)]
    return max(sizes) - min(sizes) if sizes else 0


def _triangle_read(shape, lower):
    return np.tril(np.ones(shape, dtype=bool)) if lower else np.triu(np.ones(shape, dtype=bool))


def _first_row(shape, matrix_shape):
    """The eigenvalues' row of a packed eigendecomposition."""
    mask = np.zeros(shape, dtype=bool)
    mask[0] = True
    return mask


def _everything(shape, matrix_shape):
    return np.ones(shape, dtype=bool)


def _singular_row(shape, matrix_shape):
    """The singular values' row of a packed svd: below U's m rows."""
    mask = np.zeros(shape, dtype=bool)
    mask[matrix_shape[0]] = True
    return mask


_GUARD_BITS = 32  # beyond twice the working precision: the solver's last digits are not its answer's
# The working precision of the exact run an `iterative` solver answers, whatever precision the solver itself runs at
# (twice it under a directed rounding); None outside one (a proof's balls, which take the matrix as it is).
_working_bits = [None]


def _rounded(out, kinds):
    """Every mpmath number of ``out`` (an object array or a tuple of them) rounded at the working precision and rounding."""
    if isinstance(out, tuple):
        return tuple(_rounded(part, kinds) for part in out)
    if isinstance(out, np.ndarray) and out.dtype == object:
        return np.frompyfunc(lambda v: +v if isinstance(v, kinds) else v, 1, 1)(out).astype(object)
    return +out if isinstance(out, kinds) else out


# -- eigh ---------------------------------------------------------------------------------


def _eigh_packed_raw(a, lower):
    w, v = np.linalg.eigh(a, "L" if lower else "U")
    return np.concatenate([np.expand_dims(w.astype(v.dtype), -2), v], axis=-2)


def _eigh_packed_mp(a, lower):
    """The same packing on mpmath numbers: mpmath's eigsy / eighe of the triangle NumPy reads.

    The exact reference's noise runs (rounded down, then up) each solve at the same twice-wider precision: the
    answers for the last few matrices and precisions are kept (`kept_answer`), as svd's and eig's are.
    """
    return kept_answer(_eighs_kept, _eigh_packed_mp_afresh, a, lower)


def _eigh_packed_mp_afresh(a, lower):
    """`_eigh_packed_mp`'s answer, mpmath's eigsy or eighe run."""
    mpmath = loaded_mpmath()
    a = np.asarray(a, dtype=object)
    out = np.empty(a.shape[:-2] + (a.shape[-1] + 1, a.shape[-1]), dtype=object)
    for index in np.ndindex(a.shape[:-2]):
        m = np.array(a[index], dtype=object)
        full = np.tril(m) + np.conj(np.tril(m, -1)).T if lower else np.triu(m) + np.conj(np.triu(m, 1)).T
        complex_input = any(isinstance(z, mpmath.mpc) for z in full.flat)
        numpys = _numpys_vectors(full, complex_input)
        with mpmath.workprec(mpmath.mp.prec + _range_bits(full.flat)):  # the answer kept to the digits found
            w, v = (mpmath.eighe if complex_input else mpmath.eigsy)(mpmath.matrix(full.tolist()))
            order = sorted(range(len(w)), key=lambda i: w[i])
            w = [w[i] for i in order]
            vectors = _groups_turned_as_numpy(np.array(v.tolist(), dtype=object)[:, order], w, numpys)
        out[index][0] = w
        out[index][1:] = _phases_as_numpy(vectors, numpys, complex_input)
    return out


def _numpys_vectors(matrix, complex_input):
    """NumPy's own eigenvectors of the matrix rounded to floats: the branch the exact vectors follow."""
    to_float = complex if complex_input else float
    return np.linalg.eigh(np.vectorize(to_float, otypes=[to_float])(matrix))[1]


def _groups_turned_as_numpy(vectors, w, numpys):
    """The vectors of each repeated group (eigenvalues equal to the working precision's rounding) turned within the
    group's space to lie along NumPy's: the projections of NumPy's vectors on that space, made orthonormal in turn.

    Within a repeated group any orthonormal basis of its space is an answer, and mpmath's solver picks one by its
    rounding, another at each precision: a loss reading one vector of the group would never settle, where NumPy's
    own choice, which the program under check returns, is one number the exact run can follow. Where NumPy's vectors
    do not lie in the group's space (the float matrix splits the group another way) mpmath's basis stands.
    """
    mpmath = loaded_mpmath()
    n = len(w)
    scale = max((abs(x) for x in w), default=0)
    tie = 64 * n * mpmath.mpf(2) ** -mpmath.mp.prec * scale
    start = 0
    while start < n:
        end = start + 1
        while end < n and w[end] - w[end - 1] <= tie:
            end += 1
        if end - start > 1:
            turned = _along(vectors[:, start:end], numpys[:, start:end])
            if turned is not None:
                vectors[:, start:end] = turned
        start = end
    return vectors


def _along(group, theirs):
    """An orthonormal basis of the span of ``group``'s columns, its k-th column the part of ``theirs``' k-th column in
    that span less its parts along the columns before it, normalised; None where a part is too short to follow."""
    mpmath = loaded_mpmath()
    conj = np.vectorize(mpmath.conj, otypes=[object])
    group_h = conj(group).T
    basis = []
    for k in range(theirs.shape[1]):
        target = np.array([mpmath.mpmathify(x) for x in theirs[:, k]], dtype=object)
        part = group.dot(group_h.dot(target))
        for b in basis:
            part = part - b * np.sum(conj(b) * part)
        length = mpmath.sqrt(mpmath.re(np.sum(conj(part) * part)))
        if not length > 0.5:  # NumPy's vector has left the group's space: no basis to follow
            return None
        basis.append(part / length)
    return np.stack(basis, axis=1)


def _unit_turn(overlap, complex_input):
    """The sign of a float overlap, or for complex its phase as an mpmath number of modulus 1 at the working precision.

    NumPy's float phase has a modulus 1 only to float64 rounding: multiplied in,
    it would leave unit vectors off by 1e-16, a float stand-in inside the exact reference.
    An overlap of 0 (beside a defective matrix the exact vectors lean together,
    one of them at right angles to the kernel's) says nothing of the phase: 1.
    """
    if not complex_input:
        return -1 if overlap.real < 0 else 1
    turn = loaded_mpmath().mpc(complex(overlap))
    return turn / abs(turn) if turn != 0 else 1


def _phases_as_numpy(vectors, numpys, complex_input):
    """Eigenvectors turned to the sign (phase) NumPy's own eigh picks (``numpys``, `_numpys_vectors`), so both answer
    the same branch."""
    to_float = complex if complex_input else float
    for j in range(vectors.shape[1]):
        overlap = np.vdot(np.vectorize(to_float, otypes=[to_float])(vectors[:, j]), numpys[:, j])
        vectors[:, j] = vectors[:, j] * _unit_turn(overlap, complex_input)
    return vectors


_eigh_packed = primitive(
    _eigh_packed_raw, "linalg.eigh", kind="linalg",
    mp=mpmath_only("linalg.eigh", iterative(_eigh_packed_mp, _triangle_read, _first_row, hermitian=True)),
)


def _inverse_gaps(w, g_v, projected=None):
    """F[i, j] = 1 / (w_j - w_i) off the diagonal, the factor of eigenvector j's change along eigenvector i.

    Across a repeated eigenvalue the eigenvectors jump with the direction of a
    change: where the loss reads eigenvector j (column j of its cotangent ``g_v``
    is not 0) and w_j is repeated, there is no derivative (NaN). Where it does not
    read it, that entry is 0, so a loss of the eigenvalues alone (a trace, log det
    as a sum of logs) keeps its derivative there, where 0 * (1/0) would be NaN.
    Between distinct eigenvalues F does not look at ``g_v``: the adjoint stays
    linear in its cotangent, which forward mode (the transpose of this adjoint,
    taken at a zero cotangent) relies on.

    ``projected`` (eigh's V^H conj(g_V)): a Hermitian matrix's gradient reads F only through
    F[i, j] (P[i, j] - conj(P[j, i])), so where that difference is 0 within a repeated group, to the rounding of
    its terms, the loss does not turn with the group's vectors (a function of their projector V V^H, tr(P B)):
    its derivative is there, and F's entry 0 gives it (`_turn_free`).
    """
    n = shape_of(w)[-1]
    gaps = expand_dims(w, -2) - expand_dims(w, -1)  # w_j - w_i
    off_diagonal = ~np.eye(n, dtype=bool)
    reads_vector = np.any(np.asarray(raw(g_v) != 0, dtype=bool), axis=-2, keepdims=True)  # column j read
    apart = off_diagonal & np.asarray(raw(gaps) != 0, dtype=bool)
    undefined = off_diagonal & ~np.asarray(raw(gaps) != 0, dtype=bool) & reads_vector
    if projected is not None:
        turn_free = _turn_free(raw(projected))
        undefined = undefined & ~turn_free
        # a pair the solver's rounding split (2 and 2 + 4e-16 of a repeated 2): 1 / gap would blow that rounding up
        apart = apart & ~(turn_free & _tied(raw(w), raw(gaps)))
    nans = np.where(undefined, np.nan, 0.0).astype(np.asarray(raw(w)).real.dtype)  # in the eigenvalues' own dtype
    return select(apart, 1.0 / select(apart, gaps, 1.0), 0.0) + nans


def _turn_free(projected):
    """Where P[i, j] and conj(P[j, i]) agree to 16 roundings of their size (the dtype's, or mpmath's precision)."""
    p = np.asarray(projected)
    mirrored = np.swapaxes(p, -1, -2)
    mirrored = np.conj(mirrored) if holds_complex(p) else mirrored  # a real ball has no conjugate method
    size, unit = _size_and_rounding(p)
    return np.asarray(size(p - mirrored) <= 16 * unit * (size(p) + size(mirrored)), dtype=bool)


def _tied(w, gaps):
    """Where two eigenvalues lie apart by no more than 16 roundings of the spectrum's largest (equal but for it)."""
    w, gaps = np.asarray(w), np.asarray(gaps)
    size, unit = _size_and_rounding(gaps)
    scale = np.max(size(w), axis=-1, keepdims=True)[..., None] if w.size else 0
    return np.asarray(size(gaps) <= 16 * unit * scale, dtype=bool)


def _size_and_rounding(array):
    """``(size, unit)``: the entries' magnitudes as a function of an array like ``array``, and one rounding of its
    numbers relative to their size (mpmath's precision for exact numbers, the dtype's epsilon for floats)."""
    if array.dtype == object:
        mpmath = loaded_mpmath()
        return np.vectorize(lambda z: abs(z), otypes=[object]), mpmath.mpf(2) ** -mpmath.mp.prec
    return np.abs, np.finfo(array.real.dtype).eps


def _symmetric_gradient(g_w, g_v, w, v):
    """The gradient of eigh for a full (Hermitian) matrix: V (diag(gw) + F * V^H conj(gV)) V^H, conjugated back."""
    n = shape_of(w)[-1]
    projected = matmul(_H(v), conj(g_v))
    if holds_complex(v) and _reads_a_phase(raw(projected), raw(g_v), raw(v)):
        raise NoGradientError(
            "the function reads the phase of an eigenvector of a complex Hermitian matrix: eigh gives each one "
            "only up to a factor e^(i phi), which LAPACK picks (mpmath picks another), so the function is no function "
            "of the matrix and has no derivative to check; a function of |v|^2 or of the projector v v^H has one")
    inner = projected * _inverse_gaps(w, g_v, projected) + expand_dims(g_w, -2) * _eye(n, w)
    return conj(matmul(matmul(v, inner), _H(v)))


def _reads_a_phase(projected, g_v, v):
    """Whether a loss with cotangent ``g_v`` of eigh's complex eigenvectors ``v`` changes as one turns by e^(i phi):
    its rate, the imaginary part of diagonal entry j of V^H conj(g_V), not 0 past the roundings of the sum's terms."""
    diagonal = np.diagonal(np.asarray(projected), axis1=-2, axis2=-1)
    terms = np.sum(np.vectorize(abs, otypes=[object] if diagonal.dtype == object else [float])(
        np.asarray(v) * np.asarray(g_v)), axis=-2)
    size, unit = _size_and_rounding(diagonal)
    rate = size(np.vectorize(lambda z: z.imag, otypes=[object] if diagonal.dtype == object else [float])(diagonal))
    n = np.shape(v)[-1]
    return bool(np.any(rate > 64 * n * unit * terms))


def _read_triangle(g, lower, complex_input):
    """The gradient of a function of the Hermitian matrix built from one triangle, for the whole input.

    The diagonal counts once (its real part, for complex input), each read
    off-diagonal element twice (itself and its mirror), the unread triangle not at all.
    """
    n = shape_of(g)[-1]
    read = np.tril(np.ones((n, n), dtype=bool), -1)
    read = read if lower else read.T
    mirrored = g + (conj(_T(g)) if complex_input else _T(g))
    diagonal = real(g) if complex_input else g
    return select(np.eye(n, dtype=bool), diagonal, select(read, mirrored, 0.0))


def _eigh_vjp(g, ans, a, lower):
    w, v = real(getitem(ans, (Ellipsis, 0, slice(None)))), getitem(ans, (Ellipsis, slice(1, None), slice(None)))
    g_w, g_v = real(getitem(g, (Ellipsis, 0, slice(None)))), getitem(g, (Ellipsis, slice(1, None), slice(None)))
    complex_input = holds_complex(a)
    return _read_triangle(_symmetric_gradient(g_w, g_v, w, v), lower, complex_input)


defvjp(_eigh_packed, _eigh_vjp, reads="ans")


def eigh(a, UPLO="L"):  # noqa: N803  (NumPy's name)
    """``np.linalg.eigh``: ``(w, v)``, eigenvalues ascending and eigenvectors, of the Hermitian matrix one triangle gives.

    The gradient assumes a loss that does not depend on each eigenvector's phase
    (sign, for real input); at a repeated eigenvalue it is NaN where the loss reads
    that eigenvalue's eigenvectors, and a loss of the eigenvalues alone keeps it.
    """
    packed = _eigh_packed(a, UPLO.upper() == "L")
    return real(getitem(packed, (Ellipsis, 0, slice(None)))), getitem(packed, (Ellipsis, slice(1, None), slice(None)))


def eigvalsh(a, UPLO="L"):  # noqa: N803  (NumPy's name)
    """``np.linalg.eigvalsh``: the eigenvalues of `eigh`, ascending."""
    return eigh(a, UPLO)[0]


# -- svd and pinv -------------------------------------------------------------------------


def _svd_packed_raw(a):
    u, s, vh = np.linalg.svd(a, full_matrices=False)
    return np.concatenate([u, np.expand_dims(s.astype(u.dtype), -2), np.swapaxes(vh, -1, -2)], axis=-2)


def _mp_svd(matrix, compute_uv=True):
    """mpmath's thin svd of one object matrix: ``(U, s, Vh)`` as object arrays, or ``s``; s descending, as NumPy's."""
    mpmath = loaded_mpmath()
    complex_input = any(isinstance(z, (mpmath.mpc, complex)) for z in matrix.flat)
    decompose = mpmath.svd_c if complex_input else mpmath.svd_r
    with mpmath.workprec(mpmath.mp.prec + _range_bits(matrix.flat)):  # the answer kept to the digits found
        answer = decompose(mpmath.matrix(matrix.tolist()), full_matrices=False, compute_uv=compute_uv)
    s = np.array(answer[1].tolist() if compute_uv else answer.tolist(), dtype=object).reshape(-1)
    if not complex_input:
        s = _zeros_of_the_rank(matrix, s)
    order = sorted(range(len(s)), key=lambda i: -s[i])  # mpmath sorts too; NumPy's order is the contract
    if not compute_uv:
        return s[order]
    u, vh = np.array(answer[0].tolist(), dtype=object), np.array(answer[2].tolist(), dtype=object)
    return u[:, order], s[order], vh[order], complex_input


# Up to how many rows and columns `_zeros_of_the_rank` finds a matrix's exact rank (fraction-free elimination on
# the entries' exact rationals: cheap for the small matrices losses hold, steep for big ones).
_RANK_SIZE = 32


def _zeros_of_the_rank(matrix, s):
    """mpmath's singular values ``s`` of the real ``matrix`` with those its exact rank makes 0 set to an exact 0.

    mpmath's iteration leaves a zero singular value as rounding noise of the
    working precision (2.7e-4347 for [[1, 1, 1], [1, 1, 1], [1, 1, 2]] at
    4,000 digits), which changes with every precision, so the reference would
    never settle on the 0 the value is. The entries are exact binary numbers:
    their rank over the rationals says how many singular values are exactly 0.
    Asked only where the smallest values are below half the working digits of
    the largest, which every full-rank matrix near the point passes by.
    """
    mpmath = loaded_mpmath()
    k = len(s)
    if not k or max(matrix.shape) > _RANK_SIZE or not all(isinstance(z, (mpmath.mpf, float, int)) for z in matrix.flat):
        return s
    largest = max(abs(v) for v in s)
    small = [i for i in range(k) if abs(s[i]) <= largest * mpmath.ldexp(1, -(mpmath.mp.prec // 2))]
    if not small or not all(mpmath.isfinite(z) for z in matrix.flat):
        return s
    import flint  # lazy: python-flint, asked only at a matrix whose smallest singular values look like noise

    rank = flint.fmpq_mat([[_exact_rational(z) for z in row] for row in matrix.tolist()]).rank()
    zeros = sorted(range(k), key=lambda i: abs(s[i]))[: k - rank]
    out = s.copy()
    for i in zeros:
        out[i] = mpmath.mpf(0)
    return out


def _exact_rational(number):
    """An mpmath number, float or int as the exact rational it is (flint's fmpq)."""
    import flint  # lazy: python-flint, as `_zeros_of_the_rank`

    mpmath = loaded_mpmath()
    mantissa, exponent = mpmath.mpf(number).man_exp if not isinstance(number, int) else (number, 0)
    mantissa, exponent = int(mantissa), int(exponent)
    return flint.fmpq(mantissa * 2**exponent) if exponent >= 0 else flint.fmpq(mantissa, 2**-exponent)


def _svd_signs_as_numpy(u, vh, matrix, complex_input):
    """Each pair (u_j, row j of vh) turned together to the sign (phase) NumPy's own svd picks: U S Vh is unchanged.

    The turn is taken from the overlap with NumPy's float u_j and normalised at
    the working precision, so the turned vectors stay unit vectors to every digit.
    """
    mpmath = loaded_mpmath()
    to_float = complex if complex_input else float
    floats = np.vectorize(to_float, otypes=[to_float])
    u_numpy = np.linalg.svd(floats(matrix), full_matrices=False)[0]
    for j in range(u.shape[1]):
        overlap = np.vdot(floats(u[:, j]), u_numpy[:, j])
        if overlap == 0:  # a repeated singular value: no vector to follow, and none to match
            continue
        turn = _unit_turn(overlap, complex_input)
        u[:, j] = u[:, j] * turn
        vh[j] = vh[j] * (mpmath.conj(turn) if complex_input else turn)
    return u, vh


def _svd_packed_mp(a):
    """The same packing on mpmath numbers: mpmath's svd_r / svd_c, in NumPy's order and NumPy's signs.

    A full svd reads it twice, for U, s, Vh and for the complement made orthonormal to them, and the exact
    reference's noise runs (rounded down, then up) each run it at the same twice-wider precision: the answers for the
    last few matrices and precisions are kept (`kept_answer`), mpmath's svd then run once for each.
    """
    return kept_answer(_svds_kept, _svd_packed_mp_afresh, a)


# The numbers (a matrix's entries and its answer's) the answers kept may hold in all: a big matrix's svd is big, while
# a small one's answers at a point, beside its rule's run and kink test at the same precisions, are many and small.
_KEPT_NUMBERS = 4096


class KeptAnswers:
    """One decomposition's kept answers (`kept_answer`) and how many numbers they hold with their matrices."""

    def __init__(self):
        self.answers = {}  # (shape, precision, rounding, the entries and their types, the options) -> the answer
        self.numbers = 0

    def clear(self):
        """Drop every answer kept."""
        self.answers, self.numbers = {}, 0


_svds_kept = KeptAnswers()  # the packed svds
_eigs_kept = KeptAnswers()  # the packed eigs (the options: the kernel, the working precision)
_eighs_kept = KeptAnswers()  # the packed eighs (the option: the triangle read)


def kept_answer(kept, decompose, a, *options):
    """``decompose(a, *options)`` on mpmath numbers, its answers for the last matrices, precisions and roundings
    ``kept`` (a `KeptAnswers`, up to `_KEPT_NUMBERS` numbers): the exact reference's noise runs (rounded down, then
    up) each run an iterative solver at the same twice-wider precision (`iterative`), so one answer serves both, and
    a later run at the same precision that meets the same matrix (the rule's, a kink test's) is served too."""
    mpmath = loaded_mpmath()
    a = np.asarray(a, dtype=object)
    key = (a.shape, mpmath.mp.prec, mpmath.mp._prec_rounding[1], tuple((type(z), z) for z in a.flat), *options)
    answer = kept.answers.get(key)
    if answer is None:
        answer = decompose(a, *options)
        if kept.numbers + a.size + answer.size > _KEPT_NUMBERS:
            kept.clear()
        kept.answers[key] = answer
        kept.numbers += a.size + answer.size
    return answer.copy()  # its own array of the same (immutable) numbers


def _svd_packed_mp_afresh(a):
    """`_svd_packed_mp`'s answer, mpmath's svd run."""
    m, n = a.shape[-2:]
    out = np.empty(a.shape[:-2] + (m + 1 + n, min(m, n)), dtype=object)
    for index in np.ndindex(a.shape[:-2]):
        u, s, vh, complex_input = _mp_svd(a[index])
        u, vh = _svd_signs_as_numpy(u, vh, a[index], complex_input)
        out[index][:m], out[index][m], out[index][m + 1 :] = u, s, vh.T
    return out


_svd_packed = primitive(
    _svd_packed_raw, "linalg.svd", kind="linalg",
    mp=mpmath_only("linalg.svd", iterative(_svd_packed_mp, spectrum=_singular_row, signs="equivalent")),
)


def _svdvals_mp(a):
    """``svdvals`` on mpmath numbers: the singular values of each matrix of a stack, descending."""
    a = np.asarray(a, dtype=object)
    out = np.empty(a.shape[:-2] + (min(a.shape[-2:]),), dtype=object)
    for index in np.ndindex(a.shape[:-2]):
        out[index] = _mp_svd(a[index], compute_uv=False)
    return out


# The spectral and nuclear norms' op: its mpmath path is the svd's, so it lives here beside its rule (below).
svdvals.prim.mp = mpmath_only("linalg.svdvals", iterative(_svdvals_mp, spectrum=_everything, signs="equivalent"))


def _svd_parts(packed, m):
    """(U, s, V) from a packed thin SVD of an m-row matrix: V is vh's conjugate transpose, conj'd back below."""
    u = getitem(packed, (Ellipsis, slice(0, m), slice(None)))
    s = real(getitem(packed, (Ellipsis, m, slice(None))))
    return u, s, getitem(packed, (Ellipsis, slice(m + 1, None), slice(None)))


def _svd_vjp(g, ans, a):
    m, n = shape_of(a)[-2], shape_of(a)[-1]
    complex_input = holds_complex(a)
    u, s, v_t = _svd_parts(ans, m)
    g_u, g_s, g_v_t = _svd_parts(conj(g) if complex_input else g, m)
    v, g_v = (conj(v_t), conj(g_v_t)) if complex_input else (v_t, g_v_t)  # V = vh^H
    if not isinstance(g, Box) and not any(np.any(np.asarray(raw(part) != 0)) for part in (g_u, g_v)):
        # A loss of the singular values alone: U diag(g_s) V^H, which keeps its meaning where two of them are
        # equal or one is 0 (the terms below would multiply 0 by 1/0 there); the singular values' own rule, whose
        # U and V are differentiable where the rule is itself differentiated. (A traced cotangent, a JVP taken
        # through this rule, may move the vectors' parts: the whole rule.)
        if isinstance(a, Box):
            return _svdvals_vjp(g_s, None, a)
        grad = matmul(u * expand_dims(g_s, -2), _H(v))
        return conj(grad) if complex_input else grad
    k = shape_of(s)[-1]
    eye = _eye(k, s)
    s_row, s_col = expand_dims(s, -2), expand_dims(s, -1)
    off_diagonal = ~np.eye(k, dtype=bool)
    f = select(off_diagonal, 1.0 / select(off_diagonal, s_row * s_row - s_col * s_col, 1.0), 0.0)
    uu, vv = matmul(_H(u), g_u), matmul(_H(v), g_v)
    inner = f * (uu - _H(uu)) * s_row + s_col * (f * (vv - _H(vv))) + expand_dims(g_s, -2) * eye
    if complex_input:  # the phase each pair of singular vectors may turn by together
        inner = inner + (_H(vv) - vv) * eye / (2 * s_col)
    grad = matmul(matmul(u, inner), _H(v))
    if m > k:
        grad = grad + matmul(g_u - matmul(u, uu), _H(v) / s_col)
    if n > k:
        grad = grad + matmul(u / s_row, _H(g_v) - matmul(_H(vv), _H(v)))
    return conj(grad) if complex_input else grad


defvjp(_svd_packed, _svd_vjp, reads="ans args")


def svd(a, full_matrices=True, compute_uv=True, hermitian=False):
    """``np.linalg.svd``: ``(U, s, Vh)``, or ``s``, differentiable, real or complex, batched.

    The singular values come descending, as NumPy's. Each pair (u_j, vh_j) is
    defined only up to a sign (a phase, for complex input) the two share: on
    mpmath numbers (the exact reference) each pair is turned to the sign NumPy's
    own svd picks for the same matrix in float64, so U, Vh and anything built
    of them compare with NumPy's; the phase of a complex pair is NumPy's to
    within float64 rounding only, so only what does not depend on it (singular
    values, U diag(s) Vh, projections U U^H, |U|) has an exact reference worth
    the name. The gradient assumes distinct, nonzero singular values and a loss
    that does not depend on those signs (phases). ``full_matrices=True`` on a
    non-square matrix adds columns to U (rows to Vh) that are any orthonormal
    basis of a complement, no function of the matrix: they are NumPy's (made
    orthonormal to the exact thin factors on mpmath numbers), and a loss that
    reads them is refused a gradient rather than given one for NumPy's choice.
    ``hermitian`` is read on floats alone (not when traced or on mpmath numbers).
    """
    plain = not isinstance(a, Box) and np.asarray(a).dtype != object  # (object: mpmath numbers, the exact reference)
    if plain and (compute_uv or hermitian):  # a Hermitian matrix's by its lower triangle, as NumPy reads it
        return np.linalg.svd(a, full_matrices, compute_uv, hermitian)
    if not compute_uv:  # an op on constants too, as an exact run's of the same constants is: the two runs' ops pair
        return svdvals(a)  # whose rule needs no gap between the singular values
    m = shape_of(a)[-2]
    u, s, v_t = _svd_parts(_svd_packed(a), m)
    u, vh = u, _T(v_t)  # the packing holds vh transposed (not conjugated)
    if full_matrices and m > shape_of(a)[-1]:
        u = concatenate([u, _svd_complement(a)], axis=-1)
    elif full_matrices and m < shape_of(a)[-1]:
        vh = concatenate([vh, _svd_complement(a)], axis=-2)
    return u, s, vh


def _svd_complement_raw(a):
    """The columns (rows of vh) a full svd adds to the thin one: NumPy's basis of the complement."""
    u, _, vh = np.linalg.svd(a, full_matrices=True)
    k = min(a.shape[-2:])
    return u[..., :, k:] if a.shape[-2] > a.shape[-1] else vh[..., k:, :]


def _svd_complement_mp(a):
    """NumPy's complement, made orthonormal to the exact thin factors at the working precision (Gram-Schmidt)."""
    mpmath = loaded_mpmath()
    a = np.asarray(a, dtype=object)
    m, n = a.shape[-2:]
    k, tall = min(m, n), m > n
    packed = _svd_packed_mp(a)
    complex_input = any(isinstance(z, (mpmath.mpc, complex)) for z in a.flat)
    floats = np.vectorize(complex if complex_input else float, otypes=[complex if complex_input else float])(a)
    extra = np.asarray(_svd_complement_raw(floats), dtype=object)
    out = np.empty(extra.shape, dtype=object)
    for index in np.ndindex(a.shape[:-2]):
        # Columns (of U, or of V = vh^H): the thin ones exactly, the extra ones from NumPy.
        basis = [packed[index][:m, j] if tall else np.conj(packed[index][m + 1 :, j]) for j in range(k)]
        for column in (extra[index].T if tall else np.conj(extra[index])):
            column = np.array([mpmath.mpmathify(z) for z in column], dtype=object)
            for b in basis:
                column = column - b * np.vdot(b, column)
            column = column / mpmath.sqrt(mpmath.fsum(abs(z) ** 2 for z in column))
            basis.append(column)
        added = np.array(basis[k:], dtype=object)  # one row per extra column
        out[index] = added.T if tall else np.conj(added)
    return out


_svd_complement = primitive(
    _svd_complement_raw, "linalg.svd.complement", kind="linalg", mp=mpmath_only("linalg.svd", iterative(_svd_complement_mp))
)


def _svd_complement_vjp(g, ans, a):
    """Nothing, for a loss that does not read the complement; else a refusal: its basis is no function of ``a``."""
    if any(z != 0 for z in np.asarray(raw(g)).flat):
        raise NoGradientError(
            "svd: the loss reads the columns full_matrices=True adds to U (rows to vh), which are any orthonormal "
            "basis of a complement, no function of the matrix: use full_matrices=False"
        )
    return zeros_like(a)


defvjp(_svd_complement, _svd_complement_vjp, reads="args")


def _svdvals_vjp(g, ans, a):
    """The singular values' rule, A_bar = conj(U diag(g) V^H), with U and V from the differentiable svd when
    the rule is itself differentiated (a norm's Hessian), so their derivatives are kept, not dropped."""
    if isinstance(a, Box) or np.asarray(a).dtype == object:  # traced, or mpmath numbers
        u, _, v_t = _svd_parts(_svd_packed(a), shape_of(a)[-2])
        vh = _T(v_t)
    else:
        u, _, vh = np.linalg.svd(a, full_matrices=False)
    grad = matmul(u * expand_dims(g, -2), vh)
    return conj(grad) if holds_complex(a) else grad


# It replaces ops_linalg's rule, which cannot reach the svd (a layer above it) and refuses a second derivative.
defvjp(svdvals, _svdvals_vjp, reads="args")


_UNSET = object()  # rtol not given: NumPy tells it apart from rtol=None


def _pinv_mp(a, rcond=None, hermitian=False, rtol=_UNSET):
    """``np.linalg.pinv`` on mpmath numbers: Vh^H diag(1/s) U^H over the singular values NumPy keeps.

    NumPy's cutoff is kept (rcond, else rtol, times the largest singular value;
    1e-15 by default), so both answer for the same rank; in exact arithmetic a
    singular value that should be 0 falls far below it.
    """
    a = np.asarray(a, dtype=object)
    m, n = a.shape[-2:]
    rcond = np.broadcast_to(np.asarray(_pinv_rcond(a.shape, np.float64, rcond, rtol), dtype=object), a.shape[:-2])
    out = np.empty(a.shape[:-2] + (n, m), dtype=object)
    for index in np.ndindex(a.shape[:-2]):
        u, s, vh, _ = _mp_svd(a[index])
        cutoff = rcond[index] * s[0] if len(s) else 0
        kept = np.array([1 / x if x > cutoff else 0 for x in s], dtype=object)
        out[index] = np.matmul(np.conj(vh).T * kept, np.conj(u).T)
    return out


def _pinv_rcond(shape, dtype, rcond=None, rtol=_UNSET):
    """The cutoff NumPy's pinv takes, relative to the largest singular value: rcond, else rtol, else 1e-15 (the
    dtype's epsilon times the larger dimension where rtol is None)."""
    if rcond is not None:
        return rcond
    return 1e-15 if rtol is _UNSET else max(shape[-2:]) * np.finfo(dtype).eps if rtol is None else rtol


pinv_primitive = primitive(np.linalg.pinv, "linalg.pinv", kind="linalg",
                           mp=mpmath_only("linalg.pinv", iterative(_pinv_mp)))


def pinv(a, rcond=None, hermitian=False, rtol=_UNSET):
    """``np.linalg.pinv``: NumPy's pseudo-inverse (`pinv_primitive`); in an exact run, of a real matrix whose
    singular values all lie clear above NumPy's cutoff, the same matrix by the normal equations, (A^T A)^-1 A^T
    (A^T (A A^T)^-1 for a wide one).

    There it is a rational function of the entries, which balls, jets and proof numbers run as they run a solve:
    the residuals of an exact fit, y - A A+ y, are then proven 0, where the singular value decomposition's
    iteration leaves them as noise of the working precision that no proof can call 0 (an exact gradient 0
    left without a verdict). Where a singular value is discarded, or near the cutoff, the pseudo-inverse is the
    decomposition's, as the program's is.
    """
    values = raw(a)
    if (type(values) is np.ndarray and values.dtype == object and values.ndim >= 2 and values.size
            and not holds_complex(a)
            and _clear_of_the_cutoff(values, _pinv_rcond(values.shape, np.float64, rcond, rtol))):
        m, n = values.shape[-2:]
        with standing_for(pinv_primitive, a, rcond, hermitian, **({} if rtol is _UNSET else {"rtol": rtol})):
            if m >= n:
                return solve(matmul(_T(a), a), _T(a))
            return _T(solve(matmul(a, _T(a)), a))
    return pinv_primitive(a, rcond, hermitian) if rtol is _UNSET else pinv_primitive(a, rcond, hermitian, rtol=rtol)


# How far above NumPy's cutoff (relative to the largest singular value) every singular value must lie for an exact
# run to take the pseudo-inverse by the normal equations: far past what the float copies `_clear_of_the_cutoff`
# decides on can move a singular value by.
_CLEAR_MARGIN = 1e-9


def _clear_of_the_cutoff(values, cutoff):
    """Whether every matrix of ``values`` (an exact run's numbers, a stack of them) has full rank with every singular
    value at least `_CLEAR_MARGIN` above ``cutoff`` times its largest, decided on `midpoint_floats`; False where an
    entry is no finite real number."""
    cutoff = np.broadcast_to(np.asarray(cutoff, dtype=float), values.shape[:-2])
    for index in np.ndindex(values.shape[:-2]):
        floats = midpoint_floats(values[index])
        if floats is None:
            return False
        try:
            sigma = np.linalg.svd(floats, compute_uv=False)
        except np.linalg.LinAlgError:
            return False
        if not (sigma[0] > 0 and sigma[-1] >= (cutoff[index] + _CLEAR_MARGIN) * sigma[0]):
            return False
    return True


def midpoint_floats(matrix):
    """A float copy of the midpoints of ``matrix``'s entries (an exact run's numbers), all scaled by one power of 2
    so that the largest is near 1 (entries of 1e300 and 1e-300 keep their ratios, one below the largest by more
    than floats span is 0): what NumPy's decisions on the matrix (its rank, its cutoff) are taken on. None where an
    entry is complex or no finite number, or all are 0."""
    parts = [_midpoint_parts(v) for v in np.asarray(matrix, dtype=object).flat]
    if any(p is None for p in parts):
        return None
    top = max((e + abs(m).bit_length() for m, e in parts if m), default=None)
    if top is None:
        return None
    return np.array([math.ldexp(float(m), e - top) if m else 0.0 for m, e in parts]).reshape(np.shape(matrix))


def _midpoint_parts(number):
    """(mantissa, exponent) of a number of an exact run (an mpmath number, a ball, a jet's or a proof number's
    ball, a float), the mantissa cut to 60 bits; None for a complex or non-finite one."""
    inner = number.b if isinstance(number, arb_proof.Sym) else number
    if type(inner).__name__ == "Jet":  # arb's jets: the module that defines them imports this one
        inner = inner.v
    try:
        if hasattr(inner, "mid"):
            mantissa, exponent = inner.mid().man_exp()
        else:
            number = loaded_mpmath().mpf(inner)
            if not loaded_mpmath().isfinite(number):
                return None
            sign, mantissa, exponent, _ = number._mpf_  # mpmath's man_exp drops the sign
            mantissa = -mantissa if sign else mantissa
    except (TypeError, ValueError, OverflowError):  # a complex number, an infinity, a NaN
        return None
    mantissa, exponent = int(mantissa), int(exponent)
    cut = max(abs(mantissa).bit_length() - 60, 0)
    return (mantissa >> cut if mantissa >= 0 else -(-mantissa >> cut)), exponent + cut


def _pinv_vjp(g, ans, a, rcond=None, hermitian=False, rtol=_UNSET):
    # The adjoint of d(A+) = -A+ dA A+ + A+ A+^H dA^H (I - A A+) + (I - A+ A) dA^H A+^H A+,
    # exact where A's rank stays put; conj'd to the core's convention for complex input.
    p, gc = ans, conj(g) if holds_complex(a) else g
    m, n = shape_of(a)[-2], shape_of(a)[-1]
    left = _eye(m, a) - matmul(a, p)  # I - A A+
    right = _eye(n, a) - matmul(p, a)  # I - A+ A
    grad = -matmul(matmul(_H(p), gc), _H(p))
    grad = grad + _H(matmul(matmul(matmul(p, _H(p)), gc), left))  # the dA^H terms, transposed back
    grad = grad + _H(matmul(matmul(right, gc), matmul(_H(p), p)))
    if holds_complex(a):
        return conj(grad)
    return grad + _discarded_coupling(grad, a, _pinv_rcond(shape_of(a), _real_dtype(a), rcond, rtol))


def _real_dtype(a):
    dtype = np.asarray(raw(a)).dtype
    return dtype if dtype.kind == "f" else np.dtype(np.float64)


def _discarded_coupling(grad, a, rcond):
    """What the rank-k rule leaves out where the cutoff discards singular values that are not 0.

    The pseudo-inverse NumPy computes is that of A_k, A's SVD truncated to the k values above the cutoff, and A_k
    turns with A's discarded part: in A's singular bases, d(A_k) for a kept sigma_i and a discarded sigma_j is
    (sigma_i^2 dP_ij + sigma_i sigma_j dP_ji) / (sigma_i^2 - sigma_j^2), dP = U^T dA V, where the rule takes
    dP_ij (exact where sigma_j = 0). The adjoint adds, for each such pair, (t^2 G_ij + t G_ji) / (1 - t^2) with
    t = sigma_j / sigma_i < rcond and G = U^T grad V (grad the rule's, whose discarded block is 0). At
    [[1e-300, 0], [0, 2]] it is the whole slope of |x|^2 in A[1, 0], 1.25e-301, where the rule says 0."""
    values = raw(a)
    if np.asarray(values).dtype == object:
        spectra = [_mp_svd(values[index], compute_uv=False) for index in np.ndindex(values.shape[:-2])]
        sigma = np.array(spectra, dtype=object).reshape(values.shape[:-2] + (-1,))
    else:
        sigma = np.linalg.svd(values, compute_uv=False)
    cutoff = np.asarray(rcond, dtype=sigma.dtype)[..., None] * sigma[..., :1]
    kept = sigma > cutoff
    discarded = ~kept & (sigma > 0)
    kept_row, kept_column = kept[..., :, None], kept[..., None, :]
    pairs = kept_row & discarded[..., None, :] | discarded[..., :, None] & kept_column
    if not pairs.any():
        return 0
    u, s, v = _svd_parts(_svd_packed(a), shape_of(a)[-2])
    row, column = expand_dims(s, -1), expand_dims(s, -2)
    small = select(pairs, select(kept_row, column, row), 0.0)  # the pair's discarded sigma
    large = select(pairs, select(kept_row, row, column), 1.0)  # and its kept one
    t = small / large
    g = matmul(matmul(_T(u), grad), v)
    return matmul(matmul(u, (t * t * g + t * _T(g)) / (1 - t * t)), _T(v))


defvjp(pinv_primitive, _pinv_vjp, reads="ans args")


# -- eig: a general square matrix -----------------------------------------------------------


def _eig_packed_raw(a, kernel=None):
    """eig's eigenvalues as a row above its eigenvectors: NumPy's, real where NumPy's are; with ``kernel`` (a
    framework's own eig on floats, `eig_complex`) the kernel's, complex always."""
    w, v = (kernel or np.linalg.eig)(a)
    w, v = np.asarray(w), np.asarray(v)
    dtype = np.result_type(w, v) if kernel is None else np.result_type(w, v, np.complex64)
    return np.concatenate([np.expand_dims(w.astype(dtype), -2), v.astype(dtype)], axis=-2)


def _eig_packed_mp(a, kernel=None):
    """The same packing on mpmath numbers: mpmath's eig, in the order, unit length and phase of NumPy's eig (with
    ``kernel``, of the kernel's, and complex always) on the floats nearest the matrix (each answer kept, `kept_answer`)."""
    return kept_answer(_eigs_kept, _eig_packed_mp_afresh, a, kernel, _working_bits[0])


def _eig_packed_mp_afresh(a, kernel, bits=None):
    """`_eig_packed_mp`'s answer, mpmath's eig run (of the matrix split as the kernel's floats split it at the
    working precision ``bits``, `_split_as_the_kernel`)."""
    mpmath = loaded_mpmath()
    a = np.asarray(a, dtype=object)
    real_input = not any(isinstance(z, mpmath.mpc) for z in a.flat)
    floats = np.vectorize(float if real_input else complex, otypes=[float if real_input else complex])(a)
    # LAPACK's real and complex routines pick different phases; a framework's kernel its own order and phases
    w_np, v_np = (np.asarray(x) for x in (kernel or np.linalg.eig)(floats))
    real_answer = kernel is None and not np.iscomplexobj(w_np)  # NumPy's dtype rule
    out = np.empty(a.shape[:-2] + (a.shape[-1] + 1, a.shape[-1]), dtype=object)
    for index in np.ndindex(a.shape[:-2]):
        with mpmath.workprec(mpmath.mp.prec + _range_bits(a[index].flat)):
            for matrix in _split_as_the_kernel(a[index], w_np[index], bits):
                w, vectors = mpmath.eig(mpmath.matrix(matrix.tolist()))
                if _as_real_as(w_np[index], w):
                    break
        # Kept to the digits found (rounded to the working precision, 4 +- 1e-300 would be 4 twice, exact):
        # the ops after round them, and directed rounding sees it.
        vectors = np.array(vectors.tolist(), dtype=object)
        unmatched = list(range(len(w)))
        for k, target in enumerate(w_np[index]):
            # NumPy's order, each of mpmath's eigenvalues taken once: 4 +- 1e-300 are one float64 number twice.
            j = min(unmatched, key=lambda i: abs(complex(w[i]) - target))
            unmatched.remove(j)
            column = vectors[:, j] / mpmath.sqrt(sum(abs(z) ** 2 for z in vectors[:, j]))
            theirs = v_np[index][:, k]
            if real_answer and not _real_eigenvalue(target, w[j], w):
                # NumPy's answer real at the floats, mpmath's a pair: a matrix beside a Jordan block (2 +- i sqrt(e)),
                # whose eigenvalues NumPy gives complex there, so the program is a function of the pair as it is
                column = column * _unit_turn(np.vdot(_complex_floats(column), theirs), True)
                out[index][0, k], out[index][1:, k] = mpmath.mpc(w[j]), column
            elif real_answer:
                column = column * _unit_turn(np.vdot(_complex_floats(column), theirs), True)
                out[index][0, k], out[index][1:, k] = mpmath.re(w[j]), [mpmath.re(z) for z in column]
            elif real_input and _real_eigenvalue(target, w[j], w):
                out[index][0, k], out[index][1:, k] = mpmath.mpc(mpmath.re(w[j])), _real_vector(column, theirs)
            else:
                column = column * _unit_turn(np.vdot(_complex_floats(column), theirs), True)
                out[index][0, k], out[index][1:, k] = mpmath.mpc(w[j]), column
    return out


_SPLIT_BITS = 8  # how far above the working precision's last bit a Jordan block's split change lies


def _split_as_the_kernel(matrix, kernels, bits):
    """The matrices whose eig stands for ``matrix``'s in an exact run at ``bits`` of precision (None: in a proof, the
    matrix itself), the first whose eigenvalues are real where the kernel's are taken.

    A Jordan block (a defective eigenvalue, [[3, 1], [-1, 1]]'s 2) has no derivative alone, but the kernel's floats
    split it by their rounding (2 +- 1.5e-8), and every rule the program's gradient runs (gradcli's, PyTorch's,
    JAX's, TensorFlow's) is then exact at a matrix that near, its eigenvectors apart: for a smooth function of the
    group (its sum, its product) the rule's limit is the exact derivative. At the exact matrix the eigenvectors
    are one, and the rule divides by their difference, which the solver leaves to its rounding (at one precision 0,
    at another the rounding's own noise). So where the kernel split a group that the matrix's rational
    characteristic polynomial proves defective, the exact run takes the matrix changed by a fixed pattern
    `_SPLIT_BITS` above its last bit, of either sign: that splits the group by about its square root, as the
    solver's rounding does but above it, while a smooth function of the group moves by the change alone, below the
    digits the run keeps. A group the kernel left equal ([[2, 1], [0, 2]], which LAPACK takes as it is) stays at the
    matrix: the rule's chain through its equal members is what the floats ran.
    """
    mpmath = loaded_mpmath()
    if bits is None or not _split_near_pair(kernels) or not arb_proof_linalg.defective(matrix):
        return [matrix]
    n = matrix.shape[-1]
    scale = max(abs(z) for z in matrix.flat)
    step = mpmath.ldexp(1, int(mpmath.mag(scale)) + _SPLIT_BITS - bits)
    pattern = [[0 if i == j else (-1) ** (i + j) * (1 + (i * j + i + 2 * j) % 3) for j in range(n)] for i in range(n)]
    return [matrix + np.array([[sign * step * e for e in row] for row in pattern], dtype=object) for sign in (1, -1)]


def _as_real_as(kernels, spectrum):
    """Whether mpmath's ``spectrum`` holds as many real eigenvalues as the kernel's floats (`_real_eigenvalue`)."""
    mpmath = loaded_mpmath()
    scale = max([1] + [abs(z) for z in spectrum])
    real = sum(abs(mpmath.im(z)) <= scale * mpmath.mpf(2) ** (-(mpmath.mp.prec // 2)) for z in spectrum)
    return real >= sum(complex(t).imag == 0 for t in np.ravel(kernels))


def _split_near_pair(kernels):
    """Whether two of a kernel's eigenvalues lie apart by no more than a Jordan block's rounding splits it (a
    thousandth of the spectrum's size: float64's 1.5e-8 of a pair, 6e-6 of a triple), yet are not equal."""
    w = np.asarray(kernels, dtype=complex).ravel()
    scale = max(1.0, float(np.max(np.abs(w)))) if w.size else 1.0
    gaps = np.abs(w[:, None] - w[None, :])
    return bool(np.any((gaps > 0) & (gaps <= 1e-3 * scale)))


def _complex_floats(column):
    return np.vectorize(complex, otypes=[complex])(column)


def _real_eigenvalue(kernels, ours, spectrum):
    """Whether an eigenvalue of a real matrix is real: the kernel's float is (its imaginary part exactly 0, as a real
    matrix's kernels give a real eigenvalue), and mpmath's imaginary part is below the square root of the working
    precision, so not a pair split off a repeated eigenvalue by a change of the matrix (its imaginary part then the
    square root of that change, far above), only the solver's leftover, which the answer must not carry: a real
    eigenvalue's imaginary part is the exact 0 along every change."""
    mpmath = loaded_mpmath()
    scale = max([1] + [abs(z) for z in spectrum])
    return complex(kernels).imag == 0 and abs(mpmath.im(ours)) <= scale * mpmath.mpf(2) ** (-(mpmath.mp.prec // 2))


def _real_vector(column, theirs):
    """A real eigenvalue's unit vector (mpmath's, a real vector up to its phase) as the real vector it is, turned to
    the phase of the kernel's own ``theirs``: its sign where that is real, else the kernel's phase at its largest
    entry (a unit number at the working precision, `_unit_turn`)."""
    mpmath = loaded_mpmath()
    lead = int(np.argmax(np.abs(theirs)))
    phase = theirs[lead] / abs(theirs[lead]) if np.any(np.imag(theirs) != 0) else 1.0
    column = column * _unit_turn(np.vdot(_complex_floats(column), theirs / phase), True)
    real = [mpmath.re(z) for z in column]
    turn = _unit_turn(phase, True) if phase != 1.0 else 1
    return [mpmath.mpc(z) * turn for z in real]


_eig_packed = primitive(
    _eig_packed_raw, "linalg.eig", kind="linalg", mp=mpmath_only("linalg.eig", iterative(_eig_packed_mp, spectrum=_first_row))
)


def _eig_vjp(g, ans, a, kernel=None):
    """The adjoint of dw = diag(M), dV = V (F * M) less each column's change of length, M = V^-1 dA V.

    F[i, j] = 1 / (w_j - w_i) off the diagonal where the loss reads eigenvector j
    (`_inverse_gaps`). Cotangents are conj'd into and out of the usual complex
    convention; for real input the real part is the gradient.
    """
    w, v = getitem(ans, (Ellipsis, 0, slice(None))), getitem(ans, (Ellipsis, slice(1, None), slice(None)))
    g_w, g_v = conj(getitem(g, (Ellipsis, 0, slice(None)))), conj(getitem(g, (Ellipsis, slice(1, None), slice(None))))
    n = shape_of(w)[-1]
    f = _inverse_gaps(w, g_v)
    # The unit length NumPy gives each eigenvector: only the part of g_v that keeps it counts.
    g_v = g_v - matmul(v, real(matmul(_H(v), g_v)) * _eye(n, w))
    m_bar = conj(f) * matmul(_H(v), g_v) + expand_dims(g_w, -2) * _eye(n, w)
    v_inv_h = _H(inverse_or_nan(v))  # NaN where the dtype's eigenvectors are parallel (a defective pair left equal)
    grad = conj(matmul(matmul(v_inv_h, m_bar), _H(v)))
    return grad if holds_complex(a) else real(grad)


defvjp(_eig_packed, _eig_vjp, reads="ans args")


def eig(a):
    """``np.linalg.eig``: ``(w, v)``, eigenvalues and unit eigenvectors (columns) of a square matrix.

    The gradient assumes a loss that does not depend on each eigenvector's phase;
    at a repeated eigenvalue it is NaN where the loss reads that eigenvalue's
    eigenvectors, and a loss of the eigenvalues alone (the trace) keeps it.
    """
    if not isinstance(a, Box) and np.asarray(a).dtype != object:  # (object: mpmath numbers, the exact reference)
        return np.linalg.eig(a)
    packed = _eig_packed(a)
    return getitem(packed, (Ellipsis, 0, slice(None))), getitem(packed, (Ellipsis, slice(1, None), slice(None)))


def eigvals(a):
    """``np.linalg.eigvals``: the eigenvalues of `eig`."""
    return eig(a)[0] if isinstance(a, Box) or np.asarray(a).dtype == object else np.linalg.eigvals(a)


def eig_complex(a, kernel=np.linalg.eig):
    """``(w, v)`` of a general square matrix as complex arrays whatever its spectrum, as PyTorch's and TensorFlow's
    eig give them: ``kernel(floats) -> (w, v)`` is the framework's own eig on floats (NumPy's is LAPACK's geev, as
    PyTorch's), whose numbers a dtype's run answers and whose order of eigenvalues and phase of each eigenvector
    the exact run takes (matched on the floats nearest its matrix: one fixed choice near the point).

    The gradient assumes distinct eigenvalues and a loss that does not depend on the eigenvectors' phases.
    """
    packed = _eig_packed(a, kernel)
    return getitem(packed, (Ellipsis, 0, slice(None))), getitem(packed, (Ellipsis, slice(1, None), slice(None)))
