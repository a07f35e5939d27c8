"""A repeated eigenvalue the program computes (sqrt(x) twice beside 1 on the diagonal of a symmetric 3x3): the group's
value is the exact quotient it is, its projector a matrix of rationals once the quotients' common factors cancel, so
V g(w) V^T's zero slopes are proven as at a rational pair. Truths: the spectral theorem (V diag(w) V^T is the matrix
itself) and mpmath at 40 digits differentiating sum(D * T^3), which never decomposes T."""

import mpmath
import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp

WEIGHTS = np.array([[0.3, -1.2, 0.5], [0.7, 2.0, -0.4], [0.1, 0.2, 1.5]])
ON_THE_DIAGONAL = np.diag([1.0, 2.0, 3.0])
BESIDE_ONE = np.diag([0.0, 0.0, 1.0])  # m at the point: T = diag(sqrt 2, sqrt 2, 1)


def _matrix(m, x):
    """(m + m^T) / 2 plus sqrt(x) on the first two diagonal entries: a pair at sqrt(x) where m is `BESIDE_ONE`."""
    s = gnp.sqrt(x)
    return (m + m.T) / 2 + gnp.diag(gnp.stack([s, s, 0.0 * s]))


def rebuilt_less_itself(m, x):
    t = _matrix(m, x)
    w, v = gnp.linalg.eigh(t)
    return gnp.sum(WEIGHTS * (v @ gnp.diag(w) @ v.T - t))


def cubed_on_the_diagonal(m, x):
    w, v = gnp.linalg.eigh(_matrix(m, x))
    return gnp.sum(ON_THE_DIAGONAL * (v @ gnp.diag(w**3) @ v.T))


@pytest.mark.parametrize("k", range(10))
def test_the_rebuilt_matrix_less_the_matrix_has_its_slope_proven_0_at_a_computed_pair(k):
    from gradcli.autodiff import arb as arb_core
    from gradcli.checker import python_zero

    arb_core.enable()
    assert python_zero.proven(rebuilt_less_itself, [BESIDE_ONE, np.float64(2.0)], coordinate=k)[1] == [True]


def _mpmath_slopes():
    """d sum(D * T^3) along each entry of m and along x, T = sym(m) + diag(sqrt x, sqrt x, 0), at 40 digits."""
    with mpmath.workdps(40):
        d = mpmath.matrix(ON_THE_DIAGONAL.tolist())

        def loss(m, x):
            t = (m + m.T) / 2 + mpmath.diag([mpmath.sqrt(x), mpmath.sqrt(x), 0])
            cube = t * t * t
            return mpmath.fsum(d[i, j] * cube[i, j] for i in range(3) for j in range(3))

        def along(i, j):
            def moved(h):
                m = mpmath.matrix(BESIDE_ONE.tolist())
                m[i, j] += h
                return loss(m, mpmath.mpf(2))
            return mpmath.diff(moved, 0)

        in_m = [[along(i, j) for j in range(3)] for i in range(3)]
        return in_m, mpmath.diff(lambda h: loss(mpmath.matrix(BESIDE_ONE.tolist()), 2 + h), 0)


def test_a_spectral_function_at_a_computed_pair_has_its_exact_gradient_and_its_zeros_proven():
    (result,) = gradcli.check(cubed_on_the_diagonal, [{"m": BESIDE_ONE, "x": 2.0}], dtypes=("float64",),
                              fixes=False).results
    in_m, in_x = _mpmath_slopes()
    exact = np.asarray(result.exact_gradient["m"], dtype=object).astype(float)
    for i in range(3):
        for j in range(3):
            if in_m[i][j] == 0:
                assert exact[i, j] == 0, (i, j, exact)
            else:
                assert abs(exact[i, j] - in_m[i][j]) <= 1e-12 * abs(in_m[i][j]), (i, j, exact, in_m)
    assert abs(result.exact_gradient["x"] - in_x) <= 1e-12 * abs(in_x)
