"""scipy.linalg.logm in plain NumPy code: SciPy's numbers in a float run, its own inverse scaling and squaring on
mpmath numbers for the exact reference, and a gradient through the block matrix [[A^T, G], [0, A^T]].

The exact logarithm against mpmath's logm at 60 digits, and against V diag(log w) V^-1 where a negative eigenvalue
makes it complex (mpmath's logm takes the other branch there); gradients against central differences of mpmath's
logm at 50 digits; values against SciPy's.
"""

import warnings

import mpmath
import numpy as np
import pytest
import scipy.linalg

import gradcli
import gradcli.numpy as gnp
import gradcli.scipy.linalg as gsl
from gradcli.autodiff.ops_scipy_linalg import _logm_mp
from test_numpy63_expm import mp_gradient

A = np.array([[1.8, -1.2, 0.5], [0.8, 1.1, 1.1], [-0.6, 0.2, 2.2]])  # complex eigenvalues, not normal
W = np.array([[1.0, -2.0, 0.5], [0.25, 3.0, -1.0], [2.0, 0.5, -0.75]])
ADVERSARIAL = [
    A,
    np.array([[1e5, -1.0], [-1.0, 2.0]]),  # a widely spread spectrum
    np.array([[1e-30, 2e-31], [2e-31, 1e-30]]),  # a tiny scale: log's entries near -69
    np.eye(3) + 1e-9 * W,  # next to I, where log(A) is of the size of A - I
    np.array([[4.0, 1.0, 0.0], [0.0, 4.0, 1.0], [0.0, 0.0, 4.0]]),  # a Jordan block: no eigenvector basis
]


def mp_matrix(matrix):
    return mpmath.matrix([[mpmath.mpf(float(v)) for v in row] for row in matrix])


def ours(matrix):
    return mpmath.matrix(_logm_mp(np.array([[mpmath.mpf(float(v)) for v in row] for row in matrix], dtype=object)).tolist())


def weighted(matrix, weights):
    n = len(weights)
    return mpmath.fsum(matrix[i, j] * mpmath.mpf(weights[i][j]) for i in range(n) for j in range(n))


def test_values_are_scipys_in_each_dtype_at_ordinary_and_adversarial_matrices():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # SciPy's "logm result may be inaccurate" in float32
        for matrix in ADVERSARIAL:
            for dtype in (np.float32, np.float64):
                theirs, got = scipy.linalg.logm(matrix.astype(dtype)), gsl.logm(matrix.astype(dtype))
                assert got.dtype == theirs.dtype and np.array_equal(got, theirs)
        negative = np.array([[1.0, 2.0], [2.0, 1.0]])  # eigenvalues 3 and -1: a complex logarithm
        assert np.array_equal(gsl.logm(negative), scipy.linalg.logm(negative))
        got, error = gsl.logm(A, disp=False)
        theirs, their_error = scipy.linalg.logm(A, disp=False)
        assert np.array_equal(got, theirs) and error == pytest.approx(their_error, rel=1e-6, abs=1e-18)


@pytest.mark.parametrize("index", range(len(ADVERSARIAL)))
def test_the_exact_logarithm_is_mpmaths_at_60_digits(index):
    matrix = ADVERSARIAL[index]
    with mpmath.workdps(60):
        got, truth = ours(matrix), mpmath.logm(mp_matrix(matrix))
        scale = mpmath.mnorm(truth, 1)
        assert mpmath.mnorm(got - truth, 1) <= mpmath.mpf(10) ** -55 * scale
        assert all(isinstance(v, mpmath.mpf) for v in got)  # a real matrix off the negative axis: a real logarithm
        # and exp undoes it, a check of neither logm's algorithm
        assert mpmath.mnorm(mpmath.expm(got) - mp_matrix(matrix), 1) <= mpmath.mpf(10) ** -55 * mpmath.mnorm(mp_matrix(matrix), 1)


@pytest.mark.parametrize("matrix", [[[1.0, 2.0], [2.0, 1.0]], [[-2.0, 1.0, 0.0], [0.5, 3.0, 1.0], [0.0, 1.0, -4.0]],
                                    [[-1.0, 0.0], [0.0, -1.0]]])
def test_a_negative_eigenvalue_has_the_principal_complex_logarithm(matrix):
    """log(-1) = +i pi, as SciPy answers: against V diag(log w) V^-1 from mpmath's eigendecomposition."""
    with mpmath.workdps(60):
        values, vectors = mpmath.eig(mp_matrix(matrix))
        truth = vectors * mpmath.diag([mpmath.log(w) for w in values]) * mpmath.inverse(vectors)
        got = ours(matrix)
        assert mpmath.mnorm(got - truth, 1) <= mpmath.mpf(10) ** -50
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert np.allclose(np.array(got.tolist(), dtype=complex), scipy.linalg.logm(np.array(matrix)), rtol=1e-13, atol=1e-14)


