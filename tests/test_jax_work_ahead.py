"""A check of a JAX function makes its replays while XLA compiles, each point's once for both dtypes.

The finite differences and the exact reference of a bridged target replay
its captured graphs and never ask JAX, so `point.replay_ahead` makes every
point's before the first of JAX's own numbers (which waits for XLA), and a
point that float32 and float64 round alike, arrays included, has them made
once. A function returning an array is checked row by row, and each row of
its Jacobian keeps its own.
"""

import math

import pytest

import gradcli
from gradcli.checker import fd, reference
from gradcli.capture import jax_bridge

LOSS = '''\
import jax.numpy as jnp


def loss(x, w):
    return jnp.sum(jnp.log(1 + jnp.exp(x * w)) + 0.5 * w ** 2)


def softplus(x):
    return jnp.log(1 + jnp.exp(x))


def pair(x):
    return jnp.stack([jnp.sin(x), x ** 3])


def pair_of_sums(w):
    return jnp.stack([jnp.sum(jnp.sin(w)), jnp.sum(w ** 3)])
'''
HELD = [{"x": 1.5, "w": [0.5, -1.0, 2.0]}, {"x": 60.0, "w": [0.5, -1.0, 2.0]}]  # float32 holds every number


@pytest.fixture
def model(tmp_path):
    path = tmp_path / "model.py"
    path.write_text(LOSS)
    jax_bridge._EXECUTABLES.clear()  # each check compiles afresh, as a first one in a process does
    yield lambda name: f"{path}:{name}"
    jax_bridge._EXECUTABLES.clear()


@pytest.fixture
def events(monkeypatch):
    """The order of the check's differences ("differences"), exact references ("reference") and JAX's numbers ("jax")."""
    seen = []
    made_differences, computed, own = fd.differences, reference.compute, jax_bridge._Captured.own

    def differences(*args, **kwargs):
        seen.append("differences")
        return made_differences(*args, **kwargs)

    def compute(*args, **kwargs):
        seen.append("reference")
        return computed(*args, **kwargs)

    def jax_numbers(self, *args, **kwargs):
        seen.append("jax")
        return own(self, *args, **kwargs)

    monkeypatch.setattr(fd, "differences", differences)
    monkeypatch.setattr(reference, "compute", compute)
    monkeypatch.setattr(jax_bridge._Captured, "own", jax_numbers)
    return seen


@pytest.mark.parametrize("name, point, want", [
    ("pair", 0.5, [[math.cos(0.5)], [0.75]]),
    ("pair_of_sums", {"w": [0.5, 1.0]}, [[math.cos(0.5), math.cos(1.0)], [0.75, 3.0]]),
])
def test_each_row_of_a_jacobian_has_its_own_exact_reference(model, events, name, point, want):
    report = gradcli.check(model(name), [point], dtypes=("float32", "float64"), fixes=False)
    for result in report.results:
        assert result.status.value == "ok", result.to_dict()
        variable = "x" if name == "pair" else "w"
        rows = [[float(v) for v in (row if isinstance(row, list) else [row])] for row in result.exact_gradient[variable]]
        assert all(math.isclose(g, w, rel_tol=1e-12) for got, expected in zip(rows, want) for g, w in zip(got, expected)), rows

