"""The door's short paths for one argument do exactly what its general path does.

Exactly as far as the ops promise (see ``bitlevel``): elementwise results bit
for bit; a sum of arrays the two paths made in different memory within a few ulps.
"""

from __future__ import annotations

import contextlib

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.autodiff import core, hooks, tracer

from bitlevel import ULPS, assert_same_bits, assert_within_ulps

pytestmark = pytest.mark.bitlevel


@contextlib.contextmanager
def _general_path():
    """A forward hook that only looks: the door then takes its general path for every op."""
    previous, hooks.forward = hooks.forward, lambda prim, args, kwargs, ans: None
    try:
        yield
    finally:
        hooks.forward = previous


def _recorded(op, x):
    """Record ``op`` on a traced ``x``: what the output's node holds, and the value and gradient of sum(op(x))."""
    trace = core.new_reverse_trace()
    root = core.VJPNode.root(x, trace)
    out = op(root)
    node = out if type(out) is core.VJPNode else out._node
    held = (
        node.prim.name,
        node.argnums,
        [p is root for p in node.parents],
        # What the node keeps: the output or not, each argument or a stand-in of its shape and dtype.
        node._value is None,
        [(type(a).__name__, getattr(a, "shape", None), a is x, getattr(a, "strides", None)) for a in node.args],
    )
    value, grad = gradcli.value_and_grad(lambda x: gnp.sum(op(x)))(x)
    return held, value, grad


UNARY = [
    ("exp", gnp.exp),
    ("log1p", gnp.log1p),
    ("tanh", gnp.tanh),
    ("sqrt", gnp.sqrt),
    ("negative", lambda x: -x),
    ("square", gnp.square),
    ("sum", gnp.sum),
    ("mean", gnp.mean),
    ("sin", gnp.sin),
    ("abs", gnp.abs),
]


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
@pytest.mark.parametrize("name, op", UNARY, ids=[n for n, _ in UNARY])
def test_one_array_ops_record_what_the_general_path_records(name, op, dtype):
    _check_short_path_against_general(op, dtype)


def _check_short_path_against_general(op, dtype):
    x = np.linspace(0.1, 2.0, 7).astype(dtype)
    fast = _recorded(op, x)
    with _general_path():
        general = _recorded(op, x)
    assert fast[0] == general[0]
    assert type(fast[1]) is type(general[1])
    assert_within_ulps(fast[1], general[1])  # sum(op(x)): op's output lives elsewhere on each path
    assert fast[2].dtype == general[2].dtype == dtype
    assert_same_bits(fast[2], general[2])  # every rule here is elementwise (sum's and mean's broadcast g)


def _short_path_off_by(ulps, monkeypatch):
    # Test the tester: the one-array short path (the one path without a forward hook) records a value ``ulps`` off.
    record = tracer._record

    def off(trace, prim, ans, *rest):
        if hooks.forward is None:
            ans = ans * (1 + ulps * np.finfo(ans.dtype).eps)
        return record(trace, prim, ans, *rest)

    monkeypatch.setattr(tracer, "_record", off)


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_the_check_fails_when_the_short_path_is_one_ulp_off(dtype, monkeypatch):
    _short_path_off_by(1, monkeypatch)
    with pytest.raises(AssertionError, match="not equal"):
        _check_short_path_against_general(gnp.exp, dtype)  # exp's gradient is its value


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_the_check_fails_when_a_short_path_sum_is_off_beyond_its_bound(dtype, monkeypatch):
    _short_path_off_by(3 * ULPS, monkeypatch)
    with pytest.raises(AssertionError, match="Not equal to tolerance"):
        _check_short_path_against_general(gnp.sum, dtype)


def test_the_short_path_also_runs_under_an_outer_trace():
    # grad(grad(...)) of an array op: the inner trace's boxes hold the outer trace's boxes as values.
    def f(t):
        return gnp.sum(gnp.exp(t * np.linspace(0.0, 1.0, 5)))

    second = gradcli.grad(gradcli.grad(f))(0.3)
    want = float(np.sum(np.linspace(0.0, 1.0, 5) ** 2 * np.exp(0.3 * np.linspace(0.0, 1.0, 5))))
    assert second == pytest.approx(want, rel=1e-14)


def test_a_power_override_applies_to_x_squared():
    # `x ** 2` is the power op, whatever shortcut NumPy would take: an override of power's gradient must reach it.
    x = np.array([0.5, 3.0])
    with gradcli.gradient_override({"power": lambda g, ans, x, y: (g * 0 + 7.0, None)}):
        got = gradcli.grad(lambda x: gnp.sum(x**2))(x)
    np.testing.assert_array_equal(got, [7.0, 7.0])


def test_a_primitive_that_evaluates_otherwise_is_not_bypassed():
    from gradcli.autodiff.tracer import Primitive

    calls = []

    class Logged(Primitive):
        def evaluate(self, args, kwargs):
            calls.append(self.name)
            return super().evaluate(args, kwargs)

    logged_exp = Logged(np.exp, "logged_exp").door
    core.defvjp(logged_exp, lambda g, ans, x: g * ans)
    x = np.array([0.5, 1.0])
    got = gradcli.grad(lambda x: gnp.sum(logged_exp(x)))(x)
    np.testing.assert_array_equal(got, np.exp(x))
    assert calls == ["logged_exp"]


def test_the_same_source_twice_gets_its_gradient_twice():
    trace = core.new_reverse_trace()
    root = core.VJPNode.root(np.array([1.0, 2.0]), trace)
    out = gnp.sum(root * root)
    first, second = core.backward_pass(np.float64(1.0), out, (root, root))
    np.testing.assert_array_equal(first, [2.0, 4.0])
    assert second is first


def test_every_kind_of_box_is_known_to_the_door():
    # The door asks `type(x) in BOX_TYPES` for isinstance(x, Box): a box type missing there would pass as a constant.
    from gradcli.autodiff.values import BOX_TYPES, Box

    def subclasses(cls):
        for sub in cls.__subclasses__():
            yield sub
            yield from subclasses(sub)

    found = set(subclasses(Box))
    assert {core.VJPNode, core.VJPBox, core.JVPBox} <= found
    assert found | {Box} <= BOX_TYPES

    class LaterBox(Box):
        __slots__ = ()

    assert LaterBox in BOX_TYPES


UNTRACED = [np.float64(0.7), np.float32(-1.25), np.array([0.5, -2.0, 3.0]), np.array(0.25)]


@pytest.mark.parametrize("x", UNTRACED, ids=lambda x: f"{type(x).__name__}-{getattr(x, 'ndim', '')}")
@pytest.mark.parametrize("name", ["exp", "sin", "negative", "sum", "square"])
def test_untraced_one_value_calls_answer_as_numpy_does(name, x):
    want = getattr(np, name)(x)
    seen = []
    got = getattr(gnp, name)(x)
    previous, hooks.forward = hooks.forward, lambda prim, args, kwargs, ans: seen.append(prim.name)
    try:
        hooked = getattr(gnp, name)(x)  # the general path, which fires the hook
    finally:
        hooks.forward = previous
    for answer in (got, hooked):
        assert type(answer) is type(want)
        assert_same_bits(answer, want)  # even sum: one kernel on the very same input buffer
    assert seen == [name]
