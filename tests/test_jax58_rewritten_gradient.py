"""XLA's rewrites in the backward program alone (issue 28): a custom rule's tangent ``((t * 1e200) * 1e200) / 1e200
/ 1e200 * cos(x)`` is t cos(x) in JAX's jitted program (XLA cancels (a * c) / c) and 0 run operation by operation
(the transposed program divides first: 2 cos(x) / 1e200 / 1e200 underflows to 0, and 0 times 1e200 twice stays 0).
The value is as written, so only the gradients tell: the check notes the first step XLA rewrote, at the rule's
line, and judges JAX's compiled numbers. A rewrite of several steps together, where each step computes as given with
its result kept, is noted as such: log Q(x)'s rule e^(-x^2/2) / e^(log Q(x)) at x = 40 is e^-800 / e^-804.6 = NaN
(0 / 0) run step by step, and -40.025 in JAX's jitted program, which folds the quotient to e^(-x^2/2 - log Q(x)).
"""

import math

import pytest

import gradcli

jax = pytest.importorskip("jax")

SOURCE = '''
import jax
import jax.numpy as jnp


@jax.custom_jvp
def scaled_sin(x):
    return jnp.sin(x)


@scaled_sin.defjvp
def scaled_sin_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    big = (t * 1e200) * 1e200  # XLA cancels it with the quotients below
    return jnp.sin(x), big / 1e200 / 1e200 * jnp.cos(x)


def scaled(x):
    return scaled_sin(x) * 2.0


def plain(x):
    return jnp.sin(x) * 2.0


def softplus(x):
    return jnp.log(1 + jnp.exp(x))


@jax.custom_jvp
def log_q(x):
    return jax.scipy.special.log_ndtr(-x)


@log_q.defjvp
def log_q_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    y = log_q(x)
    return y, -t * (jnp.exp(-0.5 * x * x) / jnp.sqrt(2.0 * jnp.pi)) / jnp.exp(y)
'''


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    """The user's file, written once for this file's checks."""
    (path := tmp_path_factory.mktemp("jax58") / "rewritten58.py").write_text(SOURCE)
    return str(path)


def _check(module, name, x=0.5):
    (result,) = gradcli.check(f"{module}:{name}", [{"x": x}], dtypes=("float64",), fixes=False).results
    return result, [note for note in result.notes if note.startswith("XLA's compiled program computes")]


def test_a_rewrite_in_the_backward_program_alone_is_noted_at_the_rules_line(module):
    result, (note,) = _check(module, "scaled")
    assert result.status.value == "ok" and result.gradient["x"] == pytest.approx(2 * math.cos(0.5), rel=1e-14)
    assert note.startswith("XLA's compiled program computes its gradient otherwise than the operations it was given: ")
    assert f" at {module}:14 is " in note, note
    assert "The verdict judges JAX's compiled numbers (its gradient 1.75516512378" in note
    assert note.endswith("as an unjitted call and gradcli's float replay run them, give 0.0"), note


def test_a_backward_program_computing_as_written_notes_nothing(module):
    result, notes = _check(module, "plain")
    assert result.status.value == "ok" and notes == []


def test_a_gradient_a_flushed_subnormal_made_0_is_no_rewrite(module, monkeypatch):
    # at 709.78 JAX's backward divides by 1 + exp(x) ~ 1.8e308: a subnormal XLA's CPU code flushes, so JAX's gradient
    # is 0 where gradcli's float replay of the backward gives 1; no step of XLA's program is looked for (a compilation)
    from gradcli.capture import jax_rewrites

    looked = []
    monkeypatch.setattr(jax_rewrites, "rewritten_step", lambda *args: looked.append(args))
    result, notes = _check(module, "softplus", 709.782712893384)
    assert result.gradient["x"] == 0.0 and notes == [] and looked == []
    assert jax_rewrites._gradients_apart([1.5], [0.0])


def test_a_rewrite_of_several_steps_together_is_noted_too(module):
    result, (note,) = _check(module, "log_q", 40.0)
    assert result.status.value == "ok" and result.gradient["x"] == pytest.approx(-40.02496884720726, rel=1e-10)
    assert note.startswith("XLA's compiled program computes its gradient otherwise than the operations it was given: "
                           "no one of them differs run alone, so XLA rewrote several together"), note
    # (log_ndtr is jitted of its own, which an unjitted call still runs compiled: no claim is made of such a call)
    assert note.endswith("as gradcli's float replay runs them, give nan"), note
