"""A float64 sweep's reference range of a JAX function: its replayed graphs run once on the whole range.

JAX has no longdouble, so a float64 sweep judges JAX's vectorised numbers
against the function's captured graphs replayed in longdouble. Where those
graphs are elementwise by construction (`jax_walk.pointwise`: elementwise
operations, single-number constants, broadcasts of single numbers), the bridge
replays them on the range in one call (`vectorised` in longdouble), with
numbers bit for bit those of the sweep's general path (the same replays under
gradcli's VJP, then three single points compared), and the sweep skips that
comparison; any other graph (a mean over the range, a constant with one entry
per point) keeps the general path.
"""

import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
import pytest

from bitlevel import assert_same_bits
from gradcli.capture.jax_walk import pointwise
from gradcli.checker.targets import resolve
from gradcli.sweep import vectorised

MODEL = '''\
import jax
import jax.numpy as jnp


def softplus(x):
    return jnp.log(1 + jnp.exp(x))


def two(x, y):
    return jnp.where(x > 0, jnp.log1p(jnp.exp(-x)) + x, jnp.log1p(jnp.exp(x))) * jnp.cos(y) + jax.nn.sigmoid(x * y)


@jax.custom_jvp
def smooth(x):
    return jnp.log(1 + jnp.exp(x))


@smooth.defjvp
def smooth_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return smooth(x), t * jax.nn.sigmoid(x)


def custom(x):
    return smooth(x) * 2.0 + jnp.tanh(x / 40)


def mean_scaled(x):
    return x * jnp.mean(x) + jnp.tanh(x)


@jax.custom_vjp
def counted(x):
    return jnp.tanh(x)


def counted_fwd(x):
    return jnp.tanh(x), x


def counted_bwd(x, g):
    return (g * (1 - jnp.tanh(x) ** 2) * jnp.sum(jnp.ones_like(x)),)  # right at one number; mixes a range's


counted.defvjp(counted_fwd, counted_bwd)
'''


@pytest.fixture
def model(tmp_path):
    path = tmp_path / "model.py"
    path.write_text(MODEL)
    return path


def _columns(resolved, size, seed=0):
    rng = np.random.default_rng(seed)
    return [np.asarray(rng.uniform(-60.0, 60.0, size), dtype=np.longdouble) for _ in resolved.variables]


def _general(resolved, columns):
    """The sweep's path for a range without the bridge: the replays under gradcli's VJP, checked at single points."""
    plain = dataclasses.replace(resolved, function=resolved.mp_function, bridge=None)
    return vectorised.evaluate_columns(plain, columns, tuple(resolved.variables))


@pytest.mark.parametrize("name", ["softplus", "two", "custom"])
@pytest.mark.parametrize("size", [1, 7, 128, 200])
def test_an_elementwise_graph_is_replayed_on_the_whole_range_with_the_general_paths_numbers(model, name, size, monkeypatch):
    resolved = resolve(f"{model}:{name}")
    columns = _columns(resolved, size)
    want_values, want_grads, per_point = _general(resolved, columns)
    assert per_point is None  # the general path found the graph elementwise too

    def not_asked(*args):
        raise AssertionError("a range replayed by the bridge is elementwise by construction: no single points compared")

    monkeypatch.setattr(vectorised, "_elementwise", not_asked)
    values, grads, per_point = vectorised.evaluate_columns(resolved, columns, tuple(resolved.variables))
    assert per_point is None
    assert_same_bits(values, want_values)
    assert set(grads) == set(want_grads)
    for name in grads:
        assert_same_bits(grads[name], want_grads[name])


def test_ranges_of_several_sizes_share_one_trace(model):
    resolved = resolve(f"{model}:softplus")
    captured = resolved.bridge.own.__self__
    for size in (3, 50, 128):
        assert captured.vectorised(_columns(resolved, size, seed=size), np.longdouble) is not None
    assert sum(key[1][0][0] == (128,) for key in captured.graphs) == 1
    assert len(captured.graphs) == 1


def test_a_backward_graph_mixing_the_points_keeps_the_general_path(model):
    resolved = resolve(f"{model}:counted")
    columns = _columns(resolved, 9)
    assert resolved.bridge.vectorised(columns, np.longdouble) is None
    values, grads, per_point = vectorised.evaluate_columns(resolved, columns, ("x",))
    assert per_point == vectorised.NOT_ELEMENTWISE
    for i in (0, 4, 8):
        x = float(columns[0][i])
        assert grads["x"][i] == pytest.approx(1 - np.tanh(x) ** 2, rel=1e-12)


def test_a_graph_mixing_the_points_keeps_the_general_path(model):
    resolved = resolve(f"{model}:mean_scaled")
    columns = _columns(resolved, 9)
    assert resolved.bridge.vectorised(columns, np.longdouble) is None
    values, grads, per_point = vectorised.evaluate_columns(resolved, columns, ("x",))
    assert per_point == vectorised.NOT_ELEMENTWISE  # each point on its own, as the function means at a single number
    for i in (0, 4, 8):
        x = float(columns[0][i])
        assert values[i] == pytest.approx(x * x + np.tanh(x), rel=1e-12)


def _closed(fun, size=4):
    return jax.make_jaxpr(fun)(jax.ShapeDtypeStruct((size,), np.float32))


def test_pointwise_reads_every_operation_nested_calls_included():
    assert pointwise(_closed(lambda x: jnp.log(1 + jnp.exp(x)) * 0.5))
    assert pointwise(_closed(lambda x: jax.jit(jnp.tanh)(x) + jnp.where(x > 0, x, 0.0)))
    assert not pointwise(_closed(lambda x: x - jnp.sum(x)))
    assert not pointwise(_closed(lambda x: x * x[0]))
    assert not pointwise(_closed(lambda x: jax.jit(lambda y: y * jnp.max(y))(x)))


def test_a_constant_or_a_broadcast_with_an_entry_per_point_is_not_pointwise():
    assert pointwise(_closed(lambda x: x * np.float32(3.0)))
    assert not pointwise(_closed(lambda x: x * np.linspace(0.0, 1.0, 4, dtype=np.float32)))
    assert not pointwise(_closed(lambda x: jnp.broadcast_to(x[:, None], (4, 4)) * 2.0))
