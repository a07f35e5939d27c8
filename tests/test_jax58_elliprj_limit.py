"""R_J's slopes on balls where p is the differentiated argument itself (issue 28's elliptic leftovers): the
partial-fraction quotient (R_J - R_D) / (2 (p - x)) is 0/0 there, and its limit is dR_D(y, z, x)/dx / 3 (dR_J/dp
twice that). The exact reference at R_J(0.5, 2, 3, 0.5) takes it on balls; a ball around p = x that is not exactly
it still goes the other way. Held to flint's R_J differentiated numerically by mpmath at 50 digits.

Found while looking at R_J's ~2e-14 relative error in its float slopes at p far below x, y, z (R_J(1, 2, 3, 1e-6)):
that is SciPy's R_J's own value, 2.3e-14 off there, which the slopes carry by design (`_rj_partial`); the exact
reference agrees with the oracle to 1e-37 at that point on both paths."""

import os
import sys

import flint
import mpmath
import pytest

from gradcli.autodiff.ops_elliptic_incomplete import _rj_ball, _rj_p_partial_ball, _rj_partial_ball

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from test_jax57_elliprj import _oracle, _Row  # noqa: E402
from test_ops_precision import _entries, exact_reference  # noqa: E402

POINT = (0.5, 2.0, 3.0, 0.5)


def _close(ball, want, within):
    with mpmath.workdps(60):
        return abs(mpmath.mpf(ball.mid().str(50, radius=False)) - want) <= within * abs(want)


def test_the_slopes_at_p_on_the_moved_argument_are_the_limit():
    _, partials = _oracle(POINT)
    x, y, z, p = (flint.arb(v) for v in POINT)
    with flint.ctx.workprec(200):
        answer = _rj_ball(x, y, z, p)
        assert _close(_rj_partial_ball(0)(answer, x, y, z, p), partials[0], 1e-35)
        assert _close(_rj_p_partial_ball(answer, x, y, z, p), partials[3], 1e-35)
        with pytest.raises(ArithmeticError, match="may meet"):  # near it and not it: no quotient, no limit either
            _rj_partial_ball(0)(answer, x, y, z, flint.arb(0.5, 1e-30))


def test_the_exact_reference_there_is_the_oracles_on_balls():
    value, partials = _oracle(POINT)
    exact = exact_reference(_Row, POINT, "reference", 20.0)
    assert exact.method == "balls"
    for got, want in zip(_entries(exact), [value] + partials):
        assert abs(got - want) <= 1e-35 * abs(want), _entries(exact)
