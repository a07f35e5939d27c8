"""The shape of the recorded graph: diamonds, deep chains, shared values, unused inputs.

These test the backward loop itself (topological order, accumulation, the
zero gradient of an unreached input), not any particular op's rule; the oracles
are hand-computed derivatives, forward-mode recurrences and float64 central
differences.
"""

import math
import sys

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp

DEPTH = 10_000


def central_difference(f, x, h=1e-6):
    """Float64 central differences of a scalar ``f`` at a float or array ``x``."""
    x = np.asarray(x, dtype=np.float64)
    out = np.zeros_like(x)
    for index in np.ndindex(*x.shape):
        up, down = x.copy(), x.copy()
        up[index] += h
        down[index] -= h
        out[index] = (f(up[()] if up.ndim == 0 else up) - f(down[()] if down.ndim == 0 else down)) / (2 * h)
    return out[()] if out.ndim == 0 else out


@pytest.fixture
def low_recursion_limit():
    """Make sure a recursive walk over a DEPTH-long chain could not succeed."""
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(min(old, 2_000))
    try:
        yield
    finally:
        sys.setrecursionlimit(old)


# -- diamonds: one value, two consumers ----------------------------------------


def test_diamond_x_times_x_plus_x():
    # d/dx (x*x + x) = 2x + 1: both uses of x must contribute (accumulate, never overwrite).
    assert gradcli.grad(lambda x: x * x + x)(3.0) == 7.0


def test_diamond_on_arrays():
    x = np.array([-1.5, 0.0, 2.0, 4.0])
    g = gradcli.grad(lambda x: gnp.sum(x * x + x))(x)
    np.testing.assert_array_equal(g, 2 * x + 1)


def test_same_value_as_both_operands():
    assert gradcli.grad(lambda x: x + x)(1.25) == 2.0
    assert gradcli.grad(lambda x: x * x)(1.25) == 2.5
    assert gradcli.grad(lambda x: x - x)(1.25) == 0.0
    assert gradcli.grad(lambda x: x / x)(1.25) == 0.0


def test_diamond_through_an_intermediate():
    # h = sin(x) has two consumers; f = h*cos(h) + h.
    def f(x):
        h = gnp.sin(x)
        return h * gnp.cos(h) + h

    x = 0.8
    h = math.sin(x)
    expected = (math.cos(h) - h * math.sin(h) + 1.0) * math.cos(x)
    assert gradcli.grad(f)(x) == pytest.approx(expected, rel=1e-14)


def test_two_diamonds_stacked():
    # Nodes reachable along paths of different lengths must still wait for all consumers.
    def f(x):
        a = x * x  # 2x
        b = a + x  # a has a short and a long path to the output
        c = b * a
        return c + a

    x = 1.7
    # f = (x^2 + x) x^2 + x^2 = x^4 + x^3 + x^2
    assert gradcli.grad(f)(x) == pytest.approx(4 * x**3 + 3 * x**2 + 2 * x, rel=1e-14)


def test_consumers_off_the_output_path_do_not_hold_the_backward_pass_up():
    # Values made from x (and from h) that never reach the output: the backward
    # pass must neither wait for them nor count them.
    def f(x):
        unused = [gnp.exp(x) * k for k in range(5)]
        h = gnp.sin(x)
        also_unused = h * 3.0 + unused[0]
        del unused, also_unused
        return h * h + x

    x = 0.4
    assert gradcli.grad(f)(x) == pytest.approx(2 * math.sin(x) * math.cos(x) + 1.0, rel=1e-15)


def test_a_node_reached_only_through_zero_cotangents_is_not_an_error():
    # floor has no gradient: the path through it carries nothing back.
    def f(x, y):
        return gnp.floor(x * y) + gnp.sin(x)

    gx, gy = gradcli.grad(f, argnums=(0, 1))(0.3, 2.5)
    assert gx == pytest.approx(math.cos(0.3), rel=1e-15)
    assert gy == 0.0


