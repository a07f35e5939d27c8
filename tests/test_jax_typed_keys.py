"""A JAX typed PRNG key (``jax.random.key``) given as an argument: held as data, handed to the user's function as the
typed key it is, never a variable; a legacy ``PRNGKey`` likewise."""

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from click.testing import CliRunner

import gradcli
from gradcli.checker.targets import resolve, with_tree_arguments
from gradcli.cli import cli

NOISE_SCALE = 0.5  # a power of 2: the scaled draws are the same numbers in every reading of the program


def noisy_loss(x, key):
    """sum((x + noise / 2)^2), the noise drawn from ``key``, which has to be the typed key the caller gave."""
    if not jax.dtypes.issubdtype(key.dtype, jax.dtypes.prng_key):
        raise TypeError(f"noisy_loss was handed {key.dtype}, not a typed key")
    noise = jax.random.normal(key, x.shape, x.dtype)
    return jnp.sum((x + NOISE_SCALE * noise) ** 2)


def tree_loss(params, rng):
    return noisy_loss(params["w"], rng["key"])


X = np.array([1.0, -2.0, 0.5])


def _exact_gradient(key, dtype):
    """d/dx sum((x + c n)^2) = 2 (x + c n), with n JAX's own draws in ``dtype``."""
    with jax.enable_x64(dtype == np.float64):
        noise = np.asarray(jax.random.normal(key, X.shape, dtype), dtype=np.float64)
    return 2 * (X + NOISE_SCALE * noise)


@pytest.mark.parametrize("impl", ["threefry2x32", "rbg"])
def test_a_typed_key_argument_is_data_and_the_loss_ok_in_both_dtypes(impl):
    key = jax.random.key(7, impl=impl)
    report = gradcli.check(noisy_loss, [{"x": X, "key": key}], dtypes=["float32", "float64"], fixes=False)
    assert report.variables == ["x"]
    for result, dtype in zip(report.results, (np.float32, np.float64)):
        assert result.status == "ok", (result.dtype, result.error, result.findings)
        np.testing.assert_allclose(result.exact_gradient["x"], _exact_gradient(key, dtype), rtol=1e-12)


def test_a_typed_key_inside_a_tree_is_a_held_leaf():
    key = jax.random.key(3)
    points = [{"params": {"w": X}, "rng": {"key": key}}, {"params": {"w": 2 * X}, "rng": {"key": key}}]
    report = gradcli.check(tree_loss, points, dtypes=["float64"], fixes=False)
    assert report.variables == ["params.w"]
    assert [r.status for r in report.results] == ["ok", "ok"]
    noise = 0.5 * _exact_gradient(key, np.float64) - X
    np.testing.assert_allclose(report.results[1].exact_gradient["params.w"], 2 * (2 * X + noise), rtol=1e-12)


def test_points_with_different_keys_each_draw_with_their_own():
    keys = [jax.random.key(0), jax.random.key(1), jax.random.key(0)]
    report = gradcli.check(noisy_loss, [{"x": X, "key": key} for key in keys], dtypes=["float64"], fixes=False)
    assert [r.status for r in report.results] == ["ok", "ok", "ok"]
    for result, key in zip(report.results, keys):
        np.testing.assert_allclose(result.exact_gradient["x"], _exact_gradient(key, np.float64), rtol=1e-12)


MODULE = '''
import jax
import jax.numpy as jnp


def loss(x, key):
    return jnp.sum((x + 0.1 * jax.random.normal(key, x.shape, x.dtype)) ** 2)


def shifted(t, key):
    if not jax.dtypes.issubdtype(key.dtype, jax.dtypes.prng_key):
        raise TypeError("shifted was handed raw key data, not the typed key")
    return jnp.sum((t + 0.5 * jax.random.normal(key, (3,), jnp.result_type(t))) ** 2)


def held():
    return {"t": 1.0, "key": jax.random.key(0)}


def typed():
    return {"x": jnp.array([1.0, -2.0, 0.5]), "key": jax.random.key(0)}


def legacy():
    return {"x": jnp.array([1.0, -2.0, 0.5]), "key": jax.random.PRNGKey(0)}
'''


@pytest.fixture()
def project(tmp_path, monkeypatch):
    (tmp_path / "noisy.py").write_text(MODULE)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_the_cli_checks_a_loss_given_a_typed_key_by_args(project):
    result = CliRunner().invoke(cli, ["check", "noisy.py:loss", "--args", "noisy.py:typed", "--dtype", "float32,float64"])
    assert result.exit_code == 0, result.output
    assert result.output.count(" ok ") == 2, result.output


@pytest.mark.parametrize("args, says", [("typed", "is a JAX random key"), ("legacy", "not a variable")])
def test_wrt_a_key_is_bad_input(project, args, says):
    result = CliRunner().invoke(cli, ["check", "noisy.py:loss", "--args", f"noisy.py:{args}", "--wrt", "key"])
    assert result.exit_code == 2, result.output
    assert says in result.output and "Traceback" not in result.output


def test_a_sweep_holds_a_typed_key_beside_the_swept_variable(project):
    # --max-time far above what any load makes of 5 points: a point cut short by the clock is not what is tested
    result = CliRunner().invoke(cli, ["sweep", "noisy.py:shifted", "--args", "noisy.py:held", "--range", "t=-2:2:5",
                                      "--dtype", "float32,float64", "--max-time", "inf"])
    assert result.exit_code == 0, result.output
    assert "5 points (5 ok)" in result.output and result.output.count("(5 ok)") == 2, result.output


def shifted_sum(t, key):
    """sum(t + noise / 2)^2 over three draws: the sweep's function of one variable."""
    return noisy_loss(t * jnp.ones(3, jnp.result_type(t)), key)


def test_a_sweeps_vectorised_call_hands_every_point_the_typed_key():
    key = jax.random.key(5)
    flat, _ = with_tree_arguments(resolve(shifted_sum, framework="jax"), [{"t": 1.0, "key": key}])
    ts = np.array([-1.0, 0.5, 2.0])
    got = flat.bridge.vectorised([ts], np.float64)
    assert got is not None  # None: the sweep would fall back to checking point by point
    values, (slopes,) = got
    with jax.enable_x64(True):
        noise = np.asarray(jax.random.normal(key, (3,), np.float64))
    np.testing.assert_allclose(slopes, [np.sum(2 * (t + NOISE_SCALE * noise)) for t in ts], rtol=1e-12)
