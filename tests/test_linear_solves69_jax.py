"""JAX's linear solve on jets: ``jnp.linalg.solve`` is replayed as JAX's LU entry by entry, whose pivot is chosen by
each entry's size, a jet's by its value's ball, so the one-step implicit trick (a fixed point held by
``lax.stop_gradient``, then one Newton step with the gradient) is judged as NumPy's, PyTorch's and TensorFlow's are.
"""

import pytest

from test_linear_solves69 import assert_the_implicit_trick_is_judged

pytest.importorskip("jax")

USER_CODE = '''import jax
import jax.numpy as jnp

W = [[0.3, -0.2], [0.1, 0.4]]


def _residual(z, x):
    return z - jnp.tanh(jnp.array(W, x.dtype) @ z + x)


def _jacobian(z, x):
    w = jnp.array(W, x.dtype)
    s = 1.0 - jnp.tanh(w @ z + x) ** 2
    return jnp.eye(2, dtype=x.dtype) - s[:, None] * w


def implicit(x):
    z = jnp.zeros_like(x)
    for _ in range(30):
        z = z - jnp.linalg.solve(_jacobian(z, x), _residual(z, x))
    z = jax.lax.stop_gradient(z)
    z = z - jnp.linalg.solve(jax.lax.stop_gradient(_jacobian(z, x)), _residual(z, x))
    return jnp.sum(z * jnp.array([1.0, -0.5], x.dtype))
'''


def test_the_one_step_implicit_trick_through_jnp_linalg_solve_is_judged(tmp_path):
    assert_the_implicit_trick_is_judged(tmp_path / "implicit.py", USER_CODE)
