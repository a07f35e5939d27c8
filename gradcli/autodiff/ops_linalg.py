"""Linear algebra primitives and their rules (matmul, tensordot, einsum, linalg.*)."""

from __future__ import annotations

import string

import numpy as np

from .core import NoGradientError, defvjp, defvjp_all
from .ops import multiply, unbroadcast
from .ops_array import (
    _raw,
    _shape,
    broadcast_to,
    expand_dims,
    getitem,
    reshape,
    squeeze,
    sum_,
    swapaxes,
)
from .tracer import is_mp_value, primitive


def _linalg_op(fun, name, mp=None):
    # mp=True: an mpmath implementation is supplied by mp.enable().
    return primitive(fun, name, kind="linalg", mp=mp)


matmul = _linalg_op(np.matmul, "matmul", mp=np.matmul)


def _matmul_vjp_a(g, ans, a, b):
    na, nb = len(_shape(a)), len(_shape(b))
    if nb == 1:
        if na == 1:
            return g * b
        return unbroadcast(expand_dims(g, -1) * b, a)
    if na == 1:
        return unbroadcast(squeeze(matmul(b, expand_dims(g, -1)), -1), a)
    return unbroadcast(matmul(g, swapaxes(b, -1, -2)), a)


def _matmul_vjp_b(g, ans, a, b):
    na, nb = len(_shape(a)), len(_shape(b))
    if na == 1:
        if nb == 1:
            return g * a
        return unbroadcast(expand_dims(a, -1) * expand_dims(g, -2), b)
    if nb == 1:
        if na == 2:
            return matmul(swapaxes(a, -1, -2), g)  # A.T @ g, the plain matrix-vector case
        return unbroadcast(squeeze(matmul(swapaxes(a, -1, -2), expand_dims(g, -1)), -1), b)
    return unbroadcast(matmul(swapaxes(a, -1, -2), g), b)


defvjp(matmul, _matmul_vjp_a, _matmul_vjp_b)


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
    na, nb = len(_shape(a)), len(_shape(b))
    axes_a, axes_b = _normalize_tensordot_axes(axes, na, nb)
    free_a = [i for i in range(na) if i not in axes_a]
    free_b = [i for i in range(nb) if i not in axes_b]
    g_free_b = list(range(len(free_a), len(free_a) + len(free_b)))
    partial = tensordot(g, b, (g_free_b, free_b))  # axes: free_a..., b's contracted axes in b's order
    order = free_a + [axes_a[k] for k in np.argsort(axes_b)]
    return _transpose_back(partial, order)


def _tensordot_vjp_b(g, ans, a, b, axes=2):
    na, nb = len(_shape(a)), len(_shape(b))
    axes_a, axes_b = _normalize_tensordot_axes(axes, na, nb)
    free_a = [i for i in range(na) if i not in axes_a]
    free_b = [i for i in range(nb) if i not in axes_b]
    g_free_a = list(range(len(free_a)))
    partial = tensordot(a, g, (free_a, g_free_a))  # axes: a's contracted axes in a's order, free_b...
    order = [axes_b[k] for k in np.argsort(axes_a)] + free_b
    return _transpose_back(partial, order)


def _transpose_back(value, order):
    from .ops_array import transpose

    if order == sorted(order):
        return value
    return transpose(value, tuple(np.argsort(order)))


defvjp(tensordot, _tensordot_vjp_a, _tensordot_vjp_b)


def dot(a, b):
    """``np.dot``: matmul for 1-D/2-D operands, tensordot over (last, second-to-last) otherwise."""
    na, nb = len(_shape(a)), len(_shape(b))
    if na == 0 or nb == 0:
        return multiply(a, b)
    if na <= 2 and nb <= 2:
        return matmul(a, b)
    return tensordot(a, b, ([na - 1], [nb - 2 if nb >= 2 else 0]))


def inner(a, b):
    """``np.inner``: contraction over the last axes."""
    na, nb = len(_shape(a)), len(_shape(b))
    if na == 0 or nb == 0:
        return multiply(a, b)
    return tensordot(a, b, ([na - 1], [nb - 1]))


def outer(a, b):
    return multiply(reshape(a, (-1, 1)), reshape(b, (1, -1)))


def vdot(a, b):
    return sum_(multiply(reshape(a, (-1,)), reshape(b, (-1,))))


# -- einsum -------------------------------------------------------------------


def _einsum_raw(subscripts, *operands):
    return np.einsum(subscripts, *operands)


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


def _einsum_vjp_all(g, ans, subscripts, *operands):
    inputs, output = _parse_einsum(subscripts, [_shape(o) for o in operands])
    grads = [None]
    for i, target in enumerate(inputs):
        if len(set(target)) != len(target):
            raise NoGradientError(
                f"einsum gradient with a repeated index in one operand ('{target}') "
                "is not supported"
            )
        others = [s for j, s in enumerate(inputs) if j != i] + [output]
        values = [o for j, o in enumerate(operands) if j != i] + [g]
        available = set("".join(others))
        kept = "".join(c for c in target if c in available)
        grad = _einsum(",".join(others) + "->" + kept, *values)
        shape = _shape(operands[i])
        if kept != target:
            grad = reshape(grad, tuple(n if c in kept else 1 for c, n in zip(target, shape)))
            grad = broadcast_to(grad, shape)
        grads.append(unbroadcast(grad, operands[i]))
    return grads


