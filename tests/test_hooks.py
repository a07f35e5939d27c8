"""The forward and backward hooks: plain callables, off by default, one call per op.

The checker uses them to find the first op that produces a NaN or an Inf; the
last tests do exactly that on log(1 + exp(x)), which overflows in float32.
Every test restores both hooks to None, whatever happens.
"""

import math

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.autodiff import defvjp, hooks, primitive


@pytest.fixture
def recorded():
    """Install recording hooks; always put None back."""
    log = {"forward": [], "backward": []}

    def forward(prim, args, kwargs, ans):
        log["forward"].append((prim.name, args, kwargs, ans))

    def backward(node, g, cotangents):
        log["backward"].append((node.name, g, tuple(cotangents)))

    assert hooks.forward is None and hooks.backward is None
    hooks.forward = forward
    hooks.backward = backward
    try:
        yield log
    finally:
        hooks.forward = None
        hooks.backward = None


def forward_names(log):
    return [name for name, *_ in log["forward"]]


def backward_names(log):
    return [name for name, *_ in log["backward"]]


def test_hooks_are_off_by_default():
    assert hooks.forward is None
    assert hooks.backward is None


def test_plain_functions_assigned_as_hooks_observe_the_ops():
    forward, backward = [], []
    hooks.forward = lambda prim, args, kwargs, ans: forward.append((prim.name, ans))
    hooks.backward = lambda node, g, cotangents: backward.append((node.name, g, *cotangents))
    try:
        gradient = gradcli.grad(lambda x: gnp.log(gnp.exp(x) * 2.0))(0.5)
    finally:
        hooks.forward = None
        hooks.backward = None
    e = math.exp(0.5)
    # Each op's result going forward; coming back, each op's upstream gradient and what it passes on.
    assert [name for name, _ in forward[:3]] == ["exp", "multiply", "log"]
    assert [ans for _, ans in forward[:3]] == pytest.approx([e, 2 * e, math.log(2 * e)], rel=1e-15)
    assert [name for name, *_ in backward] == ["log", "multiply", "exp"]
    assert [values for _, *values in backward] == [
        pytest.approx([1.0, 1 / (2 * e)], rel=1e-15),
        pytest.approx([1 / (2 * e), 1 / e], rel=1e-15),
        pytest.approx([1 / e, 1.0], rel=1e-15),
    ]
    assert gradient == pytest.approx(1.0, rel=1e-15)
    observed = len(forward)
    gnp.exp(1.0)  # unassigned again, the hooks see nothing more
    assert len(forward) == observed


def test_forward_hook_sees_every_plain_evaluation(recorded):
    x = np.array([0.5, 1.0])
    # Plain arrays: only gradcli.numpy calls are primitives (ndarray operators are NumPy's).
    out = gnp.sum(gnp.add(gnp.multiply(gnp.sin(x), x), gnp.exp(x)))
    assert forward_names(recorded) == ["sin", "multiply", "exp", "add", "sum"]
    assert recorded["backward"] == []
    # The hook gets the raw arguments and the raw result.
    name, args, kwargs, ans = recorded["forward"][0]
    np.testing.assert_array_equal(args[0], x)
    np.testing.assert_array_equal(ans, np.sin(x))
    assert kwargs == {}
    assert recorded["forward"][-1][3] == out


def test_forward_hook_sees_python_float_evaluations(recorded):
    gnp.exp(gnp.sin(0.5))
    assert forward_names(recorded) == ["sin", "exp"]
    assert recorded["forward"][1][3] == pytest.approx(math.exp(math.sin(0.5)))


def test_forward_hook_gets_kwargs(recorded):
    gnp.sum(np.ones((2, 3)), axis=1)
    (name, args, kwargs, ans), = recorded["forward"]
    assert name == "sum"
    assert kwargs.get("axis") == 1 or (len(args) > 1 and args[1] == 1)
    np.testing.assert_array_equal(ans, [3.0, 3.0])


def test_forward_hook_fires_once_per_op_while_differentiating(recorded):
    def f(x):
        return gnp.sin(x) * x + gnp.exp(x)

    gradcli.grad(f)(0.3)
    # The forward pass comes first, each op once (the raw evaluation, not once per box level);
    # the backward pass may evaluate more primitives after that.
    assert forward_names(recorded)[:4] == ["sin", "multiply", "exp", "add"]
    values = [ans for _, _, _, ans in recorded["forward"][:4]]
    assert all(not hasattr(v, "_value") for v in values), "the hook must see raw values"
    assert values[3] == pytest.approx(math.sin(0.3) * 0.3 + math.exp(0.3))


