"""A singular value that is exactly 0 is an exact 0 on the exact reference's mpmath path, whatever mpmath's iteration
leaves of it.

mpmath's svd leaves a zero singular value of [[1, 1, 1], [1, 1, 1], [1, 1, 2]] as rounding noise of the working
precision (2.7e-4347 at 4,000 digits), a number that changes with every precision: the reference never settled, and
the smallest singular value there was "error, no verdict" where its truth is a kink along A[0:2, 0:2] (the null
vectors u = v = (1, -1, 0) / sqrt 2 meet there: sigma(A + tE) = |t u^T E v| + O(t^2)) and slope 0 in the third row
and column (round 58c's G1). The entries are exact binary numbers, so their rank over the rationals says how many
singular values are exactly 0.
"""

import math

import mpmath
import numpy as np
import pytest

import gradcli
from gradcli.autodiff import mp, ops_decompositions

SOURCE = '''import gradcli.numpy as np


def sv_min(A):
    return np.linalg.svd(A, compute_uv=False)[-1]
'''

RANK_TWO = [[1.0, 1.0, 1.0], [1.0, 1.0, 1.0], [1.0, 1.0, 2.0]]


def _check(tmp_path, function, matrix, dtype="float64"):
    path = tmp_path / "spectra.py"
    path.write_text(SOURCE)
    (result,) = gradcli.check(f"{path}:{function}", [{"A": np.array(matrix)}], dtypes=[dtype]).results
    return result


def _grid(result):
    return [[float(v) for v in row] for row in result.exact_gradient["A"]]


def test_the_smallest_singular_value_of_a_rank_two_matrix_is_a_kink_where_its_null_vectors_meet(tmp_path):
    result = _check(tmp_path, "sv_min", RANK_TWO)
    assert result.status == "domain", [f.message for f in result.findings]
    assert float(result.exact_value) == 0.0
    grid = _grid(result)
    for i in range(3):
        for j in range(3):
            if i < 2 and j < 2:
                assert math.isnan(grid[i][j]), (i, j, grid)
            else:
                assert grid[i][j] == 0.0, (i, j, grid)
    assert any(f.kind == "kink" and f.op == "A[0, 0]" for f in result.findings)


def test_the_zero_is_exact_on_the_mpmath_path():
    mp.enable()
    with mpmath.workdps(200):
        matrix = np.array([[mpmath.mpf(v) for v in row] for row in RANK_TWO], dtype=object)
        s = ops_decompositions._mp_svd(matrix, compute_uv=False)
        assert s[-1] == 0 and abs(s[0] - (2 + mpmath.sqrt(2))) < mpmath.mpf(10) ** -190
        u, s, vh, _ = ops_decompositions._mp_svd(matrix)
        assert s[-1] == 0
        # a full-rank neighbour keeps its small singular value: 1e-150 moves it by about 1e-150 / 2
        near = matrix.copy()
        near[0, 0] += mpmath.mpf(10) ** -150
        assert 0 < ops_decompositions._mp_svd(near, compute_uv=False)[-1] < mpmath.mpf(10) ** -149

