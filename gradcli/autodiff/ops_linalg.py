"""Linear algebra primitives and their rules (matmul, tensordot, einsum, linalg.*)."""

from __future__ import annotations

import string

import numpy as np

from .core import defjvp, defvjp, defvjp_all
from .ops import absolute, astype, conj, multiply, power, real, select, sign, sqrt, square, where
from .ops_array import (
    asarray,
    broadcast_to,
    expand_dims,
    getitem,
    max_,
    min_,
    moveaxis,
    reshape,
    squeeze,
    stack,
    sum_,
    swapaxes,
    transpose,
    unbroadcast,
)
from .tracer import Box, hooks, is_mp_value, primitive
from .values import holds_complex, is_float_dtype, raw, shape_of, weak, zeros_like


def _linalg_op(fun, name, mp=None):
    # mp=True: an mpmath implementation is supplied by mp.enable().
    return primitive(fun, name, kind="linalg", mp=mp)


matmul = _linalg_op(np.matmul, "matmul", mp=np.matmul)


def _matmul_vjp_a(g, ans, a, b):
    na, nb = len(shape_of(a)), len(shape_of(b))
    if nb == 1:
        if na == 1:
            return multiply(g, b)  # not g * b: b may be a list constant
        return unbroadcast(expand_dims(g, -1) * b, a)
    if na == 1:
        return unbroadcast(squeeze(matmul(b, expand_dims(g, -1)), -1), a)
    return unbroadcast(matmul(g, swapaxes(b, -1, -2)), a)


def _matmul_vjp_b(g, ans, a, b):
    na, nb = len(shape_of(a)), len(shape_of(b))
    if na == 1:
        if nb == 1:
            return multiply(g, a)
        return unbroadcast(expand_dims(a, -1) * expand_dims(g, -2), b)
    if nb == 1:
        if na == 2:
            # A.T @ g, the plain matrix-vector case, as g @ A: one op instead of
            # two, and a gemv that reads A in its own order (~5% faster here).
            return matmul(g, a)
        return unbroadcast(squeeze(matmul(swapaxes(a, -1, -2), expand_dims(g, -1)), -1), b)
    return unbroadcast(matmul(swapaxes(a, -1, -2), g), b)


defvjp(matmul, _matmul_vjp_a, _matmul_vjp_b, reads="args")


def _normalize_tensordot_axes(axes, ndim_a, ndim_b):
    if isinstance(axes, int):
        return list(range(ndim_a - axes, ndim_a)), list(range(axes))
    axes_a, axes_b = axes
    axes_a = [axes_a] if isinstance(axes_a, int) else list(axes_a)
    axes_b = [axes_b] if isinstance(axes_b, int) else list(axes_b)
    return [a % ndim_a for a in axes_a], [b % ndim_b for b in axes_b]


def _tensordot_raw(a, b, axes=2):
    return np.tensordot(a, b, axes)


tensordot = _linalg_op(_tensordot_raw, "tensordot", mp=_tensordot_raw)


def _tensordot_vjp_a(g, ans, a, b, axes=2):
    na, nb = len(shape_of(a)), len(shape_of(b))
    axes_a, axes_b = _normalize_tensordot_axes(axes, na, nb)
    free_a = [i for i in range(na) if i not in axes_a]
    free_b = [i for i in range(nb) if i not in axes_b]
    g_free_b = list(range(len(free_a), len(free_a) + len(free_b)))
    partial = tensordot(g, b, (g_free_b, free_b))  # axes: free_a..., b's contracted axes in b's order
    order = free_a + [axes_a[k] for k in np.argsort(axes_b)]
    return _transpose_back(partial, order)


def _tensordot_vjp_b(g, ans, a, b, axes=2):
    na, nb = len(shape_of(a)), len(shape_of(b))
    axes_a, axes_b = _normalize_tensordot_axes(axes, na, nb)
    free_a = [i for i in range(na) if i not in axes_a]
    free_b = [i for i in range(nb) if i not in axes_b]
    g_free_a = list(range(len(free_a)))
    partial = tensordot(a, g, (free_a, g_free_a))  # axes: a's contracted axes in a's order, free_b...
    order = [axes_b[k] for k in np.argsort(axes_a)] + free_b
    return _transpose_back(partial, order)


