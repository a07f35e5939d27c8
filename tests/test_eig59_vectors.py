"""eigh's eigenvectors on proof numbers: a simple eigenvalue's vector is an exact function of the matrix at any size
a proof takes (four rows of irrational eigenvalues), and beside a repeated group too, so a slope that is 0 by the
matrix's blocks is proven; a single vector of a repeated group is no function of the matrix (its loss jumps), while
the group's projector is one, its 0 slopes proven (tests/test_eig60_projector.py holds more)."""

import numpy as np

import gradcli
import gradcli.numpy as gnp

PAIR_BESIDE_A_BLOCK = [[2.0, 0.0, 0.0, 0.0], [0.0, 2.0, 0.0, 0.0], [0.0, 0.0, 5.0, 1.0], [0.0, 0.0, 1.0, 7.0]]


def coupled_blocks(b, c):
    """The first eigenvector's square of [[2, b], [b, 3]] beside [[5, c], [c, 7]]: its slope in c is 0 (the blocks
    do not meet), in b what NumPy's differences say; the eigenvalues irrational, (5 - sqrt 5) / 2 at b = 1."""
    zero = 0 * b
    rows = [[2.0 + zero, b, zero, zero], [b, 3.0 + zero, zero, zero], [zero, zero, 5.0 + zero, c], [zero, zero, c, 7.0 + zero]]
    return gnp.linalg.eigh(gnp.stack([gnp.stack(row) for row in rows]))[1][0, 0] ** 2


def test_a_four_row_irrational_spectrums_vector_is_exact_with_its_zero_slope_proven():
    result = gradcli.check(coupled_blocks, [{"b": 1.0, "c": 1.0}], dtypes=("float64",), fixes=False).results[0]
    assert result.status == "ok", (result.status, result.findings)
    assert float(result.exact_gradient["c"]) == 0.0
    h = 1e-6
    theirs = lambda b: np.linalg.eigh(np.array([[2.0, b], [b, 3.0]]))[1][0, 0] ** 2  # noqa: E731
    np.testing.assert_allclose(float(result.exact_gradient["b"]), (theirs(1 + h) - theirs(1 - h)) / (2 * h), rtol=1e-8)


def last_vectors_square(a):
    return gnp.linalg.eigh(a)[1][2, 3] ** 2


def test_a_simple_eigenvalues_vector_beside_a_repeated_pair_is_exact():
    """The vector of 6 + sqrt 2 beside the pair of 2: a function of the matrix, its block's zeros proven."""
    a = np.array(PAIR_BESIDE_A_BLOCK)
    result = gradcli.check(last_vectors_square, [{"a": a}], dtypes=("float64",), fixes=False).results[0]
    assert result.status == "ok", (result.status, result.findings)
    exact = np.asarray(result.exact_gradient["a"], dtype=object).astype(float)
    h, numpys = 1e-6, np.zeros_like(a)
    for i, j in zip(*np.tril_indices(len(a))):  # central differences of NumPy's eigh in the triangle it reads
        step = np.zeros_like(a)
        step[i, j] = h
        numpys[i, j] = (np.linalg.eigh(a + step)[1][2, 3] ** 2 - np.linalg.eigh(a - step)[1][2, 3] ** 2) / (2 * h)
    np.testing.assert_allclose(exact, numpys, atol=1e-8)
    assert np.all(exact[numpys == 0] == 0)


def single_vector_of_the_pair(a):
    return gnp.linalg.eigh(a)[1][1, 0] ** 2


def projector_of_the_pair(a):
    v = gnp.linalg.eigh(a)[1]
    return v[0, 0] ** 2 + v[0, 1] ** 2


def test_a_single_vector_of_a_repeated_pair_is_no_function_of_the_matrix():
    result = gradcli.check(single_vector_of_the_pair, [{"a": 2 * np.eye(2)}], dtypes=("float64",), fixes=False).results[0]
    assert result.status == "domain", (result.status, result.findings)
    assert any("jumps" in f.message for f in result.findings)


def test_the_projector_of_a_repeated_pair_is_smooth():
    result = gradcli.check(projector_of_the_pair, [{"a": 2 * np.eye(2)}], dtypes=("float64",), fixes=False).results[0]
    assert result.status == "ok", (result.status, result.findings)
    assert np.all(np.asarray(result.exact_gradient["a"], dtype=object) == 0)  # V V^T is I near 2 I: proven 0
