"""PyTorch's and TensorFlow's triangular solves are replayed by substitution, as their kernels compute them.

The replay solved the triangle with gradcli's general solve, which refuses a singular matrix: at a zero pivot the
check said "the program raised LinAlgError: Singular matrix" where PyTorch and TensorFlow return inf, and the exact
slope of the entry the kernel never reads was NaN where it is 0 (round 62d's K2). JAX's triangular_solve already
substituted (`capture/triangular.py` is now the three frameworks' one spelling).
"""

import numpy as np
import pytest

import gradcli
from gradcli.capture import triangular

TORCH = '''import torch


def tri_solve(chol):
    b = torch.tensor([[1.0], [2.0]], dtype=chol.dtype)
    x = torch.linalg.solve_triangular(chol, b, upper=False)
    return (x ** 2).sum()
'''

TENSORFLOW = '''import tensorflow as tf


def tri_solve(chol):
    b = tf.constant([[1.0], [2.0]], dtype=chol.dtype)
    x = tf.linalg.triangular_solve(chol, b, lower=True)
    return tf.reduce_sum(x ** 2)
'''


@pytest.mark.parametrize("framework, source", [("torch", TORCH), ("tensorflow", TENSORFLOW)])
@pytest.mark.parametrize("chol, status", [([[2.0, 0.0], [1.0, 0.0]], "domain"), ([[2.0, 5.0], [1.0, 3.0]], "ok")])
def test_a_triangular_solve_as_the_framework_computes_it(tmp_path, framework, source, chol, status):
    pytest.importorskip(framework)
    path = tmp_path / f"solve_{framework}.py"
    path.write_text(source)
    (result,) = gradcli.check(f"{path}:tri_solve", [{"chol": np.array(chol)}], dtypes=["float64"]).results
    assert result.status == status, [f.message for f in result.findings]
    assert not any("LinAlgError" in f.message for f in result.findings)
    slopes = np.array(result.exact_gradient["chol"], dtype=float)
    assert slopes[0, 1] == 0.0  # the upper entry, which the kernel never reads
    if status == "domain":
        assert float(result.exact_value) == np.inf
    else:  # x = [1/2, (2 - 1/2) / 3]: sum x^2 = 1/4 + 1/4, slopes -2 x_i (T^-T x)_j below the diagonal
        assert float(result.exact_value) == pytest.approx(0.5, rel=1e-15)


def test_substitution_solves_as_a_general_solve_where_the_triangle_is_regular():
    rng = np.random.default_rng(7)
    a = rng.standard_normal((3, 3)) + 3 * np.eye(3)
    b = rng.standard_normal((3, 2))
    low, up = np.tril(a), np.triu(a)
    np.testing.assert_allclose(triangular.solved(a, b, lower=True), np.linalg.solve(low, b), rtol=1e-12)
    np.testing.assert_allclose(triangular.solved(a, b, lower=False), np.linalg.solve(up, b), rtol=1e-12)
    np.testing.assert_allclose(triangular.solved(a, b, lower=True, transpose=True), np.linalg.solve(low.T, b),
                               rtol=1e-12)
    unit = np.tril(a, -1) + np.eye(3)
    np.testing.assert_allclose(triangular.solved(a, b, lower=True, unit=True), np.linalg.solve(unit, b), rtol=1e-12)
    right = rng.standard_normal((2, 3))  # x T = b
    np.testing.assert_allclose(triangular.solved(a, right, lower=True, left=False), right @ np.linalg.inv(low),
                               rtol=1e-12)
    with np.errstate(divide="ignore", invalid="ignore"):
        singular = triangular.solved(np.array([[2.0, 0.0], [1.0, 0.0]]), np.array([[1.0], [2.0]]), lower=True)
    assert singular[0, 0] == 0.5 and singular[1, 0] == np.inf
