"""A general matrix's complex eigenvalues at a repeated root, on proof numbers: a Jordan block's eigenvalues are one
group whose sum is the trace (smooth: its slope 0 off the diagonal is proven), while a sum of their squares or their
product moves at second order by the block's split (a +- sqrt(e)), which no chain rule through the members sees, so
gradcli's eig rule there is `wrong` against the exact gradient 2 A^T. Also the exact solve of a complex matrix whose
determinant lies below mpmath's floor (eigenvectors at a defective eigenvalue)."""

import mpmath
import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.autodiff import mp as gradcli_mp
from gradcli.autodiff.ops_decompositions import eig_complex

JORDAN = [[2.0, 1.0], [0.0, 2.0]]
JORDAN_BESIDE_A_SIMPLE_ONE = [[2.0, 1.0, 0.0], [0.0, 2.0, 0.0], [0.0, 0.0, 5.0]]


def trace_by_eigenvalues(a):
    return gnp.sum(gnp.real(eig_complex(a)[0]))


def squares_of_eigenvalues(a):
    return gnp.sum(gnp.real(eig_complex(a)[0] ** 2))


def _exact_gradient(result):
    return np.asarray(result.exact_gradient["a"], dtype=object).astype(float)


@pytest.mark.parametrize("matrix", [JORDAN, JORDAN_BESIDE_A_SIMPLE_ONE])
def test_the_sum_of_a_jordan_blocks_eigenvalues_is_the_trace(matrix):
    result = gradcli.check(trace_by_eigenvalues, [{"a": np.array(matrix)}], dtypes=("float64",), fixes=False).results[0]
    assert result.status == "ok", (result.status, result.findings)
    assert float(result.exact_value) == np.trace(matrix)
    np.testing.assert_array_equal(_exact_gradient(result), np.eye(len(matrix)))


def test_a_jordan_blocks_sum_of_squares_moves_by_its_split():
    """sum(lambda^2) = tr(A^2), whose gradient 2 A^T has a 2 in a[1, 0], along which the block splits into
    2 +- sqrt(e): the chain rule through the members (2 lambda times the sum's slope, 0 there) misses it."""
    a = np.array(JORDAN)
    result = gradcli.check(squares_of_eigenvalues, [{"a": a}], dtypes=("float64",), fixes=False).results[0]
    np.testing.assert_allclose(_exact_gradient(result), 2 * a.T, rtol=1e-12)
    assert float(result.exact_value) == 8.0
    assert result.status == "wrong", (result.status, result.findings)  # gradcli's eig rule: 4 I, the first order


def test_a_complex_matrix_singular_only_below_the_working_precision_is_solved_exactly():
    gradcli_mp.enable()
    with mpmath.workprec(53):
        tiny = mpmath.mpf(2) ** -700
        a = np.array([[mpmath.mpc(1, 0), mpmath.mpc(1, 0)], [mpmath.mpc(1, 0), mpmath.mpc(1, tiny)]], dtype=object)
        with pytest.raises(ZeroDivisionError):
            mpmath.lu_solve(mpmath.matrix(a.tolist()), mpmath.matrix([1, 2]))
        solved = gradcli_mp._exact_solve(a, np.array([[mpmath.mpf(1)], [mpmath.mpf(2)]], dtype=object))
        # x1 = 1 / (i tiny) = -i 2^700, x0 = 1 - x1
        assert solved[1, 0] == mpmath.mpc(0, -(mpmath.mpf(2) ** 700))
        assert solved[0, 0] == mpmath.mpc(1, mpmath.mpf(2) ** 700)
