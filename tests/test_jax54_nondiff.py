"""Custom rules whose ``nondiff_argnums`` (or closure) hold a traced value: checked as JAX differentiates them.

JAX gives a traced value in a ``custom_jvp``'s ``nondiff_argnums`` a
stop_gradient of its own, so its gradient through the call is 0, while the
function's slope in it is not: the rule's finding says so. A staged-out call
(inside ``jax.jit``) keeps a dead trace's value in its rule, which JAX itself
cannot differentiate: a clear input error at the call's line.
"""

import textwrap

import numpy as np
import pytest

import gradcli
from gradcli.errors import InputError

SOURCE = textwrap.dedent(
    """\
    from functools import partial

    import jax
    import jax.numpy as jnp


    @partial(jax.custom_jvp, nondiff_argnums=(1,))
    def tempered(x, t):
        return jnp.exp(x / t)


    @tempered.defjvp
    def tempered_jvp(t, primals, tangents):
        (x,), (dx,) = primals, tangents
        y = tempered(x, t)
        return y, y * dx / t


    @partial(jax.custom_vjp, nondiff_argnums=(1,))
    def scaled(x, t):
        return jnp.exp(x / t)


    def scaled_fwd(x, t):
        y = scaled(x, t)
        return y, y


    def scaled_bwd(t, y, g):
        return (g * y / t,)


    scaled.defvjp(scaled_fwd, scaled_bwd)


    @partial(jax.custom_vjp, nondiff_argnums=(0,))
    def apply(fn, x):
        return fn(x)


    def apply_fwd(fn, x):
        return fn(x), x


    def apply_bwd(fn, x, g):
        return (g * jnp.cos(x),)


    apply.defvjp(apply_fwd, apply_bwd)


    def closed_over(x, t):
        @jax.custom_jvp
        def g(x):
            return jnp.exp(x / t)

        @g.defjvp
        def g_jvp(primals, tangents):
            (x,), (dx,) = primals, tangents
            y = g(x)
            return y, y * dx / t

        return jnp.sum(g(x))


    def traced(x, t):
        return jnp.sum(tempered(x, t))


    def held(x, t):
        return (jnp.sum(tempered(x, t)) + jnp.sum(tempered(x, 2.0)) + jnp.sum(scaled(x, 2.0))
                + jnp.sum(apply(jnp.sin, x)) + closed_over(x, t))


    @jax.jit
    def staged(x, t):
        return jnp.sum(tempered(x, t))
    """
)

X, T = np.array([0.5, 1.0]), 2.0


def _written(path):
    path.write_text(SOURCE)
    return path


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    return _written(tmp_path_factory.mktemp("jax54") / "nondiff54.py")


def test_a_traced_nondiff_argument_is_held_by_jax_and_the_rule_is_wrong_in_it(module):
    """JAX's gradient in t is 0 (its own stop_gradient); the exact slope, -sum(x e^(x/t)) / t^2, is not: `wrong`
    at the rule's line, the label saying why; the gradient in x is right and equal to the exact one."""
    [result] = gradcli.check(f"{module}:traced", [{"x": X, "t": T}], dtypes=["float64"], fixes=False).results
    assert result.status == "wrong"
    assert float(result.gradient["t"]) == 0.0
    np.testing.assert_allclose(float(result.exact_gradient["t"]), -np.sum(X * np.exp(X / T)) / T**2, rtol=1e-12)
    np.testing.assert_allclose(np.asarray(result.gradient["x"], dtype=float), np.exp(X / T) / T, rtol=1e-12)
    [finding] = [f for f in result.findings if f.kind == "wrong-rule"]
    assert "tempered_jvp() of tempered (a traced value in its nondiff_argnums, which JAX holds constant" in finding.op
    assert finding.location.endswith("nondiff54.py:13")


def test_hashable_nondiff_arguments_and_a_held_closure_check_ok(module):
    """Python numbers and functions in nondiff_argnums (custom_jvp and custom_vjp), a traced one not differentiated,
    and a rule closing over a held value: all `ok` with the exact gradient in x."""
    [result] = gradcli.check(f"{module}:held", [{"x": X, "t": T}], dtypes=["float64"], wrt=("x",), fixes=False).results
    assert result.status == "ok", result.findings
    expected = 4 * np.exp(X / T) / T + np.cos(X)
    np.testing.assert_allclose(np.asarray(result.exact_gradient["x"], dtype=float), expected, rtol=1e-12)


def test_a_staged_out_call_holding_a_traced_value_is_an_input_error_at_its_line(module):
    """Inside jax.jit the rule keeps the jit trace's value, which jax.grad cannot differentiate either."""
    with pytest.raises(InputError) as caught:
        gradcli.check(f"{module}:staged", [{"x": X, "t": T}], dtypes=["float64"], fixes=False)
    message = str(caught.value)
    assert "nondiff54.py:77: JAX cannot differentiate this call of the custom_jvp function `tempered`" in message
    assert "nondiff_argnums" in message
