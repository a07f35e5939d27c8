"""Spectral functions rebuilt from eigh's eigenvalues and vectors at a repeated eigenvalue, in plain NumPy: V g(w) V^T
is a smooth function of the matrix wherever g is, although no single vector of the repeated group is one. The exact
reference proves such a function's zero slopes (each group's vectors, a pair's or a triple's, a rotation of an
orthonormal basis, so their lengths and overlaps are the exact numbers they are), and keeps "no derivative" for a loss
that reads one vector. Also slogdet at a singular matrix and sqrtm at a Jordan block. Truths: tests/linalg64_truths.py
(mpmath, no decomposition)."""

import numpy as np
import pytest

import gradcli
from linalg64_truths import (PAIR_AT_ONE, PAIR_AT_TWO, TRIPLE_AT_TWO, TURNED, WEIGHTS, cubed_trace_slope, log_det_slope,
                             weighted_slope)

PLAIN = '''import numpy as np

WEIGHTS = np.array(%r)


def rebuilt(a, g):
    w, v = np.linalg.eigh((a + a.T) / 2)
    return v @ np.diag(g(w)) @ v.T


def cubed_trace(a):
    return np.trace(rebuilt(a, lambda w: w ** 3))


def log_det(a):
    return np.log(np.linalg.det(rebuilt(a, lambda w: w)))


def expm_weighted(a):
    n = len(a)
    return np.sum(WEIGHTS[:n, :n] * rebuilt(a, np.exp))


def sqrtm_weighted(a):
    n = len(a)
    return np.sum(WEIGHTS[:n, :n] * rebuilt(a, np.sqrt))


def on_the_diagonal(a, g):
    n = len(a)
    return np.sum(np.diag([1.0, 2.0, 3.0])[:n, :n] * rebuilt(a, g))


def expm_on_the_diagonal(a):
    return on_the_diagonal(a, np.exp)


def sqrtm_on_the_diagonal(a):
    return on_the_diagonal(a, np.sqrt)


def logm_on_the_diagonal(a):
    return on_the_diagonal(a, np.log)


def lower_member(a):
    return np.linalg.eigh(a)[0][0]


def one_vector(a):
    return np.linalg.eigh((a + a.T) / 2)[1][0, 0] ** 2


def sign_of_det(a):
    return np.linalg.slogdet(a)[0]


def log_abs_det(a):
    return np.linalg.slogdet(a)[1]


def sqrtm_weighted_jordan(a):
    import scipy.linalg

    return np.sum(WEIGHTS[:2, :2] * scipy.linalg.sqrtm(a))
''' % (WEIGHTS,)


@pytest.fixture(scope="module")
def plain(tmp_path_factory):
    path = tmp_path_factory.mktemp("linalg64") / "plain_spectral.py"
    path.write_text(PLAIN)
    return path


def _checked(plain, name, a, **options):
    (result,) = gradcli.check(f"{plain}:{name}", [{"a": np.array(a)}], dtypes=["float64"], fixes=False,
                              **options).results
    return result


def _exact(result):
    return np.asarray(result.exact_gradient["a"], dtype=object).astype(float)


@pytest.mark.parametrize("a", [PAIR_AT_ONE, TURNED, TRIPLE_AT_TWO])
def test_the_cubed_trace_through_a_repeated_pair_has_its_zero_slopes_proven(plain, a):
    result = _checked(plain, "cubed_trace", a)
    assert result.status == "ok", [f.message for f in result.findings]
    want = cubed_trace_slope(a)
    np.testing.assert_allclose(_exact(result), want, rtol=1e-14)
    assert np.all(_exact(result)[want == 0] == 0)


def test_log_det_of_the_rebuilt_matrix_is_its_inverse(plain):
    result = _checked(plain, "log_det", TURNED)
    assert result.status == "ok", [f.message for f in result.findings]
    want = log_det_slope(TURNED)
    np.testing.assert_allclose(_exact(result), want, rtol=1e-14, atol=1e-300)
    assert np.all(_exact(result)[want == 0] == 0)


@pytest.mark.parametrize("name, a, function", [("expm_weighted", TURNED, "expm"), ("sqrtm_weighted", PAIR_AT_TWO, "sqrtm")])
def test_a_matrix_function_through_a_repeated_pair_is_daleckii_and_kreins(plain, name, a, function):
    """Within the pair the exact slope is f'(2) times the change's own block, which eigh's rule cannot see (it reads
    only the diagonal of the cotangent there): gradcli's rule is wrong and the exact gradient is the truth."""
    import mpmath

    result = _checked(plain, name, a)
    np.testing.assert_allclose(_exact(result), weighted_slope(a, getattr(mpmath, function), WEIGHTS), rtol=1e-12)
    assert result.status == "wrong", [f.message for f in result.findings]


@pytest.mark.parametrize("function, a", [("expm", TURNED), ("sqrtm", TURNED), ("logm", TURNED), ("logm", PAIR_AT_TWO),
                                         ("expm", TRIPLE_AT_TWO)])
