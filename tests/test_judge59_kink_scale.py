"""A kink is a property of the point (issue 27): eigvalsh's gap sqrt(d^2 + 4 c^2) of a symmetric 2x2 whose diagonal
entries the program computes equal, at c = 1e-200, is smooth at the point, though steps relative to |x| (1e-40 of
0.3) see |d|, the cone beside it. The steps at the point's own scale (below its smallest entry) see both sides agree
far closer than that cone's slopes, though within the eigensolver's rounding at any digits: no kink is claimed. The
gap's slope in x[0] and x[1] is the exact 0, proven by the pair's closed form (its diagonal entries one number)."""

import pytest

import gradcli
import gradcli.numpy as gnp


def computed_gap(x):
    a = gnp.array([[gnp.exp(x[0]), x[2]], [x[2], gnp.exp(x[1])]])
    w = gnp.linalg.eigvalsh(a)
    return w[1] - w[0]


NEAR_TIE = {"x": [0.3, 0.3, 1e-200]}


@pytest.fixture(scope="module")
def near_tie():
    (result,) = gradcli.check(computed_gap, [NEAR_TIE], dtypes=("float64",), fixes=False).results
    return result


def test_a_near_tie_of_computed_entries_is_no_kink(near_tie):
    result = near_tie
    said = [f.message for f in result.findings]
    assert result.status != "domain", said
    assert not [f for f in result.findings if f.kind in ("kink", "singular", "jump")], said


def test_a_near_tie_of_computed_entries_is_unstable_with_its_exact_gradient(near_tie):
    result = near_tie
    assert result.status == "unstable"
    assert [float(g) for g in result.exact_gradient["x"]] == [0.0, 0.0, 2.0]
