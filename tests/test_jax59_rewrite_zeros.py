"""XLA's rewrites that leave an exact 0 (issue 28): a custom rule's ``((x + 1e20) - 1e20) - x``, what adding 1e20 loses
of x, is 0 in JAX's jitted program (XLA cancels the constants) and -x run operation by operation, so JAX's compiled
gradient is 0 where the operations give 2 cos(x). The note counts an exact 0 against a number as apart, while a 0
that XLA's flushing of a subnormal made is met by gradcli's float replay too (it flushes as XLA does) and is no
rewrite."""

import math

import pytest

import gradcli

jax = pytest.importorskip("jax")

SOURCE = '''
import jax
import jax.numpy as jnp


@jax.custom_jvp
def compensated_sin(x):
    return jnp.sin(x)


@compensated_sin.defjvp
def compensated_sin_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    lost = ((x + 1e20) - 1e20) - x  # 0 in XLA's program, which cancels the constants
    return jnp.sin(x), t * jnp.cos(x) * lost / -x


def scaled(x):
    return compensated_sin(x) * 2.0
'''


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    """The user's file, written once for this file's checks."""
    (path := tmp_path_factory.mktemp("jax59") / "zeros59.py").write_text(SOURCE)
    return str(path)


def test_a_gradient_xla_cancels_to_an_exact_0_is_noted(module):
    (result,) = gradcli.check(f"{module}:scaled", [{"x": 0.5}], dtypes=("float64",), fixes=False).results
    (note,) = [note for note in result.notes if note.startswith("XLA's compiled program computes")]
    assert result.gradient["x"] == 0.0  # JAX's compiled number, which the verdict judges
    assert note.startswith("XLA's compiled program computes its gradient otherwise than the operations it was given: ")
    assert f"sub(1e+20, 1e+20) at {module}:14 is 0.5 in JAX's jitted program, where the operation itself gives 0.0" in note
    assert "(its gradient -0.0)" in note or "(its gradient 0.0)" in note
    given = float(note.rsplit("give ", 1)[1])
    assert given == pytest.approx(2 * math.cos(0.5), rel=1e-14)


def test_an_exact_0_against_a_number_is_apart_either_way():
    from gradcli.capture import jax_rewrites

    assert jax_rewrites._gradients_apart([0.0], [1.0]) and jax_rewrites._gradients_apart([1.0], [0.0])
    assert jax_rewrites._gradients_apart([[0.0, 2.0]], [[1e-300, 2.0]])
    assert not jax_rewrites._gradients_apart([[0.0, 2.0]], [[0.0, 2.0 + 1e-15]])