def test_a_zero_slope_of_a_matrix_function_within_a_group_is_proven(plain, function, a):
    """Within the group the slope is g'(2) times the change's own block P dA P, whose diagonal is 0 along a[0, 2] of
    TURNED (and along a[0, 1] of 2 I, a pair's or a triple's): a proof's 0, whatever g is."""
    import mpmath

    result = _checked(plain, f"{function}_on_the_diagonal", a, max_digits=240)
    assert result.status == "ok", [f.message for f in result.findings]
    weights = [[1.0, 0.0, 0.0], [0.0, 2.0, 0.0], [0.0, 0.0, 3.0]]
    want = weighted_slope(a, getattr(mpmath, function), weights)
    np.testing.assert_allclose(_exact(result), want, rtol=1e-12)
    assert np.all(_exact(result)[want == 0] == 0) and np.any(want == 0)


def test_one_member_of_a_pair_keeps_its_kink(plain):
    """eigh(I + t E00)[0] is 1 + min(t, 0): slope 1 from the left, 0 from the right."""
    result = _checked(plain, "lower_member", PAIR_AT_ONE)
    assert result.status == "domain", [f.message for f in result.findings]
    assert any("a[0, 0] is 1 from the left and 0 from the right" in f.message for f in result.findings)


def test_a_proof_never_takes_one_side_of_a_pairs_kink():
    """On proof numbers the lower member of eigh(I + t E00) moves by 0 for t > 0 and by 1 for t < 0: no 0 is proven
    (nor along a[1, 0] or a[1, 1]); eigh never reads a[0, 1], whose 0 is a proof's."""
    import gradcli.numpy as gnp
    from gradcli.autodiff import arb as arb_core
    from gradcli.checker import python_zero

    arb_core.enable()
    for k in range(4):
        found = python_zero.proven(lambda m: gnp.linalg.eigh(m)[0][0], [np.array(PAIR_AT_ONE)], coordinate=k)[1]
        assert found == [k == 1], k
    for k in range(9):  # a triple too (eigh(2 I + t E00)[0] is 2 + min(t, 0)); the upper triangle unread
        found = python_zero.proven(lambda m: gnp.linalg.eigh(m)[0][0], [np.array(TRIPLE_AT_TWO)], coordinate=k)[1]
        assert found == [k in (1, 2, 5)], k


def test_one_vector_of_the_pair_is_no_function_of_the_matrix(plain):
    result = _checked(plain, "one_vector", PAIR_AT_ONE)
    assert result.status == "domain", [f.message for f in result.findings]
    assert any("jumps" in f.message for f in result.findings)


def test_sqrtm_at_a_jordan_block_is_smooth_and_exact(plain):
    """[[1, 1], [0, 1]] is no diagonalisable matrix, but its eigenvalue 1 is far from sqrt's cut: sqrtm is analytic
    there, its slope mpmath's (Denman and Beavers) differentiated."""
    import mpmath

    jordan = [[1.0, 1.0], [0.0, 1.0]]
    result = _checked(plain, "sqrtm_weighted_jordan", jordan)
    assert result.status == "ok", [f.message for f in result.findings]
    np.testing.assert_allclose(_exact(result), weighted_slope(jordan, lambda m: mpmath.sqrtm(m), WEIGHTS, symmetric=False),
                               rtol=1e-12)


def test_log_abs_det_of_a_singular_matrix_is_outside_the_domain(plain):
    result = _checked(plain, "log_abs_det", [[1.0, 2.0], [2.0, 4.0]])
    assert result.status == "domain", [f.message for f in result.findings]
    assert float(result.exact_value) == float("-inf")


def test_the_sign_of_a_singular_matrixs_determinant_jumps(plain):
    """det(a + t E00) = 4 t at [[1, 2], [2, 4]]: slogdet's sign is -1 left of the point, 0 at it, 1 right of it."""
    result = _checked(plain, "sign_of_det", [[1.0, 2.0], [2.0, 4.0]])
    assert result.status == "domain", [f.message for f in result.findings]
    message = next(f.message for f in result.findings if "in a[0, 0]" in f.message)
    assert "jumps" in message and "linalg.slogdet" in message and "-1 from the left and 1 from the right" in message


def test_the_sign_of_a_regular_matrixs_determinant_is_flat(plain):
    result = _checked(plain, "sign_of_det", [[1.0, 2.0], [3.0, 4.0]])
    assert result.status == "ok", [f.message for f in result.findings]
    assert float(result.exact_value) == -1.0 and np.all(_exact(result) == 0)


@pytest.mark.parametrize("a", [PAIR_AT_TWO, TRIPLE_AT_TWO, TURNED])
def test_the_rebuilt_matrix_less_the_matrix_has_every_slope_proven_0(a):
    """V diag(w) V^T is S itself (the spectral theorem), so sum(C * (V diag(w) V^T - S)) is 0 for every a: along each
    coordinate its slope C : (the change's own block) - C : dS within a split group is a proof's 0, on either side."""
    import gradcli.numpy as gnp
    from gradcli.autodiff import arb as arb_core
    from gradcli.checker import python_zero

    n = len(a)
    weights = np.array(WEIGHTS)[:n, :n]

    def rebuilt_less_itself(m):
        s = (m + m.T) / 2
        w, v = gnp.linalg.eigh(s)
        return gnp.sum(weights * (v @ gnp.diag(w) @ v.T - s))

    arb_core.enable()
    for k in range(n * n):
        assert python_zero.proven(rebuilt_less_itself, [np.array(a)], coordinate=k)[1] == [True], k