def test_forward_hook_fires_once_per_op_at_second_order(recorded):
    square = primitive(lambda x: x * x, name="test_hook_square")
    defvjp(square, lambda g, ans, x: g * 2.0 * x)  # its rule does not call square again
    assert gradcli.grad(gradcli.grad(square))(0.3) == 2.0
    # Two levels of tracing, still one raw evaluation of the op.
    assert forward_names(recorded)[0] == "test_hook_square"
    assert forward_names(recorded).count("test_hook_square") == 1


def test_backward_hook_sees_every_vjp_of_the_diamond(recorded):
    assert gradcli.grad(lambda x: x * x + x)(3.0) == 7.0
    # One call per recorded op, none for the input itself.
    assert backward_names(recorded) == ["add", "multiply"]
    add_name, add_g, add_cts = recorded["backward"][0]
    assert add_g == 1.0
    assert list(add_cts) == [1.0, 1.0]
    mul_name, mul_g, mul_cts = recorded["backward"][1]
    assert mul_g == 1.0
    assert list(mul_cts) == [3.0, 3.0]


def test_backward_hook_on_a_chain(recorded):
    gradcli.grad(lambda x: gnp.exp(gnp.sin(gnp.tanh(x))))(0.2)
    assert backward_names(recorded) == ["exp", "sin", "tanh"]


def test_backward_hook_on_vjp_and_tape(recorded):
    _, pullback = gradcli.vjp(lambda x: gnp.log(x), 2.0)
    assert recorded["backward"] == []  # nothing runs backward until the pullback does
    assert pullback(1.0) == (0.5,)
    assert backward_names(recorded) == ["log"]
    with gradcli.GradientTape() as t:
        x = t.watch(2.0)
        y = gnp.sqrt(x)
    t.gradient(y, x)
    assert backward_names(recorded) == ["log", "sqrt"]


def test_hooks_off_again_after_use():
    calls = []
    hooks.forward = lambda *a: calls.append(a)
    try:
        gnp.exp(1.0)
    finally:
        hooks.forward = None
    n = len(calls)
    assert n == 1
    gnp.exp(1.0)
    gradcli.grad(gnp.exp)(1.0)
    assert len(calls) == n


def test_exception_in_hook_propagates_and_can_be_cleared():
    def bad(*args):
        raise RuntimeError("hook failed")

    hooks.forward = bad
    try:
        with pytest.raises(RuntimeError, match="hook failed"):
            gnp.exp(1.0)
    finally:
        hooks.forward = None
    assert gnp.exp(0.0) == 1.0


# -- finding the first NaN/Inf with the hooks ------------------------------------------


def _is_finite(value):
    return bool(np.all(np.isfinite(np.asarray(value, dtype=np.float64))))


def _first_non_finite(x):
    """Run grad(log(1 + exp(x))) with hooks that note the first op producing NaN/Inf."""
    first = {"forward": None, "backward": None}

    def forward(prim, args, kwargs, ans):
        if first["forward"] is None and not _is_finite(ans):
            first["forward"] = prim.name

    def backward(node, g, cotangents):
        # The culprit is a node that received a finite cotangent and passed on a NaN.
        bad = any(ct is not None and not _is_finite(ct) for ct in cotangents)
        if first["backward"] is None and _is_finite(g) and bad:
            first["backward"] = node.name

    hooks.forward = forward
    hooks.backward = backward
    try:
        with np.errstate(all="ignore"):
            value, g = gradcli.value_and_grad(lambda x: gnp.log(1 + gnp.exp(x)))(x)
    finally:
        hooks.forward = None
        hooks.backward = None
    return first, value, g


@pytest.mark.parametrize("x", [np.float32(100), np.float64(1000.0), 1000.0], ids=["float32", "float64", "float"])
def test_hooks_find_the_op_that_overflows(x):
    first, value, g = _first_non_finite(x)
    assert first["forward"] == "exp"
    assert math.isinf(value)
    # log'(inf) = 0 and 0 * exp(x) = 0 * inf = NaN: the NaN appears at exp's VJP.
    assert math.isnan(g)
    assert first["backward"] == "exp"


def test_hooks_find_nothing_when_finite():
    first, value, g = _first_non_finite(np.float32(10))
    assert first == {"forward": None, "backward": None}
    assert g == pytest.approx(1 / (1 + math.exp(-10)), rel=1e-6)
    assert np.asarray(g).dtype == np.float32
