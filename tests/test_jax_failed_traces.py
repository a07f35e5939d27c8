"""A JAX trace that fails is traced once per argument layout, and the trace a check asks of a function holding
data is of the user's own arguments.

Every later ask of a failed trace (the gradient of a function with an op JAX
cannot differentiate, at each point of a sweep; the forward graph on a whole
range, of a function that is not elementwise) is handed a copy of the first
error, its message and the user's line as they were, without tracing again or
emptying JAX's caches. The note of XLA's program computing otherwise than its
operations is asked with the held values in place, as the bridge captured the
function."""

import collections

import jax
import mpmath
import pytest

from gradcli import check
from gradcli.capture import jax_bridge
from gradcli.checker.options import CheckOptions
from gradcli.sweep import sweep

USERS = '''\
import jax.numpy as jnp
from jax.scipy import special


def betainc_in_a(a):
    return jnp.sum(special.betainc(a, 2.0, 0.3))


def mismatched(x):
    y = x * jnp.ones(3)
    return jnp.sum(y * jnp.ones(2))


def weighted(x):
    y = jnp.sign(x) * jnp.log1p(255.0 * jnp.abs(x))
    return jnp.sum(y * jnp.array([1.0, -2.0, 0.5]))


def shifted(x, n):
    return jnp.log((1.0 + x) - 1.0) * n
'''


@pytest.fixture
def users(tmp_path):
    path = tmp_path / "traced_once.py"
    path.write_text(USERS)
    return str(path)


@pytest.fixture
def counted(monkeypatch):
    """The bridge's traces of the forward graph (per layout) and of JAX's gradient programs, and JAX's cache clears."""
    counts = {"traced": 0, "cleared": 0, "graphs": collections.Counter()}
    traced, graph, clear = jax_bridge._Captured._traced, jax_bridge._Captured._graph_traced, jax.clear_caches

    def counting_traced(*args, **kwargs):
        counts["traced"] += 1
        return traced(*args, **kwargs)

    def counting_graph(captured, key):
        counts["graphs"][jax_bridge._typed(key)] += 1
        return graph(captured, key)

    def counting_clear():
        counts["cleared"] += 1
        return clear()

    monkeypatch.setattr(jax_bridge._Captured, "_traced", counting_traced)
    monkeypatch.setattr(jax_bridge._Captured, "_graph_traced", counting_graph)
    monkeypatch.setattr(jax, "clear_caches", counting_clear)
    return counts


def test_each_point_is_told_the_op_without_tracing_again(users, counted):
    result = sweep(f"{users}:betainc_in_a", {"a": (0.5, 3.0, 5)}, CheckOptions(dtypes=("float64",), fixes=False))
    swept = result.dtypes["float64"]
    assert [interval.kind for interval in swept.intervals] == ["no derivative"]
    assert sum(interval.points for interval in swept.intervals) == 5
    (interval,) = swept.intervals
    assert interval.op == "jax.scipy.special.betainc"
    assert interval.error.endswith("traced_once.py:6)")
    # one trace of value_and_grad at the one layout the sweep asks for (its forward graph is traced apart), and the
    # one failed trace of it traced again with JAX's caches emptied
    assert counted["traced"] == 1, counted
    assert counted["cleared"] <= 1, counted


def test_a_point_told_from_the_first_trace_still_shows_the_exact_slope(users, counted):
    result = check(f"{users}:betainc_in_a", [{"a": 0.75}, {"a": 1.25}], CheckOptions(dtypes=("float64",)))
    assert counted["traced"] == 1, counted
    for point, a in zip(result.results, ("0.75", "1.25")):
        (finding,) = point.findings
        assert finding.kind == "no-derivative" and finding.location.endswith("traced_once.py:6")
        with mpmath.workdps(30):
            slope = mpmath.diff(lambda v: mpmath.betainc(v, 2, 0, mpmath.mpf("0.3"), regularized=True), mpmath.mpf(a))
        assert point.exact_gradient["a"] == pytest.approx(float(slope), rel=1e-12)


def test_a_graph_that_fails_to_trace_tells_every_point_its_error_and_line(users, counted):
    result = check(f"{users}:mismatched", [{"x": 0.5}, {"x": 1.5}], CheckOptions(dtypes=("float64",), fixes=False))
    errors = [point.error for point in result.results]
    assert errors[0] == errors[1], errors  # the second point's is the first one's copy, the line kept without a traceback
    assert errors[0].startswith("TypeError: mul got incompatible shapes for broadcasting: (3,), (2,).")
    assert errors[0].endswith("traced_once.py:11)")
    assert list(counted["graphs"].values()) == [1], counted


def test_a_sweep_of_a_function_not_elementwise_traces_each_layout_once(users, counted):
    # the sweep hands whole ranges to the forward graph (a range replayed, the core's call on the columns), again
    # and again as it bisects the bands beside the wrong rule at 0: a weighted sum of three is no function of one
    # entry per point, so each of those traces fails, once per layout
    result = sweep(f"{users}:weighted", {"x": (-1.0, 1.0, 5)}, CheckOptions(dtypes=("float32",), fixes=False))
    intervals = result.dtypes["float32"].intervals
    assert [i.status.value for i in intervals if i.lo <= 0.0 <= i.hi] == ["wrong"]
    assert intervals[0].status.value == intervals[-1].status.value == "ok"
    assert len(counted["graphs"]) > 2 and set(counted["graphs"].values()) == {1}, counted


def test_held_data_is_in_place_when_the_compiled_program_is_asked(users):
    # XLA cancels the constants of (1 + x) - 1; the check of a function holding n (data: a Python int) notes it too
    (result,) = check(f"{users}:shifted", [{"x": 1e-100, "n": 2}], CheckOptions(dtypes=("float64",), fixes=False)).results
    assert result.status.value == "ok"
    (note,) = [note for note in result.notes if note.startswith("XLA's compiled program computes otherwise")]
    assert "sub(1.0, 1.0) at " in note and "traced_once.py:20 is 1e-100 in JAX's jitted program" in note