def _transpose_back(value, order):
    if order == sorted(order):
        return value
    return transpose(value, tuple(np.argsort(order)))


defvjp(tensordot, _tensordot_vjp_a, _tensordot_vjp_b, reads="args")


def dot(a, b):
    """``np.dot``: matmul for 1-D/2-D operands, tensordot over (last, second-to-last) otherwise."""
    na, nb = len(shape_of(a)), len(shape_of(b))
    if na == 0 or nb == 0:
        return multiply(a, b)
    if na <= 2 and nb <= 2:
        return matmul(a, b)
    return tensordot(a, b, ([na - 1], [nb - 2 if nb >= 2 else 0]))


def inner(a, b):
    """``np.inner``: contraction over the last axes."""
    na, nb = len(shape_of(a)), len(shape_of(b))
    if na == 0 or nb == 0:
        return multiply(a, b)
    return tensordot(a, b, ([na - 1], [nb - 1]))


def outer(a, b):
    return multiply(reshape(a, (-1, 1)), reshape(b, (1, -1)))


def vdot(a, b):
    """``np.vdot``: the flattened inner product, conjugating ``a`` when it is complex."""
    a = reshape(a, (-1,))
    if _is_complex(a):
        a = conj(a)
    return sum_(multiply(a, reshape(b, (-1,))))


def _is_complex(x):
    return holds_complex(x)


# -- einsum -------------------------------------------------------------------


def _einsum_raw(subscripts, *operands, optimize=False):
    dtypes = {np.asarray(o).dtype for o in operands}
    narrow = [d for d in dtypes if d.name == "bfloat16"]
    if narrow:
        # NumPy's einsum takes no bfloat16 (ml_dtypes'): XLA's CPU dot of bfloat16 operands accumulates in float32
        # and rounds the result once, which this is
        wide = [np.asarray(o, dtype=np.float32) if np.asarray(o).dtype.name == "bfloat16" else o for o in operands]
        return np.einsum(subscripts, *wide, optimize=optimize).astype(narrow[0])
    return np.einsum(subscripts, *operands, optimize=optimize)


_einsum = _linalg_op(_einsum_raw, "einsum", mp=_einsum_raw)


def _parse_einsum(subscripts, shapes):
    """Explicit input and output subscripts, with '...' spelled out as letters."""
    spec = subscripts.replace(" ", "")
    inputs, _, output = spec.partition("->")
    has_output = "->" in spec
    inputs = inputs.split(",")
    used = set(c for c in spec if c.isalpha())
    spare = [c for c in string.ascii_letters if c not in used]
    n_ellipsis = 0
    for s, shape in zip(inputs, shapes):
        if "..." in s:
            n_ellipsis = max(n_ellipsis, len(shape) - (len(s) - 3))
    ellipsis = "".join(spare[:n_ellipsis])
    expanded = []
    for s, shape in zip(inputs, shapes):
        if "..." in s:
            n = len(shape) - (len(s) - 3)
            s = s.replace("...", ellipsis[n_ellipsis - n :])
        expanded.append(s)
    if has_output:
        output = output.replace("...", ellipsis)
    else:
        letters = "".join(expanded)
        output = ellipsis + "".join(
            sorted(c for c in set(letters) if letters.count(c) == 1 and c not in ellipsis)
        )
    return expanded, output


