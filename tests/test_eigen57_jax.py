"""JAX's eigvalsh and svd(compute_uv=False) at repeated eigenvalues and singular values (trials21a E1 in JAX).

The sum of squared eigenvalues at the identity had no exact reference ("not proven 0"); the replay of JAX's eigh
and svd reaches gradcli's, whose proofs group equal eigenvalues (tests/test_eigen57_spectra.py holds the class).
"""

import jax.numpy as jnp
import numpy as np
import pytest

import gradcli


def energy(a):
    s = (a + a.T) / 2
    return jnp.sum(jnp.linalg.eigvalsh(s) ** 2)


def frobenius_squared(a):
    return jnp.sum(jnp.linalg.svd(a, compute_uv=False) ** 2)


def nuclear(a):
    return jnp.linalg.norm(a, "nuc")


RANK_ONE = np.array([[1.0, 0.0], [0.0, 0.0]])


@pytest.mark.parametrize("function, at, slopes", [
    (energy, np.eye(2), 2 * np.eye(2)),
    (frobenius_squared, RANK_ONE, 2 * RANK_ONE),
    (nuclear, 3 * np.eye(2), np.eye(2)),
], ids=["eigvalsh-energy", "svd-frobenius", "nuclear-repeated"])
def test_a_smooth_function_of_a_repeated_spectrum_is_ok_in_jax(function, at, slopes):
    (result,) = gradcli.check(function, [{"a": at}], dtypes=("float64",), framework="jax", fixes=False).results
    assert result.status == "ok", result.findings
    np.testing.assert_allclose(np.array(result.exact_gradient["a"], dtype=float), slopes, rtol=1e-12, atol=0)


def test_the_nuclear_norm_at_a_rank_one_matrix_is_a_cone_in_one_entry_alone():
    """Trials21b N1's class in JAX: 1 + |t| along a11, slope 0 along a01 and a10 (the rank kept)."""
    (result,) = gradcli.check(nuclear, [{"a": RANK_ONE}], dtypes=("float64",), framework="jax", fixes=False).results
    assert result.status == "domain"
    exact = np.ravel(result.exact_gradient["a"]).astype(float)
    assert exact[:3].tolist() == [1.0, 0.0, 0.0] and np.isnan(exact[3])
    assert "a[1, 1]" in " ".join(f.message for f in result.findings)
