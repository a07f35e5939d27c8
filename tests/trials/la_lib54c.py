"""A user's linear algebra on gradcli.numpy, round 54c: slogdet, det, inv, solve, Cholesky log-determinants,
eigvalsh / eigh of a symmetric matrix built of its entries, singular values, matrix_power, at near-singular
matrices, entries 1e-300 and 1e300, repeated eigenvalues."""

import gradcli.numpy as gnp

WB = gnp.array([1.0, -2.0])


def logabsdet(a):
    return gnp.linalg.slogdet(a)[1]


def det_plain(a):
    return gnp.linalg.det(a)


def trace_inv(a):
    return gnp.trace(gnp.linalg.inv(a))


def solve_dot(a, b):
    return gnp.sum(gnp.linalg.solve(a, b) * WB)


def _sym(a, b, c):
    return gnp.stack([gnp.stack([a, b]), gnp.stack([b, c])])


def chol_logdet(a, b, c):
    l = gnp.linalg.cholesky(_sym(a, b, c))
    return 2.0 * gnp.sum(gnp.log(gnp.diagonal(l)))


def eig_top(a, b, c):
    return gnp.linalg.eigvalsh(_sym(a, b, c))[-1]


def eig_sum(a, b, c):
    return gnp.sum(gnp.linalg.eigvalsh(_sym(a, b, c)))


def eig_sumsq(a, b, c):
    w = gnp.linalg.eigvalsh(_sym(a, b, c))
    return gnp.sum(w * w)


def eigh_vec(a, b, c):
    """the square of the top eigenvector's first entry (sign-free)."""
    w, v = gnp.linalg.eigh(_sym(a, b, c))
    return v[0, 1] ** 2


def sv_sum(a):
    return gnp.sum(gnp.linalg.svd(a, compute_uv=False))


def sv_top(a):
    return gnp.linalg.svd(a, compute_uv=False)[0]


def trace_cube(a):
    return gnp.trace(gnp.linalg.matrix_power(a, 3))