def _einsum_vjp_all(g, ans, subscripts, *operands, optimize=False):
    # The cotangent of one operand is the einsum of the others with g. A letter
    # repeated within the operand ('ii') is summed once, then put back on the diagonal.
    inputs, output = _parse_einsum(subscripts, [shape_of(o) for o in operands])
    grads = [None]
    for i, target in enumerate(inputs):
        others = [s for j, s in enumerate(inputs) if j != i] + [output]
        values = [o for j, o in enumerate(operands) if j != i] + [g]
        available = set("".join(others))
        kept = "".join(c for c in dict.fromkeys(target) if c in available)
        grad = _einsum(",".join(others) + "->" + kept, *values, optimize=optimize)
        grads.append(unbroadcast(_spread(grad, kept, target, shape_of(operands[i])), operands[i]))
    return grads


def _spread(grad, kept, target, shape):
    """``grad`` (subscripts ``kept``) laid out over an operand's subscripts ``target``.

    It is broadcast along the letters it lacks; a letter repeated in ``target``
    gets it on its diagonal and zero elsewhere. Sizes come from ``grad`` where it
    has them, as an ellipsis may have broadcast a size-1 axis of the operand.
    """
    if kept == target:
        return grad
    sizes = dict(zip(kept, shape_of(grad)))
    first = [target.index(c) == p for p, c in enumerate(target)]
    grad = reshape(grad, tuple(sizes[c] if f and c in sizes else 1 for c, f in zip(target, first)))
    full = tuple(sizes.get(c, n) if f else n for c, f, n in zip(target, first, shape))
    if all(first):
        return broadcast_to(grad, full)
    return select(_diagonal_mask(target, full), grad, 0.0)


def _diagonal_mask(target, shape):
    """True where every repeated letter of ``target`` has equal indices ('ii': the identity)."""
    mask = np.ones(shape, dtype=bool)
    for p, c in enumerate(target):
        q = target.index(c)
        if q != p:
            axes_shape = [1] * len(shape)
            axes_shape[q], axes_shape[p] = shape[q], shape[p]
            mask = mask & np.eye(shape[q], dtype=bool).reshape(axes_shape)
    return mask


defvjp_all(_einsum, _einsum_vjp_all)


def einsum(subscripts, *operands, optimize=False):
    """``np.einsum`` (gradient: one einsum per operand).

    Subscripts as a string (``einsum("ij,jk", a, b)``) or interleaved with the
    operands as lists (``einsum(a, [0, 1], b, [1, 2])``), as NumPy takes them.
    ``optimize`` is passed to NumPy, for the forward pass and for the gradient's einsums.
    """
    if not isinstance(subscripts, str):
        subscripts, operands = _subscripts_of_sublists((subscripts, *operands))
    return _einsum(subscripts, *operands, optimize=optimize)


# NumPy's letters for the integers of sublists: 0-25 are A-Z, 26-51 are a-z.
_SUBLIST_LETTERS = string.ascii_uppercase + string.ascii_lowercase


def _subscripts_of_sublists(interleaved):
    """``(op0, sublist0, op1, sublist1, ..., [output])`` as a subscript string and the operands."""
    operands = interleaved[0::2]
    sublists = list(interleaved[1::2])
    output = None
    if len(interleaved) % 2:
        operands, output = operands[:-1], interleaved[-1]

    def letters(sublist):
        return "".join("..." if s is Ellipsis else _SUBLIST_LETTERS[s] for s in sublist)

    subscripts = ",".join(letters(s) for s in sublists)
    if output is not None:
        subscripts += "->" + letters(output)
    return subscripts, operands


def diagonal(x, offset=0, axis1=0, axis2=1):
    """``np.diagonal`` as fancy indexing, so its gradient is the matching scatter-add."""
    ndim = len(shape_of(x))
    a1, a2 = axis1 % ndim, axis2 % ndim
    x = transpose(x, tuple(i for i in range(ndim) if i not in (a1, a2)) + (a1, a2))
    rows, cols = shape_of(x)[-2], shape_of(x)[-1]
    if offset >= 0:
        n = max(0, min(rows, cols - offset))
        i, j = np.arange(n), np.arange(n) + offset
    else:
        n = max(0, min(rows + offset, cols))
        i, j = np.arange(n) - offset, np.arange(n)
    return getitem(x, (slice(None),) * (ndim - 2) + (i, j))


