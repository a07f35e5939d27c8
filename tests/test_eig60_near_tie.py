"""eigvalsh of a symmetric 2x2 whose computed diagonal entries are one number at the point and whose off-diagonal is
tiny: the eigenvalues d +- c, apart by 2c (c = 1e-200) though their balls overlap, are the closed form
(tr -+ sqrt((a - d)^2 + 4 b^2)) / 2 on proof numbers, so the gap's slope in a diagonal entry, (a - d) da / gap, is
the exact 0 and the top eigenvalue's slope there the exact half of da (issue 27's K1, here through log1p)."""

import math

import numpy as np

import gradcli
import gradcli.numpy as gnp


def _pair(x):
    a = gnp.array([[gnp.log1p(x[0]), x[2]], [x[2], gnp.log1p(x[1])]])
    return gnp.linalg.eigvalsh(a)


def gap(x):
    w = _pair(x)
    return w[1] - w[0]


def top(x):
    return _pair(x)[1]


def bottom_and_the_coupling(x):
    """The lower eigenvalue d - c plus c: its slope in c the exact 0, a proof that the pair is in its order."""
    return _pair(x)[0] + x[2]


POINT = {"x": [0.5, 0.5, 1e-200]}


def test_the_gap_and_the_top_eigenvalue_at_a_near_tie_of_computed_entries_are_exact():
    gap_result, top_result = (gradcli.check(f, [POINT], dtypes=("float64",), fixes=False).results[0] for f in (gap, top))
    # float64's eigvalsh rounds the gap 2e-200 to 0: the gradient loses it, not the rule
    assert gap_result.status == "unstable", (gap_result.status, [f.message for f in gap_result.findings])
    assert [float(g) for g in gap_result.exact_gradient["x"]] == [0.0, 0.0, 2.0]
    # float64 sees no coupling: its vectors are the axes, its top eigenvalue's slope all in one diagonal entry
    assert top_result.status == "unstable", (top_result.status, [f.message for f in top_result.findings])
    exact = [float(g) for g in top_result.exact_gradient["x"]]
    np.testing.assert_allclose(exact, [1 / 3, 1 / 3, 1.0], rtol=1e-15)  # d log1p(x)/dx / 2 = 1 / (2 * 1.5)
    assert math.isclose(float(top_result.exact_value), math.log1p(0.5), rel_tol=1e-15)


def test_the_lower_eigenvalue_moves_against_the_coupling_exactly():
    result = gradcli.check(bottom_and_the_coupling, [POINT], dtypes=("float64",), fixes=False).results[0]
    exact = result.exact_gradient["x"]
    assert float(exact[2]) == 0.0, (result.status, exact, [f.message for f in result.findings])
    np.testing.assert_allclose([float(g) for g in exact[:2]], [1 / 3, 1 / 3], rtol=1e-15)
