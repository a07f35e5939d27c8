"""A custom rule that reads a module's 0-d NumPy array, checked in float32 then float64 in one process.

JAX writes a 0-d array's conversion into a rule's jaxpr as a literal, and
jaxlib hands that conversion to the next trace for as long as it lives. The
rule's Python runs when a program is first differentiated, so its memoised
trace, and the differentiated program, must not keep the float32 conversion of
the default mode for the float64 run (`capture.jax_modes._rule_copied`).
"""

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import gradcli

POINT = [0.5, 1.0]


def _vjp_rule(scale, residual_is_scale):
    """sin(x) * s with a custom_vjp whose fwd keeps ``scale`` (the 0-d array itself or ``float`` of it) as a
    residual and whose bwd multiplies by the array, or by ``float`` of it."""

    @jax.custom_vjp
    def f(x):
        return jnp.sin(x) * scale

    def f_fwd(x):
        return f(x), (x, scale if residual_is_scale else float(scale))

    def f_bwd(res, g):
        x, s = res
        return (g * jnp.cos(x) * s if residual_is_scale else g * jnp.cos(x) * scale,)

    f.defvjp(f_fwd, f_bwd)
    return f


def _jvp_rule(scale):
    """sin(x) * s with a custom_jvp whose tangent multiplies by the 0-d array."""

    @jax.custom_jvp
    def f(x):
        return jnp.sin(x) * float(scale)

    @f.defjvp
    def f_jvp(primals, tangents):
        (x,), (t,) = primals, tangents
        return f(x), t * jnp.cos(x) * scale

    return f


SHAPES = {
    "vjp_bwd_reads_the_array": lambda scale: _vjp_rule(scale, residual_is_scale=False),
    "vjp_residual_is_the_array": lambda scale: _vjp_rule(scale, residual_is_scale=True),
    "jvp_reads_the_array": _jvp_rule,
}


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_each_dtype_gets_its_verdict_when_a_rule_reads_a_0d_array(shape):
    scale = np.array(0.3)  # a fresh array: JAX's conversions of it are this test's alone
    rule = SHAPES[shape](scale)

    def loss(x):
        return jnp.sum(rule(x))

    results = gradcli.check(loss, [{"x": POINT}], dtypes=("float32", "float64"), fixes=False).results
    assert [(r.dtype, r.status) for r in results] == [("float32", "ok"), ("float64", "ok")], [r.error for r in results]
    want = 0.3 * np.cos(POINT)
    got = np.array([float(g) for g in np.ravel(results[1].gradient["x"])])
    assert np.all(np.abs(got - want) <= 1e-15)  # float64's own gradient: 0.3 as float64 holds it, not float32's
