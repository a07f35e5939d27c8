"""What a recorded graph keeps alive, the one-input path of value_and_grad against the general one, and gradients the caller may write."""

from __future__ import annotations

import weakref

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp


def _outlives_its_box(op, x):
    """Run value_and_grad of sum(exp(op(x))); whether op's output array was alive once its box was gone, and the gradient."""
    alive = []

    def f(x):
        y = op(x)
        z = gnp.exp(y)
        output = weakref.ref(y._value)
        del y
        alive.append(output() is not None)
        return gnp.sum(z)

    _, grad = gradcli.value_and_grad(f)(x)
    return alive[0], grad


def test_a_matmul_output_dies_with_the_users_last_reference():
    # matmul's rules read its arguments, never its output: the node must not keep it.
    A = np.arange(12.0).reshape(3, 4) / 10
    x = np.linspace(-1.0, 1.0, 4)
    alive, grad = _outlives_its_box(lambda x: A @ x, x)
    assert not alive, "the node of A @ x kept its output alive"
    np.testing.assert_allclose(grad, np.exp(A @ x) @ A, rtol=1e-14)


SPD = np.array([[4.0, 1.0], [1.0, 3.0]])
SPD_STACK = np.stack([SPD, np.diag([2.0, 5.0])])  # batched: slogdet's output is an array
OUTPUTS_NOBODY_READS = [
    ("tensordot", lambda x: gnp.tensordot(SPD, x, 1), np.array([0.5, -0.25])),
    ("linalg.slogdet", lambda x: gnp.linalg.slogdet(SPD_STACK * x)[1], 1.5),
]


@pytest.mark.parametrize("name, op, x", OUTPUTS_NOBODY_READS, ids=[c[0] for c in OUTPUTS_NOBODY_READS])
def test_outputs_no_rule_reads_die_with_their_box(name, op, x):
    assert not _outlives_its_box(op, x)[0]


def _argument_outlives_its_box(op, x):
    """Run value_and_grad of sum(op(2 * x)); whether the array 2 * x was alive once its box was gone."""
    alive = []

    def f(x):
        m = 2.0 * x
        y = op(m)
        argument = weakref.ref(m._value)
        del m
        alive.append(argument() is not None)
        return gnp.sum(y)

    gradcli.value_and_grad(f)(x)
    return alive[0]


@pytest.mark.parametrize("op", [gnp.linalg.inv, gnp.linalg.cholesky], ids=["inv", "cholesky"])
def test_arguments_no_rule_reads_die_with_their_box(op):
    # inv's and cholesky's rules read only their output (and the argument's shape and dtype).
    assert not _argument_outlives_its_box(op, SPD)


def test_the_matmul_output_is_kept_where_a_hook_reads_every_node():
    # The provenance recorder (a backward hook) reads every node's values.
    from gradcli.autodiff.tracer import hooks

    A = np.eye(2)
    hooks.backward = lambda node, g, cotangents: None
    try:
        alive, _ = _outlives_its_box(lambda x: A @ x, np.ones(2))
    finally:
        hooks.backward = None
    assert alive


CASES = [
    ("array", lambda x: gnp.sum(gnp.tanh(x) * x), np.linspace(-2.0, 2.0, 5)),
    ("float32", lambda x: gnp.sum(x**2), np.linspace(-2.0, 2.0, 5, dtype=np.float32)),
    ("python float", lambda x: x * gnp.exp(x), 0.5),
    ("constant output", lambda x: 3.0, np.ones(3)),
    ("constant array output", lambda x: np.float64(2.0), 1.5),
    ("a reduction to a 0-d array", lambda x: gnp.sum(x, keepdims=True)[0], np.ones(3)),
]


@pytest.mark.bitlevel
@pytest.mark.parametrize("name, f, x", CASES, ids=[c[0] for c in CASES])
def test_one_input_path_gives_what_the_general_path_gives(name, f, x):
    fast = gradcli.value_and_grad(f)(x)  # argnums=0: the one-input path
    general = gradcli.value_and_grad(f, argnums=(0,))(x)
    # A sum of arrays each path made in its own memory: a few ulps apart at most (see tests/bitlevel.py).
    eps = np.finfo(np.asarray(general[0]).dtype).eps
    assert type(fast[0]) is type(general[0]) and np.allclose(fast[0], general[0], rtol=4 * eps, atol=0)
    assert type(fast[1]) is type(general[1][0])
    assert np.asarray(fast[1]).dtype == np.asarray(general[1][0]).dtype
    np.testing.assert_array_equal(fast[1], general[1][0])


def test_one_input_path_refuses_what_the_general_path_refuses():
    for argnums in (0, (0,)):
        with pytest.raises(TypeError, match="scalar output"):
            gradcli.value_and_grad(lambda x: x * 2.0, argnums)(np.ones(3))
        with pytest.raises(TypeError, match="numeric scalar output"):
            gradcli.value_and_grad(lambda x: "text", argnums)(np.ones(3))


def test_one_input_path_nests():
    # grad of grad: the inner value_and_grad runs on the outer trace's boxes.
    d2 = gradcli.grad(gradcli.grad(lambda x: x**3 * gnp.exp(x)))
    x = 0.7
    assert d2(x) == pytest.approx((6 * x + 6 * x**2 + x**3) * np.exp(x), rel=1e-14)


GRADIENTS_OF_VIEWS = [
    ("sum", lambda x: gnp.sum(x)),
    ("mean", lambda x: gnp.mean(x)),
    ("sum of a reshape", lambda x: gnp.sum(gnp.reshape(x, (-1,)))),
    ("sum of a broadcast", lambda x: gnp.sum(gnp.broadcast_to(x, (2, *x.shape)))),
]


@pytest.mark.parametrize("name, f", GRADIENTS_OF_VIEWS, ids=[c[0] for c in GRADIENTS_OF_VIEWS])
@pytest.mark.parametrize("size", [3, 1 << 15])  # under and over buffers.LARGE_BYTES
def test_a_gradient_handed_back_can_be_written(name, f, size):
    # A full reduction's cotangent is a read-only zero-stride view inside the core;
    # an optimiser's `g *= lr` on what grad returns must still work.
    x = np.linspace(0.0, 1.0, size)
    for grads in (gradcli.grad(f)(x), gradcli.grad(f, argnums=(0,))(x)[0], gradcli.vjp(f, x)[1](1.0)[0]):
        assert grads.flags.writeable and grads.strides == (8,)
        before = grads.copy()
        grads *= 2.0
        np.testing.assert_array_equal(grads, 2.0 * before)
