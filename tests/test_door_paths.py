"""Every elementwise op answers alike through the door's fast path (numbers), its slow path (arrays) and a trace.

Alike as far as the kernels promise: Python's math and NumPy's SIMD loops
each round a transcendental function their own way (a few ulps apart), while
one path taken twice, traced or not, gives the same bits.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest

from gradcli.autodiff import ops
from gradcli.autodiff.catalog import catalogue
from gradcli.autodiff.core import VJPNode, new_reverse_trace
from gradcli.autodiff.tracer import primitive_of
from gradcli.autodiff.values import dtype_of, raw
import gradcli.numpy as gnp
from each_case import failing_cases

pytestmark = pytest.mark.bitlevel

# Ordinary points, and ones where an op overflows, divides by zero or leaves its domain.
POINTS = [0.5, -1.5, 0.0, 1.0, 2.0, -2.0, 800.0, 1e308, float("inf"), float("nan")]
PAIRS = [(0.5, 0.25), (2.0, 3.0), (-1.5, 0.5), (1.0, 0.0), (0.0, 0.0), (-8.0, 1 / 3), (1e308, 10.0), (0.0, -1.0)]
TRIPLES = [(0.5, 0.25, 0.75), (2.0, -1.0, 1.0), (-3.0, -1.0, 1.0), (float("nan"), 0.0, 1.0)]

ARITY = {
    row.name: int(row.arity)
    for row in catalogue()
    if row.kind in ("elementwise", "comparison") and not row.note.startswith("alias")
}
ELEMENTWISE = sorted(ARITY)


def _points(name, arity):
    if name == "polygamma":
        return [(n, x) for n in (0.0, 1.0) for x in POINTS]
    if name == "where":
        return [(c, x, y) for c in (True, False) for x, y in PAIRS]
    return {1: [(x,) for x in POINTS], 2: PAIRS, 3: TRIPLES}[arity]


def _answer(op, args):
    """(value, dtype, kinds of RuntimeWarning) of ``op(*args)``; kinds like "overflow", "divide by zero"."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with np.errstate(all="warn"):
            out = raw(op(*args))
    kinds = {str(w.message).split(" encountered")[0] for w in caught if issubclass(w.category, RuntimeWarning)}
    return out, dtype_of(out), kinds


def _traced(op, args):
    """``op`` on every float argument boxed on a reverse trace (the traced door)."""

    def call(*values):
        trace = new_reverse_trace()
        boxed = [VJPNode.root(v, trace) if not isinstance(v, bool) else v for v in values]
        return op(*boxed)

    return call


def _same(got, want, ulps=0):
    """Equal values (NaN where NaN), or within ``ulps`` units in the last place: math's libm and
    NumPy's loops may round a transcendental function differently."""
    got, want = np.asarray(got), np.asarray(want)
    assert got.shape == want.shape
    if ulps and got.dtype.kind in "fc" and np.all(np.isfinite(want)):
        np.testing.assert_allclose(got, want, rtol=ulps * np.finfo(want.dtype).eps, atol=0)
    else:
        np.testing.assert_array_equal(got, want)


def _check_alike(op, scalars, arrays, squeeze):
    fast = _answer(op, scalars)
    slow = _answer(op, arrays)
    traced = _answer(_traced(op, scalars), scalars)
    slow_value = slow[0].reshape(()) if squeeze else slow[0]
    _same(fast[0], slow_value, ulps=4)
    _same(traced[0], fast[0])
    assert fast[1] == slow[1] == traced[1]
    return fast[2], slow[2], traced[2]


def _python_floats_alike(name, args):
    op = getattr(gnp, name)
    floats = tuple(a if isinstance(a, bool) else float(a) for a in args)
    zero_d = tuple(np.asarray(a) if not isinstance(a, bool) else a for a in floats)
    fast, _, traced = _check_alike(op, floats, zero_d, squeeze=False)
    assert fast == traced
    if primitive_of(op).scalar is not None:
        # math raises where NumPy warns; the door answers IEEE's inf or nan quietly, as Python would.
        assert fast == set()


def _numpy_scalars_alike(dtype):
    def check(name, args):
        op = getattr(gnp, name)
        with np.errstate(over="ignore"):  # 1e308 becomes float32's inf
            scalars = tuple(a if isinstance(a, bool) else dtype(a) for a in args)
            one_element = tuple(a if isinstance(a, bool) else np.full(1, a, dtype) for a in args)
        fast, slow, traced = _check_alike(op, scalars, one_element, squeeze=True)
        assert fast == slow == traced

    return check


# One test per op, its points in a loop: a failure lists every point of the op that disagrees, and why.
@pytest.mark.parametrize("name", ELEMENTWISE)
def test_python_floats_take_the_fast_path_to_the_arrays_answer(name):
    assert failing_cases(_python_floats_alike, [(name, args) for args in _points(name, ARITY[name])]) == {}


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
@pytest.mark.parametrize("name", ELEMENTWISE)
def test_numpy_scalars_answer_as_arrays_do_warnings_and_all(name, dtype):
    assert failing_cases(_numpy_scalars_alike(dtype), [(name, args) for args in _points(name, ARITY[name])]) == {}


def test_the_fast_path_is_taken_by_python_numbers_only():
    # Python floats come back as Python floats (computed by math), NumPy scalars as NumPy scalars.
    assert type(ops.exp(1.0)) is float
    assert type(ops.exp(np.float64(1.0))) is np.float64
    assert type(ops.add(np.float32(1.0), np.float32(2.0))) is np.float32
    assert {"add", "exp", "where", "greater"} <= set(ELEMENTWISE)  # the catalogue lists elementwise ops
