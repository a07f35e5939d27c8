"""A JAX program drawing random numbers with a fixed key that chooses its code by its dtype (issue 28): float32's
exact reference replays float32's own program, its own draws included, as a program without draws does
(dtypefw59). The steps of a draw, which JAX takes in each dtype its own way (64 bits a number under x64, 32 in
float32: other shifts, other literals), are compared as draws alone, so a program that reads no dtype stays one
program whatever it draws."""

import numpy as np
import pytest

import gradcli

jax = pytest.importorskip("jax")
jnp = jax.numpy

from gradcli.capture.jax_modes import programs_differ  # noqa: E402 - after the skip: JAX is optional
from gradcli.capture.jax_walk import _written_by_user  # noqa: E402 - after the skip: JAX is optional

SOURCE = '''
import jax
import jax.numpy as jnp


def noisy_branch(x):
    noise = jax.random.normal(jax.random.PRNGKey(0), x.shape, x.dtype)
    y = x * 2 if x.dtype == jnp.float32 else x * x
    return jnp.sum(y + 0.01 * noise)
'''


def _noisy(chosen):
    def noisy(x):
        noise = jax.random.uniform(jax.random.PRNGKey(1), x.shape, x.dtype)
        eps = jnp.finfo(x.dtype).eps if chosen else 1e-7
        return jnp.sum(jnp.log(jnp.clip(x, eps, 1.0)) * (1.0 + 0.1 * noise))

    return noisy


def _traces(fun):
    with jax.enable_x64(True):
        return [jax.make_jaxpr(fun)(jax.ShapeDtypeStruct((2,), dtype)) for dtype in (np.float64, np.float32)]


def test_a_program_drawing_numbers_differs_only_where_its_code_chose_by_its_dtype():
    assert not programs_differ(*_traces(_noisy(False)), _written_by_user)  # its draws are each dtype's own steps
    assert programs_differ(*_traces(_noisy(True)), _written_by_user)  # and its eps is float32's


def test_a_drawing_program_that_branches_on_its_dtype_is_judged_as_float32s(tmp_path):
    (tmp_path / "noisy60.py").write_text(SOURCE)
    (result,) = gradcli.check(f"{tmp_path}/noisy60.py:noisy_branch", {"x": [2.0, 3.0]}, dtypes=["float32"],
                              fixes=False).results
    assert result.status.value == "ok", result.findings  # float32's own program, not float64's x * x
    assert [float(g) for g in result.exact_gradient["x"]] == [2.0, 2.0]
    assert float(result.exact_value) == pytest.approx(float(result.value), rel=1e-6)  # float32's own draws added
