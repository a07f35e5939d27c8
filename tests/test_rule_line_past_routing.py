"""A framework's wrong rule is named at its own line, past a line whose backward ops only move the cotangent into
place (round 69d's F4: odeint's adjoint, 1.6e-6 off the program's slope, was named at ``return ys[-1]``, whose
transpose is an exact scatter, not at the odeint call)."""

import pytest

import gradcli

pytest.importorskip("jax")

SOURCE = '''import jax.numpy as jnp
from jax.experimental.ode import odeint


def decay(k):
    ys = odeint(lambda y, t, k: -k * y, jnp.ones_like(k), jnp.array([0.0, 1.0], dtype=k.dtype), k)
    return ys[-1]
'''


def test_odeints_wrong_adjoint_is_named_at_the_call_not_at_the_indexing(tmp_path):
    path = tmp_path / "decay.py"
    path.write_text(SOURCE)
    [result] = gradcli.check(f"{path}:decay", [{"k": 3.0}], dtypes=["float64"], fixes=False).results
    assert result.status == "wrong", [f.message for f in result.findings]
    located = [f.location for f in result.findings if "rule" in f.kind and f.location]
    assert located and all(loc.endswith("decay.py:6") for loc in located), located