def trace(x, offset=0, axis1=0, axis2=1):
    return sum_(diagonal(x, offset, axis1, axis2), axis=-1)


def _diag_raw(v, k=0):
    return np.diag(v, k)


def _diag_mp(v, k=0):
    """`_diag_raw` of a vector of mpmath numbers: the zeros around it are mpmath numbers too."""
    n = len(v) + abs(k)
    out = np.full((n, n), type(v[0])(0) if len(v) else 0, dtype=object)
    along = np.arange(len(v))
    out[along + max(-k, 0), along + max(k, 0)] = v
    return out


# A vector laid on the k-th diagonal of a square matrix; its gradient is that diagonal of g.
_diag_matrix = _linalg_op(_diag_raw, "diag", mp=_diag_mp)
defvjp(_diag_matrix, lambda g, ans, v, k=0: diagonal(g, k), reads="")
defjvp(_diag_matrix, lambda t, ans, v, k=0: _diag_matrix(t, k))


def diag(v, k=0):
    """``np.diag``: the ``k``-th diagonal of a matrix, or a square matrix with a vector on it."""
    v = asarray(v)
    ndim = len(shape_of(v))
    if ndim == 2:
        return diagonal(v, k)
    if ndim != 1:
        raise ValueError("Input must be 1- or 2-d.")
    return _diag_matrix(v, k)


def diagflat(v, k=0):
    """``np.diagflat``: the elements of ``v``, flattened, on the ``k``-th diagonal of a square matrix."""
    return _diag_matrix(reshape(asarray(v), (-1,)), k)


def _triangle(x, keep):
    """``x`` with zeros of its kind (dtype, or mpmath numbers) outside the mask ``keep`` of its last two axes."""
    return where(keep, x, zeros_like(raw(x)))


def tril(x, k=0):
    """``np.tril``: the elements on and below the ``k``-th diagonal of the last two axes, zeros above."""
    x = asarray(x)
    return _triangle(x, np.tri(*shape_of(x)[-2:], k=k, dtype=bool))


def triu(x, k=0):
    """``np.triu``: the elements on and above the ``k``-th diagonal of the last two axes, zeros below."""
    x = asarray(x)
    return _triangle(x, ~np.tri(*shape_of(x)[-2:], k=k - 1, dtype=bool))


def kron(a, b):
    """``np.kron``: every element of ``a`` times the whole of ``b``, laid out block by block."""
    a, b = asarray(a), asarray(b)
    ndim = max(len(shape_of(a)), len(shape_of(b)))
    shape_a = (1,) * (ndim - len(shape_of(a))) + tuple(shape_of(a))
    shape_b = (1,) * (ndim - len(shape_of(b))) + tuple(shape_of(b))
    # a's axes interleaved with b's: (a0, b0, a1, b1, ...), then each pair merged.
    spread_a = reshape(a, tuple(n for m in shape_a for n in (m, 1)))
    spread_b = reshape(b, tuple(n for m in shape_b for n in (1, m)))
    return reshape(spread_a * spread_b, tuple(m * n for m, n in zip(shape_a, shape_b)))


def cross(a, b, axisa=-1, axisb=-1, axisc=-1, axis=None):
    """``np.cross`` of 3-vectors (or 2-vectors, whose cross product is the z component) along an axis."""
    if axis is not None:
        axisa = axisb = axisc = axis
    a, b = moveaxis(asarray(a), axisa, -1), moveaxis(asarray(b), axisb, -1)
    n_a, n_b = shape_of(a)[-1], shape_of(b)[-1]
    if n_a not in (2, 3) or n_b not in (2, 3):
        raise ValueError("incompatible dimensions for cross product\n(dimension must be 2 or 3)")
    a0, a1, a2 = a[..., 0], a[..., 1], a[..., 2] if n_a == 3 else 0
    b0, b1, b2 = b[..., 0], b[..., 1], b[..., 2] if n_b == 3 else 0
    if n_a == n_b == 2:
        return a0 * b1 - a1 * b0
    c = stack([a1 * b2 - a2 * b1, a2 * b0 - a0 * b2, a0 * b1 - a1 * b0], axis=-1)
    return moveaxis(c, -1, axisc)


