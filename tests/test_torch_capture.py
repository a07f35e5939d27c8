"""What the PyTorch capture saves, held to what it would give without the saving, bit for bit.

A graph of elementwise ops traced on numbers serves a longdouble sweep range entry by entry; a
fused ``softplus_backward`` replays as PyTorch's decomposition of it; longdouble
replays the float64 graph; and forward mode on jets follows softplus's
threshold as balls do, so the exact gradient comes from jets.
"""

import flint
import mpmath
import numpy as np
import pytest
import torch
import torch.nn.functional as F

from bitlevel import assert_same_bits
from gradcli.autodiff import arb as arb_core
from gradcli.capture import torch_graph
from gradcli.capture.torch_bridge import _Captured
from gradcli.checker import balls, exact_python, targets

RNG = np.random.default_rng(29)


def scalar(x):
    return torch.log(1 + torch.exp(x)) * torch.tanh(x) + F.softplus(x * 3.0)


def two(x, y):
    return torch.where(x > y, torch.sigmoid(x) * y, torch.sqrt(x * x + y * y))


def reduced(x):
    return (F.softplus(x) * torch.tanh(x)).sum()


def _points(dtype, n=64):
    # ordinary points, and beyond exp's overflow in float32 (where the replay must meet PyTorch's NaN and inf)
    return np.concatenate([RNG.normal(scale=3.0, size=n // 2), RNG.uniform(-120.0, 120.0, size=n // 2)]).astype(dtype)


@pytest.mark.parametrize("function", [scalar, two])  # both elementwise: where, comparisons, sqrt, sigmoid, softplus
def test_a_longdouble_range_replays_the_number_graph_as_the_ranges_own_trace(function):
    arity = function.__code__.co_argcount
    arrays = [_points(np.longdouble) for _ in range(arity)]
    shared = _Captured(function, "f")
    own = _Captured(function, "f")  # traced on the range itself
    with np.errstate(all="ignore"):
        values, grads = shared.vectorised(arrays, np.longdouble)  # each entry a point: the number's graph
        want = own.forward(*arrays), own.backward(tuple(arrays), np.ones(len(arrays[0]), dtype=np.longdouble))
    assert {part[1] for _, parts in shared.graphs for part in parts} == {()}  # the range had no trace of its own
    assert_same_bits(values, want[0])
    for g, w in zip(grads, want[1]):
        assert_same_bits(g, w)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_a_graph_traced_on_numbers_does_not_serve_arrays(dtype):
    captured = _Captured(scalar, "f")
    captured.forward(dtype(0.5))
    assert next(iter(captured.graphs.values())).elementwise
    captured.forward(np.ones(3, dtype=dtype))  # the user's Python may read the shape: a trace of its own
    assert len({id(g) for g in captured.graphs.values()}) == 2


def test_a_graph_with_a_reduction_is_traced_again_for_arrays():
    captured = _Captured(reduced, "f")
    captured.forward(np.float64(1.0))
    assert not next(iter(captured.graphs.values())).elementwise
    captured.forward(np.ones(3))
    assert len({id(g) for g in captured.graphs.values()}) == 2


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64])
def test_softplus_backward_replays_as_pytorchs_decomposition(dtype, monkeypatch):
    def loss(x):
        return (F.softplus(x, beta=2.0, threshold=15.0) + F.softplus(x)).sum()

    x = _points(dtype)
    cotangent = np.asarray(RNG.normal(), dtype=dtype)
    fused = _Captured(loss, "f")
    with np.errstate(all="ignore"):
        got = fused.backward((x,), cotangent)
    assert "softplus_backward" in [s.op for s in next(iter(fused.graphs.values())).steps]
    # the same graph with softplus_backward decomposed by PyTorch, as it is without its own replay
    table = dict(torch_graph._TABLE)
    del table["softplus_backward"]
    monkeypatch.setattr(torch_graph, "_TABLE", table)
    monkeypatch.setattr(torch_graph, "_DECOMPOSITIONS", None)
    decomposed = _Captured(loss, "f")
    with np.errstate(all="ignore"):
        want = decomposed.backward((x,), cotangent)
    assert "softplus_backward" not in [s.op for s in next(iter(decomposed.graphs.values())).steps]
    assert_same_bits(got[0], want[0])


def test_longdouble_replays_the_float64_graph_at_its_own_precision():
    captured = _Captured(scalar, "f")
    x = np.linspace(-3.0, 30.0, 7).astype(np.longdouble)
    value = captured.forward(x)
    (gradient,) = captured.backward((x,), np.ones_like(x))
    assert value.dtype == np.longdouble and gradient.dtype == np.longdouble

    def f(t):
        return mpmath.log(1 + mpmath.exp(t)) * mpmath.tanh(t) + (3 * t if 3 * t > 20 else mpmath.log(1 + mpmath.exp(3 * t)))

    with mpmath.workdps(40):
        for xi, v, g in zip(x, value, gradient):
            t = mpmath.mpf(float(xi))
            for got, want in ((v, f(t)), (g, mpmath.diff(f, t))):
                # closer than float64 can be: nothing on the way was rounded to float64
                assert abs(got - np.longdouble(mpmath.nstr(want, 30))) <= 1e-17 * abs(np.longdouble(mpmath.nstr(want, 30)))


@pytest.mark.parametrize("x", [np.linspace(-3.0, 3.0, 8), np.linspace(-50.0, 50.0, 8)])
def test_jets_follow_softplus_threshold_as_balls_do(x):
    target = targets.resolve(reduced, framework="torch")
    args = [x]
    target.mp_function(x)  # the float64 graph, which balls and jets replay
    arb_core.enable()
    saved = flint.ctx.prec, mpmath.mp.prec
    try:
        exact_python._precision(128)
        path = exact_python._branches_at(target.mp_function, args)
        found = exact_python._on_jets(exact_python._on_one_path(target.mp_function, path), args, 128, balls.Budget(30))
    finally:
        flint.ctx.prec, mpmath.mp.prec = saved
    assert found is not None
    entries, _ = found
    with mpmath.workdps(40):
        for xi, d in zip(x, entries):
            t = mpmath.mpf(float(xi))
            softplus = t if t > 20 else mpmath.log1p(mpmath.exp(t))
            dsoftplus = 1 if t > 20 else 1 / (1 + mpmath.exp(-t))
            want = dsoftplus * mpmath.tanh(t) + softplus / mpmath.cosh(t) ** 2
            assert abs(mpmath.mpf(d) - want) <= 1e-30 * max(1, abs(want))


def test_a_check_in_two_dtypes_traces_a_dtype_free_graph_once(monkeypatch):
    import gradcli
    from gradcli.capture import torch_bridge

    traced = []

    def counting(fun, examples, counts=None, noted=None):
        traced.append([e.dtype for e in examples])
        return torch_graph.trace(fun, examples, counts, noted)

    monkeypatch.setattr(torch_bridge, "trace", counting)
    torch_bridge._CAPTURED.clear()
    point = {"x": np.linspace(-3.0, 3.0, 4)}
    report = gradcli.check(reduced, [point], framework="torch", dtypes=("float32", "float64"))
    assert [r.status for r in report.results] == ["ok", "ok"]
    assert len(traced) == 1  # no op of softplus(x) tanh(x) names a dtype: float32 replays the float64 graph
    assert _Captured(reduced, "f")._trace((point["x"],), [point["x"]]).dtype_free


class _WrongSoftplus(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return torch.log1p(torch.exp(x))

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return grad / (1 + torch.exp(x))  # sigmoid(-x): the slope's mirror image


def test_a_wrong_rules_check_traces_its_function_once(monkeypatch):
    # The blame of the rule asks for the graph of the point's arguments as a list, the check as a tuple: the call
    # unpacks either, so both are one layout.
    import gradcli
    from gradcli.capture import torch_bridge

    traced = []

    def counting(fun, examples, counts=None, noted=None):
        traced.append([e.dtype for e in examples])
        return torch_graph.trace(fun, examples, counts, noted)

    monkeypatch.setattr(torch_bridge, "trace", counting)
    [result] = gradcli.check(lambda x: _WrongSoftplus.apply(x), [{"x": 1.0}], framework="torch",
                             dtypes=("float64",)).results
    assert result.status == "wrong"
    assert [f.op for f in result.findings if f.kind == "wrong-rule"] == ["gradient rule backward() of _WrongSoftplus"]
    assert len(traced) == 2  # the function once, and its rule's one call judged alone (`rule_calls`), once
