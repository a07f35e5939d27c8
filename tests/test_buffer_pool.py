"""The buffer pool reuses only arrays nobody holds, stays within its bound, and costs no peak memory.

The pool (`gradcli.autodiff.buffers`) keeps large arrays the core has
finished with, for the next op that makes one like them. Reusing an array
anybody still holds would silently change it: these tests keep every kind of
array a user can hold (inputs, gradients, values, a function's own
intermediates, views of them) across repeated calls and check that none
changes, and that the check itself fails when the pool ignores who holds an
array. A pooled array lives elsewhere in memory than a new one: the pooled
results are those without the pool as far as the ops promise (see
``bitlevel``), the objective's elementwise gradient bit for bit, its sum
within a few ulps.
"""

from __future__ import annotations

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.autodiff import buffers, ops_rules
from gradcli.autodiff.values import raw

from bitlevel import assert_same_bits, assert_within_ulps

N = 1 << 15  # 256 KiB of float64: above buffers.LARGE_BYTES


@pytest.fixture(autouse=True)
def empty_pool():
    buffers.release()
    yield
    buffers.release()


def _objective(np_, x):
    return np_.sum(np_.tanh(x) * np_.exp(-(x**2)) + np_.log1p(x**2))


def _calls_keeping_everything(rounds):
    """Repeated value+grad calls, keeping each call's gradient, intermediates and a view; all with their copies."""
    kept = []
    for k in range(rounds):
        x = np.random.default_rng(k).standard_normal(N)
        held = []

        def f(x):
            t = gnp.tanh(x)
            e = gnp.exp(-(x**2))
            held.extend([t, e, (t * e)[::2]])  # boxes of intermediates, one a view
            return gnp.sum(t * e + gnp.log1p(x**2))

        value, grad = gradcli.value_and_grad(f)(x)
        arrays = [x, grad] + [raw(h) for h in held]
        kept.append([(a, a.copy()) for a in arrays])
    return kept


def _changed(kept):
    return [i for i, call in enumerate(kept) for a, copy in call if not np.array_equal(a, copy)]


def test_arrays_anybody_holds_are_never_reused():
    kept = _calls_keeping_everything(6)
    assert buffers.held_bytes() > 0  # the pool was in use
    assert _changed(kept) == []


def test_the_check_fails_when_the_pool_ignores_who_holds_an_array(monkeypatch):
    # Test the tester: a pool taking every array it is offered breaks the held ones.
    def pop_counted_blindly(dying):
        return dying.pop(), buffers._ALONE

    monkeypatch.setattr(buffers, "_pop_counted", pop_counted_blindly)
    assert _changed(_calls_keeping_everything(6)) != []


def _agree_as_promised(calls, alone):
    """Each (value, gradient) of ``calls`` is that of ``alone`` as the ops promise."""
    for (value, grad), (want_value, want_grad) in zip(calls, alone, strict=True):
        assert_within_ulps(value, want_value)  # a sum of arrays that may live elsewhere
        assert_same_bits(grad, want_grad)  # elementwise all the way


def _pooled_and_unpooled(monkeypatch):
    """Three value+grad calls with the pool in use, and one without it."""
    x = np.random.default_rng(0).standard_normal(N)
    value_and_grad = gradcli.value_and_grad(lambda x: _objective(gnp, x))
    pooled = [value_and_grad(x) for _ in range(3)]
    assert buffers.held_bytes() > 0
    monkeypatch.setattr(buffers, "LIMIT_BYTES", 0)
    buffers.release()
    unpooled = value_and_grad(x)
    assert buffers.held_bytes() == 0
    return pooled, [unpooled] * 3


@pytest.mark.bitlevel
def test_repeated_calls_answer_as_without_the_pool(monkeypatch):
    _agree_as_promised(*_pooled_and_unpooled(monkeypatch))


def _one_ulp_off_when_pooled(monkeypatch):
    # A rule's temporary made in a pooled array comes out one ulp too large.
    made = ops_rules._made
    monkeypatch.setattr(ops_rules, "_made", lambda ufunc, *args: np.nextafter(made(ufunc, *args), np.inf))


def test_the_check_fails_when_a_pooled_result_is_one_ulp_off(monkeypatch):
    _one_ulp_off_when_pooled(monkeypatch)
    with pytest.raises(AssertionError, match="not equal"):
        _agree_as_promised(*_pooled_and_unpooled(monkeypatch))