# -- numpy.linalg ---------------------------------------------------------------


def _T(x):
    return swapaxes(x, -1, -2)


def _inverse_vjp(g, ans, a):
    return -matmul(matmul(_T(ans), g), _T(ans))


inv = _linalg_op(np.linalg.inv, "linalg.inv", mp=True)
defvjp(inv, _inverse_vjp, reads="ans")


def _or_nan(factor):
    """``factor`` (np.linalg's inv, cholesky) of a stack of matrices, with NaN entries for each matrix LAPACK refuses."""

    def of_each(a):
        try:
            return factor(a)
        except np.linalg.LinAlgError:
            a = np.asarray(a)
            out = np.empty(a.shape, dtype=np.result_type(a.dtype, np.float32))
            for index in np.ndindex(a.shape[:-2]):
                try:
                    out[index] = factor(a[index])
                except np.linalg.LinAlgError:
                    out[index] = np.nan
            return out

    return of_each


# A gradient rule's inverse (eig's of its eigenvectors): where the working dtype left the matrix singular, the rule
# has no number to give, and gives NaN there, as an LU solve's division by its zero pivot does in JAX's rules, so the
# check names the op that broke; a LinAlgError raised inside a rule the user never wrote would be no finding at all.
inverse_or_nan = _linalg_op(_or_nan(np.linalg.inv), "linalg.inv", mp=True)
defvjp(inverse_or_nan, _inverse_vjp, reads="ans")

solve = _linalg_op(np.linalg.solve, "linalg.solve", mp=True)


# NumPy 2 reads b as a vector (one, for every matrix of a stack a) only when b is
# 1-D; NumPy 1 read it as a stack of vectors whenever b had one dimension less than a.
_NUMPY_2 = np.lib.NumpyVersion(np.__version__) >= "2.0.0"


def b_is_vectors(a, b):
    """Whether ``solve(a, b)`` reads ``b`` as vectors rather than matrices, as NumPy does."""
    nb = len(shape_of(b))
    return nb == 1 if _NUMPY_2 else nb == len(shape_of(a)) - 1


def _solve_transposed(a, g, b):
    """``solve(a^T, g)``, with ``g`` read as ``b`` was read (a batched ``a`` makes it 2-D)."""
    if b_is_vectors(a, b):
        return squeeze(solve(_T(a), expand_dims(g, -1)), -1)
    return solve(_T(a), g)


def _solve_vjp_a(g, ans, a, b):
    gb = _solve_transposed(a, g, b)
    if b_is_vectors(a, b):
        return unbroadcast(-expand_dims(gb, -1) * expand_dims(ans, -2), a)
    return unbroadcast(-matmul(gb, _T(ans)), a)


def _solve_vjp_b(g, ans, a, b):
    return unbroadcast(_solve_transposed(a, g, b), b)


defvjp(solve, _solve_vjp_a, _solve_vjp_b)

det = _linalg_op(np.linalg.det, "linalg.det", mp=True)


def _det_vjp(g, ans, a):
    """det's derivative, the cofactor matrix: det * inv(a)^T where every matrix of the stack has an inverse, and the
    minors' signed determinants where one is singular (its derivative is finite there, its inverse is none)."""
    if not _any_exact_zero(ans):
        return expand_dims(expand_dims(g * ans, -1), -1) * _T(inv(a))
    return expand_dims(expand_dims(g, -1), -1) * cofactors(a)


def _any_exact_zero(value):
    """Whether any entry of ``value`` (floats, or mpmath numbers at high precision) is exactly 0."""
    value = np.asarray(raw(value))
    if value.dtype != object:
        return bool(np.any(value == 0))
    return any((e == 0) is True for e in value.flat)  # (a ball's comparison answers no plain True short of an exact 0)


