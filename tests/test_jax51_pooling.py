"""JAX's window reductions (lax.reduce_window with max, min, add: max and average pooling, as flax's pools call it)
and a max or min pooling's backward step (select_and_scatter_add) replayed by gradcli: equal to JAX's own numbers in
float64, and checked against the exact reference."""

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from jax import lax

import gradcli
from gradcli.capture.jax_bridge import capture

POINT = np.array([[0.1, 0.5, -0.3, 0.2], [0.7, -0.2, 0.4, 0.9], [0.3, 0.8, -0.6, 0.05]])


def max_pool(x):
    return jnp.sum(lax.reduce_window(x, -jnp.inf, lax.max, (2, 2), (1, 1), "VALID") ** 2)


def avg_pool_same(x):  # flax's avg_pool: a window sum over the window's size
    return jnp.sum(jnp.tanh(lax.reduce_window(x, 0.0, lax.add, (2, 2), (2, 2), "SAME") / 4.0))


def min_pool_padded(x):
    return jnp.sum(jnp.exp(lax.reduce_window(x, jnp.inf, lax.min, (1, 3), (1, 2), ((0, 0), (1, 1)))))


@pytest.mark.parametrize("fun", [max_pool, avg_pool_same, min_pool_padded], ids=lambda f: f.__name__)
def test_the_replay_of_a_pooling_is_jaxs_own_in_float64(fun):
    bridge = capture(fun, fun.__name__)
    with jax.enable_x64(True):
        value, (gradient,) = bridge.own((POINT,), 1.0)
    replayed = bridge.forward(POINT)
    (replayed_gradient,) = bridge.backward((POINT,), 1.0)
    assert abs(float(replayed) - float(value)) <= 1e-15 * abs(float(value))
    assert np.allclose(np.asarray(replayed_gradient, dtype=float), np.asarray(gradient), rtol=1e-15, atol=0)
    assert np.count_nonzero(np.asarray(gradient)) > 0


def test_a_max_pooling_is_checked_against_the_exact_reference():
    results = gradcli.check(max_pool, [{"x": POINT}], dtypes=("float64",), fixes=False).results
    assert [r.status for r in results] == ["ok"]
    exact = np.array([[float(g) for g in row] for row in np.asarray(results[0].exact_gradient["x"])])
    want = np.zeros_like(POINT)  # each window's largest entry gets 2 * it, once per window it wins
    for i in range(2):
        for j in range(3):
            window = POINT[i:i + 2, j:j + 2]
            k = np.unravel_index(np.argmax(window), window.shape)
            want[i + k[0], j + k[1]] += 2 * window[k]
    assert np.allclose(exact, want, rtol=1e-15, atol=0)
