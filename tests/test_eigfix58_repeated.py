"""gradcli's own eig, eigvals and eigh rules at a repeated eigenvalue: a loss of the eigenvalues alone (the trace,
a sum of squares) keeps its gradient there, and so does a loss that reads only a simple eigenvalue's eigenvector;
a loss that reads an eigenvector of the repeated eigenvalue has no derivative (NaN). Checked against the exact
gradient (the trace's is the identity, including at a defective matrix) and against central differences."""

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp

REPEATED = {
    "diagonalizable": [[2.0, 0.0], [0.0, 2.0]],
    "defective": [[1.0, 1.0], [0.0, 1.0]],
    "pair beside a simple one": [[2.0, 0.0, 1.0], [0.0, 2.0, 1.0], [0.0, 0.0, 5.0]],
}


def trace_by_eigvals(a):
    return gnp.sum(gnp.real(gnp.linalg.eigvals(a)))


def trace_by_eig(a):
    w, _ = gnp.linalg.eig(a)
    return gnp.sum(gnp.real(w))


@pytest.mark.parametrize("name", sorted(REPEATED))
@pytest.mark.parametrize("loss", [trace_by_eigvals, trace_by_eig])
@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_the_sum_of_a_repeated_spectrum_has_the_traces_gradient(name, loss, dtype):
    a = np.array(REPEATED[name], dtype=dtype)
    gradient = gradcli.grad(loss)(a)
    assert np.asarray(gradient).dtype == dtype
    np.testing.assert_allclose(gradient, np.eye(len(a)), atol=1e-6 if dtype == np.float32 else 1e-12)


def test_the_checker_calls_the_trace_of_a_repeated_spectrum_ok():
    points = [{"a": np.array(REPEATED["diagonalizable"])}, {"a": np.array(REPEATED["defective"])}]
    report = gradcli.check(trace_by_eigvals, points, dtypes=("float64",), fixes=False)
    for result in report.results:
        assert result.status == "ok", (result.status, result.findings)
        exact = np.asarray(result.exact_gradient["a"], dtype=object).astype(float)
        np.testing.assert_allclose(exact, np.eye(2), atol=1e-15)


def _central_difference(loss, a, h=1e-6):
    slope = np.zeros_like(a)
    for index in np.ndindex(a.shape):
        step = np.zeros_like(a)
        step[index] = h
        slope[index] = (loss(np, a + step) - loss(np, a - step)) / (2 * h)
    return slope


def simple_vector_of_eig(xp, a):
    """A sign-free product of the entries of the eigenvector of 5, the simple eigenvalue beside the pair of 2."""
    w, v = xp.linalg.eig(a)
    return xp.real(v[0, 2] * v[2, 2])  # LAPACK's order for this triangular matrix: its diagonal (the test checks)


def simple_vector_of_eigh(xp, a):
    w, v = xp.linalg.eigh(a)
    return v[0, 2] * v[2, 2]  # eigh's ascending order: column 2 is the simple eigenvalue 5


def test_a_simple_eigenvalues_vector_keeps_its_gradient_beside_a_repeated_pair():
    general = np.array(REPEATED["pair beside a simple one"])
    assert np.linalg.eigvals(general)[2] == 5
    gradient = gradcli.grad(lambda a: simple_vector_of_eig(gnp, a))(general)
    np.testing.assert_allclose(gradient, _central_difference(simple_vector_of_eig, general), atol=1e-7)
    symmetric = np.array([[2.0, 0.0, 0.0], [0.0, 2.0, 0.0], [1.0, 0.0, 5.0]])  # eigh reads the lower triangle
    gradient = gradcli.grad(lambda a: simple_vector_of_eigh(gnp, a))(symmetric)
    expected = _central_difference(simple_vector_of_eigh, symmetric)
    assert abs(expected[2, 0]) > 0.1  # the test reaches a slope that is not 0
    np.testing.assert_allclose(gradient, expected, atol=1e-7)


@pytest.mark.parametrize("decomposition", ["eig", "eigh"])
def test_a_repeated_eigenvalues_vector_has_no_derivative(decomposition):
    def repeated_vector(a):
        w, v = getattr(gnp.linalg, decomposition)(a)
        return gnp.real(v[0, 0] * v[1, 0])

    gradient = gradcli.grad(repeated_vector)(np.array([[2.0, 0.0], [0.0, 2.0]]))
    read = np.ones((2, 2), dtype=bool) if decomposition == "eig" else np.tri(2, dtype=bool)  # eigh: the lower triangle
    assert np.isnan(gradient[read]).all() and not np.isnan(gradient[~read]).any()


def test_the_exact_eig_beside_a_defective_matrix_keeps_its_answer():
    """A step of 1e-400 below a repeated eigenvalue (the exact reference's look beside the point) leaves the kernel's
    floats at 2 I while the exact eigenvectors lean together, one at right angles to the kernel's: no phase to copy,
    an answer all the same (a ZeroDivisionError would leave the trace's slope 'no finite derivative')."""
    import mpmath

    from gradcli.autodiff.ops_decompositions import _eig_packed_mp

    with mpmath.workdps(60):
        a = np.array([[mpmath.mpf(2), mpmath.mpf(0)], [mpmath.mpf("1e-400"), mpmath.mpf(2)]], dtype=object)
        packed = _eig_packed_mp(a, np.linalg.eig)  # the exact run of `eig_complex`, NumPy's kernel as PyTorch's
        w, v = packed[0], packed[1:]
        assert all(abs(z - 2) < mpmath.mpf("1e-150") for z in w)
        assert all(abs(sum(abs(z) ** 2 for z in v[:, j]) - 1) < mpmath.mpf("1e-50") for j in range(2))
