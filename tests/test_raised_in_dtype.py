"""A program that raises in its dtype where the mathematics is fine is `unstable`, not an error with nothing to show.

NumPy's Cholesky refuses a covariance whose jitter float64 absorbed: the exact
reference at the point is finite, so the raise is the dtype's, named at the
user's line. Where the exact function itself has no derivative (a Cholesky of a
singular matrix, which the exact program cannot factor at any precision) the raise
is the mathematics': `domain`. A raise that is no arithmetic's (a TypeError) stays
an error. gradcli.numpy's slogdet of a singular matrix is -inf, as NumPy's, its
slope NaN (no inverse to give it): a pole, `domain`.
"""

import numpy as np
import pytest

import gradcli

MODEL = '''\
import numpy as np


def chol_nll(w):
    cov = np.outer(w, w) + 0.5 * np.eye(2)
    chol = np.linalg.cholesky(cov)
    alpha = np.linalg.solve(chol, np.array([1.0, -2.0]))
    return 0.5 * alpha @ alpha + np.sum(np.log(np.diag(chol)))


def singular(w):
    return np.sum(np.log(np.diag(np.linalg.cholesky(np.outer(w, w)))))


def not_arithmetic(x):
    raise TypeError("a bug of the program's own")
'''


@pytest.fixture(scope="module")
def model(tmp_path_factory):
    path = tmp_path_factory.mktemp("raised") / "model.py"
    path.write_text(MODEL)
    return path


def _check(model, name, point):
    return gradcli.check(f"{model}:{name}", [point], dtypes=("float64",), fixes=False).results[0]


def test_a_cholesky_float64_cannot_take_is_unstable_at_its_line(model):
    result = _check(model, "chol_nll", {"w": np.array([1e8, 1e8])})
    assert result.status.value == "unstable", result.findings
    finding = result.findings[0]
    assert finding.kind == "raised" and finding.op == "LinAlgError" and finding.location.endswith("model.py:6")
    # C = w w' + I/2 with w = (1e8, 1e8): d/dw of 0.5 y' C^-1 y + 0.5 log det C, y = (1, -2), to first order in 1/w
    gradient = np.asarray(result.exact_gradient["w"], dtype=float)
    np.testing.assert_allclose(gradient, [2e-8, -1e-8], rtol=1e-6)
    assert not result.error  # what raised is the finding's to say


def test_a_raise_no_arithmetic_made_stays_an_error(model):
    result = _check(model, "not_arithmetic", {"x": 1.0})
    assert result.status.value == "error"
    assert result.error and not any(f.kind == "raised" for f in result.findings)


def test_a_cholesky_the_mathematics_cannot_take_either_is_domain(model):
    result = _check(model, "singular", {"w": np.array([1.0, 2.0])})  # w w' is singular: no positive pivots exist
    assert result.status.value == "domain", (result.error, result.findings)
    (finding,) = [f for f in result.findings if f.kind == "raised"]
    assert finding.op == "LinAlgError" and finding.location.endswith("model.py:12")
    assert "the exact function has no derivative here" in finding.message and not result.error


def test_slogdet_of_a_singular_matrix_is_a_pole_not_an_error(tmp_path):
    # gradcli.numpy's slogdet gives -inf as NumPy's does; its slope, with no inverse to give it, is NaN
    path = tmp_path / "pole.py"
    path.write_text("import gradcli.numpy as np\n\n\ndef log_abs_det(w):\n    return np.linalg.slogdet(w)[1]\n")
    result = gradcli.check(f"{path}:log_abs_det", [{"w": [[1.0, 2.0], [2.0, 4.0]]}], dtypes=("float64",),
                           fixes=False).results[0]
    assert result.status.value == "domain", (result.error, result.findings)
    assert result.value == float("-inf") and np.all(np.isnan(np.asarray(result.gradient["w"], dtype=float)))
    assert any("exact value is undefined or infinite at this point (-inf)" in f.message for f in result.findings)
    assert result.exact_value == float("-inf") and not result.error
