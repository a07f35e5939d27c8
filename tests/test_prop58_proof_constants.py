"""Each exact space takes a float its own way: `ops.high_precision`'s ``mpf``, with no test of a class's name.

mpmath takes a float as an mpmath number, balls as the exact ball of its value, and a proof as a proof number of
the binary rational the float is, so a float joined or listed beside a proof's numbers (a 0.0 in the matrix whose
eigenvalues a proof reads) keeps the array all proof numbers, and a caller's parameter `ops.lifted` makes exact
is one of the proof's numbers too (its log the proof's exact log, never float64's).
"""

from __future__ import annotations

import pathlib
import mpmath
import numpy as np
import pytest

from gradcli.autodiff import arb, arb_proof, mp, ops

TRIALS = pathlib.Path(__file__).parent / "trials"


@pytest.fixture(scope="module", autouse=True)
def _exact_spaces():
    mp.enable()
    arb.enable()


def _proof_number(number):
    return arb_proof.lift(number)


def test_a_proof_takes_a_float_as_the_binary_rational_it_is():
    from flint import arb as ball

    with arb_proof.session():
        like = _proof_number(2.0)
        taken = ops.high_precision(like).mpf(0.3)
        assert type(taken) is arb_proof.Sym
        assert taken.b.is_exact() and taken.b == ball(0.3) and taken.d is None  # a constant of 0.3's own value


def test_balls_and_mpmath_take_a_float_as_their_own_exact_number():
    from flint import arb as ball

    taken = ops.high_precision(ball(2)).mpf(0.3)
    assert isinstance(taken, ball) and taken.is_exact() and taken == ball(0.3)
    with mpmath.workdps(50):
        taken = ops.high_precision(mpmath.mpf(2)).mpf(0.3)
        assert isinstance(taken, mpmath.mpf) and taken == mpmath.mpf(0.3)


def test_a_float_joined_or_listed_beside_proof_numbers_is_a_proof_number():
    with arb_proof.session():
        d = _proof_number(2.0)
        joined = ops.exact_beside((np.array([d, d], dtype=object), np.array([0.0])))
        listed = ops.exact_entries(np.array([[d, 0.0], [0.0, d]], dtype=object))
        assert all(type(e) is arb_proof.Sym for part in joined for e in np.ravel(part))
        assert all(type(e) is arb_proof.Sym for e in listed.ravel())


def test_a_lifted_parameter_beside_a_proof_has_the_proof_s_exact_log():
    with arb_proof.session():
        like = _proof_number(1.5)
        df = ops.lifted(3.0, like)
        assert type(df) is arb_proof.Sym
        logged = ops.log(df)
        assert type(logged) is arb_proof.Sym and not logged.b.is_exact() and logged.b.contains(mpmath.log(3))


def test_eigenvalues_of_a_matrix_listed_with_float_zeros_are_proven():
    """trials13a's top_two_sum at d = 2, e = 0: the listed matrix [[d, e, 0.0], ...] stays proof numbers, so
    eigvalsh's exact zeros are proven (a ball for each 0.0: 'not proven 0', no reference)."""
    from gradcli.checker import balls, reference
    from gradcli.checker.targets import resolve

    exact = reference.compute(resolve(f"{TRIALS / 'numpy_lib13a.py'}:top_two_sum"), [2.0, 0.0], budget=balls.Budget(60.0))
    assert exact.determined and not exact.unsettled, exact.why
    assert [float(g) for g in exact.gradient] == [2.0, 0.0]
