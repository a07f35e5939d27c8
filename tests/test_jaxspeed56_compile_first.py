"""A first-ever JAX check hands XLA its programs before the traces only the exact reference needs.

XLA's compilation of JAX's program is the longest single piece of a user's
first check of a new loss (~12-15 ms of CPU per fused kernel), and it runs in
a thread of its own beside the check. Every trace made before the program is
handed over lengthens the check by that much, so `expect` gives XLA the
programs it was told of as soon as they are traced, and only then traces the
float64 graphs the exact reference replays, which a float32 check needs too
but XLA does not.
"""

import numpy as np
import pytest

import gradcli
from gradcli.capture import jax_bridge, jax_compile

LOSS = '''\
import jax.numpy as jnp


def loss(x, w):
    return jnp.sum(jnp.log(1 + jnp.exp(x * w)) + 0.5 * w ** 2)
'''
POINTS = [{"x": 1.5, "w": [0.5, -1.0, 2.0]}]


@pytest.fixture
def model(tmp_path):
    path = tmp_path / "model.py"
    path.write_text(LOSS)
    jax_bridge._EXECUTABLES.clear()  # each check compiles afresh, as a user's first one does
    yield f"{path}:loss"
    jax_bridge._EXECUTABLES.clear()


@pytest.fixture
def handed(monkeypatch):
    """Per program handed to XLA's thread: the dtypes of the graphs traced by then (over every capture made)."""
    seen, captures = [], []
    made, started = jax_bridge._Captured.__init__, jax_compile._Compiling.__init__

    def capture(self, *args, **kwargs):
        captures.append(self)
        return made(self, *args, **kwargs)

    def compiling(self, *args, **kwargs):
        seen.append(sorted({str(np.dtype(dtype)) for c in captures for key in c.graphs for _, dtype in key[1]}))
        return started(self, *args, **kwargs)

    monkeypatch.setattr(jax_bridge._Captured, "__init__", capture)
    monkeypatch.setattr(jax_compile._Compiling, "__init__", compiling)
    return seen


def test_a_float32_check_hands_xla_its_program_before_tracing_the_float64_reference(model, handed):
    report = gradcli.check(model, POINTS, dtypes=("float32",), fixes=False)
    assert [r.status for r in report.results] == ["ok"]
    assert handed == [["float32"]]  # float64's graphs, traced for the reference, came after


def test_a_check_in_both_dtypes_still_compiles_them_as_one_program(model, handed):
    report = gradcli.check(model, POINTS, dtypes=("float32", "float64"), fixes=False)
    assert [r.status for r in report.results] == ["ok", "ok"]
    assert handed == [["float32", "float64"]]  # one joint compilation, handed over once both are traced
