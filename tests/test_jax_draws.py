"""JAX's PRNG inside a loss: the keys and the numbers drawn from them are data, computed by JAX, bit for bit.

A dropout mask drawn with ``jax.random.PRNGKey(0)`` inside the loss, or the
noise of the reparameterisation trick drawn from a key passed as an argument,
depend on no variable: the replay asks JAX for them (`jax_walk._drawn_by_jax`)
and differentiates the rest. JAX's float32 mode draws other numbers from the
same key than its x64 mode does, so the exact reference of a check in float32
takes the float32 program's draws (`Program.with_draws_of`).
"""

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import gradcli

MODEL = '''\
import jax
import jax.numpy as jnp


def dropout(w):
    keep = jax.random.bernoulli(jax.random.PRNGKey(0), 0.5, w.shape)
    return jnp.sum(jnp.where(keep, w / 0.5, 0.0) ** 2)


def reparam(mu, log_sigma, key):
    eps = jax.random.normal(key, (3,))
    return jnp.sum((mu + jnp.exp(log_sigma) * eps) ** 2)


def split_twice(w):
    first, second = jax.random.split(jax.random.PRNGKey(3))
    return jnp.sum(w * jax.random.uniform(first, w.shape) + jnp.exp(w * jax.random.uniform(second, w.shape)))
'''


@pytest.fixture(scope="module")
def model(tmp_path_factory):
    path = tmp_path_factory.mktemp("draws") / "model.py"
    path.write_text(MODEL)
    return path


def _in_mode(dtype, fun):
    """``fun()`` in the JAX mode a check in ``dtype`` runs JAX's program in (x64 for float64 alone)."""
    with jax.enable_x64(dtype == "float64"):
        return fun()


W = np.array([1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0])


def test_a_dropout_mask_drawn_inside_the_loss_is_jaxs_in_each_mode(model):
    # one check of both dtypes, as a user's: each dtype's result must still hold its own mode's draw
    report = gradcli.check(f"{model}:dropout", [{"w": W}], dtypes=("float64", "float32"), fixes=False)
    assert sorted(r.dtype for r in report.results) == ["float32", "float64"]
    for result in report.results:
        keep = _in_mode(result.dtype, lambda: np.asarray(jax.random.bernoulli(jax.random.PRNGKey(0), 0.5, W.shape)))
        assert result.status.value == "ok", result.findings
        np.testing.assert_array_equal(np.asarray(result.exact_gradient["w"], dtype=float), np.where(keep, 8.0 * W, 0.0))


def test_the_two_modes_draw_other_masks_so_each_check_has_its_own(model):
    masks = [_in_mode(d, lambda: np.asarray(jax.random.bernoulli(jax.random.PRNGKey(0), 0.5, W.shape)))
             for d in ("float32", "float64")]
    assert not np.array_equal(*masks)  # else the test above could not tell the modes' draws apart


def test_noise_drawn_from_a_key_argument_is_jaxs(model):
    mu, log_sigma = np.array([0.5, -1.0, 2.0]), np.array([0.0, -0.5, 0.25])
    key = np.asarray(jax.random.PRNGKey(7))
    report = gradcli.check(f"{model}:reparam", [{"mu": mu, "log_sigma": log_sigma, "key": key}],
                           dtypes=("float64", "float32"), fixes=False)
    assert sorted(r.dtype for r in report.results) == ["float32", "float64"]
    for result in report.results:
        dtype = result.dtype
        eps = _in_mode(dtype, lambda: np.asarray(jax.random.normal(jnp.asarray(key), (3,)), dtype=np.float64))
        held = np.asarray(mu, dtype=dtype).astype(float), np.asarray(log_sigma, dtype=dtype).astype(float)
        z = held[0] + np.exp(held[1]) * eps
        assert result.status.value == "ok", result.findings
        np.testing.assert_allclose(np.asarray(result.exact_gradient["mu"], dtype=float), 2 * z, rtol=1e-12)
        np.testing.assert_allclose(np.asarray(result.exact_gradient["log_sigma"], dtype=float),
                                   2 * z * np.exp(held[1]) * eps, rtol=1e-12)
        np.testing.assert_allclose(np.asarray(result.fd_gradient["mu"], dtype=float), 2 * z, rtol=1e-6)


def test_split_keys_and_uniform_draws(model):
    def draws():
        first, second = jax.random.split(jax.random.PRNGKey(3))
        return [np.asarray(jax.random.uniform(k, W.shape), dtype=np.float64) for k in (first, second)]

    u, v = _in_mode("float64", draws)
    report = gradcli.check(f"{model}:split_twice", [{"w": W}], dtypes=("float64",), fixes=False)
    result = report.results[0]
    assert result.status.value == "ok", result.findings
    np.testing.assert_allclose(np.asarray(result.exact_gradient["w"], dtype=float), u + v * np.exp(W * v), rtol=1e-12)
