"""Smooth functions of a spectrum at repeated eigenvalues and singular values (trials21a E1, trials11a F3b, trials21b N1).

A symmetric function of eigh's eigenvalues (their squares summed, log det as a sum of log-eigenvalues, a
logsumexp, the trace of expm) is smooth where two of them are equal; so are the Frobenius norm through the
singular values and the nuclear norm at a repeated singular value. Their gradients' zeros are proven through the
eigenvalues' groups (`arb_proof_linalg._eigenvalue_groups`): one eigenvalue of a repeated pair alone, or their gap,
has a kink there and gets no proof, and a singular value 0 is the tip of a cone in the changes that lower the rank.
"""

import mpmath
import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.checker import python_zero
from gradcli.checker.exact_python import _traced


def _symmetric(a):
    return (a + a.T) / 2


def energy(a):
    return gnp.sum(gnp.linalg.eigvalsh(_symmetric(a)) ** 2)


def log_det(a):
    return gnp.sum(gnp.log(gnp.linalg.eigh(_symmetric(a))[0]))


def log_sum_exp(a):
    w = gnp.linalg.eigvalsh(_symmetric(a))
    return gnp.log(gnp.sum(gnp.exp(w)))


def trace_of_expm(a):
    return gnp.sum(gnp.exp(gnp.linalg.eigvalsh(_symmetric(a))))


def lowest(a):
    return gnp.linalg.eigvalsh(_symmetric(a))[0]


def gap(a):
    w = gnp.linalg.eigvalsh(_symmetric(a))
    return w[1] - w[0]


def frobenius_squared(a):
    return gnp.sum(gnp.linalg.svd(a, compute_uv=False) ** 2)


def nuclear(a):
    return gnp.linalg.norm(a, "nuc")


ALL_ONES = np.ones((3, 3)) / 3  # the projector on (1, 1, 1), the eigenvalue 4 of [[2, 1, 1], [1, 2, 1], [1, 1, 2]]


def _lse_slopes():
    """The softmax of the eigenvalues (1, 1, 4) spread on their eigenspaces: w1 (I - J/3) + w4 J/3."""
    total = 2 * mpmath.e + mpmath.e**4
    w1, w4 = float(mpmath.e / total), float(mpmath.e**4 / total)
    return w1 * (np.eye(3) - ALL_ONES) + w4 * ALL_ONES


CASES = [
    # the sum of squared eigenvalues is |S|_F^2: slope 2 S through the tie at the identity (E1)
    (energy, np.eye(2), 2 * np.eye(2)),
    # log det: S^-1, a pair repeated beside a simple eigenvalue (F3b's class)
    (log_det, np.diag([1.0, 1.0, 3.0]), np.diag([1.0, 1.0, 1 / 3])),
    # a pair repeated in a matrix that is not diagonal
    (log_sum_exp, np.array([[2.0, 1.0, 1.0], [1.0, 2.0, 1.0], [1.0, 1.0, 2.0]]), _lse_slopes()),
    (trace_of_expm, np.eye(2), np.e * np.eye(2)),
    # the singular values' squares summed: 2 A, at a zero singular value and at a repeated one
    (frobenius_squared, np.array([[1.0, 0.0], [0.0, 0.0]]), np.array([[2.0, 0.0], [0.0, 0.0]])),
    (frobenius_squared, 3 * np.eye(2), 6 * np.eye(2)),
    # the nuclear norm at a repeated nonzero singular value: smooth, slope U V^T
    (nuclear, 3 * np.eye(2), np.eye(2)),
]


@pytest.mark.parametrize("function, at, slopes", CASES, ids=[f"{c[0].__name__}-{i}" for i, c in enumerate(CASES)])
def test_a_smooth_function_of_a_repeated_spectrum_has_its_exact_gradient(function, at, slopes):
    (result,) = gradcli.check(function, [{"a": at}], dtypes=("float64",), fixes=False).results
    assert result.status == "ok", result.findings
    exact = np.array(result.exact_gradient["a"], dtype=float)
    np.testing.assert_allclose(exact, slopes, rtol=1e-12, atol=0)  # the zeros exactly 0


def _zeros(function, at):
    return python_zero.Zeros(lambda *a: _traced(function, a), [np.asarray(at, dtype=float)])


@pytest.mark.parametrize("function", [lowest, gap])
def test_one_eigenvalue_of_a_repeated_pair_or_their_gap_gets_no_proven_slope(function):
    """At the identity each one-sided slope of the lowest eigenvalue along a01 is -+1/2, the gap's 2|e|: no 0."""
    zeros = _zeros(function, np.eye(2))
    assert [zeros._proven(k) for k in range(4)] == [False] * 4
    assert "two of a decomposition's eigenvalues are equal" in zeros.why_not()


