"""A check of a JAX function makes its replays while XLA compiles, each point's once for both dtypes.

The finite differences and the exact reference of a bridged target replay
its captured graphs and never ask JAX, so `point.replay_ahead` makes every
point's before the first of JAX's own numbers (which waits for XLA), and a
point that float32 and float64 round alike, arrays included, has them made
once. A function returning an array is checked row by row, and each row of
its Jacobian keeps its own.
"""

import json
import math

import pytest

import gradcli
from gradcli.checker import fd, reference, runner
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


def test_every_point_s_replays_come_before_jax_s_first_number_and_once_for_both_dtypes(model, events):
    report = gradcli.check(model("loss"), HELD, dtypes=("float32", "float64"), fixes=False)
    assert len(report.results) == 4
    first = events.index("jax")
    assert sorted(events[:first]) == ["differences"] * 2 + ["reference"] * 2
    assert "differences" not in events[first:] and "reference" not in events[first:]


def test_a_point_float32_rounds_differently_has_its_replays_made_for_each_dtype(model, events):
    gradcli.check(model("loss"), [{"x": 0.1, "w": [0.5, -1.0, 2.0]}, HELD[1]], dtypes=("float32", "float64"), fixes=False)
    assert events.count("differences") == 3 and events.count("reference") == 3


def test_the_order_changes_no_answer(model, monkeypatch):
    """The same check (fixes and their re-checks too) with every replay made where `check_point` asks instead."""
    def both():
        loss = gradcli.check(model("loss"), HELD + [{"x": 1.5, "w": [0.3, 1e-3, -7.0]}, {"x": 0.1, "w": [0.5, -1.0, 2.0]}],
                             fixes=False)
        overflow = gradcli.check(model("softplus"), [100.0, 0.1, 1e300])
        return json.dumps([loss.to_dict(), overflow.to_dict()], sort_keys=True, default=str)

    ahead = both()
    monkeypatch.setattr(runner, "replay_ahead", lambda *args: None)
    jax_bridge._EXECUTABLES.clear()
    assert both() == ahead


@pytest.mark.parametrize("name, point, want", [
    ("pair", 0.5, [[math.cos(0.5)], [0.75]]),
    ("pair_of_sums", {"w": [0.5, 1.0]}, [[math.cos(0.5), math.cos(1.0)], [0.75, 3.0]]),
])
def test_each_row_of_a_jacobian_has_its_own_exact_reference(model, events, name, point, want):
    report = gradcli.check(model(name), [point], dtypes=("float32", "float64"), fixes=False)
    assert events[0] == "jax"  # nothing made ahead for the whole function: its rows are what is checked
    for result in report.results:
        assert result.status.value == "ok", result.to_dict()
        variable = "x" if name == "pair" else "w"
        rows = [[float(v) for v in (row if isinstance(row, list) else [row])] for row in result.exact_gradient[variable]]
        assert all(math.isclose(g, w, rel_tol=1e-12) for got, expected in zip(rows, want) for g, w in zip(got, expected)), rows


def test_points_of_the_same_shapes_each_have_their_own_replays(model):
    points = [HELD[0], {"x": 1.5, "w": [0.3, 1e-3, -7.0]}]
    report = gradcli.check(model("loss"), points, dtypes=("float64",), fixes=False)
    for point, result in zip(points, report.results):
        x = point["x"]
        want = [x / (1 + math.exp(-x * w)) + w for w in point["w"]]  # d/dw of log(1 + exp(x w)) + w**2 / 2
        got = [float(g) for g in result.exact_gradient["w"]]
        assert all(math.isclose(g, w, rel_tol=1e-12) for g, w in zip(got, want)), (got, want)