def cofactors(a):
    """The cofactor matrix of each matrix of a stack, the adjugate's transpose: entry (i, j) the determinant of the
    minor without row i and column j, signed (-1)^(i + j). A polynomial in the entries, so exact and finite at a
    singular matrix, and differentiable again through det's own rule on the minors."""
    n = shape_of(a)[-1]
    others = np.array([[k for k in range(n) if k != i] for i in range(n)], dtype=np.intp).reshape(n, n - 1)
    minors = getitem(a, (Ellipsis, others[:, None, :, None], others[None, :, None, :]))
    dtype = np.asarray(raw(a)).dtype
    signs = np.where(np.add.outer(np.arange(n), np.arange(n)) % 2 == 1, -1, 1).astype(
        object if dtype == object else dtype.type(0).real.dtype)
    return det(minors) * signs


defvjp(det, _det_vjp)


def _logabsdet_raw(a):
    return np.linalg.slogdet(a)[1]


_logabsdet = _linalg_op(_logabsdet_raw, "linalg.slogdet", mp=True)
# (a matrix singular in the working dtype has log|det| = -inf and no inverse: its slope is NaN there, as JAX's is)
defvjp(_logabsdet, lambda g, ans, a: expand_dims(expand_dims(g, -1), -1) * _T(inverse_or_nan(a)), reads="args")


def slogdet(a):
    """(sign, log|det|): the log-determinant is differentiable, and so is a complex matrix's sign, det / |det|, a
    point on the unit circle that turns with the matrix; a real matrix's sign is a constant."""
    value = raw(a)
    if holds_complex(value):
        determinant = det(a)
        return determinant / absolute(determinant), _logabsdet(a)
    if is_mp_value(value):  # np.linalg cannot take object arrays: the sign of mpmath's det
        return _unwatched(lambda: sign(det(value))), _logabsdet(a)
    return np.linalg.slogdet(value)[0], _logabsdet(a)


def _unwatched(compute):
    """``compute()`` with the checker's forward hook off: the ops a high-precision path runs where a float one runs
    none (slogdet's sign, which np.linalg gives beside the log), so the two runs' recordings still pair op by op."""
    watching, hooks.forward = hooks.forward, None
    try:
        return compute()
    finally:
        hooks.forward = watching


cholesky = _linalg_op(np.linalg.cholesky, "linalg.cholesky", mp=True)


def _cholesky_vjp(g, ans, a):
    # Murray (2016): A_bar = L^-T Phi(L^T L_bar) L^-1, symmetrised, where Phi
    # keeps the lower triangle and halves the diagonal. NumPy reads only the lower
    # triangle, so each entry below the diagonal takes its mirror's share too and
    # the upper triangle, never read, none.
    n = shape_of(a)[-1]
    lower_half_diag = np.tril(np.ones((n, n))) - 0.5 * np.eye(n)
    lower_half_diag = lower_half_diag.astype(np.asarray(raw(a)).dtype)
    l_inv = inv(ans)
    phi = matmul(_T(ans), g) * lower_half_diag
    s = matmul(matmul(_T(l_inv), phi), l_inv)
    return (s + _T(s)) * lower_half_diag


defvjp(cholesky, _cholesky_vjp, reads="ans")  # of the argument, only its shape and dtype


# JAX's cholesky: a matrix the dtype finds not positive definite factors to NaN, where NumPy raises; one op of the
# name cholesky, so that a check names it (and what made its matrix singular) as the operation that broke.
cholesky_or_nan = _linalg_op(_or_nan(np.linalg.cholesky), "linalg.cholesky", mp=True)
defvjp(cholesky_or_nan, _cholesky_vjp, reads="ans")


# -- norms ----------------------------------------------------------------------


def _svdvals_raw(a):
    return np.linalg.svd(a, compute_uv=False)


# The singular values: the spectral and nuclear norms are their max, min and sum.
svdvals = _linalg_op(_svdvals_raw, "linalg.svdvals", mp=True)