def test_a_change_that_leaves_a_repeated_eigenspace_still_gives_its_eigenvalues_slope_0():
    """diag(1, 1, 3) changed in a02 couples the pair's space to the third: the lowest eigenvalue 1 - t^2/8, slope 0;
    changed in a01 it splits the pair (1 -+ t/2): no slope."""
    zeros = _zeros(lowest, np.diag([1.0, 1.0, 3.0]))
    assert zeros._proven(2) and zeros._proven(5) and zeros._proven(8)
    assert not zeros._proven(1) and not zeros._proven(0)


@pytest.mark.parametrize("at, cone", [
    ([[1.0, 0.0], [0.0, 0.0]], [3]),
    # a tall matrix (its Gram matrix A^T A) and a wide one (A A^T): the cone is in the entries that raise the rank
    ([[1.0, 0.0], [0.0, 0.0], [0.0, 0.0]], [3, 5]),
    ([[1.0, 0.0, 0.0], [0.0, 0.0, 0.0]], [4, 5]),
])
def test_a_zero_singular_value_has_slope_0_where_the_change_keeps_the_rank(at, cone):
    """The nuclear norm at a rank-1 matrix: 1 + |t| along an entry that raises the rank, sqrt(1 + t^2) along one
    that keeps it (N1); the reason for the cone names a singular value at 0, not two equal ones."""
    zeros = _zeros(nuclear, at)
    size = np.size(at)
    assert [zeros._proven(k) for k in range(1, size)] == [k not in cone for k in range(1, size)]
    assert "singular value is 0" in zeros.why_not() and "are equal" not in zeros.why_not()


def test_gradclis_own_svd_of_the_singular_values_alone_has_a_gradient_at_a_repeated_one():
    """svd(a, compute_uv=False) differentiated at 3 I was NaN (0 * 1/0 in the vectors' terms): U V^T."""
    g = gradcli.grad(lambda a: gnp.sum(gnp.linalg.svd(a, compute_uv=False)))(3 * np.eye(2))
    np.testing.assert_allclose(g, np.eye(2), rtol=1e-15, atol=1e-15)
    g = gradcli.grad(lambda a: gnp.sum(gnp.linalg.svd(a)[1]))(3 * np.eye(2))
    np.testing.assert_allclose(g, np.eye(2), rtol=1e-15, atol=1e-15)


def top_vector_squared(x):
    """The first entry squared of the top eigenvector of [[a, b], [b, c]] (trials13a L6's function)."""
    a, b, c = x[0], x[1], x[2]
    m = gnp.stack([gnp.stack([a, b]), gnp.stack([b, c])])
    return gnp.linalg.eigh(m)[1][0, -1] ** 2


def vector_entries(a):
    s = _symmetric(a)
    w, v = gnp.linalg.eigh(s)
    return v[0, -1] ** 2 + w[0] * v[1, 0] ** 2


def test_eigenvector_entries_0_at_the_point_have_their_slopes_proven_0():
    """diag(2, [[3, 1], [1, 4]]): the top vector lies in the block (its first entry 0) and the lowest is e0 (its
    second entry 0), so each term's slope is 2 v dv = 0, irrational eigenvalues (7 +- sqrt 5) / 2 beside."""
    at = np.array([[2.0, 0.0, 0.0], [0.0, 3.0, 1.0], [0.0, 1.0, 4.0]])
    (result,) = gradcli.check(vector_entries, [{"a": at}], dtypes=("float64",), fixes=False).results
    assert result.status == "ok", result.findings
    assert np.array(result.exact_gradient["a"], dtype=float).tolist() == np.zeros((3, 3)).tolist()


def test_an_eigenvectors_slope_that_the_matrix_symmetry_makes_0_is_proven():
    """At a = c the top vector is (1, 1) / sqrt 2 whatever b: its first entry squared, (1 + (a - c) / sqrt((a - c)^2
    + 4 b^2)) / 2, has slope 0 in b and 1 / (4 b) in a (L6)."""
    at = np.array([1.0, 1e-9, 1.0])
    zeros = _zeros(top_vector_squared, at)
    assert [zeros._proven(k) for k in range(3)] == [False, True, False]
    (result,) = gradcli.check(top_vector_squared, [{"x": at}], dtypes=("float64",), fixes=False).results
    exact = np.array(result.exact_gradient["x"], dtype=float)
    assert exact[1] == 0
    np.testing.assert_allclose(exact[[0, 2]], [0.25e9, -0.25e9], rtol=1e-12)
