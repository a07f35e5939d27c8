"""The checker tells a JAX target up front what it will ask (`Target.expect`), so XLA compiles while it works.

A check knows before its first point which points and dtypes it will ask
JAX's numbers for, and a sweep which ranges it will evaluate in one call:
`runner.check` and `sweep` say so once, before asking, and the bridge starts
the XLA compilations of exactly those programs in threads of their own (never
a dtype nobody asks for). Whatever goes wrong ahead is said where the check
asks, as before; no thread outlives the work that needed it; and a sweep's
vectorised call takes parameter trees whole, with the same numbers, bit for
bit, as the check's program gives point by point.
"""

import dataclasses
import threading

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import gradcli
from bitlevel import assert_within_ulps
from gradcli.capture import jax_bridge
from gradcli.checker.targets import resolve
from gradcli.errors import InputError

LOSS = '''\
import jax.numpy as jnp


def loss(x, w):
    return jnp.sum(jnp.log(1 + jnp.exp(x * w)) + 0.5 * w ** 2)


def scaled(t, params):
    return jnp.sum(jnp.log(1 + jnp.exp(t * params["w"])))


def branches(x):
    if x > 0:
        return jnp.exp(x)
    return x
'''
POINTS = [{"x": 1.5, "w": [0.5, -1.0, 2.0]}, {"x": 60.0, "w": [0.5, -1.0, 2.0]}]


def _compiling_threads():
    return [t for t in threading.enumerate() if t.name == "gradcli-xla-compile"]


@pytest.fixture
def model(tmp_path):
    for thread in _compiling_threads():  # another test's compilation is not this one's
        thread.join()
    jax_bridge._EXECUTABLES.clear()
    path = tmp_path / "model.py"
    path.write_text(LOSS)
    yield path
    jax_bridge._EXECUTABLES.clear()


def _told_and_asked(target):
    """``target`` with its `expect` and its bridge's `own` logged, in order, in the list returned beside it."""
    log = []
    captured = target.bridge.own.__self__
    expect, own = target.expect, target.bridge.own

    def expecting(arg_lists, dtypes, **more):
        log.append(("expect", len(arg_lists), [np.dtype(d).name for d in dtypes]))
        return expect(arg_lists, dtypes, **more)

    def owning(args, cotangent):
        started = sorted(np.dtype(k[1][0][1]).name for what, k in captured.compiled if what == "seeded")
        log.append(("own", np.asarray(args[0]).dtype.name, started))
        return own(args, cotangent)

    target.bridge.own = owning
    return dataclasses.replace(target, expect=expecting), log


def test_a_check_tells_the_bridge_its_points_and_dtypes_before_asking_and_both_compile_from_the_start(model):
    target, log = _told_and_asked(resolve(f"{model}:loss"))
    report = gradcli.check(target, POINTS, dtypes=("float32", "float64"), fixes=False)
    assert "error" not in [r.status for r in report.results]
    assert log[0] == ("expect", 2, ["float32", "float64"])
    assert [entry[0] for entry in log[1:]] == ["own"] * (len(log) - 1)  # told once, before the first ask
    assert log[1] == ("own", "float32", ["float32", "float64"])  # float64's compilation under way at the first ask


def test_a_float32_check_starts_no_float64_compilation(model):
    plain = resolve(f"{model}:loss")
    captured = plain.bridge.own.__self__
    target, log = _told_and_asked(plain)
    gradcli.check(target, POINTS, dtypes=("float32",), fixes=False)
    assert log[0] == ("expect", 2, ["float32"])
    assert [np.dtype(key[1][0][1]).name for _, key in captured.compiled] == ["float32"]
    assert len(jax_bridge._EXECUTABLES) == 1
    assert np.dtype(np.float64) in {key[1][0][1] for key in captured.seeds}  # traced for the exact reference


def test_a_tree_argument_is_told_as_the_tree(model):
    target = resolve(f"{model}:scaled")
    told = []
    expect = target.expect
    target = dataclasses.replace(target, expect=lambda arg_lists, dtypes, **more: told.append(arg_lists) or expect(arg_lists, dtypes, **more))
    point = {"t": 2.0, "params": {"w": np.array([0.5, -1.0, 2.0])}}
    report = gradcli.check(target, [point], dtypes=("float32",), fixes=False)
    assert [r.status for r in report.results] == ["ok"]
    [[(t, params)]] = told
    assert t == 2.0 and set(params) == {"w"}
    np.testing.assert_array_equal(params["w"], point["params"]["w"])