# -- deep graphs: no recursion anywhere ------------------------------------------


def _deep_chain(x):
    for _ in range(DEPTH):
        x = gnp.sin(x) * 0.5 + x * 0.5
    return x


def _deep_chain_by_hand(x):
    """Value and derivative of `_deep_chain` by the forward-mode recurrence."""
    d = 1.0
    for _ in range(DEPTH):
        d = (0.5 * math.cos(x) + 0.5) * d
        x = 0.5 * math.sin(x) + 0.5 * x
    return x, d


def test_deep_chain_matches_forward_recurrence(low_recursion_limit):
    value, derivative = gradcli.value_and_grad(_deep_chain)(0.7)
    expected_value, expected_derivative = _deep_chain_by_hand(0.7)
    assert value == pytest.approx(expected_value, rel=1e-12)
    assert derivative == pytest.approx(expected_derivative, rel=1e-9)
    assert derivative != 0.0


def test_deep_chain_matches_jvp(low_recursion_limit):
    x = np.array([0.7, -1.3])
    reverse = gradcli.grad(lambda x: gnp.sum(_deep_chain(x)))(x)
    # Elementwise chain: the forward tangent of ones is the gradient of the sum.
    _, forward = gradcli.jvp(_deep_chain, (x,), (np.ones_like(x),))
    np.testing.assert_allclose(reverse, forward, rtol=1e-12)
    for xi, gi in zip(x, reverse):
        assert gi == pytest.approx(_deep_chain_by_hand(float(xi))[1], rel=1e-9)


def test_deep_sum_of_additions(low_recursion_limit):
    def f(x):
        y = x
        for _ in range(DEPTH):
            y = y + x
        return y

    assert gradcli.grad(f)(1.5) == DEPTH + 1
    g = gradcli.grad(lambda x: gnp.sum(f(x)))(np.zeros(3))
    np.testing.assert_array_equal(g, np.full(3, DEPTH + 1.0))


def test_deep_chain_of_additions_of_fresh_values(low_recursion_limit):
    # y_{k+1} = y_k + sin(x): 10,000 nodes in a line, each also reading x.
    def f(x):
        y = x * 0.0
        s = gnp.sin(x)
        for _ in range(DEPTH):
            y = y + s
        return y

    assert gradcli.grad(f)(0.3) == pytest.approx(DEPTH * math.cos(0.3), rel=1e-12)


def test_deep_chain_second_order(low_recursion_limit):
    # The backward pass of a backward pass: still iterative.
    n = 2_000

    def f(x):
        for _ in range(n):
            x = x * 1.0001
        return x * x

    c = 1.0001**n
    assert gradcli.grad(gradcli.grad(f))(0.4) == pytest.approx(2 * c * c, rel=1e-10)


# -- shared sub-expressions: gradients accumulate --------------------------------


def test_shared_subexpression_used_many_times():
    def f(x):
        h = gnp.sin(x)
        total = 0.0
        for i in range(1, 101):
            total = total + h * float(i)
        return total

    x = 0.9
    assert gradcli.grad(f)(x) == pytest.approx(5050 * math.cos(x), rel=1e-13)


def test_shared_array_used_by_many_consumers():
    x = np.array([0.1, 0.5, -0.7])

    def f(x):
        e = gnp.exp(x)
        return gnp.sum(e) + gnp.sum(e * e) + gnp.sum(gnp.sin(e)) + gnp.sum(e[1:] * 3.0)

    e = np.exp(x)
    expected = e + 2 * e * e + np.cos(e) * e + np.array([0.0, 3.0, 3.0]) * e
    np.testing.assert_allclose(gradcli.grad(f)(x), expected, rtol=1e-14)


