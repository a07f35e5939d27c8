"""A matrix nearer singular than the balls' first bits is proven invertible with more bits, not left to mpmath's path.

det J of a two-link arm at q = [0.3, 1e-100]: in float64 sin(q1 + q2) rounds
to sin(q1), so J is singular and its det 0, where the exact det is
l1 l2 sin(q2) = 5e-101. det's rule solves with J, whose determinant lies far
below 64 bits' width; the balls take more bits for it and prove the slope in
q1 (det does not depend on q1) an exact 0. Without the climb, mpmath's path
bounds that slope within 1e-2561 of 0 but cannot prove it, and the point had
no verdict. Truths are the closed forms, in mpmath.
"""

import math
import textwrap

import mpmath
import pytest

import gradcli

SOURCE = textwrap.dedent('''
    import gradcli.numpy as gnp

    L1, L2 = 1.0, 0.5


    def arm_det(q):
        s1, c1 = gnp.sin(q[0]), gnp.cos(q[0])
        s12, c12 = gnp.sin(q[0] + q[1]), gnp.cos(q[0] + q[1])
        return gnp.linalg.det(gnp.array([[-L1 * s1 - L2 * s12, -L2 * s12], [L1 * c1 + L2 * c12, L2 * c12]]))


    def chol_logdet(y):
        a = gnp.array([[1.0, 1.0], [1.0, 1.0 + y]])
        return 2 * gnp.sum(gnp.log(gnp.diag(gnp.linalg.cholesky(a))))


    def solve_sum(a):
        return gnp.sum(gnp.linalg.solve(a, gnp.array([1.0, 2.0, 3.0])))
''')


@pytest.fixture(scope="module")
def user_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("arm") / "arm.py"
    path.write_text(SOURCE)
    return str(path)


def _rel(got, want):
    return abs(mpmath.mpf(got) - want) / abs(want)


@pytest.mark.parametrize("q2", [1e-100, 1e-300])
def test_a_pose_singular_in_float64_is_unstable_with_its_q1_slope_a_proven_zero(user_file, q2):
    result, = gradcli.check(f"{user_file}:arm_det", [{"q": [0.3, q2]}], dtypes=["float64"], fixes=False).results
    assert result.status == "unstable", (result.status, [f.message for f in result.findings])
    assert result.value == 0.0
    with mpmath.workdps(50):
        assert _rel(result.exact_value, 0.5 * mpmath.sin(mpmath.mpf(q2))) < 1e-12
        slope_q2 = 0.5 * mpmath.cos(mpmath.mpf(q2))
        assert result.exact_gradient["q"][0] == 0.0  # det does not depend on q1: proven, not bounded
        assert _rel(result.exact_gradient["q"][1], slope_q2) < 1e-12
    assert any(f.op == "linalg.det" for f in result.findings)


def test_a_cholesky_nearer_singular_than_the_first_bits_is_still_exact(user_file):
    # a = [[1, 1], [1, 1 + y]] at y = 1e-100 is singular in float64 (1 + y rounds to 1): log det a = log(y) exactly
    results = gradcli.check(f"{user_file}:chol_logdet", [{"y": 1e-100}], dtypes=["float64"], fixes=False).results
    result, = results
    assert result.status == "unstable"
    assert _rel(result.exact_value, mpmath.log(mpmath.mpf(1e-100))) < 1e-12
    assert _rel(result.exact_gradient["y"], 1 / mpmath.mpf(1e-100)) < 1e-12


def test_a_truly_singular_matrix_still_falls_to_the_mpmath_paths_domain(user_file):
    point = {"a": [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]]}
    for result in gradcli.check(f"{user_file}:solve_sum", [point], fixes=False).results:
        assert result.status == "domain", (result.dtype, result.status)
        assert all(math.isnan(v) for row in result.exact_gradient["a"] for v in row)
