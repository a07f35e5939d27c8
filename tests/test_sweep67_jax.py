"""A JAX function whose rule is wrong exactly on a grid point (sign and abs at 0 inside a smooth mu-law, its graph
not elementwise: a weighted sum) is found wrong there by a sweep, whether it evaluates the whole range in one call or
each point alone."""

import textwrap

import jax

from tests.sweep67_paths import assert_same_verdicts

SOURCE = '''
import jax
import jax.numpy as jnp


def mu_law(x):
    y = jnp.sign(x) * jnp.log1p(255.0 * jnp.abs(x)) / jnp.log1p(255.0)
    return jnp.sum(y * jnp.array([1.0, -2.0, 0.5]))
'''


def test_a_switch_on_the_grid_is_wrong_by_both_paths(tmp_path, monkeypatch):
    path = tmp_path / "jax_mu_law.py"
    path.write_text(textwrap.dedent(SOURCE))
    import jax.numpy as jnp

    def mu_law(x):
        return jnp.sum(jnp.sign(x) * jnp.log1p(255.0 * jnp.abs(x)) / jnp.log1p(255.0) * jnp.array([1.0, -2.0, 0.5]))

    # JAX's slope at 0 as one jitted program: one XLA compilation where an eager jax.grad compiles each of its ~20 ops
    assert_same_verdicts(f"{path}:mu_law", (-0.5, 1.75, 10), monkeypatch, float(jax.jit(jax.grad(mu_law))(0.0)))