def test_an_error_met_ahead_is_said_where_the_check_asks_as_before(model):
    with pytest.raises(InputError) as told:
        gradcli.check(f"{model}:branches", [{"x": 1.0}], dtypes=("float32",), fixes=False)
    untold = resolve(f"{model}:branches")
    with pytest.raises(InputError) as asked:
        gradcli.check(dataclasses.replace(untold, expect=None), [{"x": 1.0}], dtypes=("float32",), fixes=False)
    assert str(told.value) == str(asked.value)
    assert "JAX could not trace" in str(told.value)


def _swept(target):
    return gradcli.sweep(target, {"t": (0.0, 100.0, 33)}, fixed={"params": {"w": np.array([0.5, 1.0])}},
                         dtypes=("float32",), fixes=False).dtypes["float32"]


@pytest.fixture(scope="module")
def vectorised_sweep(tmp_path_factory):
    """One sweep of ``scaled`` with its bridge's vectorised calls logged, read by the two tests below: (its model's
    path, the calls' shapes and tree keys, the float32 sweep, the compilation threads alive once it returned)."""
    for thread in _compiling_threads():  # another test's compilation is not this sweep's
        thread.join()
    jax_bridge._EXECUTABLES.clear()
    path = tmp_path_factory.mktemp("expect") / "model.py"
    path.write_text(LOSS)
    target = resolve(f"{path}:scaled")
    calls = []
    vectorised = target.bridge.vectorised

    def counted(arrays, dtype):
        calls.append((np.shape(arrays[0]), sorted(arrays[1])))
        return vectorised(arrays, dtype)

    target.bridge.vectorised = counted
    swept = _swept(target)
    alive = _compiling_threads()
    yield path, calls, swept, alive
    jax_bridge._EXECUTABLES.clear()


def test_no_compilation_thread_outlives_a_sweep(vectorised_sweep):
    _, _, swept, alive = vectorised_sweep
    assert swept.intervals[0].status == "ok"
    assert alive == []


def test_a_sweep_holding_a_parameter_tree_evaluates_its_range_in_one_vectorised_call(vectorised_sweep):
    model, calls, swept, _ = vectorised_sweep
    assert ((33,), ["w"]) in calls  # the tree, whole, beside the swept number
    assert swept.vectorised
    point_by_point = resolve(f"{model}:scaled")
    point_by_point.bridge.vectorised = None
    alone = _swept(point_by_point)
    assert not alone.vectorised
    got = [(str(i.status), i.kind) for i in swept.intervals]
    assert got == [(str(i.status), i.kind) for i in alone.intervals]
    # Bounds found from the numbers of two XLA programs: the same to the sweep's resolution, not to the bit.
    for mine, theirs in zip(swept.intervals, alone.intervals):
        assert mine.lo == pytest.approx(theirs.lo, rel=1e-6, abs=1e-9)
        assert mine.hi == pytest.approx(theirs.hi, rel=1e-6, abs=1e-9)
    assert [status for status, _ in got] == ["ok", "unstable", "unstable"]  # exp(t) overflows float32 past 88.72
    assert 88.7 < swept.intervals[-1].lo < 88.8


@pytest.mark.bitlevel
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_vectorised_with_a_held_tree_gives_the_per_point_programs_numbers(dtype):
    # Mapped over every leaf, as the per-point program sees it. A product and sums are in the loss, so
    # XLA's code for the batch may round them differently from the point's on another CPU: ulps, not bits.
    def loss(t, params, labels):
        logits = jnp.tanh(t * params["a"] @ params["b"]) + labels
        return jnp.sum(jax.nn.log_softmax(logits)) + jnp.sum(params["a"] ** 2) * t

    rng = np.random.default_rng(5)
    params = {"a": rng.normal(size=(2, 3)).astype(dtype), "b": rng.normal(size=(3, 4)).astype(dtype)}
    labels = np.array([0, 1, 1, 0])
    ts = rng.normal(size=40).astype(dtype) * 3
    bridge = jax_bridge.capture(loss, "loss")
    spread = jax.tree_util.tree_map(lambda leaf: np.broadcast_to(leaf, (len(ts),) + leaf.shape), (params, labels))
    values, (grad_t, grad_params, _) = bridge.vectorised((ts, *spread), dtype)
    assert grad_params["a"].shape == (len(ts), 2, 3)
    for i, t in enumerate(ts):
        value, (one_t, one_params, _) = bridge.own((t, params, labels), np.ones((), dtype))
        assert_within_ulps(values[i], value)
        assert_within_ulps(grad_t[i], one_t)
        for name in ("a", "b"):
            assert_within_ulps(grad_params[name][i], one_params[name])
