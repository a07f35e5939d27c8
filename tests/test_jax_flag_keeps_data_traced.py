"""A Python flag a JAX loss reads (``if train:``) is handed to the trace as a number alone: the held float data stays
traced, so JAX folds none of its arithmetic into a constant rounded to the dtype.

The trace met the concrete read of the flag and handed every leaf --wrt leaves out as a number; JAX then computed
the running variance + 1e-5 at trace time in float32, and the exact reference replayed that rounded constant
(4.0000100135803 for 4 + float32(1e-5)): the exact gradient was off by 1.7e-9 relative (round 60d's H3). The leaves
that are no floats are tried alone first (`jax_bridge.Captured._read_leaves`).
"""

import mpmath
import numpy as np
import pytest

import gradcli

jax = pytest.importorskip("jax")

SOURCE = '''import jax.numpy as jnp


def loss(w, state, train):
    var = jnp.var(w) if train else state["var"]
    return jnp.sum(w / jnp.sqrt(var + 1e-5))


def reads_a_float(w, state, train):
    scale = 2.0 if float(state["var"]) > 1.0 else 1.0
    var = jnp.var(w) if train else state["var"]
    return scale * jnp.sum(w / jnp.sqrt(var + 1e-5))
'''


def _check(tmp_path, function):
    path = tmp_path / "bn.py"
    path.write_text(SOURCE)
    point = {"w": np.array([1.0, 2.0], dtype=np.float32), "state": {"var": np.array(4.0, dtype=np.float32)},
             "train": False}
    (result,) = gradcli.check(f"{path}:{function}", [point], dtypes=["float32"], wrt=("w",)).results
    return result


@pytest.mark.parametrize("function, scale", [("loss", 1), ("reads_a_float", 2)])
def test_the_held_variance_plus_eps_is_exact(tmp_path, function, scale):
    result = _check(tmp_path, function)
    assert result.status == "ok", [f.message for f in result.findings]
    with mpmath.workdps(40):
        slope = scale / mpmath.sqrt(4 + mpmath.mpf(float(np.float32(1e-5))))
        for got in result.exact_gradient["w"]:
            if function == "loss":
                assert abs(mpmath.mpf(float(got)) / slope - 1) < 1e-13, (got, slope)
            else:  # a float leaf the Python reads is handed as a number with the rest: JAX folds var + eps there
                assert abs(mpmath.mpf(float(got)) / slope - 1) < 1e-8, (got, slope)