defvjp_all(_einsum, _einsum_vjp_all)


def einsum(subscripts, *operands):
    """``np.einsum`` with a string of subscripts (gradient: one einsum per operand)."""
    return _einsum(subscripts, *operands)


def diagonal(x, offset=0, axis1=0, axis2=1):
    """``np.diagonal`` as fancy indexing, so its gradient is the matching scatter-add."""
    from .ops_array import transpose

    ndim = len(_shape(x))
    a1, a2 = axis1 % ndim, axis2 % ndim
    x = transpose(x, tuple(i for i in range(ndim) if i not in (a1, a2)) + (a1, a2))
    rows, cols = _shape(x)[-2], _shape(x)[-1]
    if offset >= 0:
        n = max(0, min(rows, cols - offset))
        i, j = np.arange(n), np.arange(n) + offset
    else:
        n = max(0, min(rows + offset, cols))
        i, j = np.arange(n) - offset, np.arange(n)
    return getitem(x, (slice(None),) * (ndim - 2) + (i, j))


def trace(x, offset=0, axis1=0, axis2=1):
    return sum_(diagonal(x, offset, axis1, axis2), axis=-1)


# -- numpy.linalg ---------------------------------------------------------------


def _T(x):
    return swapaxes(x, -1, -2)


inv = _linalg_op(np.linalg.inv, "linalg.inv", mp=True)
defvjp(inv, lambda g, ans, a: -matmul(matmul(_T(ans), g), _T(ans)))

solve = _linalg_op(np.linalg.solve, "linalg.solve", mp=True)


def _solve_is_vector(a, b):
    return len(_shape(b)) == 1


def _solve_vjp_a(g, ans, a, b):
    gb = solve(_T(a), g)
    if _solve_is_vector(a, b):
        return unbroadcast(-expand_dims(gb, -1) * expand_dims(ans, -2), a)
    return unbroadcast(-matmul(gb, _T(ans)), a)


def _solve_vjp_b(g, ans, a, b):
    return unbroadcast(solve(_T(a), g), b)


defvjp(solve, _solve_vjp_a, _solve_vjp_b)

det = _linalg_op(np.linalg.det, "linalg.det", mp=True)
defvjp(det, lambda g, ans, a: expand_dims(expand_dims(g * ans, -1), -1) * _T(inv(a)))


def _logabsdet_raw(a):
    return np.linalg.slogdet(a)[1]


_logabsdet = _linalg_op(_logabsdet_raw, "linalg.slogdet", mp=True)
defvjp(_logabsdet, lambda g, ans, a: expand_dims(expand_dims(g, -1), -1) * _T(inv(a)))


def slogdet(a):
    """(sign, log|det|): the sign is a constant, the log-determinant is differentiable."""
    value = _raw(a)
    if is_mp_value(value):  # np.linalg cannot take object arrays: the sign of mpmath's det
        from .ops import sign as sign_of

        return sign_of(det(value)), _logabsdet(a)
    sign = np.linalg.slogdet(value)[0]
    return sign, _logabsdet(a)


cholesky = _linalg_op(np.linalg.cholesky, "linalg.cholesky", mp=True)


def _cholesky_vjp(g, ans, a):
    # Murray (2016): A_bar = L^-T Phi(L^T L_bar) L^-1, symmetrised, where Phi
    # keeps the lower triangle and halves the diagonal.
    n = _shape(a)[-1]
    lower_half_diag = np.tril(np.ones((n, n))) - 0.5 * np.eye(n)
    lower_half_diag = lower_half_diag.astype(np.asarray(_raw(a)).dtype)
    l_inv = inv(ans)
    phi = matmul(_T(ans), g) * lower_half_diag
    s = matmul(matmul(_T(l_inv), phi), l_inv)
    return (s + _T(s)) * 0.5


defvjp(cholesky, _cholesky_vjp)


def norm(x, ord=None, axis=None, keepdims=False):
    """``np.linalg.norm`` for vector norms and the Frobenius norm, built from primitives."""
    from .ops import absolute, power, sqrt
    from .ops_array import max_

    if ord in (None, 2, "fro") and (axis is None or isinstance(axis, int) or ord in (None, "fro")):
        if ord == 2 and axis is None and len(_shape(x)) == 2:
            raise NotImplementedError("the spectral norm (ord=2 of a matrix) is not supported")
        return sqrt(sum_(x * x, axis=axis, keepdims=keepdims))
    if ord == np.inf:
        return max_(absolute(x), axis=axis, keepdims=keepdims)
    if isinstance(ord, (int, float)) and ord >= 1 and (axis is None or isinstance(axis, int)):
        if len(_shape(x)) != 1 and axis is None:
            raise NotImplementedError(f"matrix norm ord={ord} is not supported")
        return power(sum_(power(absolute(x), ord), axis=axis, keepdims=keepdims), 1.0 / ord)
    raise NotImplementedError(f"norm with ord={ord!r}, axis={axis!r} is not supported")
