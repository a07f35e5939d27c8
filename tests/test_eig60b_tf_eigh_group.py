"""TensorFlow's eigh rule at a repeated eigenvalue, on a loss of the group's projector (tr(P B) at diag(2, 2, 5)):
TensorFlow's rule takes 1 / gap with reciprocal_no_nan, so the pair's own gap of 0 gives 0, which is the exact
derivative of a loss that does not turn with the pair's vectors: `ok`, judged against the same exact derivative
under which JAX's and PyTorch's NaN rules are `wrong` (tests/test_eig60b_jax_eigh_group.py)."""

import numpy as np
import pytest

import gradcli
from eig60b_group import B, PAIR_BESIDE_FIVE

tf = pytest.importorskip("tensorflow")


def projected_b(a):
    v = tf.linalg.eigh(a)[1][:, :2]
    return tf.reduce_sum(tf.matmul(v, v, transpose_b=True) * tf.constant(B, dtype=a.dtype))


def test_tensorflows_eigh_rule_at_a_repeated_pair_gives_the_exact_derivative():
    result = gradcli.check(projected_b, [{"a": PAIR_BESIDE_FIVE}], dtypes=("float64",), fixes=False).results[0]
    assert result.status == "ok", (result.status, [f.message for f in result.findings])
    exact = np.asarray(result.exact_gradient["a"], dtype=object).astype(float)
    # TensorFlow's eigh reads the lower triangle: -(B[i, 2] + B[2, i]) / 3 in the row of the simple eigenvalue's axis
    want = np.zeros((3, 3))
    want[2, :2] = [-1 / 3, -0.2]
    np.testing.assert_allclose(exact, want, rtol=1e-14, atol=1e-300)
    np.testing.assert_allclose(np.asarray(result.gradient["a"], dtype=float), exact, rtol=1e-12, atol=1e-15)
