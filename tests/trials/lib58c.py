"""A user's code on gradcli.numpy, round 58c: linear algebra as libraries write it (determinants, log-determinants,
inverses, solves, Cholesky factors, symmetric eigenvalues, singular values, norms, matrix powers, traces, Gaussian
log-likelihoods, Mahalanobis distances, attention, Gram and cosine matrices), checked at ill-conditioned and extreme
points: nearly singular matrices, entries at 1e-300 / 1e300 / subnormal, repeated eigenvalues and singular values,
rank-deficient matrices, 2x2 and 3x3, float64 and float32."""

import gradcli.numpy as np

W2 = np.array([[1.0, 0.5], [0.25, 0.125]])


def det(A):
    return np.linalg.det(A)


def logabsdet(A):
    """log |det A| by slogdet."""
    sign, logdet = np.linalg.slogdet(A)
    return logdet


def inv_weighted(A):
    """sum W * inv(A), W = [[1, 0.5], [0.25, 0.125]]."""
    return np.sum(W2 * np.linalg.inv(A))


def solve_dot(A, b):
    """c . solve(A, b), c = [1, 2]."""
    x = np.linalg.solve(A, b)
    return x[0] + 2.0 * x[1]


def chol_logdet(A):
    """log det A as 2 sum log diag(cholesky(A)) (the lower triangle read)."""
    L = np.linalg.cholesky(A)
    return 2.0 * np.sum(np.log(np.diag(L)))


def gauss_ll(K, x):
    """A Gaussian log-likelihood through the Cholesky factor: -|L^-1 x|^2 / 2 - sum log diag L - n log(2 pi) / 2."""
    L = np.linalg.cholesky(K)
    z = np.linalg.solve(L, x)
    n = x.shape[0]
    return -0.5 * np.sum(z * z) - np.sum(np.log(np.diag(L))) - 0.5 * n * np.log(2 * np.pi)


def mahalanobis(x, S):
    """x^T S^-1 x by solve."""
    return np.dot(x, np.linalg.solve(S, x))


def logdet_jitter(K, s):
    """log det (K + s^2 I) by slogdet: a GP's covariance with noise s."""
    n = K.shape[0]
    sign, logdet = np.linalg.slogdet(K + s * s * np.eye(n))
    return logdet


def eig_sumsq(A):
    """sum of the squared eigenvalues of eigh(A): a symmetric function of them."""
    w, v = np.linalg.eigh(A)
    return np.sum(w * w)


def eig_logsumexp(A):
    """log sum exp of eigvalsh(A): symmetric in the eigenvalues."""
    w = np.linalg.eigvalsh(A)
    return np.log(np.sum(np.exp(w)))


def eig_max(A):
    """the largest eigenvalue of A (eigvalsh, ascending)."""
    return np.linalg.eigvalsh(A)[-1]


def eig_proj(A):
    """v0[0]^2 for the first eigenvector of eigh(A): sign-free, a function of the eigenvector itself."""
    w, v = np.linalg.eigh(A)
    return v[0, 0] * v[0, 0]


def eig_logdet(A):
    """sum log eigvalsh(A): the log-determinant of a positive definite matrix."""
    return np.sum(np.log(np.linalg.eigvalsh(A)))


def nuclear(A):
    """the nuclear norm as the sum of svd(A, compute_uv=False)."""
    return np.sum(np.linalg.svd(A, compute_uv=False))


def sv_min(A):
    """the smallest singular value."""
    return np.linalg.svd(A, compute_uv=False)[-1]


def norm_fro(A):
    return np.linalg.norm(A)


def norm_2(A):
    """the spectral norm, norm(A, ord=2)."""
    return np.linalg.norm(A, ord=2)


def norm_nuc(A):
    return np.linalg.norm(A, ord="nuc")


def norm_rows(X):
    """sum of the rows' 2-norms, norm(X, axis=1)."""
    return np.sum(np.linalg.norm(X, axis=1))


def norm_l1_inf(x):
    """norm(x, ord=1) + norm(x, ord=inf) + norm(x, ord=3)."""
    return np.linalg.norm(x, ord=1) + np.linalg.norm(x, ord=np.inf) + np.linalg.norm(x, ord=3)


def qr_r11(A):
    """R[1, 1]^2 of qr(A): the square of the second pivot, sign-free."""
    q, r = np.linalg.qr(A)
    return r[1, 1] * r[1, 1]


def power_trace(A):
    """trace(A^3) by matrix_power."""
    return np.trace(np.linalg.matrix_power(A, 3))


def trace_prod(A, B):
    """trace(A B^T A)."""
    return np.trace(A @ B.T @ A)


def attention(Q, K, V):
    """sum of softmax(Q K^T, axis=1) V, weighted."""
    s = Q @ K.T
    s = s - np.max(s, axis=1, keepdims=True)
    e = np.exp(s)
    p = e / np.sum(e, axis=1, keepdims=True)
    return np.sum(W2 * (p @ V))


def gram_logdet(X):
    """log det (X X^T), the Gram matrix of X's rows."""
    sign, logdet = np.linalg.slogdet(X @ X.T)
    return logdet


def cosine_matrix(X):
    """sum W * C, C the rows' cosine matrix Xn Xn^T."""
    Xn = X / np.linalg.norm(X, axis=1, keepdims=True)
    return np.sum(W2 * (Xn @ Xn.T))


def inv_trace(A):
    """trace(inv(A))."""
    return np.trace(np.linalg.inv(A))
