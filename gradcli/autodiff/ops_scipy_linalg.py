"""``scipy.linalg``'s differentiable functions: the Sylvester equation, the matrix square root, exponential and
logarithm, triangular, banded and Cholesky solves.

`solve_sylvester`, `sqrtm`, `expm` and `logm` are primitives (scipy computes them, mpmath
gives their exact reference); the solves are composed of ``numpy.linalg``'s
primitives on the triangle or band SciPy reads, so their gradients (zero for
the entries SciPy ignores) and exact references come with those.
"""

from __future__ import annotations

import numpy as np

from .core import defjvp, defvjp, defvjp_all
from .ops_decompositions import eigh as _numpy_eigh
from .ops_decompositions import KeptAnswers, iterative, kept_answer
from .ops import astype, conj, real, select
from .ops_array import concatenate, getitem, zeros_like
from .ops_linalg import cholesky as _lower_cholesky
from .ops_linalg import det as _numpy_det
from .ops_linalg import inv as _numpy_inv
from .ops_linalg import matmul, solve, swapaxes, tril, triu
from .ops_special import mpmath_only
from .tracer import primitive, primitive_of
from .values import holds_complex, loaded_mpmath, raw, shape_of


def _scipy_linalg(name):
    """``scipy.linalg.<name>``, imported on the first call (scipy.linalg costs ~0.2 s)."""

    def evaluate(*args):
        import scipy.linalg  # lazy: scipy.linalg, only when one of its functions is called

        return getattr(scipy.linalg, name)(*args)

    evaluate.__name__ = name
    return evaluate


def _T(x):
    return swapaxes(x, -1, -2)


def _H(x):
    return conj(_T(x)) if holds_complex(x) else _T(x)


# -- the Sylvester equation A X + X B = Q ---------------------------------------------------


def _sylvester_mp(a, b, q):
    """A X + X B = Q on mpmath numbers, as (I kron A + B^T kron I) vec(X) = vec(Q), column by column."""
    mpmath = loaded_mpmath()
    a, b, q = (np.asarray(m, dtype=object) for m in (a, b, q))
    m, n = q.shape
    system = mpmath.matrix(m * n, m * n)
    for j in range(n):
        for i in range(m):
            row = j * m + i
            for k in range(m):
                system[row, j * m + k] += a[i, k]
            for k in range(n):
                system[row, k * m + i] += b[k, j]
    x = mpmath.lu_solve(system, mpmath.matrix([q[i, j] for j in range(n) for i in range(m)]))
    return np.array([[x[j * m + i] for j in range(n)] for i in range(m)], dtype=object)


solve_sylvester = primitive(_scipy_linalg("solve_sylvester"), "scipy.linalg.solve_sylvester", kind="linalg", mp=mpmath_only("solve_sylvester", _sylvester_mp))


def _q_bar(g, a, b):
    """The cotangent of Q: the Sylvester equation of the transposed matrices, solved for g."""
    return solve_sylvester(_T(a), _T(b), g)


# Differentiating A X + X B = Q: A dX + dX B = dQ - dA X - X dB, the same equation again.
defvjp(
    solve_sylvester,
    lambda g, ans, a, b, q: -matmul(_q_bar(g, a, b), _T(ans)),
    lambda g, ans, a, b, q: -matmul(_T(ans), _q_bar(g, a, b)),
    lambda g, ans, a, b, q: _q_bar(g, a, b),
)
defjvp(
    solve_sylvester,
    lambda t, ans, a, b, q: solve_sylvester(a, b, -matmul(t, ans)),
    lambda t, ans, a, b, q: solve_sylvester(a, b, -matmul(ans, t)),
    lambda t, ans, a, b, q: solve_sylvester(a, b, t),
)


# -- the principal matrix square root -----------------------------------------------------


def _sqrtm_raw(a):
    import scipy.linalg  # lazy: scipy.linalg, only when sqrtm is called

    return scipy.linalg.sqrtm(a)


_sqrtms_kept = KeptAnswers()  # the roots: see `_sqrtm_mp`
_logms_kept = KeptAnswers()  # the logarithms: see `_logm_mp`


def _sqrtm_mp(a):
    """`_sqrtm_mp_afresh`, its answers for the last few matrices, precisions and roundings kept (`kept_answer`): the
    exact reference's noise runs (rounded down, then up) each iterate at the same twice-wider precision."""
    return kept_answer(_sqrtms_kept, _sqrtm_mp_afresh, a)


