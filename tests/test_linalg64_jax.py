"""JAX's eigh at a repeated eigenvalue under spectral functions rebuilt from its eigenvalues and vectors, V g(w) V^T:
smooth functions of the matrix (tr(S^3), expm's weighted sum), whose exact gradients gradcli proves (their zero
slopes too), while JAX's rule divides by the pair's gap, 0, and gives NaN even at high precision: `wrong`, named at
the user's eigh line. Truths: tests/linalg64_truths.py (mpmath, no decomposition)."""

import mpmath
import numpy as np
import pytest

import gradcli
from linalg64_truths import (PAIR_AT_TWO, TURNED, WEIGHTS, assert_a_nan_rule_is_wrong, cubed_trace_slope,
                             weighted_slope)

jnp = pytest.importorskip("jax.numpy")


def cubed_trace(a):
    w, v = jnp.linalg.eigh((a + a.T) / 2)
    return jnp.trace(v @ jnp.diag(w**3) @ v.T)


def expm_weighted(a):
    w, v = jnp.linalg.eigh((a + a.T) / 2)
    return jnp.sum(jnp.array(WEIGHTS)[:2, :2] * (v @ jnp.diag(jnp.exp(w)) @ v.T))


def _checked(function, a):
    return gradcli.check(function, [{"a": np.array(a)}], dtypes=("float64",), fixes=False).results[0]


def test_jaxs_rule_for_the_cubed_trace_at_a_turned_pair_is_wrong_against_the_proven_gradient():
    result = _checked(cubed_trace, TURNED)
    assert_a_nan_rule_is_wrong(result, cubed_trace, cubed_trace_slope(TURNED))


def test_jaxs_rule_for_expm_at_a_double_eigenvalue_is_wrong_against_daleckii_and_kreins_gradient():
    result = _checked(expm_weighted, PAIR_AT_TWO)
    assert_a_nan_rule_is_wrong(result, expm_weighted, weighted_slope(PAIR_AT_TWO, mpmath.expm, WEIGHTS))
