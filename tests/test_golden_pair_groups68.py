"""eigh of a matrix whose irrational eigenvalues repeat: its spectral functions have an exact reference.

kron(I2, [[1, 1], [1, 0]]) has the golden ratio phi and -1/phi twice each (its characteristic polynomial is
(x^2 - x - 1)^2): each group's value is the surd it is, and its space's projector holds sqrt 5, so the group's
vectors are built on a basis of that field. Beside a repeated rational eigenvalue, a simple surd pair's
denominators hold sqrt 5 too. A function of the matrix read through V diag(g(w)) V^T, tr(expm(A)), is then judged:
its slope along a change that couples the two blocks is the proven 0, and along one within them it is
tr(expm(A) E), the Frechet derivative's trace, computed here by mpmath's expm at 40 digits.
"""

import mpmath
import numpy as np
import pytest

import gradcli

GOLDEN_TWICE = [[1.0, 1, 0, 0], [1, 0, 0, 0], [0, 0, 1, 1], [0, 0, 1, 0]]
GOLDEN_BESIDE_TWO_TWICE = [[1.0, 1, 0, 0], [1, 0, 0, 0], [0, 0, 2, 0], [0, 0, 0, 2]]
ACROSS = [[0.0, 0, 1, 0], [0, 0, 0, 2], [1, 0, 0, 0], [0, 2, 0, 0]]  # couples the blocks: tr(expm(A) E) = 0
WITHIN = [[1.0, 0, 0, 0], [0, 0, 3, 0], [0, 3, 0, 0], [0, 0, 0, 0.5]]

SOURCE = '''import gradcli.numpy as np

A = np.array({a})
ACROSS = np.array({across})
WITHIN = np.array({within})


def matrix_exp_trace(t, u):
    w, V = np.linalg.eigh(A + t * ACROSS + u * WITHIN)
    return np.trace(V @ np.diag(np.exp(w)) @ V.T)
'''


def true_value_and_slope(a, e):
    """tr(expm(A)) and d/dt tr(expm(A + t E)) at 0 = tr(expm(A) E), at 40 digits."""
    with mpmath.workdps(40):
        exp_a = mpmath.expm(mpmath.matrix(a))
        value = sum(exp_a[i, i] for i in range(4))
        slope = sum(exp_a[i, j] * e[j][i] for i in range(4) for j in range(4))
        return value, slope


@pytest.mark.parametrize("a", [GOLDEN_TWICE, GOLDEN_BESIDE_TWO_TWICE], ids=["golden-twice", "golden-beside-two-twice"])
def test_a_spectral_function_at_repeated_surds_has_its_exact_slopes(tmp_path, a):
    """Two directions at once (no one seed's block to split the groups by): each slope is a function of the matrix."""
    path = tmp_path / "golden68.py"
    path.write_text(SOURCE.format(a=a, across=ACROSS, within=WITHIN))
    result = gradcli.check(f"{path}:matrix_exp_trace", [{"t": 0.0, "u": 0.0}], dtypes=("float64",), fixes=False,
                           max_time=300).results[0]
    assert result.status.value == "ok", [f.message for f in result.findings]
    value, across = true_value_and_slope(a, ACROSS)
    within = true_value_and_slope(a, WITHIN)[1]
    assert across == 0
    assert abs(result.exact_value - value) <= 1e-14 * abs(value)
    assert result.exact_gradient["t"] == 0  # proven: a stand-in near 0 would leave no exact reference
    assert abs(result.exact_gradient["u"] - within) <= 1e-13 * abs(within)


def matrix_exp_trace(a):
    import gradcli.numpy as gnp

    w, v = gnp.linalg.eigh(a)
    return gnp.trace(v @ gnp.diag(gnp.exp(w)) @ v.T)


def test_a_repeated_rational_beside_a_surd_pair_has_its_whole_gradient():
    """The matrix itself the variable (eigh reads its lower triangle): d/dA_ii = expm(A)_ii, d/dA_ij = 2 expm(A)_ij
    below the diagonal, 0 above, the blocks' couplings proven 0."""
    a = np.array(GOLDEN_BESIDE_TWO_TWICE)
    result = gradcli.check(matrix_exp_trace, [{"a": a}], dtypes=("float64",), fixes=False, max_time=300).results[0]
    assert result.status.value == "ok", [f.message for f in result.findings]
    with mpmath.workdps(40):
        exp_a = mpmath.expm(mpmath.matrix(GOLDEN_BESIDE_TWO_TWICE))
    got = np.asarray(result.exact_gradient["a"], dtype=float)
    for i in range(4):
        for j in range(4):
            truth = exp_a[i, j] if i == j else 2 * exp_a[i, j] if i > j else 0
            if truth == 0:
                assert got[i, j] == 0, (i, j)
            else:
                assert abs(got[i, j] - truth) <= 1e-13 * abs(truth), (i, j)


