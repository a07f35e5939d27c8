"""A matrix with a NaN or an infinity in it has no exact solve or determinant but NaN, as LAPACK's (round 87c's F2:
a Gauss-Newton step at a beacon, its Jacobian 0 / 0, broke the exact reference: mpmath's pivoting compared NaNs and
raised a TypeError, so the check said "the program does not run on high-precision numbers"; and mpmath's
determinant of diag(inf, 1) is 0, a number called exact)."""

import numpy as np
import pytest

import gradcli

SOURCE = '''import gradcli.numpy as np


def solved(x):
    A = np.array([[1.0, 0.0], [0.0, 1.0]]) * (x / x)
    return np.linalg.solve(A, np.array([1.0, 2.0]))[0]


def determinant(x):
    return np.linalg.det(np.array([[1.0, 0.0], [0.0, 2.0]]) * (x / x))
'''


@pytest.mark.parametrize("name", ["solved", "determinant"])
def test_a_nan_matrix_is_domain_not_a_broken_reference(tmp_path, name):
    path = tmp_path / "fix.py"
    path.write_text(SOURCE)
    [result] = gradcli.check(f"{path}:{name}", [{"x": 0.0}], dtypes=["float64"], fixes=False).results
    assert result.status == "domain", [f.message for f in result.findings] + list(result.notes)
    assert not any("does not run on high-precision numbers" in note for note in result.notes), result.notes


def test_an_infinite_entry_has_no_exact_determinant():
    import mpmath

    from gradcli.autodiff import mp as mp_core

    mp_core.enable()
    one, zero = mpmath.mpf(1), mpmath.mpf(0)
    a = np.array([[mpmath.inf, zero], [zero, one]], dtype=object)
    assert mpmath.isnan(mp_core._exact_det(a))
    assert all(mpmath.isnan(e) for e in mp_core._exact_solve(a, np.array([[one], [one]], dtype=object)).ravel())
