"""JAX: a where leak names the branch's input by the variable the user's source assigns it to (terminal and JSON)."""

from __future__ import annotations

import pytest

from headline65_leak import RADIUS_LINE, leak_module
from test_leaknames66_numpy import _leak

pytest.importorskip("jax")

JITTED = '''\
import jax
import jax.numpy as jnp

WIDTH = 4.0


@jax.jit
def wet_cells(depth):
    hydraulic = WIDTH * depth / (WIDTH + 2.0 * depth)
    return jnp.sum(jnp.where(depth > 0, hydraulic ** (2.0 / 3.0), 0.0))
'''


@pytest.mark.parametrize("text, words", [
    (leak_module("import jax.numpy as jnp", "jnp.where", "jnp.sum"), f"from its input radius, made at leak.py:{RADIUS_LINE} "),
    (JITTED, "from its input hydraulic, made at leak.py:9 "),
])
def test_the_leaking_branchs_input_is_named_as_the_source_writes_it(tmp_path, text, words):
    message, terminal = _leak(tmp_path, text)
    assert words in message, message
    assert words in terminal, terminal
