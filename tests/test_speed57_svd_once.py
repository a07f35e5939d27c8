"""The full svd on mpmath numbers (the exact reference's) runs mpmath's svd once per matrix and precision.

``full_matrices=True`` reads the thin factors twice (U, s, Vh, and the complement made orthonormal to them), and
the reference's noise runs (rounded down, then up) each run the solver at the same wider precision: one svd
serves them all, and a matrix at another precision or with other entries gets its own.
"""

from unittest import mock

import mpmath
import numpy as np

from gradcli.autodiff import mp as gmp
from gradcli.autodiff import ops_decompositions
from gradcli.autodiff.ops_decompositions import svd

MATRIX = [[1.0, 2.0, 0.0], [0.5, 3.0, 1.0]]


def _mp(rows):
    gmp.enable()  # gradcli's ops answer mpmath numbers with their mpmath paths
    return np.array([[mpmath.mpf(x) for x in row] for row in rows], dtype=object)


def _counted(matrix):
    """``svd(matrix, full_matrices=True)`` and how many times mpmath's svd ran for it."""
    with mock.patch.object(ops_decompositions, "_mp_svd", wraps=ops_decompositions._mp_svd) as solver:
        u, s, vh = svd(matrix, full_matrices=True)
    return (u, s, vh), solver.call_count


def test_a_full_svd_runs_mpmaths_svd_once():
    with mpmath.workdps(30):
        ops_decompositions._svds_kept.clear()
        (u, s, vh), runs = _counted(_mp(MATRIX))
        assert runs == 1
        assert vh.shape == (3, 3)
        gram = vh.dot(vh.T) - np.eye(3)  # the complement's row orthonormal to the thin rows, to the working digits
        assert max(abs(z) for z in gram.flat) < mpmath.mpf(10) ** -28
        _, again = _counted(_mp(MATRIX))
        assert again == 0


def test_another_precision_or_matrix_gets_its_own_svd():
    with mpmath.workdps(20):
        svd(_mp(MATRIX), full_matrices=True)
    with mpmath.workdps(60):
        (_, s, _), runs = _counted(_mp(MATRIX))
        assert runs == 1
        with mpmath.workdps(80):
            truth = sorted(mpmath.svd_r(mpmath.matrix(MATRIX), compute_uv=False), reverse=True)
        assert all(abs(a - b) < mpmath.mpf(10) ** -58 for a, b in zip(s, truth))
        moved = [row[:] for row in MATRIX]
        moved[0][0] = 1.5
        (_, s_moved, _), runs = _counted(_mp(moved))
        assert runs == 1 and abs(s_moved[0] - s[0]) > 0.01
