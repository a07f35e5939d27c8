"""JAX's LU solve and eig replayed: ``jax.scipy.linalg.lu_factor`` / ``lu_solve`` lower to
``lu_pivots_to_permutation``, which the replay composes from the pivots as LAPACK's swaps do, so a solve through a
factorisation has its check; ``jnp.linalg.eigvals`` and ``lax.linalg.eig`` replay as gradcli's eig (complex always),
so the trace of a repeated spectrum is checked against its exact gradient, the identity."""

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from jax.scipy.linalg import lu_factor, lu_solve

import gradcli
from gradcli.capture import jax_linalg


@pytest.mark.parametrize("pivots, size", [
    ([2, 2, 2], 3),
    ([0, 1, 2], 3),
    ([1, 2, 2], 4),  # fewer swaps than rows (a wide factorisation's pivots): the rows after them stay put
    ([[3, 3, 2, 3], [1, 1, 3, 3]], 4),  # a stack of factorisations
])
def test_the_permutation_is_jaxs(pivots, size):
    pivots = np.array(pivots, dtype=np.int32)
    ours = jax_linalg.lu_pivots_to_permutation({"permutation_size": size}, pivots)
    theirs = np.asarray(jax.lax.linalg.lu_pivots_to_permutation(jnp.asarray(pivots), size))
    assert ours.dtype == theirs.dtype and ours.tolist() == theirs.tolist()


def solution_total(a, b):
    return jnp.sum(lu_solve(lu_factor(a), b))


def test_a_solve_through_lu_factor_is_checked_against_its_exact_gradient():
    # A is symmetric, so d sum(A^-1 b) / db = A^-T 1 = A^-1 1 = (0, 3/5, 4/5) exactly; and d/dA = -A^-T 1 x^T
    a = np.array([[4.0, 1.0, 0.5], [1.0, 3.0, -1.0], [0.5, -1.0, 2.0]])
    b = np.array([1.0, 2.0, 3.0])
    result = gradcli.check(solution_total, {"a": a, "b": b}, dtypes=("float64",), fixes=False).results[0]
    assert result.status == "ok", (result.status, result.findings)
    exact = {name: np.asarray(value, dtype=object).astype(float) for name, value in result.exact_gradient.items()}
    slope_b = np.array([0.0, 0.6, 0.8])
    np.testing.assert_allclose(exact["b"], slope_b, rtol=1e-14, atol=1e-300)
    np.testing.assert_allclose(exact["a"], -np.outer(slope_b, np.linalg.solve(a, b)), rtol=1e-14, atol=1e-300)


def trace_by_eigvals(a):
    return jnp.sum(jnp.real(jnp.linalg.eigvals(a)))


def test_jaxs_eigvals_at_a_repeated_eigenvalue_has_the_traces_gradient():
    result = gradcli.check(trace_by_eigvals, {"a": 2 * np.eye(2)}, dtypes=("float64",), fixes=False).results[0]
    assert result.status == "ok", (result.status, result.findings)
    np.testing.assert_allclose(np.asarray(result.exact_gradient["a"], dtype=object).astype(float), np.eye(2), atol=1e-300)

