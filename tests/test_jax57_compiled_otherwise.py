"""XLA's compiled program against the operations it was given (issue 28): XLA's simplifier cancels the constants of
``(1.0 + x) - 1.0`` and folds ``log(exp(x))``, so JAX's jitted numbers are not those of its operations run one by one
(gradcli's float replay, its finite differences, an unjitted call). The verdict judges JAX's compiled numbers, and
the check notes the operation the compiled program does not compute as written, at the user's line."""

import numpy as np
import pytest

import gradcli

jax = pytest.importorskip("jax")

SOURCE = '''
import jax.numpy as jnp


def shifted(x):
    return jnp.log((1.0 + x) - 1.0)


def round_trip(x):
    return jnp.log(jnp.exp(x)) * 2.0
'''


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    """The user's file, written once for this file's checks."""
    (path := tmp_path_factory.mktemp("jax57") / "rewritten57.py").write_text(SOURCE)
    return str(path)


def _check(module, name, x):
    (result,) = gradcli.check(f"{module}:{name}", [{"x": x}], dtypes=("float64",), fixes=False).results
    return result, [note for note in result.notes if note.startswith("XLA's compiled program computes otherwise")]


def test_a_cancelled_constant_is_judged_as_jax_computes_it_and_noted_at_its_line(module):
    # JAX's jitted log((1 + 1e-100) - 1) is log(1e-100): right, and judged so; run as written it is log(0) = -inf
    result, (note,) = _check(module, "shifted", 1e-100)
    assert result.status.value == "ok" and abs(result.value + 230.25850929940458) < 1e-12
    assert f"sub(1.0, 1.0) at {module}:6 is 1e-100 in JAX's jitted program, where the operation itself gives 0.0" in note
    assert note.endswith("give -inf"), note


def test_a_folded_log_of_exp_is_named_at_the_log(module):
    # exp(1000) is inf in float64 and JAX's program still answers 2000: XLA folded log(exp(x)) to x, though not in
    # its backward pass (1/exp(x) times exp(x), 0 * inf): the gradient's NaN is JAX's own, unstable
    result, (note,) = _check(module, "round_trip", 1000.0)
    assert result.value_status.value == "ok" and result.value == pytest.approx(2000.0, rel=1e-15)
    assert result.gradient_status.value == "unstable"
    assert f"log(inf) at {module}:10 is 1000.0 in JAX's jitted program, where the operation itself gives inf" in note


def test_a_program_computing_as_written_notes_nothing(module):
    result, notes = _check(module, "shifted", 0.5)
    assert result.status.value == "ok" and notes == [] and np.isclose(result.value, np.log(0.5))
