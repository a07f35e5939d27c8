"""eigh, sqrtm and logm on mpmath numbers solve once per matrix, precision and rounding, as svd and eig do.

The exact reference's noise runs (rounded down, then up) each run an iterative solver to nearest at the same
twice-wider precision: one answer serves both, the same numbers a solve afresh gives, and the answers kept stay
within their bound of numbers.
"""

from unittest import mock

import mpmath
import numpy as np
import pytest

from gradcli.autodiff import mp as gmp
from gradcli.autodiff import ops_decompositions, ops_scipy_linalg
from gradcli.autodiff.ops_decompositions import eigh
from gradcli.autodiff.ops_scipy_linalg import logm, sqrtm
from gradcli.checker.precision import with_noise

MATRIX = [[2.0, 0.5], [0.5, 1.0]]  # symmetric positive definite: each of the three takes it

# (the function, the solver it calls on one matrix, where the solver is looked up, the answers kept)
CASES = {
    "eigh": (lambda m: eigh(m)[1], "eigsy", mpmath, ops_decompositions._eighs_kept),
    "sqrtm": (sqrtm, "_scaled_denman_beavers", ops_scipy_linalg, ops_scipy_linalg._sqrtms_kept),
    "logm": (logm, "_logarithm", ops_scipy_linalg, ops_scipy_linalg._logms_kept),
}


def _mp(rows):
    gmp.enable()  # gradcli's ops answer mpmath numbers with their mpmath paths
    return np.array([[mpmath.mpf(x) for x in row] for row in rows], dtype=object)


def _flat(answer):
    return [z for z in np.asarray(answer, dtype=object).flat]


@pytest.mark.parametrize("name", CASES)
def test_the_noise_runs_share_one_solve_with_the_numbers_of_a_solve_afresh(name):
    function, solver, home, kept = CASES[name]
    with mpmath.workdps(30):
        kept.clear()
        with mock.patch.object(home, solver, wraps=getattr(home, solver)) as counted:
            value, noise = with_noise(lambda: _flat(function(_mp(MATRIX))))
        # nearest at the working precision, then once for both directed runs at their wider one
        assert counted.call_count == 2
        assert all(n < mpmath.mpf(10) ** -25 for n in noise)  # the directed runs answered, each near the nearest's
        kept.clear()
        again, noise_again = with_noise(lambda: _flat(function(_mp(MATRIX))))
    assert again == value and noise_again == noise  # the same code path at the same precision: equal to the bit


def test_a_kept_answer_is_a_copy_the_caller_may_write_into():
    with mpmath.workdps(30):
        ops_decompositions._eighs_kept.clear()
        first = eigh(_mp(MATRIX))[1]
        first[0, 0] = mpmath.mpf(7)
        assert eigh(_mp(MATRIX))[1][0, 0] != 7


def test_the_answers_kept_stay_within_their_bound(monkeypatch):
    monkeypatch.setattr(ops_decompositions, "_KEPT_NUMBERS", 20)  # a 2x2 matrix and its packed eigh: 4 + 6 numbers
    kept = ops_decompositions._eighs_kept
    kept.clear()
    with mpmath.workdps(30):
        for shift in range(5):
            eigh(_mp([[2.0 + shift, 0.5], [0.5, 1.0]]))
            assert kept.numbers <= 20 and len(kept.answers) <= 2
        with mock.patch.object(mpmath, "eigsy", wraps=mpmath.eigsy) as counted:
            eigh(_mp([[6.0, 0.5], [0.5, 1.0]]))  # the last matrix: still kept
            eigh(_mp(MATRIX))  # the first: dropped long since, solved again
        assert counted.call_count == 1