def test_the_gradient_is_the_adjoint_frechet_derivative_against_mpmath():
    grad = gradcli.grad(lambda a: gnp.sum(W * gsl.logm(a)))(A)
    expected = mp_gradient(lambda m: weighted(mpmath.logm(mpmath.matrix(m)), W), A.tolist())
    assert np.allclose(grad, expected, rtol=1e-11, atol=1e-13)


def test_a_stack_differentiates_each_matrix_alone():
    other = np.array([[3.0, 0.5, 0.0], [-0.5, 2.0, 0.25], [1.0, 0.0, 1.0]])
    grad = gradcli.grad(lambda a: gnp.sum(W * gsl.logm(a)))(np.stack([A, other]))
    expected = mp_gradient(lambda m: weighted(mpmath.logm(mpmath.matrix(m)), W), other.tolist())
    assert np.allclose(grad[1], expected, rtol=1e-11, atol=1e-13)


def test_forward_mode_is_the_frechet_derivative_against_mpmath():
    direction = np.array([[0.0, 1.0, 0.0], [0.0, 0.0, -2.0], [0.5, 0.0, 0.0]])
    _, tangent = gradcli.jvp(gsl.logm, (A,), (direction,))
    with mpmath.workdps(50):
        exact = mpmath.diff(lambda t: weighted(mpmath.logm(mp_matrix(A) + t * mp_matrix(direction)), W), 0)
    assert float(np.sum(W * tangent)) == pytest.approx(float(exact), rel=1e-12)


def test_second_derivatives_through_the_block_logarithm_are_mpmaths():
    """The gradient is itself logm of a block matrix, so the Hessian differentiates logm of [[A^T, G], [0, A^T]]."""
    a, weights = np.array([[2.0, 0.5], [-0.3, 1.2]]), np.array([[1.0, -2.0], [3.0, 0.5]])
    hessian = gradcli.hessian(lambda m: gnp.sum(weights * gsl.logm(m)))(a).reshape(4, 4)

    def loss(*entries):
        return weighted(mpmath.logm(mpmath.matrix([entries[:2], entries[2:]])), weights.tolist())

    with mpmath.workdps(30):
        at = [mpmath.mpf(v) for v in a.ravel()]
        # d2/dp dq and d2/dq dp are one order tuple to mpmath.diff, one computation: each pair is asked once
        partial = {}
        for p in range(4):
            for q in range(p, 4):
                partial[p, q] = partial[q, p] = float(mpmath.diff(loss, at, tuple((k == p) + (k == q) for k in range(4))))
        exact = [[partial[p, q] for q in range(4)] for p in range(4)]
    assert np.allclose(hessian, exact, rtol=1e-12, atol=1e-14)


MODULE = '''\
import numpy as np
from scipy import linalg

WEIGHTS = np.arange(9.0).reshape(3, 3)


def loss(x):
    a = np.array([[2.0 + x, 1.0, 0.0], [-0.5, 3.0, x], [0.25, 0.0, 1.5 * x]])
    return np.sum(linalg.logm(a) * WEIGHTS)


def negative(x):
    a = np.array([[1.0, 2.0 * x], [2.0, 1.0]])
    return np.real(np.sum(linalg.logm(a) * np.array([[1.0, 2.0], [3.0, 4.0]])))
'''


def truth_of(name):
    if name == "loss":
        return lambda x: weighted(mpmath.logm(mpmath.matrix([[2 + x, 1, 0], [-0.5, 3, x], [0.25, 0, 1.5 * x]])),
                                  np.arange(9.0).reshape(3, 3).tolist())

    def negative(x):  # eigenvalues 1 +- 2 sqrt(x), each's principal logarithm
        values, vectors = mpmath.eig(mpmath.matrix([[1, 2 * x], [2, 1]]))
        log = vectors * mpmath.diag([mpmath.log(w) for w in values]) * mpmath.inverse(vectors)
        return mpmath.re(weighted(log, [[1, 2], [3, 4]]))

    return negative


@pytest.mark.parametrize("name", ["loss", "negative"])
def test_a_plain_module_is_checked_against_mpmaths_logarithm(tmp_path, name):
    path = tmp_path / "logarithm.py"
    path.write_text(MODULE)
    (result,) = gradcli.check(f"{path}:{name}", [0.8], dtypes=("float64",), fixes=False).results
    assert result.status == "ok", result.error
    with mpmath.workdps(50):
        truth = truth_of(name)
        value, slope = float(truth(mpmath.mpf("0.8"))), float(mpmath.diff(truth, mpmath.mpf("0.8")))
    assert result.exact_value == pytest.approx(value, rel=1e-14)
    assert result.exact_gradient["x"] == pytest.approx(slope, rel=1e-13)
    assert result.gradient["x"] == pytest.approx(slope, rel=1e-10)
