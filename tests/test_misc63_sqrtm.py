"""scipy.linalg.sqrtm's exact reference where mpmath's own sqrtm gives none: a widely spread spectrum and a tiny
scale, against the closed form of a 2x2 principal square root in mpmath; and the root's defining properties where
the matrix is not symmetric or the root is complex."""

import mpmath
import numpy
import pytest

import gradcli
from gradcli.autodiff.ops_scipy_linalg import _sqrtm_mp

MP = mpmath.mp.clone()
MP.dps = 60
WEIGHTS = [[1.0, -2.0], [3.0, 0.5]]
MODULE = """import numpy as np
import scipy.linalg as sla

WEIGHTS = np.array([[1.0, -2.0], [3.0, 0.5]])


def loss(a):
    return np.sum(sla.sqrtm(a) * WEIGHTS)
"""


def closed_form(entries):
    """<W, sqrt(A)> for a 2x2 A with positive eigenvalues: sqrt(A) = (A + s I) / sqrt(tr A + 2 s), s = sqrt(det A)."""
    (p, q), (r, t) = entries
    s = MP.sqrt(p * t - q * r)
    root = [[p + s, q], [r, t + s]]
    scale = MP.sqrt(p + t + 2 * s)
    return MP.fsum(WEIGHTS[i][j] * root[i][j] for i in range(2) for j in range(2)) / scale


def truth(matrix):
    """The value and the gradient in each entry (mpmath's derivative of the closed form)."""
    entries = [[MP.mpf(v) for v in row] for row in matrix]
    gradient = [[MP.diff(lambda h, i=i, j=j: closed_form(
        [[entries[k][m] + (h if (k, m) == (i, j) else 0) for m in range(2)] for k in range(2)]), 0)
        for j in range(2)] for i in range(2)]
    return closed_form(entries), gradient


@pytest.mark.parametrize("matrix", [[[1e5, -1.0], [-1.0, 2.0]], [[1e-30, 2e-31], [2e-31, 1e-30]]])
def test_sqrtm_has_an_exact_value_and_gradient_on_a_spread_or_tiny_spd_matrix(tmp_path, matrix):
    path = tmp_path / "root.py"
    path.write_text(MODULE)
    (result,) = gradcli.check(f"{path}:loss", [matrix], dtypes=("float64",)).results
    value, gradient = truth(matrix)
    assert result.exact_value == pytest.approx(float(value), rel=1e-13)
    got = numpy.asarray(result.exact_gradient["a"], dtype=float)
    numpy.testing.assert_allclose(got, numpy.array(gradient, dtype=float), rtol=1e-12)
    assert result.status == "ok"


def _root(matrix):
    saved, mpmath.mp.dps = mpmath.mp.dps, 50
    try:
        root = _sqrtm_mp(numpy.array([[mpmath.mpf(v) for v in row] for row in matrix], dtype=object))
        square = mpmath.matrix(root.tolist()) ** 2
        residual = mpmath.mnorm(square - mpmath.matrix(matrix), 1) / mpmath.mnorm(mpmath.matrix(matrix), 1)
        eigenvalues = mpmath.eig(mpmath.matrix(root.tolist()), left=False, right=False)
        return root, residual, eigenvalues
    finally:
        mpmath.mp.dps = saved


@pytest.mark.parametrize("matrix", [[[4.0, 1.0, 0.0], [0.0, 9.0, 2.0], [1.0, 0.0, 16.0]], [[0.0, -1.0], [1.0, 0.0]],
                                    [[1e5, -0.5], [-1.0, 2.0]]])
def test_a_real_matrix_without_negative_eigenvalues_has_a_real_principal_root(matrix):
    root, residual, eigenvalues = _root(matrix)
    assert all(isinstance(v, mpmath.mpf) for v in root.flat)
    assert residual < mpmath.mpf(10) ** -45
    assert all(mpmath.re(w) > 0 for w in eigenvalues)  # the principal root: its spectrum in the right half-plane


def test_a_real_matrix_with_a_negative_eigenvalue_has_its_complex_principal_root():
    root, residual, eigenvalues = _root([[1.0, 2.0], [2.0, 1.0]])  # eigenvalues 3 and -1
    assert any(isinstance(v, mpmath.mpc) and v.imag != 0 for v in root.flat)
    assert residual < mpmath.mpf(10) ** -45
    # the principal root of -1 is +i, as SciPy answers: right half-plane, or the positive imaginary axis
    assert all(mpmath.re(w) > 1e-40 or (abs(mpmath.re(w)) < 1e-40 and mpmath.im(w) > 0) for w in eigenvalues)