def test_input_used_by_several_arguments():
    def f(x, y):
        return x * y + gnp.sin(x * x) + y * y * x

    x, y = 0.6, -1.1
    gx, gy = gradcli.grad(f, argnums=(0, 1))(x, y)
    assert gx == pytest.approx(y + 2 * x * math.cos(x * x) + y * y, rel=1e-14)
    assert gy == pytest.approx(x + 2 * y * x, rel=1e-14)


def test_indexing_the_same_array_many_times():
    x = np.array([1.0, 2.0, 3.0])

    def f(x):
        return x[0] * x[1] + x[1] * x[2] + x[0] * x[0]

    np.testing.assert_allclose(gradcli.grad(f)(x), [x[1] + 2 * x[0], x[0] + x[2], x[1]])


def test_matches_central_differences_in_float64():
    def f(x):
        h = gnp.tanh(x)
        return gnp.sum(h * gnp.exp(-x * x) + gnp.log1p(h * h) * x)

    x = np.array([-0.9, 0.2, 1.4])
    np.testing.assert_allclose(gradcli.grad(f)(x), central_difference(f, x), rtol=1e-7)


# -- unused inputs and constant functions ----------------------------------------


def test_unused_inputs_get_zero_gradients_of_their_shape_and_dtype():
    x = np.float64(2.0)
    y = np.ones((2, 3), dtype=np.float32)
    z = np.array([1.0, 2.0])

    gx, gy, gz = gradcli.grad(lambda x, y, z: x * 2.0, argnums=(0, 1, 2))(x, y, z)
    assert gx == 2.0
    assert isinstance(gy, np.ndarray)
    assert gy.shape == (2, 3) and gy.dtype == np.float32
    np.testing.assert_array_equal(gy, 0.0)
    assert isinstance(gz, np.ndarray)
    assert gz.shape == (2,) and gz.dtype == np.float64
    np.testing.assert_array_equal(gz, 0.0)


def test_unused_scalar_inputs():
    gx, gy = gradcli.grad(lambda x, y: x * x, argnums=(0, 1))(3.0, np.float32(1.0))
    assert gx == 6.0
    assert gy == 0.0 and np.asarray(gy).dtype == np.float32 and np.ndim(gy) == 0


def test_function_that_ignores_its_input():
    g = gradcli.grad(lambda x: 5.0)(2.0)
    assert g == 0.0
    g = gradcli.grad(lambda x: np.float32(5.0))(np.ones((3, 2), dtype=np.float32))
    assert isinstance(g, np.ndarray)
    assert g.shape == (3, 2) and g.dtype == np.float32
    np.testing.assert_array_equal(g, 0.0)


def test_input_only_through_stop_gradient_is_zero():
    g = gradcli.grad(lambda x: gnp.sum(gradcli.stop_gradient(x) * 2.0))(np.ones(4))
    assert np.shape(g) == (4,)
    np.testing.assert_array_equal(g, 0.0)


def test_input_only_through_nondifferentiable_ops_is_zero():
    g = gradcli.grad(lambda x: gnp.sum(gnp.floor(x) + gnp.sign(x)))(np.array([0.5, -1.5]))
    np.testing.assert_array_equal(g, [0.0, 0.0])


def test_unused_branch_is_not_required():
    # A dead value that reads x must not change the gradient.
    def f(x):
        _dead = gnp.exp(x) * 100.0
        return x * 3.0

    assert gradcli.grad(f)(1.0) == 3.0


# -- argnums and arrays -------------------------------------------------------


def f3(x, y, z):
    return x * 2.0 + y * 3.0 + z * 5.0 + x * y * z


@pytest.mark.parametrize(
    "argnums, expected",
    [
        (0, 2.0 + 3.0 * 4.0),
        (1, 3.0 + 2.0 * 4.0),
        ((2,), (5.0 + 2.0 * 3.0,)),
        ((0, 2), (2.0 + 3.0 * 4.0, 5.0 + 2.0 * 3.0)),
        ((2, 0), (5.0 + 2.0 * 3.0, 2.0 + 3.0 * 4.0)),
        ((0, 1, 2), (14.0, 11.0, 11.0)),
    ],
)
def test_argnums(argnums, expected):
    result = gradcli.grad(f3, argnums=argnums)(2.0, 3.0, 4.0)
    if isinstance(argnums, int):
        assert not isinstance(result, tuple)
        assert result == expected
    else:
        assert isinstance(result, tuple)
        assert result == pytest.approx(expected)