def test_the_pool_holds_at_most_its_limit_and_nothing_small(monkeypatch):
    monkeypatch.setattr(buffers, "LIMIT_BYTES", 3 * N * 8)
    value_and_grad = gradcli.value_and_grad(lambda x: _objective(gnp, x))
    value_and_grad(np.random.default_rng(0).standard_normal(N))
    assert 0 < buffers.held_bytes() <= 3 * N * 8
    buffers.release()
    assert buffers.held_bytes() == 0
    value_and_grad(np.random.default_rng(0).standard_normal(1000))  # 8 KB arrays
    assert buffers.held_bytes() == 0
    monkeypatch.setattr(buffers, "LIMIT_BYTES", N * 8 - 1)  # every array is larger
    value_and_grad(np.random.default_rng(0).standard_normal(N))
    assert buffers.held_bytes() == 0


def test_the_pool_follows_the_shapes_in_use(monkeypatch):
    monkeypatch.setattr(buffers, "LIMIT_BYTES", 4 * N * 8)
    value_and_grad = gradcli.value_and_grad(lambda x: _objective(gnp, x))
    value_and_grad(np.random.default_rng(0).standard_normal(N))
    value_and_grad(np.random.default_rng(0).standard_normal(N + 8))
    assert [shape for shape, _ in buffers.pool] == [(N + 8,)]


def test_arrays_of_other_dtypes_and_shapes_are_made_as_numpy_makes_them():
    x = np.random.default_rng(1).standard_normal(N)
    gradcli.value_and_grad(lambda x: _objective(gnp, x))(x)  # fills the pool with float64 arrays
    x32 = x.astype(np.float32)
    value, grad = gradcli.value_and_grad(lambda x: _objective(gnp, x))(x32)
    assert grad.dtype == np.float32
    assert value.dtype == np.float32
    assert gnp.less(x, 0.0).dtype == bool  # a ufunc whose output is not float
    column = gnp.exp(x[:, None] + x[:4])  # broadcast: no pool array has this shape
    square = np.ones((512, 512))
    assert gnp.matmul(square, square)[0, 0] == 512.0  # a gufunc: its output shape is its own
    assert column.shape == (N, 4)


PEAK_PROGRAM = """
import json, sys, tracemalloc
import numpy as np
import gradcli
import gradcli.numpy as gnp
from gradcli.autodiff import buffers


def objective(np_, x):
    return np_.sum(np_.tanh(x) * np_.exp(-(x**2)) + np_.log1p(x**2))


x = np.random.default_rng(0).standard_normal(1 << 20)  # 8 MiB
value_and_grad = gradcli.value_and_grad(lambda x: objective(gnp, x))
value_and_grad(x[:4])
tracemalloc.start()
start = tracemalloc.get_traced_memory()[0]
objective(np, x)
forward = tracemalloc.get_traced_memory()[1] - start
peaks = []
for _ in range(3):
    tracemalloc.reset_peak()
    value_and_grad(x)
    peaks.append(tracemalloc.get_traced_memory()[1] - start)
tracemalloc.stop()
json.dump({"forward": forward, "peaks": peaks, "held": buffers.held_bytes()}, sys.stdout)
"""


def test_the_pool_costs_no_peak_memory():
    # tracemalloc counts NumPy's allocations: exact, not timed. Started before the calls, it sees what the pool holds
    # as well as what a call makes. Measured in an interpreter of its own: in a test worker, what earlier files left
    # (another thread's allocations, state held for their checks) counts too, and has once added an 8 MiB array.
    import json
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", PEAK_PROGRAM], capture_output=True, text=True, check=True).stdout
    measured = json.loads(out)
    assert measured["held"] > 0
    # 2.0x without the pool (see test_inplace_safety); the pool adds nothing to it.
    assert max(measured["peaks"]) <= 2.05 * measured["forward"], measured


def _in_threads_and_alone():
    """The answers of calls in several threads at once, which take arrays from and give them to one pool, and alone."""
    from concurrent.futures import ThreadPoolExecutor

    value_and_grad = gradcli.value_and_grad(lambda x: _objective(gnp, x))
    inputs = [np.random.default_rng(k).standard_normal(N) for k in range(8)]
    with buffers.set_aside():
        alone = [value_and_grad(x) for x in inputs]
    with ThreadPoolExecutor(4) as pool:
        together = list(pool.map(value_and_grad, inputs * 5))
    assert buffers.held_bytes() > 0
    return together, alone * 5


@pytest.mark.bitlevel
def test_threads_sharing_the_pool_get_their_own_answers():
    _agree_as_promised(*_in_threads_and_alone())


def test_the_threads_check_fails_when_a_pooled_result_is_one_ulp_off(monkeypatch):
    _one_ulp_off_when_pooled(monkeypatch)
    with pytest.raises(AssertionError, match="not equal"):
        _agree_as_promised(*_in_threads_and_alone())