def _sqrtm_mp_afresh(a):
    """The principal square root on mpmath numbers: the scaled Denman-Beavers iteration, in the matrix's own
    arithmetic (a real matrix's root stays real); where that does not settle (a real matrix with a negative
    eigenvalue, whose principal root is complex), V diag(sqrt(w)) V^-1 from the eigendecomposition.

    mpmath's own sqrtm iterates unscaled and, slow to start on a widely spread spectrum ([[1e5, -1], [-1, 2]])
    or a tiny scale ([[1e-30, 2e-31], [2e-31, 1e-30]]), turns to complex arithmetic, leaving a real root's
    entries with imaginary parts; a negative eigenvalue's root comes out as -i sqrt|w|, not the principal
    +i sqrt|w| that SciPy answers."""
    mpmath = loaded_mpmath()
    matrix = mpmath.matrix(np.asarray(a, dtype=object).tolist())
    root = _scaled_denman_beavers(matrix, mpmath)
    if root is None:  # an eigenvalue on the negative real axis: each eigenvalue's principal root
        values, vectors = mpmath.eig(matrix)
        root = vectors * mpmath.diag([mpmath.sqrt(w) for w in values]) * mpmath.inverse(vectors)
    return np.array(root.tolist(), dtype=object)


def _scaled_denman_beavers(matrix, mpmath, det=None, inverse=None):
    """Y -> (mu Y + Z^-1 / mu) / 2, Z -> (mu Z + Y^-1 / mu) / 2 from Y = A, Z = I, mu = |det Y det Z|^(-1/2n):
    Y settles on A's principal square root (Higham, Functions of Matrices, 6.3) unless A has an eigenvalue on
    the closed negative real axis; then None, as for a singular iterate. ``det`` and ``inverse`` are mpmath's
    unless given (`_exact_det_and_inverse`)."""
    n = matrix.rows
    det, inverse = det or mpmath.det, inverse or mpmath.inverse
    with mpmath.extraprec(2 * n + 20):  # the iteration's own rounding, below the working precision
        tolerance = mpmath.eps * 16 * n
        y, z = matrix, mpmath.eye(n)
        for _ in range(mpmath.mp.prec + 50):  # quadratic once the scaling has levelled the spectrum
            product = det(y) * det(z)
            if product == 0:
                return None
            scale = abs(product) ** (mpmath.mpf(-1) / (2 * n))
            y_next = (y * scale + inverse(z) / scale) / 2
            z = (z * scale + inverse(y) / scale) / 2
            step, y = mpmath.mnorm(y_next - y, 1), y_next
            if step <= tolerance * mpmath.mnorm(y, 1):
                break
        else:
            return None
    return y * 1  # rounded to the working precision


_sqrtm = primitive(_sqrtm_raw, "scipy.linalg.sqrtm", kind="linalg", mp=mpmath_only("sqrtm", iterative(_sqrtm_mp)))


def _sqrtm_vjp(g, ans, a):
    # X X = A, so X dX + dX X = dA: the cotangent solves the transposed equation.
    grad = solve_sylvester(_T(ans), _T(ans), g)
    return grad if holds_complex(a) else real(grad)


defvjp(_sqrtm, _sqrtm_vjp, reads="ans args")
defjvp(_sqrtm, lambda t, ans, a: solve_sylvester(ans, ans, t))


def sqrtm(A, disp=True, blocksize=64):  # noqa: N803  (SciPy's names)
    """``scipy.linalg.sqrtm``: the principal square root X of A (X X = A); complex where A has negative eigenvalues."""
    return _sqrtm(A)


# -- the matrix exponential and its Frechet derivative -------------------------------------


def _expm_raw(a):
    import scipy.linalg  # lazy: scipy.linalg, only when expm is called

    return scipy.linalg.expm(a)


def _expm_mp(a):
    """exp(A) on mpmath numbers, each matrix of a stack alone (mpmath's Taylor series after scaling, its squarings
    at raised precision)."""
    return _each_matrix(a, loaded_mpmath().expm)


def _each_matrix(a, function):
    """``function`` (an mpmath matrix to an mpmath matrix) of each matrix of the stack ``a`` of mpmath numbers, the
    answers stacked as ``a`` is."""
    mpmath = loaded_mpmath()
    a = np.asarray(a, dtype=object)
    out = np.empty(a.shape, dtype=object)
    for index in np.ndindex(*a.shape[:-2]):
        out[index] = np.array(function(mpmath.matrix(a[index].tolist())).tolist(), dtype=object)
    return out