def test_value_and_grad_argnums_tuple():
    value, grads = gradcli.value_and_grad(f3, argnums=(0, 1))(2.0, 3.0, 4.0)
    assert value == pytest.approx(f3(2.0, 3.0, 4.0))
    assert grads == pytest.approx((14.0, 11.0))


def test_non_differentiated_arguments_pass_through_untraced():
    seen = {}

    def f(x, n, scale):
        seen["n"] = n
        seen["scale"] = scale
        return x * scale * n

    assert gradcli.grad(f)(2.0, 3, np.float64(0.5)) == 1.5
    assert seen["n"] == 3 and type(seen["n"]) is int
    assert type(seen["scale"]) is np.float64


def test_keyword_arguments_are_constants():
    assert gradcli.grad(lambda x, scale=1.0: x * scale)(2.0, scale=4.0) == 4.0


def test_grad_with_respect_to_arrays_with_broadcasting():
    rng = np.random.default_rng(0)
    x = rng.normal(size=(2, 3))
    y = rng.normal(size=(3,))

    def f(x, y):
        return gnp.sum(x * x * y) + gnp.sum(gnp.sin(y))

    gx, gy = gradcli.grad(f, argnums=(0, 1))(x, y)
    assert gx.shape == (2, 3) and gy.shape == (3,)
    np.testing.assert_allclose(gx, 2 * x * y, rtol=1e-14)
    np.testing.assert_allclose(gy, np.sum(x * x, axis=0) + np.cos(y), rtol=1e-14)


def test_grad_with_respect_to_a_matrix():
    rng = np.random.default_rng(1)
    a = rng.normal(size=(3, 4))
    v = rng.normal(size=(4,))
    w = rng.normal(size=(3,))
    # f(A) = w . tanh(A v); df/dA = ((1 - tanh^2(Av)) * w) outer v
    g = gradcli.grad(lambda a: gnp.dot(w, gnp.tanh(gnp.dot(a, v))))(a)
    t = np.tanh(a @ v)
    np.testing.assert_allclose(g, np.outer((1 - t * t) * w, v), rtol=1e-12)


def test_grad_of_zero_dimensional_array():
    g = gradcli.grad(lambda x: x * x * x)(np.array(2.0))
    assert np.shape(g) == ()
    assert g == 12.0


def test_identity_function():
    assert gradcli.grad(lambda x: x)(3.0) == 1.0
    g = gradcli.grad(lambda x: x)(np.float32(2.0))
    assert g == 1.0 and np.asarray(g).dtype == np.float32
    np.testing.assert_array_equal(gradcli.jacobian(lambda x: x)(np.array([1.0, 2.0])), np.eye(2))


def test_where_with_the_same_value_in_both_branches():
    # One op with the same parent twice (three-argument path): both cotangents accumulate.
    mask = np.array([True, False, True])
    g = gradcli.grad(lambda x: gnp.sum(gnp.where(mask, x, x)))(np.array([1.0, 2.0, 3.0]))
    np.testing.assert_array_equal(g, [1.0, 1.0, 1.0])
    g = gradcli.grad(lambda x: gnp.sum(gnp.where(mask, x * 2.0, x * 3.0)))(np.array([1.0, 2.0, 3.0]))
    np.testing.assert_array_equal(g, [2.0, 3.0, 2.0])


def test_repeated_argnums_are_not_silently_zero():
    try:
        result = gradcli.grad(lambda x, y: x * y * y, argnums=(1, 1))(2.0, 3.0)
    except (TypeError, ValueError):
        return
    assert result == (12.0, 12.0)
