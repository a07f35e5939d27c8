"""``numpy.linalg``'s decompositions: eigh (eigenvalues and eigenvectors), svd and pinv, with their gradients.

A decomposition has several outputs; the core's primitives have one. So eigh
is a primitive returning both halves packed in one array (the eigenvalues as
an extra row above the eigenvectors) and the public function unpacks them with
differentiable indexing: the rule receives one cotangent, split the same way.
"""

from __future__ import annotations

import numpy as np

from .core import NoGradientError, defvjp
from .ops import conj, real, select
from .ops_array import expand_dims, getitem
from .ops_linalg import inv, matmul, svdvals, swapaxes
from .ops_special import mpmath_only
from .tracer import Box, primitive
from .values import loaded_mpmath, raw, shape_of


def _T(x):
    return swapaxes(x, -1, -2)


def _H(x):
    return conj(_T(x)) if np.iscomplexobj(raw(x)) else _T(x)


def _no_exact_reference(name):
    """The mpmath stand-in of an op that has none: it says so rather than computing in floats."""

    def refuse(*args, **kwargs):
        raise NotImplementedError(f"no exact reference for {name}: mpmath has no implementation of it here")

    refuse.no_reference = True  # `gradcli ops` shows no mpmath column for it
    return refuse


def _eye(n, like):
    """The identity in the real dtype of ``like``: a float64 one would promote float32 cotangents."""
    return np.eye(n, dtype=np.asarray(raw(like)).real.dtype)


# -- eigh ---------------------------------------------------------------------------------


def _eigh_packed_raw(a, lower):
    w, v = np.linalg.eigh(a, "L" if lower else "U")
    return np.concatenate([np.expand_dims(w.astype(v.dtype), -2), v], axis=-2)


def _eigh_packed_mp(a, lower):
    """The same packing on mpmath numbers: mpmath's eigsy / eighe of the triangle NumPy reads."""
    mpmath = loaded_mpmath()
    a = np.asarray(a, dtype=object)
    out = np.empty(a.shape[:-2] + (a.shape[-1] + 1, a.shape[-1]), dtype=object)
    for index in np.ndindex(a.shape[:-2]):
        m = np.array(a[index], dtype=object)
        full = np.tril(m) + np.conj(np.tril(m, -1)).T if lower else np.triu(m) + np.conj(np.triu(m, 1)).T
        complex_input = any(isinstance(z, mpmath.mpc) for z in full.flat)
        w, v = (mpmath.eighe if complex_input else mpmath.eigsy)(mpmath.matrix(full.tolist()))
        order = sorted(range(len(w)), key=lambda i: w[i])
        out[index][0] = [w[i] for i in order]
        out[index][1:] = _phases_as_numpy(np.array(v.tolist(), dtype=object)[:, order], full, complex_input)
    return out


def _phases_as_numpy(vectors, matrix, complex_input):
    """Eigenvectors turned to the sign (phase) NumPy's own eigh picks, so both answer the same branch."""
    to_float = complex if complex_input else float
    numpys = np.linalg.eigh(np.vectorize(to_float, otypes=[to_float])(matrix))[1]
    for j in range(vectors.shape[1]):
        overlap = np.vdot(np.vectorize(to_float, otypes=[to_float])(vectors[:, j]), numpys[:, j])
        vectors[:, j] = vectors[:, j] * (overlap / abs(overlap) if complex_input else np.sign(overlap))
    return vectors


_eigh_packed = primitive(_eigh_packed_raw, "linalg.eigh", kind="linalg", mp=mpmath_only("linalg.eigh", _eigh_packed_mp))


def _symmetric_gradient(g_w, g_v, w, v):
    """The gradient of eigh for a full (Hermitian) matrix: V (diag(gw) + F * V^H conj(gV)) V^H, conjugated back."""
    n = shape_of(w)[-1]
    gaps = expand_dims(w, -2) - expand_dims(w, -1)  # w_j - w_i
    off_diagonal = ~np.eye(n, dtype=bool)
    inverse_gaps = select(off_diagonal, 1.0 / select(off_diagonal, gaps, 1.0), 0.0)
    inner = matmul(_H(v), conj(g_v)) * inverse_gaps + expand_dims(g_w, -2) * _eye(n, w)
    return conj(matmul(matmul(v, inner), _H(v)))


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
    complex_input = np.iscomplexobj(raw(a))
    return _read_triangle(_symmetric_gradient(g_w, g_v, w, v), lower, complex_input)


