"""JAX's own eigh rule at a tie, for a matrix function read through the tied eigenvectors: NaN, as PyTorch's
(tests/test_eigh_tie68_torch.py): the evidence behind gradcli's finding there (tests/test_eigh_tie68.py)."""

import math

import jax
import jax.numpy as jnp


def expm_entry(a):
    w, v = jnp.linalg.eigh(a)
    return (v @ jnp.diag(jnp.exp(w)) @ v.T)[0, 1]


# JAX's own gradient as one jitted program, shared by both tests: one XLA compilation for the two matrices, where an
# eager jax.grad compiles each of its operations
SLOPE = jax.jit(jax.grad(expm_entry))


def test_jax_gives_nan_at_a_tie():
    with jax.enable_x64(True):
        grad = SLOPE(jnp.array([[2.0, 0.0], [0.0, 2.0]], dtype=jnp.float64))
        assert all(math.isnan(float(x)) for x in grad.ravel())


def test_jax_is_right_apart_from_the_tie():
    with jax.enable_x64(True):
        grad = SLOPE(jnp.array([[2.0, 0.5], [0.5, 2.0]], dtype=jnp.float64))
        assert abs(float(grad[0, 1] + grad[1, 0]) - math.exp(2) * math.cosh(0.5)) <= 1e-13 * math.exp(2)