# Its rule, conj(U diag(g) V^H), is in ops_decompositions: differentiated again it needs the svd's own derivatives.


def _abs_squared(x):
    """|x|^2; a real x's by square, whose slope 2 g x takes the norm's halved g whole (x * x's x g + x g would halve x
    and lose a subnormal x's last bit)."""
    return real(x * conj(x)) if _is_complex(x) else square(x)


def norm(x, ord=None, axis=None, keepdims=False):
    """``np.linalg.norm``: every vector and matrix order of NumPy, differentiable.

    Vector orders: None/2, inf, -inf, 0 (a count: zero gradient), 1 and any
    other number p. Matrix orders (a 2-D input, or ``axis`` a pair): None/'fro',
    1, -1, inf, -inf, and 2, -2, 'nuc' through the singular values, whose
    gradient is first-order only.
    """
    x = asarray(x)
    dtype = np.asarray(raw(x)).dtype
    if not (is_float_dtype(dtype) or dtype == object):
        x = astype(x, np.float64)  # as NumPy: integers and booleans are measured as floats
    ndim = len(shape_of(x))
    if axis is None:
        if ord is None or (ord in ("f", "fro") and ndim == 2) or (ord == 2 and ndim == 1):
            out = sqrt(sum_(_abs_squared(x)))
            return reshape(out, (1,) * ndim) if keepdims else out
        axis = tuple(range(ndim))
    axes = tuple(axis) if isinstance(axis, (tuple, list)) else (int(axis),)
    if len(axes) == 1:
        return _vector_norm(x, ord, axes[0], keepdims)
    if len(axes) == 2:
        return _matrix_norm(x, ord, axes, keepdims)
    raise ValueError("Improper number of dimensions to norm.")


def _vector_norm(x, ord, axis, keepdims):
    if ord is None or ord == 2:
        return sqrt(sum_(_abs_squared(x), axis=axis, keepdims=keepdims))
    if isinstance(ord, str):
        raise ValueError(f"Invalid norm order '{ord}' for vectors")
    if ord == np.inf:
        return max_(absolute(x), axis=axis, keepdims=keepdims)
    if ord == -np.inf:
        return min_(absolute(x), axis=axis, keepdims=keepdims)
    if ord == 0:  # how many entries are nonzero: a constant
        value = np.asarray(raw(x))
        return np.sum(value != 0, axis=axis, keepdims=keepdims).astype(value.real.dtype)
    if ord == 1:
        return sum_(absolute(x), axis=axis, keepdims=keepdims)
    return power(sum_(power(absolute(x), ord), axis=axis, keepdims=keepdims), weak(1.0 / ord, x))


def _matrix_norm(x, ord, axes, keepdims):
    ndim = len(shape_of(x))
    row, col = (_axis_index(a, ndim) for a in axes)
    if row == col:
        raise ValueError("Duplicate axes given.")
    if ord in (2, -2, "nuc"):
        rest = tuple(i for i in range(ndim) if i not in (row, col))
        s = svdvals(transpose(x, rest + (row, col)))
        out = {2: max_, -2: min_, "nuc": sum_}[ord](s, axis=-1)
    elif ord in (1, -1):  # the largest (smallest) column sum
        out = (max_ if ord == 1 else min_)(sum_(absolute(x), axis=row), axis=col - (col > row))
    elif ord in (np.inf, -np.inf):  # the largest (smallest) row sum
        out = (max_ if ord > 0 else min_)(sum_(absolute(x), axis=col), axis=row - (row > col))
    elif ord in (None, "fro", "f"):
        out = sqrt(sum_(_abs_squared(x), axis=(row, col)))
    else:
        raise ValueError(f"Invalid norm order {ord!r} for matrices.")
    if keepdims:
        out = reshape(out, tuple(1 if i in (row, col) else n for i, n in enumerate(shape_of(x))))
    return out


def _axis_index(axis, ndim):
    if not -ndim <= axis < ndim:
        raise np.exceptions.AxisError(axis, ndim)
    return axis % ndim