def frechet_entry(a, e, i, j):
    """Entry (i, j) of the Frechet derivative of expm at A along E: the upper right block of expm([[A, E], [0, A]])."""
    with mpmath.workdps(40):
        big = mpmath.zeros(8, 8)
        for r in range(4):
            for c in range(4):
                big[r, c], big[r + 4, c + 4], big[r, c + 4] = a[r][c], a[r][c], e[r][c]
        return mpmath.expm(big)[i, j + 4]


def test_one_entry_of_a_matrix_function_at_repeated_surds_has_its_exact_slopes(tmp_path):
    """expm(A)[0, 1] through eigh: each seed splits the surd groups, by its own block on their space (Daleckii and
    Krein within the group), so the slope across the blocks is the proven 0 and the one within them exact."""
    path = tmp_path / "golden_entry68.py"
    path.write_text(SOURCE.format(a=GOLDEN_TWICE, across=ACROSS, within=WITHIN).replace(
        "return np.trace(V @ np.diag(np.exp(w)) @ V.T)", "return (V @ np.diag(np.exp(w)) @ V.T)[0, 1]"))
    result = gradcli.check(f"{path}:matrix_exp_trace", [{"t": 0.0, "u": 0.0}], dtypes=("float64",), fixes=False,
                           max_time=300).results[0]
    assert result.status.value == "ok", [f.message for f in result.findings]
    assert frechet_entry(GOLDEN_TWICE, ACROSS, 0, 1) == 0
    assert result.exact_gradient["t"] == 0
    within = frechet_entry(GOLDEN_TWICE, WITHIN, 0, 1)
    assert abs(result.exact_gradient["u"] - within) <= 1e-13 * abs(within)


NONSYMMETRIC_GOLDEN_TWICE = [[1.0, 2, 0, 0], [0.5, 0, 0, 0], [0, 0, 1, 2], [0, 0, 0.5, 0]]
NONSYMMETRIC_CHANGE = [[0.0, 0, 1, 0], [0, 1, 0, 0], [0, 0, 0, 0], [2, 0, 0, 1]]


def test_eigvals_of_a_nonsymmetric_matrix_with_a_repeated_quadratic_factor_keep_their_spectral_sums(tmp_path):
    """kron(I2, [[1, 2], [0.5, 0]]), characteristic polynomial (x^2 - x - 1)^2, not symmetric: sum(w^3) = tr(A^3)
    moves by 3 tr(A^2 E), sum(e^w) = tr(expm(A)) by tr(expm(A) E)."""
    path = tmp_path / "golden_eigvals68.py"
    path.write_text(f"import gradcli.numpy as np\n\nA = np.array({NONSYMMETRIC_GOLDEN_TWICE})\nE = np.array({NONSYMMETRIC_CHANGE})\n\n\n"
                    "def cubes(t):\n    return np.real(np.sum(np.linalg.eigvals(A + t * E) ** 3))\n\n\n"
                    "def exps(t):\n    return np.real(np.sum(np.exp(np.linalg.eigvals(A + t * E))))\n")
    a, e = mpmath.matrix(NONSYMMETRIC_GOLDEN_TWICE), mpmath.matrix(NONSYMMETRIC_CHANGE)
    for name, truth in (("cubes", 3 * sum((a * a * e)[i, i] for i in range(4))),
                        ("exps", true_value_and_slope(NONSYMMETRIC_GOLDEN_TWICE, NONSYMMETRIC_CHANGE)[1])):
        result = gradcli.check(f"{path}:{name}", [{"t": 0.0}], dtypes=("float64",), fixes=False, max_time=300).results[0]
        assert result.status.value == "ok", (name, [f.message for f in result.findings])
        assert abs(result.exact_gradient["t"] - truth) <= 1e-13 * abs(truth), name


def eigvals_cubes(a):
    import gradcli.numpy as gnp

    return gnp.real(gnp.sum(gnp.linalg.eigvals(a) ** 3))


def test_eigvals_at_a_nonsymmetric_repeated_quadratic_factor_have_their_whole_gradient():
    """sum(w^3) = tr(A^3) of kron(I2, [[1, 2], [0.5, 0]]), its matrix the variable: the gradient 3 (A^2)^T, the
    entries that couple the blocks proven 0 (each group's value the surd it is, its sum's slope tr(P dA))."""
    a = np.array(NONSYMMETRIC_GOLDEN_TWICE)
    result = gradcli.check(eigvals_cubes, [{"a": a}], dtypes=("float64",), fixes=False, max_time=300).results[0]
    assert result.status.value == "ok", [f.message for f in result.findings]
    m = mpmath.matrix(NONSYMMETRIC_GOLDEN_TWICE)
    square = m * m
    got = np.asarray(result.exact_gradient["a"], dtype=float)
    for i in range(4):
        for j in range(4):
            truth = 3 * square[j, i]
            assert (got[i, j] == 0) if truth == 0 else abs(got[i, j] - truth) <= 1e-13 * abs(truth), (i, j)
