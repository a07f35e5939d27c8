"""The truths of the tests/test_linalg64_*.py files: spectral functions of S = (a + a^T) / 2 at a repeated eigenvalue,
their gradients in a computed by mpmath at 40 digits from expressions of the mathematics that never decompose S:
tr(S^3)'s 3 S^2, log det's S^-1, and sum(C * f(S)) for f = expm or sqrtm differentiated along each entry of a
(mpmath's expm is a Taylor series, its sqrtm Denman and Beavers' iteration)."""

import mpmath
import numpy as np

PAIR_AT_ONE = [[1.0, 0.0], [0.0, 1.0]]  # 1 twice: every basis of the plane is eigh's
PAIR_AT_TWO = [[2.0, 0.0], [0.0, 2.0]]
# 2 twice, its space spanned by (1, -1, 0) / sqrt 2 and e_2, no pair of axes, and 5 on (1, 1, 0) / sqrt 2
TURNED = [[3.5, 1.5, 0.0], [1.5, 3.5, 0.0], [0.0, 0.0, 2.0]]
WEIGHTS = [[0.3, -1.2, 0.5], [0.7, 2.0, -0.4], [0.1, 0.2, 1.5]]


def _symmetric_part(a):
    m = mpmath.matrix(a)
    return (m + m.T) / 2


def _as_floats(m):
    return np.array([[float(m[i, j]) for j in range(m.cols)] for i in range(m.rows)])


def cubed_trace_slope(a):
    """d tr(S^3) / da = 3 S^2."""
    with mpmath.workdps(40):
        s = _symmetric_part(a)
        return _as_floats(3 * s * s)


def log_det_slope(a):
    """d log det S / da = S^-1 (S symmetric)."""
    with mpmath.workdps(40):
        return _as_floats(mpmath.inverse(_symmetric_part(a)))


def weighted_slope(a, function, weights):
    """d sum(C * f(S)) / da_ij, each along a_ij alone, by mpmath's differentiation at 40 digits."""
    n = len(a)
    out = np.zeros((n, n))
    with mpmath.workdps(40):
        c = mpmath.matrix([row[:n] for row in weights[:n]])
        for i in range(n):
            for j in range(n):

                def along(t, i=i, j=j):
                    moved = mpmath.matrix(a)
                    moved[i, j] += t
                    f = function(_symmetric_part(moved))
                    return mpmath.fsum(c[r, k] * f[r, k] for r in range(n) for k in range(n))

                out[i, j] = float(mpmath.diff(along, 0))
    return out
