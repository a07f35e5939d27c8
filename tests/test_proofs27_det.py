"""det's slope at singular and rank-deficient matrices: the cofactor matrix (the adjugate's transpose), a polynomial in
the entries, finite and exact where the matrix has no inverse. Its rule gives it there in every dtype (no LinAlgError),
again for a second derivative, and the exact reference proves a cofactor that is 0 (a rank-one matrix's every one).
Truths: mpmath's determinants of the minors, written here from the definition."""

from __future__ import annotations

import itertools
import mpmath
import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp


def _det(m):
    """Leibniz's sum over permutations at 50 digits (mpmath's LU det fails at some exactly singular matrices)."""
    n = len(m)
    with mpmath.workdps(50):
        total = mpmath.mpf(0)
        for order in itertools.permutations(range(n)):
            inversions = sum(order[i] > order[j] for i in range(n) for j in range(i + 1, n))
            total += (-1) ** inversions * mpmath.fprod(mpmath.mpf(m[i][order[i]]) for i in range(n))
        return total


def _cofactors(a):
    """The signed minors' determinants."""
    n = len(a)
    return [[(-1) ** (i + j) * _det([[a[r][c] for c in range(n) if c != j] for r in range(n) if r != i])
             for j in range(n)] for i in range(n)]


SINGULAR = [
    [[1.0, 2.0], [2.0, 4.0]],  # rank 1: cofactors [[4, -2], [-2, 1]]
    [[1.0, 2.0, 3.0], [2.0, 4.0, 6.0], [1.0, 0.0, 1.0]],  # rank 2: one row of cofactors 0
    [[1.0, 2.0, 3.0], [2.0, 4.0, 6.0], [3.0, 6.0, 9.0]],  # rank 1: every cofactor 0
    [[0.0, 0.0, 0.0, 0.0], [1.0, 2.0, 0.5, 3.0], [0.25, -1.0, 2.0, 1.0], [4.0, 0.0, 1.0, -2.0]],  # a zero row
    [[0.0]],
]


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
@pytest.mark.parametrize("a", SINGULAR)
def test_dets_slope_at_a_singular_matrix_is_its_cofactor_matrix(a, dtype):
    x = np.array(a, dtype=dtype)
    assert np.linalg.det(x) == 0  # the dtype's own determinant is exactly 0: no inverse to read
    got = gradcli.grad(gnp.linalg.det)(x)
    assert got.dtype == dtype
    want = np.array(_cofactors(a), dtype=float)
    np.testing.assert_allclose(got, want, rtol=8 * np.finfo(dtype).eps, atol=8 * np.finfo(dtype).eps)


def test_a_stack_with_one_singular_matrix_gives_each_its_own_cofactors():
    stack = np.array([[[1.0, 2.0], [2.0, 4.0]], [[3.0, 1.0], [1.0, 2.0]]])
    got = gradcli.grad(lambda s: gnp.sum(gnp.linalg.det(s) * np.array([1.0, 2.0])))(stack)
    np.testing.assert_allclose(got[0], np.array(_cofactors(stack[0].tolist()), dtype=float), rtol=1e-15)
    np.testing.assert_allclose(got[1], 2 * np.array(_cofactors(stack[1].tolist()), dtype=float), rtol=1e-15)


def _mixed_partial(a, first, second):
    """d2 det / da_first da_second at 50 digits: det is affine in each entry, and in two entries of different rows
    and columns bilinear (else affine in both at once), so the difference with steps of 1 is the partial exactly."""
    def det(moved):
        m = [list(row) for row in a]
        for (i, j), step in zip((first, second), moved):
            m[i][j] += step
        return _det(m)

    return det((1, 1)) - det((1, 0)) - det((0, 1)) + det((0, 0))


def test_dets_second_derivative_at_a_singular_matrix_is_exact():
    a = SINGULAR[1]
    hessian = gradcli.hessian(lambda x: gnp.linalg.det(gnp.reshape(x, (3, 3))))(np.array(a).ravel())
    want = [[float(_mixed_partial(a, divmod(p, 3), divmod(q, 3))) for q in range(9)] for p in range(9)]
    np.testing.assert_allclose(hessian, want, rtol=1e-15, atol=0)


PLAIN = '''import numpy as np


def det(a):
    return np.linalg.det(a)


def rank_one(v):
    return np.linalg.det(np.outer(v, v + 1.0)) * np.exp(v[0])
'''


@pytest.fixture(scope="module")
def plain(tmp_path_factory):
    path = tmp_path_factory.mktemp("det") / "plain_det.py"
    path.write_text(PLAIN)
    return path


def test_plain_numpys_det_at_a_singular_matrix_is_checked_ok_with_its_exact_cofactors(plain):
    a = SINGULAR[1]
    (r,) = gradcli.check(f"{plain}:det", [{"a": np.array(a)}], dtypes=["float64"], fixes=False).results
    assert r.status == "ok", [f.message for f in r.findings]
    np.testing.assert_allclose(r.exact_gradient["a"], np.array(_cofactors(a), dtype=float), rtol=1e-12, atol=0)
    assert list(r.exact_gradient["a"][2]) == [0.0, 0.0, 0.0]  # proven 0, not a small number


def test_a_rank_one_matrixs_slopes_are_proven_0(plain):
    """det(v (v + 1)^T) is 0 for every v, so each slope is the exact 0: the proof expands the singular matrix's
    determinant by cofactors where elimination meets no pivot (before, no proof ran and the reference climbed to
    4000 digits without settling: error)."""
    (r,) = gradcli.check(f"{plain}:rank_one", [{"v": np.array([1.0, 2.0, 3.0])}], dtypes=["float64"],
                         fixes=False).results
    assert r.status == "ok", [f.message for f in r.findings]
    assert r.exact_value == 0 and list(r.exact_gradient["v"]) == [0.0, 0.0, 0.0]
