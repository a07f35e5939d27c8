"""Eigenvalues and singular values that are quadratic surds: a root of an irreducible quadratic factor of the
characteristic polynomial (of the matrix, or of its Gram matrix for singular values) is the exact number
centre + scale * sqrt(radicand), a rational root the rational it is, and a singular value the square root of that, so
two roots of one factor meet in one field. np.linalg.cond of [[2, 1], [1, 3]] is s1 / s2 = phi^2, and its slope in
a[3], u1^2 / s2 - s1 v2^2 / s2^2, is 0 by that algebra alone: before, no proof, rising precision to 3840 digits, error.
Truths: the slopes as mpmath's derivative of the closed forms at 60 digits, written here."""

from __future__ import annotations

import mpmath
import numpy as np
import pytest

import gradcli

PLAIN = '''import numpy as np


def cond(a):
    return np.linalg.cond(a.reshape(2, 2))


def _block(a):
    z = np.zeros(2)
    return np.vstack([np.column_stack([a.reshape(2, 2), z]), np.array([[0.0, 0.0, 3.0]])])


def cond_of_block(a):
    return np.linalg.cond(_block(a))


def eigenvalue_ratio_of_block(a):
    w = np.linalg.eigvalsh(_block(a))
    return w[2] / w[0]


def scaled_ratio(x):
    s = np.linalg.svd(np.exp(x[0]) * np.array([[2.0, 1.0], [0.5, 3.0 + x[1]]]), compute_uv=False)
    return s[0] / s[1]
'''


@pytest.fixture(scope="module")
def plain(tmp_path_factory):
    path = tmp_path_factory.mktemp("surds") / "plain_surds.py"
    path.write_text(PLAIN)
    return path


def _singular_ratio(a, b, c, d):
    """s1 / s2 of [[a, b], [c, d]]: (P + Q) / |P - Q|, P = sqrt((a + d)^2 + (b - c)^2), Q = sqrt((a - d)^2 + (b + c)^2)."""
    p = mpmath.sqrt((a + d) ** 2 + (b - c) ** 2)
    q = mpmath.sqrt((a - d) ** 2 + (b + c) ** 2)
    return (p + q) / abs(p - q)


def _eigenvalue_ratio(a, b, c, d):
    """lambda_max / lambda_min of the symmetric matrix eigvalsh reads from [[a, b], [c, d]] (its lower triangle, c),
    beside the eigenvalue 3 of the block, which lies between them."""
    root = mpmath.sqrt((a - d) ** 2 + 4 * c * c)
    return (a + d + root) / (a + d - root)


def _slopes(f, at):
    with mpmath.workdps(60):
        point = [mpmath.mpf(v) for v in at]
        return [mpmath.diff(lambda t, k=k: f(*[p + t if i == k else p for i, p in enumerate(point)]), 0)
                for k in range(4)]


@pytest.mark.parametrize("function, truth", [
    ("cond", _singular_ratio),
    ("cond_of_block", _singular_ratio),  # 3 between the two surds: the rational root is 3 itself, not an atom
    ("eigenvalue_ratio_of_block", _eigenvalue_ratio),
])
def test_a_ratio_of_two_roots_of_one_quadratic_has_its_slope_0_proven(plain, function, truth):
    at = [2.0, 1.0, 1.0, 3.0]
    (r,) = gradcli.check(f"{plain}:{function}", [{"a": np.array(at)}], dtypes=["float64"], fixes=False).results
    assert r.status == "ok", [f.message for f in r.findings]
    want = _slopes(truth, at)
    assert abs(want[3]) < mpmath.mpf(10) ** -50  # the truth's own 0, to 50 digits
    assert r.exact_gradient["a"][3] == 0.0  # proven, not a small number
    np.testing.assert_allclose(r.exact_gradient["a"][:3], [float(w) for w in want[:3]], rtol=1e-12, atol=0)


def test_a_ratio_of_singular_values_of_computed_entries_is_scale_free_by_algebra(plain):
    """s1 / s2 of e^x0 [[2, 1], [0.5, 3 + x1]]: the Gram matrix's eigenvalues, quadratic in the atom e^x0, in closed
    form, so the slope in x0 is the exact 0 (before: error, not proven 0 at 3840 digits)."""
    at = [0.3, 0.0]
    (r,) = gradcli.check(f"{plain}:scaled_ratio", [{"x": np.array(at)}], dtypes=["float64"], fixes=False).results
    assert r.status == "ok", [f.message for f in r.findings]
    with mpmath.workdps(60):
        def ratio(x0, x1):
            k = mpmath.exp(x0)
            return _singular_ratio(2 * k, k, mpmath.mpf(0.5) * k, (3 + x1) * k)

        point = [mpmath.mpf(v) for v in at]
        want = [mpmath.diff(ratio, point, (1, 0)), mpmath.diff(ratio, point, (0, 1))]
    assert abs(want[0]) < mpmath.mpf(10) ** -50 and r.exact_gradient["x"][0] == 0.0
    assert abs(r.exact_gradient["x"][1] - float(want[1])) <= 1e-12 * abs(float(want[1]))
