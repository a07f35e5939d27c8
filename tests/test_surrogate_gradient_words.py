"""A custom rule over a step (a spiking neuron's Heaviside with a surrogate gradient) is `wrong`, as the mathematics
says, and its finding says what a surrogate gradient is, so a user who meant one reads that `wrong` says no more."""

import textwrap

import gradcli

SOURCE = """
import jax
import jax.numpy as jnp


@jax.custom_jvp
def spike(v):
    return jnp.where(v > 0, 1.0, 0.0)


@spike.defjvp
def spike_jvp(primals, tangents):
    (v,), (dv,) = primals, tangents
    return spike(v), dv / (1 + 10 * jnp.abs(v)) ** 2


def spikes(v):
    return jnp.sum(spike(v - 1.0))


@jax.custom_jvp
def square(x):
    return x * x


@square.defjvp
def square_jvp(primals, tangents):
    (x,), (dx,) = primals, tangents
    return square(x), (2 * x + 1) * dx


def squares(x):
    return jnp.sum(square(x))
"""


def test_a_surrogate_over_a_step_is_wrong_and_said_to_be_a_surrogate(tmp_path):
    path = tmp_path / "snn.py"
    path.write_text(textwrap.dedent(SOURCE))
    for result in gradcli.check(f"{path}:spikes", [{"v": [0.5, 1.5]}], fixes=False).results:
        assert result.status.value == "wrong"
        rule, = [f for f in result.findings if f.kind == "wrong-rule"]
        assert "surrogate gradient" in rule.message and "spike_jvp" in rule.op


def test_a_wrong_rule_where_the_derivative_is_not_zero_has_no_such_words(tmp_path):
    path = tmp_path / "snn.py"
    path.write_text(textwrap.dedent(SOURCE))
    for result in gradcli.check(f"{path}:squares", [{"x": [0.5, 1.5]}], fixes=False).results:
        assert result.status.value == "wrong"
        assert not any("surrogate" in f.message for f in result.findings)
