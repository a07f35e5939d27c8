"""A sweep says once, as a check does, that a JAX array held at a value was made float32 by JAX's default mode (x64
off): the wider dtype's points start from float32's numbers (2.3 is 2.299999952316284), not the ones written."""

import jax
import jax.numpy as jnp

import gradcli
from gradcli.checker.runner import narrowed_notes


def beta_cdf(a, x):
    return jax.scipy.special.betainc(a, 2.0, x)


def test_a_held_float32_jax_array_is_named_once_in_the_sweeps_notes():
    assert not jax.config.jax_enable_x64
    result = gradcli.sweep(beta_cdf, {"x": (0.25, 0.75, 2)}, fixed={"a": jnp.array(2.3)}, dtypes=["float64"],
                           wrt=("x",), fixes=False)
    notes = [n for n in result.notes if "x64" in n]
    assert len(notes) == 1, result.notes
    assert notes[0].startswith("a is a float32 JAX array") and "2.3 is 2.299999952316284" in notes[0]
    assert "float64 check" in notes[0]
    assert result.to_dict()["notes"] == result.notes  # the JSON's notes are the same ones
    # 2.5 is float32's and float64's alike: nothing moved, nothing said
    assert narrowed_notes([{"a": jnp.array(2.5)}], ["a", "x"], ["float64"]) == []
