"""JAX's eigvals of a Jordan block ([[2, 1], [0, 2]]) checked: the sum of its eigenvalues is the trace, its
gradient the identity, proven 0 off the diagonal although the block's two eigenvalues are one repeated root."""

import jax.numpy as jnp
import numpy as np

import gradcli


def trace_by_eigvals(a):
    return jnp.sum(jnp.real(jnp.linalg.eigvals(a)))


def test_jaxs_eigvals_of_a_jordan_block_sum_to_the_trace():
    report = gradcli.check(trace_by_eigvals, [{"a": np.array([[2.0, 1.0], [0.0, 2.0]])}], dtypes=("float32", "float64"),
                           fixes=False)
    for result in report.results:
        assert result.status == "ok", (result.dtype, result.status, result.findings)
        np.testing.assert_array_equal(np.asarray(result.exact_gradient["a"], dtype=object).astype(float), np.eye(2))
