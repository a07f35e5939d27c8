"""numpy.linalg's det, slogdet and Cholesky factor on balls: the exact reference stays on balls for them.

Each answer is a ball (no fall back to mpmath's path), and each agrees with mpmath's own det and Cholesky at 50
digits, on a well-conditioned matrix and on one 2^-40 from singular, whose pivot a float-rounding slip would lose.
"""

import mpmath
import numpy as np
import pytest
from flint import arb, ctx

import gradcli.numpy as gnp
from gradcli.autodiff import arb as arb_core

ROWS = {
    "spd 3x3": [[4.0, 2.0, 0.6], [2.0, 5.0, 1.5], [0.6, 1.5, 3.0]],
    "near-singular 2x2": [[1.0, 1.0], [1.0, 1.0 + 2.0**-40]],
    "spd 4x4": [[6.0, 1.0, 0.5, 0.25], [1.0, 5.0, 1.0, 0.5], [0.5, 1.0, 4.0, 1.0], [0.25, 0.5, 1.0, 3.0]],
}


@pytest.fixture(scope="module", autouse=True)
def balls():
    arb_core.enable()
    saved = ctx.prec
    ctx.prec = 200
    yield
    ctx.prec = saved


def _balls(rows):
    return np.array([[arb(v) for v in row] for row in rows], dtype=object)


def _agrees(ball, truth):
    """``ball`` is a ball within 1e-48 (relative) of mpmath's 50-digit ``truth``, and no wider than that."""
    assert isinstance(ball, arb), type(ball)
    with mpmath.workdps(50):
        mid = mpmath.mpf(ball.mid().str(60, radius=False))
        assert abs(mid - truth) <= mpmath.mpf(10) ** -48 * abs(truth)
    assert ball.rad() <= arb(10) ** -48 * abs(ball.mid())


@pytest.mark.parametrize("name", sorted(ROWS))
def test_det_slogdet_and_cholesky_answer_on_balls_as_mpmath_at_50_digits(name):
    rows = ROWS[name]
    with mpmath.workdps(50):
        matrix = mpmath.matrix(rows)
        det, low = mpmath.det(matrix), mpmath.cholesky(matrix)
        logabsdet = mpmath.log(abs(det))
    _agrees(gnp.linalg.det(_balls(rows)), det)
    sign, logged = gnp.linalg.slogdet(_balls(rows))
    _agrees(logged, logabsdet)
    factor = gnp.linalg.cholesky(_balls(rows))
    for i in range(len(rows)):
        for j in range(len(rows)):
            if j > i:
                assert factor[i, j] == 0
            else:
                _agrees(factor[i, j], low[i, j])


def test_a_singular_matrix_leaves_slogdet_and_cholesky_to_mpmath():
    with pytest.raises(arb_core.NoArb):
        gnp.linalg.slogdet(_balls([[1.0, 2.0], [2.0, 4.0]]))
    with pytest.raises(arb_core.NoArb):
        gnp.linalg.cholesky(_balls([[1.0, 2.0], [2.0, 4.0]]))