defvjp(_eigh_packed, _eigh_vjp, reads="ans")


def eigh(a, UPLO="L"):  # noqa: N803  (NumPy's name)
    """``np.linalg.eigh``: ``(w, v)``, eigenvalues ascending and eigenvectors, of the Hermitian matrix one triangle gives.

    The gradient assumes distinct eigenvalues (it divides by their gaps) and a
    loss that does not depend on each eigenvector's phase (sign, for real input).
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


_svd_packed = primitive(_svd_packed_raw, "linalg.svd", kind="linalg", mp=_no_exact_reference("linalg.svd"))


def _svd_parts(packed, m):
    """(U, s, V) from a packed thin SVD of an m-row matrix: V is vh's conjugate transpose, conj'd back below."""
    u = getitem(packed, (Ellipsis, slice(0, m), slice(None)))
    s = real(getitem(packed, (Ellipsis, m, slice(None))))
    return u, s, getitem(packed, (Ellipsis, slice(m + 1, None), slice(None)))


def _svd_vjp(g, ans, a):
    m, n = shape_of(a)[-2], shape_of(a)[-1]
    complex_input = np.iscomplexobj(raw(a))
    u, s, v_t = _svd_parts(ans, m)
    g_u, g_s, g_v_t = _svd_parts(conj(g) if complex_input else g, m)
    v, g_v = (conj(v_t), conj(g_v_t)) if complex_input else (v_t, g_v_t)  # V = vh^H
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
    """``np.linalg.svd``, differentiable for the thin factors (``full_matrices=False``) and the singular values.

    The gradient assumes distinct, nonzero singular values, and a loss that does
    not depend on the sign (phase) each pair of singular vectors shares.
    """
    if not isinstance(a, Box):
        return np.linalg.svd(a, full_matrices, compute_uv, hermitian)
    m = shape_of(a)[-2]
    if not compute_uv:
        return _svd_parts(_svd_packed(a), m)[1]
    if full_matrices and m != shape_of(a)[-1]:
        raise NoGradientError("svd: gradcli differentiates the thin factors only (full_matrices=False)")
    u, s, v_t = _svd_parts(_svd_packed(a), m)
    return u, s, _T(v_t)  # the packing holds vh transposed (not conjugated)


def _svdvals_vjp(g, ans, a):
    """The singular values' rule, A_bar = conj(U diag(g) V^H), with U and V from the differentiable svd when
    the rule is itself differentiated (a norm's Hessian), so their derivatives are kept, not dropped."""
    if isinstance(a, Box):
        u, _, v_t = _svd_parts(_svd_packed(a), shape_of(a)[-2])
        vh = _T(v_t)
    else:
        u, _, vh = np.linalg.svd(a, full_matrices=False)
    grad = matmul(u * expand_dims(g, -2), vh)
    return conj(grad) if np.iscomplexobj(raw(a)) else grad


# It replaces ops_linalg's rule, which cannot reach the svd (a layer above it) and refuses a second derivative.
defvjp(svdvals, _svdvals_vjp, reads="args")


pinv = primitive(np.linalg.pinv, "linalg.pinv", kind="linalg", mp=_no_exact_reference("linalg.pinv"))


def _pinv_vjp(g, ans, a, *options):
    # The adjoint of d(A+) = -A+ dA A+ + A+ A+^H dA^H (I - A A+) + (I - A+ A) dA^H A+^H A+,
    # exact where A's rank stays put; conj'd to the core's convention for complex input.
    p, gc = ans, conj(g) if np.iscomplexobj(raw(a)) else g
    m, n = shape_of(a)[-2], shape_of(a)[-1]
    left = _eye(m, a) - matmul(a, p)  # I - A A+
    right = _eye(n, a) - matmul(p, a)  # I - A+ A
    grad = -matmul(matmul(_H(p), gc), _H(p))
    grad = grad + _H(matmul(matmul(matmul(p, _H(p)), gc), left))  # the dA^H terms, transposed back
    grad = grad + _H(matmul(matmul(right, gc), matmul(_H(p), p)))
    return conj(grad) if np.iscomplexobj(raw(a)) else grad


defvjp(pinv, _pinv_vjp, reads="ans args")


# -- eig: a general square matrix -----------------------------------------------------------


def _eig_packed_raw(a):
    w, v = np.linalg.eig(a)
    dtype = np.result_type(w, v)
    return np.concatenate([np.expand_dims(w.astype(dtype), -2), v.astype(dtype)], axis=-2)


def _eig_packed_mp(a):
    """The same packing on mpmath numbers: mpmath's eig, in NumPy's order, unit length and NumPy's phase."""
    mpmath = loaded_mpmath()
    a = np.asarray(a, dtype=object)
    real_input = not any(isinstance(z, mpmath.mpc) for z in a.flat)
    floats = np.vectorize(float if real_input else complex, otypes=[float if real_input else complex])(a)
    w_np, v_np = np.linalg.eig(floats)  # LAPACK's real and complex routines pick different phases
    real_answer = not np.iscomplexobj(w_np)  # NumPy's dtype rule
    out = np.empty(a.shape[:-2] + (a.shape[-1] + 1, a.shape[-1]), dtype=object)
    for index in np.ndindex(a.shape[:-2]):
        w, vectors = mpmath.eig(mpmath.matrix(a[index].tolist()))
        vectors = np.array(vectors.tolist(), dtype=object)
        for k, target in enumerate(w_np[index]):
            j = min(range(len(w)), key=lambda i: abs(complex(w[i]) - target))  # NumPy's order
            column = vectors[:, j] / mpmath.sqrt(sum(abs(z) ** 2 for z in vectors[:, j]))
            overlap = np.vdot(np.vectorize(complex, otypes=[complex])(column), v_np[index][:, k])
            column = column * mpmath.mpmathify(complex(overlap / abs(overlap)))
            if real_answer:
                out[index][0, k], out[index][1:, k] = mpmath.re(w[j]), [mpmath.re(z) for z in column]
            else:
                out[index][0, k], out[index][1:, k] = mpmath.mpc(w[j]), column
    return out


_eig_packed = primitive(_eig_packed_raw, "linalg.eig", kind="linalg", mp=mpmath_only("linalg.eig", _eig_packed_mp))


def _eig_vjp(g, ans, a):
    """The adjoint of dw = diag(M), dV = V (F * M) less each column's change of length, M = V^-1 dA V.

    F[i, j] = 1 / (w_j - w_i) off the diagonal. Cotangents are conj'd into and out of
    the usual complex convention; for real input the real part is the gradient.
    """
    w, v = getitem(ans, (Ellipsis, 0, slice(None))), getitem(ans, (Ellipsis, slice(1, None), slice(None)))
    g_w, g_v = conj(getitem(g, (Ellipsis, 0, slice(None)))), conj(getitem(g, (Ellipsis, slice(1, None), slice(None))))
    n = shape_of(w)[-1]
    off_diagonal = ~np.eye(n, dtype=bool)
    gaps = expand_dims(w, -2) - expand_dims(w, -1)  # w_j - w_i
    f = select(off_diagonal, 1.0 / select(off_diagonal, gaps, 1.0), 0.0)
    # The unit length NumPy gives each eigenvector: only the part of g_v that keeps it counts.
    g_v = g_v - matmul(v, real(matmul(_H(v), g_v)) * _eye(n, w))
    m_bar = conj(f) * matmul(_H(v), g_v) + expand_dims(g_w, -2) * _eye(n, w)
    v_inv_h = _H(inv(v))
    grad = conj(matmul(matmul(v_inv_h, m_bar), _H(v)))
    return grad if np.iscomplexobj(raw(a)) else real(grad)


defvjp(_eig_packed, _eig_vjp, reads="ans args")


def eig(a):
    """``np.linalg.eig``: ``(w, v)``, eigenvalues and unit eigenvectors (columns) of a square matrix.

    The gradient assumes distinct eigenvalues (it divides by their gaps) and a
    loss that does not depend on each eigenvector's phase.
    """
    if not isinstance(a, Box) and np.asarray(a).dtype != object:  # (object: mpmath numbers, the exact reference)
        return np.linalg.eig(a)
    packed = _eig_packed(a)
    return getitem(packed, (Ellipsis, 0, slice(None))), getitem(packed, (Ellipsis, slice(1, None), slice(None)))


def eigvals(a):
    """``np.linalg.eigvals``: the eigenvalues of `eig`."""
    return eig(a)[0] if isinstance(a, Box) or np.asarray(a).dtype == object else np.linalg.eigvals(a)