_expm = primitive(_expm_raw, "scipy.linalg.expm", kind="linalg", mp=mpmath_only("expm", _expm_mp))
expm_primitive = _expm  # on balls and jets: flint's exponential, bound by `arb.enable`


def _block_upper(function, a, e):
    """The upper-right block of f([[A, E], [0, A]]): the Frechet derivative of the matrix function f at A along E
    (Van Loan; Higham, Functions of Matrices, 3.1)."""
    n = shape_of(a)[-1]
    zeros = zeros_like(a)
    block = concatenate([concatenate([a, e], axis=-1), concatenate([zeros, a], axis=-1)], axis=-2)
    return getitem(function(block), (Ellipsis, slice(None, n), slice(n, None)))


def _frechet_adjoint(function):
    """The VJP of a matrix function f given by a power series with real coefficients (exp, log):
    <G, L(A, E)> = <L(A^T, G), E>, the adjoint of the Frechet derivative its derivative at the transpose."""

    def vjp(g, ans, a):
        grad = _block_upper(function, _T(a), g)
        return grad if holds_complex(a) else real(grad)

    return vjp


defvjp(_expm, _frechet_adjoint(_expm), reads="args")
defjvp(_expm, lambda t, ans, a: _block_upper(_expm, a, t))


def expm(A):  # noqa: N803  (SciPy's name)
    """``scipy.linalg.expm``: the matrix exponential of a square matrix (or of each in a stack ``(..., n, n)``)."""
    return _expm(A)


def _frechet_raw(a, e, computed, part):
    import scipy.linalg  # lazy: scipy.linalg, only when expm_frechet is called

    return scipy.linalg.expm_frechet(a, e)[part]


# SciPy's own numbers in a float run (its algorithm rounds otherwise than the block matrix's exponential); the
# composite, its last argument, is the value on exact numbers and carries the gradient.
_frechet = primitive(_frechet_raw, "scipy.linalg.expm_frechet", kind="linalg", mp=lambda a, e, computed, part: computed)
defvjp_all(_frechet, lambda g, ans, a, e, computed, part: (None, None, g, None))
defjvp(_frechet, None, None, lambda t, ans, a, e, computed, part: t)


def _dtype_of(m):
    """The dtype of the program a matrix belongs to (an exact run's traced numbers answer the checked dtype's)."""
    kind = getattr(m, "dtype", None)
    kind = np.asarray(raw(m)).dtype if kind is None else kind
    return np.float64 if kind == object else kind


def expm_frechet(A, E, method=None, compute_expm=True, check_finite=True):  # noqa: N803  (SciPy's names)
    """``scipy.linalg.expm_frechet``: exp(A) and the Frechet derivative of exp at A along E, in float64 as SciPy
    computes them; differentiated as the blocks of exp([[A, E], [0, A]]) they are."""
    n = shape_of(A)[-1]
    whole = _expm(concatenate([concatenate([A, E], axis=-1), concatenate([zeros_like(A), A], axis=-1)], axis=-2))
    kind = np.result_type(_dtype_of(A), _dtype_of(E), np.float64)  # SciPy answers float64 for float32 matrices too
    blocks = [astype(getitem(whole, (Ellipsis, slice(None, n), columns)), kind) for columns in (slice(None, n), slice(n, None))]
    exponential, derivative = (_frechet(A, E, block, part) for part, block in enumerate(blocks))
    return (exponential, derivative) if compute_expm else derivative


# -- the principal matrix logarithm ---------------------------------------------------------


def _logm_raw(a):
    import scipy.linalg  # lazy: scipy.linalg, only when logm is called

    return scipy.linalg.logm(a)


def _logm_mp(a):
    """The principal logarithm on mpmath numbers, each matrix of a stack alone (`_logarithm`), its answers for the
    last few stacks, precisions and roundings kept (`kept_answer`), as `_sqrtm_mp`'s are."""
    return kept_answer(_logms_kept, _logm_mp_afresh, a)


def _logm_mp_afresh(a):
    """`_logm_mp`'s answer, each logarithm computed."""
    mpmath = loaded_mpmath()
    return _each_matrix(a, lambda matrix: _logarithm(matrix, mpmath))


