"""A NaN beside the point that rounding makes is no edge of the function's domain (round 84c's F1): the least
eigenvalue of F^T F at F = diag(1, 1, 0) stays exactly 0 along F[0, 2] and F[1, 2], but the high-precision
eigenvalue of the rounded F^T F there is a sliver of either sign, and its power 1.5 NaN or not as rounding falls.
That was read as "not defined on either side" (domain); a side whose NaN is a number rounded otherwise, or at twice
the digits, is noise, and a point whose differences never settle for it has no exact reference, which says why."""

import pytest

import gradcli

SOURCE = '''import gradcli.numpy as np


def stretch_cubes(F):
    C = F.T @ F
    return np.sum(np.linalg.eigvalsh(C) ** 1.5)


def shifted_root(x, y):
    return np.sqrt(x - np.sin(x)) + y


def root_sextic(x, y):
    return np.sqrt(np.cos(x) - 1.0 + x * x / 2.0 - x ** 4 / 24.0) + y
'''

FLATTENED = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 0.0]]


def _checked(tmp_path, name, point):
    path = tmp_path / "stretches.py"
    path.write_text(SOURCE)
    [result] = gradcli.check(f"{path}:{name}", [point], dtypes=["float64"], fixes=False).results
    return result


def test_a_computed_eigenvalue_0_beside_the_point_leaves_no_reference_and_says_why(tmp_path):
    result = _checked(tmp_path, "stretch_cubes", {"F": FLATTENED})
    assert result.status == "error", [f.message for f in result.findings]
    [undetermined] = [f for f in result.findings if f.kind == "undetermined"]
    assert "at the difference steps beside the point along F[0, 2] and F[1, 2], rounding decides" in (
        undetermined.message), undetermined.message
    assert not any(f.kind == "singular" for f in result.findings)


@pytest.mark.parametrize("name", [
    "shifted_root",  # x - sin x is -x^3/6 left of 0, far above any rounding
    "root_sextic",  # -x^6/720 on both sides: below the rounding at the kink test's steps, resolved at more digits
])
def test_a_side_outside_the_domain_by_its_mathematics_is_still_one(tmp_path, name):
    result = _checked(tmp_path, name, {"x": 0.0, "y": 1.0})
    assert result.status == "domain", [f.message for f in result.findings]
    assert any(f.kind == "singular" and "not defined" in f.message for f in result.findings), [
        f.message for f in result.findings]
