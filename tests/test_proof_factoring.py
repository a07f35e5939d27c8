"""A proof's factorisations stay inside the check's budget and find what flint finds in the whole ring.

`arb_identities.factors` splits the polynomials a proof takes logs and square
roots of. It factors in a ring of the polynomial's own atoms (flint's cost grows
with the ring's), only up to FACTOR_TERMS terms, and asks the budget
(``proof.afford``) before each factorisation, as before each ball pass.
"""

import numpy as np
import pytest

from gradcli.autodiff import arb as arb_core
from gradcli.autodiff import arb_identities, arb_proof


class _Spent(BaseException):
    """What a budget that has run out raises here (a BaseException, as the check's `OutOfTime`)."""


def _symbols(values):
    arb_core.enable()
    return arb_proof.seeded(np.asarray(values, dtype=float), [[] for _ in values], True)


def test_factors_in_its_own_atoms_are_the_whole_rings():
    asked = []
    with arb_proof.session(afford=asked.append):
        x, y, z = _symbols([2.0, 3.0, 5.0])
        polys = [(x * x - 1).q[0], (x * y * z * 2 + x * 2 + y * z * 6 + 6).q[0], (z * z * z - y * y * y).q[0]]
        for poly in polys:
            content, found = arb_identities.factors(poly)
            want_content, want = poly.factor()
            assert content == want_content
            assert sorted((str(f), e) for f, e in found) == sorted((str(f), e) for f, e in want)
    assert len(asked) == len(polys) and all(estimate > 0 for estimate in asked)


def test_a_factorisation_past_the_budget_does_not_run():
    def spent(estimate):
        raise _Spent(estimate)

    with arb_proof.session(afford=spent):
        (x,) = _symbols([2.0])
        with pytest.raises(_Spent):
            arb_identities.factors((x * x - 1).q[0])


def test_a_polynomial_past_the_term_cap_is_one_factor_of_itself_unasked():
    asked = []
    with arb_proof.session(afford=asked.append):
        xs = _symbols([float(k + 2) for k in range(arb_identities.FACTOR_TERMS + 2)])
        total = xs[0] * xs[1]
        for x in xs[2:]:
            total = total + x * x
        poly = total.q[0]
        assert len(poly) > arb_identities.FACTOR_TERMS
        content, found = arb_identities.factors(poly)
    assert content == 1 and found == [(poly, 1)]
    assert asked == []