def _logarithm(matrix, mpmath):
    """log(A) by inverse scaling and squaring (Higham, Functions of Matrices, 11.5): square roots until
    R = A^(1/2^k) is near I, then 2^k log(R), log(R) = 2 artanh(Z) = 2 (Z + Z^3/3 + ...), Z = (R - I)(R + I)^-1.

    A real matrix whose spectrum is off the closed negative real axis keeps its real logarithm. One with an
    eigenvalue there (its principal logarithm complex, log(-1) = +i pi as SciPy answers) is turned a little first:
    log(A) = log(e^-it A) + i t I, t short of the nearest eigenvalue below the negative axis, so that every
    eigenvalue keeps its principal argument. mpmath's own logm takes -i pi for log(-1), and its square roots
    turn to complex arithmetic on a widely spread real spectrum."""
    n = matrix.rows
    eye = mpmath.eye(n)
    det, inverse = mpmath.det, mpmath.inverse
    with mpmath.extraprec(2 * n + 60):  # the roots' cancellation in R - I and the series' rounding
        turn = _turn_off_the_negative_axis(matrix, mpmath)
        if turn:
            matrix = matrix * mpmath.expj(-turn)
        try:
            root = _scaled_denman_beavers(matrix, mpmath)
        except ZeroDivisionError:  # mpmath's LU calling an ill-conditioned iterate singular
            root = None
        if root is None:  # mpmath's determinants and inverses below their floor: exact ones, throughout
            det, inverse = _exact_det_and_inverse(mpmath)
            root = _scaled_denman_beavers(matrix, mpmath, det, inverse)
        if root is None:
            raise ValueError("logm of a singular matrix: its logarithm is not defined")
        roots = 1
        tolerance = mpmath.mpf(2) ** (-mpmath.mp.prec)
        while mpmath.mnorm(root - eye, 1) > 0.5:
            root, roots = _scaled_denman_beavers(root, mpmath, det, inverse), roots + 1
        z = (root - eye) * inverse(root + eye)
        square, term, total, k = z * z, z, z, 1
        while mpmath.mnorm(term, 1) > tolerance * mpmath.mnorm(total, 1):
            term = term * square
            k += 2
            total += term / k
        logarithm = total * mpmath.ldexp(1, roots + 1)
        if turn:
            logarithm += eye * mpmath.mpc(0, turn)
    return logarithm * 1  # rounded to the working precision


def _exact_det_and_inverse(mpmath):
    """det and inverse of an mpmath matrix, each exact and then rounded once (numpy.linalg's own on mpmath numbers).
    mpmath's LU calls a pivot below |A| 2^-prec singular, a floor that a widely spread spectrum
    ([[1e-300, 0], [0, 1]]) falls under at every precision the exact reference climbs to; exact, they cost more."""
    exact_det, exact_inverse = primitive_of(_numpy_det).mp, primitive_of(_numpy_inv).mp

    def det(m):
        return exact_det(np.array(m.tolist(), dtype=object))

    def inverse(m):
        return mpmath.matrix(exact_inverse(np.array(m.tolist(), dtype=object)).tolist())

    return det, inverse


