"""A bridge's replayed graphs differentiated as one op: the short path for arguments one trace holds, and the JAX keys.

`as_functions` records a bridge's replay as one op whose rule is the
framework's backward graph. Where one trace holds the arguments and no tape is
open (the exact reference's gradient, the recorded runs), it records that op
itself (`custom.rule_applied`); anywhere else ``custom_gradient`` does. Either
way the op must differentiate as the function it stands for: here a stand-in
framework whose graphs are gradcli ops, against the same function written with
gradcli's ops, in reverse and forward mode, with one argument and two, on
arrays, and with arguments of two nested traces (a mixed second derivative).
"""

import numpy as np
import pytest

import gradcli.numpy as gnp
from gradcli.autodiff.tape import GradientTape
from gradcli.autodiff.transforms import grad, jvp, value_and_grad, vjp
from gradcli.capture import Bridge, as_functions


def _own(args, cotangent):
    raise AssertionError("the replayed graphs alone are differentiated here")


def _expxy(x, y):
    return gnp.exp(x * y)


def _expxy_backward(args, cotangent):
    x, y = args
    e = gnp.exp(x * y)
    return cotangent * y * e, cotangent * x * e


def _square_log1p(x):
    return gnp.log1p(x * x)


def _square_log1p_backward(args, cotangent):
    (x,) = args
    return (cotangent * 2 * x / (1 + x * x),)


def _replayed(forward, backward):
    """The bridge's replay as the checker's exact reference calls it (``mp_function``)."""
    return as_functions(Bridge("stand-in", _own, forward, backward, "numpy"), "f")[1]


TWO = _replayed(_expxy, _expxy_backward)
ONE = _replayed(_square_log1p, _square_log1p_backward)


def _close(got, want):
    np.testing.assert_allclose(np.asarray(got, dtype=float), np.asarray(want, dtype=float), rtol=1e-13, atol=0)


@pytest.mark.parametrize("argnums", [0, 1, (0, 1)])
def test_two_arguments_differentiate_as_the_function(argnums):
    got_value, got = value_and_grad(TWO, argnums)(0.7, -1.3)
    want_value, want = value_and_grad(_expxy, argnums)(0.7, -1.3)
    _close(got_value, want_value)
    _close(got, want)


def test_one_argument_gets_its_gradient_unwrapped():
    got_value, got = value_and_grad(ONE)(0.4)
    want_value, want = value_and_grad(_square_log1p)(0.4)
    _close(got_value, want_value)
    _close(got, want)


def test_arrays_differentiate_as_the_function():
    xs = np.linspace(-2.0, 2.0, 7)
    out, pullback = vjp(ONE, xs)
    want_out, want_pullback = vjp(_square_log1p, xs)
    cotangent = np.linspace(0.5, 1.5, 7)
    _close(out, want_out)
    _close(pullback(cotangent), want_pullback(cotangent))


def test_forward_mode_transposes_the_backward_graph():
    got = jvp(TWO, (0.7, -1.3), (0.25, 2.0))
    want = jvp(_expxy, (0.7, -1.3), (0.25, 2.0))
    _close(got[0], want[0])
    _close(got[1], want[1])


@pytest.mark.parametrize("inner", ["x", "y"])
def test_arguments_of_two_nested_traces_give_the_mixed_derivative(inner):
    """d/dx (d/dy f(x, y)) and d/dy (d/dx f(x, y)): one argument boxed by the outer trace, the other by the inner one."""

    def mixed(f):
        if inner == "y":
            return grad(lambda x: grad(lambda y: f(x, y))(-1.3))(0.7)
        return grad(lambda y: grad(lambda x: f(x, y))(0.7))(-1.3)

    _close(mixed(TWO), mixed(_expxy))


def test_a_second_derivative_differentiates_the_backward_graph():
    _close(grad(grad(ONE))(0.4), grad(grad(_square_log1p))(0.4))


def test_under_an_open_tape():
    def tape_gradient(f):
        with GradientTape() as tape:
            x = tape.watch(np.array(0.4))
            y = f(x)
        return tape.gradient(y, x)

    _close(tape_gradient(ONE), tape_gradient(_square_log1p))


jax = pytest.importorskip("jax")


def test_the_jax_keys_found_by_type_are_the_ones_found_by_walking_the_arguments():
    """The keys `_Captured.key` finds by the arguments' types, shapes and dtypes (its second call on arguments of
    the same kinds) are those a fresh capture finds by flattening them."""
    from flint import arb

    from gradcli.autodiff.plain import Plain
    from gradcli.capture.jax_bridge import _Captured

    import jax.numpy as jnp

    def fun(x, y):
        return jnp.sum(x * y)

    def boxed(value):
        box = Plain()
        box._value = value
        return box

    kinds = [
        (np.ones(3, np.float32), np.ones(3, np.float32)),
        (np.ones(3), np.ones(3)),
        (np.ones(3, np.longdouble), np.ones(3, np.longdouble)),
        (np.ones((2, 3)), np.ones(3)),
        (1.5, 2.5),
        (np.float32(1.5), np.float32(2.5)),
        (boxed(arb(1.5)), boxed(arb(2.5))),
        (boxed(arb(1.5)), 2.5),
    ]
    seen = _Captured(fun, "fun")
    for args in kinds:
        seen.key(args)  # learns what this kind of arguments takes
    for args in kinds:
        assert seen.key(args)[0] == _Captured(fun, "fun").key(args)[0], args


def test_the_jax_backward_gives_each_gradient_in_its_arguments_tree():
    """Arguments that are trees (a dict of parameters) get gradients shaped as them; leaves get theirs as they are."""
    from gradcli.capture.jax_bridge import _Captured

    import jax.numpy as jnp

    def loss(params, x):
        return jnp.sum(params["w"] * x) + params["b"] ** 2

    params, x = {"w": np.array([0.5, -1.0, 2.0]), "b": 1.5}, np.array([1.0, 2.0, 3.0])
    captured = _Captured(loss, "loss")
    for _ in range(2):  # the second call finds what the first one learnt
        tree, leaf = captured.backward((params, x), 1.0)
        assert isinstance(tree, dict) and sorted(tree) == ["b", "w"]
        _close(tree["w"], x)
        _close(tree["b"], 2 * params["b"])
        _close(leaf, params["w"])
    flat_w, flat_x = _Captured(lambda w, x: jnp.sum(w * x), "dot").backward((params["w"], x), 1.0)
    _close(flat_w, x)
    _close(flat_x, params["w"])