def _turn_off_the_negative_axis(matrix, mpmath):
    """0 where no eigenvalue of A is on the closed negative real axis; else an angle t in (0, pi/2] that turns each
    off it without carrying any across it: half the least distance of an argument from -pi, a negative eigenvalue's
    argument pi. (The square roots' iteration, which never settles on such a spectrum, is not left to find out.)"""
    eigenvalues = mpmath.eig(matrix, left=False, right=False)
    # a negative eigenvalue computed a little off the axis: a repeated one's rounding splits it by ~2^(-prec/2)
    level = mpmath.mpf(2) ** (-mpmath.mp.prec // 4)
    if not any(mpmath.re(w) <= 0 and abs(mpmath.im(w)) <= level * abs(w) for w in eigenvalues):
        return 0
    below = [mpmath.arg(w) + mpmath.pi for w in eigenvalues if mpmath.im(w) < -level * abs(w)]
    return min([mpmath.pi / 2] + [angle / 2 for angle in below])


_logm = primitive(_logm_raw, "scipy.linalg.logm", kind="linalg", mp=mpmath_only("logm", iterative(_logm_mp)))
defvjp(_logm, _frechet_adjoint(_logm), reads="args")
defjvp(_logm, lambda t, ans, a: _block_upper(_logm, a, t))


def logm(A, disp=True):  # noqa: N803  (SciPy's names)
    """``scipy.linalg.logm``: the principal logarithm X of A (exp(X) = A, each eigenvalue's imaginary part in
    (-pi, pi]); complex where A has negative eigenvalues. With ``disp=False``, ``(X, errest)`` as SciPy's, errest
    SciPy's estimate of the relative error ||exp(X) - A||_1 / ||A||_1 (a number, not differentiated)."""
    logarithm = _logm(A)
    if disp:
        return logarithm
    import scipy.linalg  # lazy: scipy.linalg, for SciPy's own error estimate

    plain_a, plain_x = np.asarray(raw(A)), np.asarray(raw(logarithm))
    if plain_a.dtype == object or plain_x.dtype == object:  # an exact run's numbers: no rounding to estimate
        return logarithm, 0.0
    return logarithm, float(np.linalg.norm(scipy.linalg.expm(plain_x) - plain_a, 1) / np.linalg.norm(plain_a, 1))


# -- solves that read a triangle or a band --------------------------------------------------


def _triangle(a, lower, unit_diagonal):
    """The triangle of ``a`` SciPy reads, its diagonal ones if ``unit_diagonal``."""
    tri = tril(a) if lower else triu(a)
    if unit_diagonal:
        n = shape_of(a)[-1]
        tri = select(np.eye(n, dtype=bool), np.ones((n, n), dtype=np.asarray(raw(a)).dtype), tri)
    return tri


def solve_triangular(a, b, trans=0, lower=False, unit_diagonal=False, overwrite_b=False, check_finite=True):
    """``scipy.linalg.solve_triangular``: x with op(T) x = b, T the triangle of ``a`` SciPy reads; op is
    ``trans`` (0/'N', 1/'T', 2/'C'). The other triangle gets no gradient, as it plays no part."""
    tri = _triangle(a, lower, unit_diagonal)
    if trans in (1, "T"):
        tri = _T(tri)
    elif trans in (2, "C"):
        tri = _H(tri)
    elif trans not in (0, "N"):
        raise ValueError(f"solve_triangular's trans must be 0, 1, 2, 'N', 'T' or 'C', not {trans!r}")
    return solve(tri, b)


def _banded_matrix(l_and_u, ab):
    """The full matrix of SciPy's banded storage: A[i, j] = ab[u + i - j, j] inside the band, 0 outside."""
    lower, upper = l_and_u
    n = shape_of(ab)[-1]
    i, j = np.arange(n)[:, None], np.arange(n)[None, :]
    rows = upper + i - j
    inside = (rows >= 0) & (rows <= lower + upper)
    picked = getitem(ab, (np.clip(rows, 0, lower + upper), np.broadcast_to(j, (n, n))))
    return select(inside, picked, 0.0)


def solve_banded(l_and_u, ab, b, overwrite_ab=False, overwrite_b=False, check_finite=True):
    """``scipy.linalg.solve_banded``: x with A x = b, A given by its ``(l, u)`` bands in SciPy's storage ``ab``."""
    return solve(_banded_matrix(l_and_u, ab), b)


def cholesky(a, lower=False, overwrite_a=False, check_finite=True):
    """``scipy.linalg.cholesky``: the upper factor U (A = U^H U) by default, the lower one with ``lower=True``.

    Each reads one triangle of ``a``, as SciPy does: the upper factor the upper triangle.
    """
    return _lower_cholesky(a) if lower else _H(_lower_cholesky(_H(a)))


def cho_factor(a, lower=False, overwrite_a=False, check_finite=True):
    """``scipy.linalg.cho_factor``: ``(c, lower)`` for `cho_solve`, ``c`` the factor (its other triangle zero, not SciPy's leftovers)."""
    return cholesky(a, lower), lower


def cho_solve(c_and_lower, b, overwrite_b=False, check_finite=True):
    """``scipy.linalg.cho_solve``: x with A x = b, from ``cho_factor``'s factor of A."""
    c, lower = c_and_lower
    if lower:  # L L^H x = b
        return solve_triangular(c, solve_triangular(c, b, lower=True), trans="C", lower=True)
    return solve_triangular(c, solve_triangular(c, b, trans="C"), lower=False)  # U^H U x = b


def eigh(a, b=None, lower=True, eigvals_only=False, **options):
    """``scipy.linalg.eigh`` of one Hermitian matrix (no generalized ``b``): ``(w, v)``, or ``w`` with ``eigvals_only``."""
    if b is not None or options:
        raise NotImplementedError("gradcli's scipy.linalg.eigh differentiates the standard problem only (no b, subset or driver)")
    w, v = _numpy_eigh(a, "L" if lower else "U")
    return w if eigvals_only else (w, v)
