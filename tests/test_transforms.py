"""The user-facing transforms: grad, value_and_grad, vjp, jvp, jacobian, hessian, nesting.

Oracles are closed-form derivatives (written out by hand below), and the
transforms checked against each other: a Hessian-vector product computed three
ways must agree with the Hessian.
"""

import math

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.autodiff import defvjp, primitive

grad = gradcli.grad


# -- grad and value_and_grad ---------------------------------------------------


def test_grad_docstring_example():
    assert grad(lambda x: x**3)(2.0) == 12.0


def test_value_and_grad_returns_plain_value_and_gradient():
    value, g = gradcli.value_and_grad(lambda x: gnp.sin(x) * x)(0.5)
    assert value == pytest.approx(math.sin(0.5) * 0.5, rel=1e-15)
    assert g == pytest.approx(math.cos(0.5) * 0.5 + math.sin(0.5), rel=1e-15)
    # The value is an ordinary number, usable with plain NumPy and float().
    assert float(value) == value
    assert np.exp(value) == pytest.approx(math.exp(value))


def test_value_and_grad_on_arrays_agrees_with_grad():
    x = np.array([0.3, -0.4, 1.2])

    def f(x):
        return gnp.sum(gnp.exp(x) * gnp.cos(x))

    value, g = gradcli.value_and_grad(f)(x)
    assert value == pytest.approx(np.sum(np.exp(x) * np.cos(x)), rel=1e-15)
    np.testing.assert_array_equal(g, grad(f)(x))
    np.testing.assert_allclose(g, np.exp(x) * (np.cos(x) - np.sin(x)), rtol=1e-14)


def test_gradient_functions_are_reusable():
    df = grad(lambda x: x * x * x)
    assert [df(1.0), df(2.0), df(-3.0)] == [3.0, 12.0, 27.0]


def test_python_float_inputs():
    g = grad(lambda x: x * x + 1.0)(3.0)
    assert g == 6.0
    assert isinstance(g, float)
    gx, gy = grad(lambda x, y: gnp.exp(x) * y, argnums=(0, 1))(0.0, 2.0)
    assert (gx, gy) == (2.0, 1.0)


def test_float32_inputs_give_float32_gradients():
    x32 = np.array([0.5, 1.5, -2.0], dtype=np.float32)
    g = grad(lambda x: gnp.sum(gnp.sin(x) * x))(x32)
    assert g.dtype == np.float32
    np.testing.assert_allclose(g, np.cos(x32) * x32 + np.sin(x32), rtol=1e-6)

    s = grad(lambda x: x * x)(np.float32(3.0))
    assert np.asarray(s).dtype == np.float32 and s == 6.0


def test_float32_gradient_stays_float32_when_mixed_with_float64_constants():
    x32 = np.array([1.0, 2.0], dtype=np.float32)
    g = grad(lambda x: gnp.sum(x * np.float64(2.5) + x * np.array([1.0, 1.0])))(x32)
    assert g.dtype == np.float32
    np.testing.assert_array_equal(g, [3.5, 3.5])


def test_float32_and_float64_arguments_each_keep_their_dtype():
    gx, gy = grad(lambda x, y: gnp.sum(x * y), argnums=(0, 1))(
        np.ones(2, dtype=np.float32), np.full(2, 2.0)
    )
    assert gx.dtype == np.float32 and gy.dtype == np.float64
    np.testing.assert_array_equal(gx, [2.0, 2.0])
    np.testing.assert_array_equal(gy, [1.0, 1.0])


# -- vjp and jvp -----------------------------------------------------------------


def test_vjp_scalar():
    out, pullback = gradcli.vjp(lambda x: x * 2.0, 3.0)
    assert out == 6.0
    assert pullback(1.0) == (2.0,)


def test_vjp_vector_output_and_several_primals():
    x = np.array([0.1, 0.2, 0.3])
    y = np.array([2.0, -1.0, 0.5])

    def f(x, y):
        return gnp.sin(x) * y

    out, pullback = gradcli.vjp(f, x, y)
    np.testing.assert_allclose(out, np.sin(x) * y)
    v = np.array([1.0, 10.0, 100.0])
    cts = pullback(v)
    assert isinstance(cts, tuple) and len(cts) == 2
    np.testing.assert_allclose(cts[0], np.cos(x) * y * v, rtol=1e-15)
    np.testing.assert_allclose(cts[1], np.sin(x) * v, rtol=1e-15)
    # A pullback can be called again with another cotangent.
    cts2 = pullback(np.array([0.0, 1.0, 0.0]))
    np.testing.assert_allclose(cts2[0], [0.0, np.cos(0.2) * -1.0, 0.0])


def test_vjp_is_linear_in_the_cotangent():
    x = np.array([0.4, -0.6])
    _, pullback = gradcli.vjp(lambda x: gnp.exp(x) * x, x)
    a, b = np.array([1.0, 2.0]), np.array([-3.0, 0.5])
    (ga,), (gb,), (gab,) = pullback(a), pullback(b), pullback(2.0 * a + b)
    np.testing.assert_allclose(gab, 2.0 * ga + gb, rtol=1e-14)


def test_vjp_with_matrix_input_and_output():
    rng = np.random.default_rng(2)
    a = rng.normal(size=(3, 2))
    x = rng.normal(size=(2, 4))
    out, pullback = gradcli.vjp(lambda x: gnp.dot(a, x), x)
    assert out.shape == (3, 4)
    g = rng.normal(size=(3, 4))
    (ct,) = pullback(g)
    np.testing.assert_allclose(ct, a.T @ g, rtol=1e-13)


def test_jvp_scalar():
    assert gradcli.jvp(lambda x: x**2, (3.0,), (1.0,)) == (9.0, 6.0)


def test_jvp_several_primals():
    out, tangent = gradcli.jvp(lambda x, y: x * y, (2.0, 3.0), (1.0, 0.0))
    assert (out, tangent) == (6.0, 3.0)
    out, tangent = gradcli.jvp(lambda x, y: x * y, (2.0, 3.0), (0.5, -1.0))
    assert tangent == pytest.approx(0.5 * 3.0 - 1.0 * 2.0)


def test_jvp_arrays_match_jacobian():
    x = np.array([0.2, 0.9, -1.1])
    t = np.array([1.0, -2.0, 0.25])

    def f(x):
        return gnp.tanh(x) * gnp.sum(x * x)

    out, tangent = gradcli.jvp(f, (x,), (t,))
    np.testing.assert_allclose(out, np.tanh(x) * np.sum(x * x), rtol=1e-15)
    np.testing.assert_allclose(tangent, gradcli.jacobian(f)(x) @ t, rtol=1e-13)


def test_jvp_of_function_ignoring_input():
    out, tangent = gradcli.jvp(lambda x: 4.0, (1.0,), (1.0,))
    assert out == 4.0 and tangent == 0.0


def test_jvp_through_an_op_with_only_a_vjp_rule():
    # A custom primitive with only a VJP still works in forward mode.
    cube = primitive(lambda x: x * x * x, name="test_cube_vjp_only")
    defvjp(cube, lambda g, ans, x: g * 3.0 * x * x)
    out, tangent = gradcli.jvp(cube, (np.array([1.0, 2.0]),), (np.array([1.0, 0.5]),))
    np.testing.assert_allclose(out, [1.0, 8.0])
    np.testing.assert_allclose(tangent, [3.0, 6.0])


# -- jacobian and hessian --------------------------------------------------------


def test_jacobian_shape_and_values_elementwise():
    x = np.array([1.0, 2.0, 3.0])
    j = gradcli.jacobian(lambda x: gnp.sin(x) * 2.0)(x)
    assert j.shape == (3, 3)
    np.testing.assert_allclose(j, np.diag(2.0 * np.cos(x)), rtol=1e-15)


def test_jacobian_shape_is_out_shape_plus_in_shape():
    x = np.array([1.0, 2.0, 3.0])
    j = gradcli.jacobian(lambda x: gnp.outer(x, x))(x)
    assert j.shape == (3, 3, 3)
    eye = np.eye(3)
    # d(x_i x_j)/dx_k = delta_ik x_j + x_i delta_jk
    expected = np.einsum("ik,j->ijk", eye, x) + np.einsum("i,jk->ijk", x, eye)
    np.testing.assert_allclose(j, expected)


def test_jacobian_matrix_input_vector_output():
    x = np.arange(6.0).reshape(2, 3) / 10
    j = gradcli.jacobian(lambda x: gnp.sum(gnp.sin(x), axis=1))(x)
    assert j.shape == (2, 2, 3)
    expected = np.zeros((2, 2, 3))
    expected[0, 0] = np.cos(x[0])
    expected[1, 1] = np.cos(x[1])
    np.testing.assert_allclose(j, expected, rtol=1e-15)


def test_jacobian_of_scalar_output_is_the_gradient():
    x = np.array([0.5, -0.5])
    f = lambda x: gnp.sum(x * x * x)  # noqa: E731
    j = gradcli.jacobian(f)(x)
    assert j.shape == (2,)
    np.testing.assert_allclose(j, grad(f)(x))


def test_jacobian_argnum():
    x = np.array([1.0, 2.0])
    y = np.array([3.0, 5.0])
    j = gradcli.jacobian(lambda x, y: x * y * y, argnum=1)(x, y)
    np.testing.assert_allclose(j, np.diag(2 * x * y))


def test_hessian_of_cubic_with_cross_term():
    x = np.array([1.0, 2.0])
    h = gradcli.hessian(lambda x: gnp.sum(x**3) + x[0] * x[1])(x)
    np.testing.assert_allclose(h, [[6.0, 1.0], [1.0, 12.0]])


def test_hessian_of_quadratic_form_is_the_matrix():
    rng = np.random.default_rng(3)
    m = rng.normal(size=(4, 4))
    a = m + m.T
    x = rng.normal(size=4)
    h = gradcli.hessian(lambda x: 0.5 * gnp.dot(x, gnp.dot(a, x)))(x)
    assert h.shape == (4, 4)
    np.testing.assert_allclose(h, a, rtol=1e-13, atol=1e-14)


def test_hessian_of_logsumexp():
    x = np.array([0.1, -0.3, 0.7])
    h = gradcli.hessian(lambda x: gnp.log(gnp.sum(gnp.exp(x))))(x)
    p = np.exp(x) / np.sum(np.exp(x))
    np.testing.assert_allclose(h, np.diag(p) - np.outer(p, p), rtol=1e-12, atol=1e-15)


def test_hessian_of_product_of_sin_and_exp():
    x = np.array([0.4, -0.2])
    h = gradcli.hessian(lambda x: gnp.sin(x[0]) * gnp.exp(x[1]))(x)
    s, c, e = math.sin(x[0]), math.cos(x[0]), math.exp(x[1])
    np.testing.assert_allclose(h, [[-s * e, c * e], [c * e, s * e]], rtol=1e-14)


def test_hessian_of_scalar_function_of_scalar():
    assert gradcli.hessian(lambda x: x**4)(2.0) == pytest.approx(48.0)


# -- nested derivatives ------------------------------------------------------


@pytest.mark.parametrize("x", [-1.3, 0.5, 2.0])
def test_higher_derivatives_of_x4(x):
    f = lambda x: x**4  # noqa: E731
    assert grad(f)(x) == pytest.approx(4 * x**3, rel=1e-14)
    assert grad(grad(f))(x) == pytest.approx(12 * x**2, rel=1e-14)
    assert grad(grad(grad(f)))(x) == pytest.approx(24 * x, rel=1e-14)
    assert grad(grad(grad(grad(f))))(x) == pytest.approx(24.0, rel=1e-14)


@pytest.mark.parametrize("x", [-2.0, 0.3, 1.0])
def test_higher_derivatives_of_sin(x):
    assert grad(gnp.sin)(x) == pytest.approx(math.cos(x), rel=1e-14)
    assert grad(grad(gnp.sin))(x) == pytest.approx(-math.sin(x), rel=1e-14)
    assert grad(grad(grad(gnp.sin)))(x) == pytest.approx(-math.cos(x), rel=1e-14)


@pytest.mark.parametrize("x", [0.5, 1.5, 3.0])
def test_higher_derivatives_of_exp_times_log(x):
    f = lambda x: gnp.exp(x) * gnp.log(x)  # noqa: E731
    e, l = math.exp(x), math.log(x)
    assert grad(f)(x) == pytest.approx(e * (l + 1 / x), rel=1e-13)
    assert grad(grad(f))(x) == pytest.approx(e * (l + 2 / x - 1 / x**2), rel=1e-13)
    assert grad(grad(grad(f)))(x) == pytest.approx(e * (l + 3 / x - 3 / x**2 + 2 / x**3), rel=1e-13)


def test_nested_grad_on_arrays():
    x = np.array([0.3, 1.1])
    # d/dx_i [sum_j d/dx_j sum sin(x)^2] = d/dx_i sum_j sin(2 x_j) = 2 cos(2 x_i)
    g2 = grad(lambda x: gnp.sum(grad(lambda y: gnp.sum(gnp.sin(y) ** 2))(x)))(x)
    np.testing.assert_allclose(g2, 2 * np.cos(2 * x), rtol=1e-14)


def test_perturbation_confusion_reverse_mode():
    # f(x) = x * d/dy (x + y) = x, so df/dx = 1 (a confused tool gives 2).
    f = lambda x: x * grad(lambda y: x + y)(1.0)  # noqa: E731
    assert grad(f)(2.0) == 1.0


def test_perturbation_confusion_product():
    # f(x) = x * d/dy (x * y) = x * x, so df/dx = 2x.
    f = lambda x: x * grad(lambda y: x * y)(2.0)  # noqa: E731
    assert grad(f)(3.0) == 6.0


def test_perturbation_confusion_forward_mode():
    def f(x):
        return x * gradcli.jvp(lambda y: x + y, (1.0,), (1.0,))[1]

    assert gradcli.jvp(f, (2.0,), (1.0,)) == (2.0, 1.0)


def test_inner_function_closing_over_outer_variable():
    # d/dx [d/dy sin(x*y) at y=1] = d/dx [x cos(x)] = cos(x) - x sin(x)
    f = lambda x: grad(lambda y: gnp.sin(x * y))(1.0)  # noqa: E731
    x = 0.7
    assert grad(f)(x) == pytest.approx(math.cos(x) - x * math.sin(x), rel=1e-14)


def _hvp_function(x):
    return gnp.sum(gnp.sin(x) * x) + gnp.prod(x) * 0.5


def test_forward_over_reverse_is_hessian_vector_product():
    x = np.array([0.3, 0.7, -0.2])
    v = np.array([1.0, -2.0, 0.5])
    hv = gradcli.hessian(_hvp_function)(x) @ v
    _, fwd_rev = gradcli.jvp(grad(_hvp_function), (x,), (v,))
    np.testing.assert_allclose(fwd_rev, hv, rtol=1e-13)


def _hvp_function_elementwise(x):
    return gnp.sum(gnp.sin(x) * x + gnp.exp(x) * x[0])


def test_reverse_over_reverse_is_hessian_vector_product():
    x = np.array([0.3, 0.7, -0.2])
    v = np.array([1.0, -2.0, 0.5])
    hv = gradcli.hessian(_hvp_function)(x) @ v
    rev_rev = grad(lambda x: gnp.dot(grad(_hvp_function)(x), v))(x)
    np.testing.assert_allclose(rev_rev, hv, rtol=1e-13)


def test_reverse_over_forward_is_hessian_vector_product():
    x = np.array([0.3, 0.7, -0.2])
    v = np.array([1.0, -2.0, 0.5])
    hv = gradcli.hessian(_hvp_function_elementwise)(x) @ v
    rev_fwd = grad(lambda x: gradcli.jvp(_hvp_function_elementwise, (x,), (v,))[1])(x)
    np.testing.assert_allclose(rev_fwd, hv, rtol=1e-13)


def test_reverse_over_forward_through_op_with_only_a_vjp_rule():
    x = np.array([2.0, 3.0, 0.5])
    v = np.array([1.0, 0.0, 0.0])
    # jvp(prod)(x; e0) = x1 * x2, so its gradient is (0, x2, x1).
    g = grad(lambda x: gradcli.jvp(gnp.prod, (x,), (v,))[1])(x)
    np.testing.assert_allclose(g, [0.0, 0.5, 3.0])


def test_jvp_of_jvp_through_op_with_only_a_vjp_rule():
    cube = primitive(lambda x: x * x * x, name="test_cube_vjp_only_nested")
    defvjp(cube, lambda g, ans, x: g * 3.0 * x * x)

    def d(f):
        return lambda x: gradcli.jvp(f, (x,), (1.0,))[1]

    assert d(d(cube))(2.0) == pytest.approx(12.0)


def test_jvp_inside_grad():
    # d/dx [d/dx sin(x) via forward mode] = -sin(x)
    f = lambda x: gradcli.jvp(gnp.sin, (x,), (1.0,))[1]  # noqa: E731
    assert grad(f)(0.4) == pytest.approx(-math.sin(0.4), rel=1e-15)


def test_jvp_of_jvp():
    def d(f):
        return lambda x: gradcli.jvp(f, (x,), (1.0,))[1]

    x = 0.9
    assert d(d(gnp.exp))(x) == pytest.approx(math.exp(x), rel=1e-15)
    assert d(d(d(lambda x: x**4)))(x) == pytest.approx(24 * x, rel=1e-14)


# -- stop_gradient ----------------------------------------------------------------


def test_stop_gradient_first_order():
    assert grad(lambda x: x * gradcli.stop_gradient(x))(3.0) == 3.0


def test_stop_gradient_second_order():
    # x^2 * s with s = stop_gradient(x) held constant: second derivative 2s.
    f = lambda x: x * x * gradcli.stop_gradient(x)  # noqa: E731
    assert grad(f)(3.0) == 18.0
    assert grad(grad(f))(3.0) == 6.0


def test_stop_gradient_blocks_every_level():
    # Inside the inner grad, stop_gradient(x) is a constant for the outer grad too.
    f = lambda x: grad(lambda y: y * gradcli.stop_gradient(x))(1.0)  # noqa: E731
    assert f(3.0) == 3.0
    assert grad(f)(3.0) == 0.0


def test_stop_gradient_of_an_inner_gradient():
    f = lambda x: x**3  # noqa: E731
    h = lambda x: gradcli.stop_gradient(grad(f)(x)) * x  # noqa: E731
    assert grad(h)(2.0) == 12.0


def test_stop_gradient_on_plain_values_is_identity():
    x = np.array([1.0, 2.0])
    np.testing.assert_array_equal(gradcli.stop_gradient(x), x)
    assert gradcli.stop_gradient(2.5) == 2.5


def test_stop_gradient_in_forward_mode():
    out, tangent = gradcli.jvp(lambda x: x * gradcli.stop_gradient(x), (3.0,), (1.0,))
    assert (out, tangent) == (9.0, 3.0)


# -- a custom primitive through the public API ---------------------------------


def test_custom_primitive_rule_gets_g_ans_args_and_kwargs():
    calls = []

    def scaled_raw(x, scale=1.0):
        return x * scale

    scaled = primitive(scaled_raw, name="test_scaled")

    def rule(g, ans, x, scale=1.0):
        calls.append((g, ans, x, scale))
        return g * scale

    defvjp(scaled, rule)
    assert grad(lambda x: scaled(x, scale=3.0) * 2.0)(5.0) == 6.0
    assert len(calls) == 1
    g, ans, x, scale = calls[0]
    assert (g, ans, x, scale) == (2.0, 15.0, 5.0, 3.0)


def test_custom_primitive_second_order_through_rule_written_with_gnp():
    softsq = primitive(lambda x: np.log1p(x * x), name="test_log1p_sq")
    defvjp(softsq, lambda g, ans, x: g * 2.0 * x / (1.0 + x * x))
    x = 0.5
    assert grad(softsq)(x) == pytest.approx(2 * x / (1 + x * x), rel=1e-15)
    assert grad(grad(softsq))(x) == pytest.approx(2 * (1 - x * x) / (1 + x * x) ** 2, rel=1e-14)


# -- argnums of jacobian and hessian ---------------------------------------------------------------


def f_xy(x, y):
    return gnp.sum(gnp.sin(x) * y**2) + gnp.sum(x) * gnp.prod(y)


def fd_jacobian(f, args, i, h=1e-6):
    """d f(*args) / d args[i] by central differences, shape out.shape + x.shape."""
    x = np.asarray(args[i], dtype=float)
    columns = []
    for index in np.ndindex(*x.shape):
        step = np.zeros_like(x)
        step[index] = h
        plus = list(args)
        minus = list(args)
        plus[i], minus[i] = x + step, x - step
        columns.append((np.asarray(f(*plus)) - np.asarray(f(*minus))) / (2 * h))
    out = np.stack(columns, axis=-1)
    return out.reshape(out.shape[:-1] + x.shape)


def test_hessian_with_tuple_argnums_gives_blocks():
    x, y = np.array([0.3, -1.2]), np.array([0.7, 1.5])
    blocks = gradcli.hessian(f_xy, argnums=(0, 1))(x, y)
    for i in range(2):
        gradient_i = lambda x, y, i=i: grad(f_xy, (0, 1))(x, y)[i]  # noqa: E731
        for j in range(2):
            np.testing.assert_allclose(blocks[i][j], fd_jacobian(gradient_i, (x, y), j), rtol=1e-6, atol=1e-8)
    np.testing.assert_allclose(blocks[1][1], gradcli.hessian(f_xy, 1)(x, y), rtol=1e-14)
    assert gradcli.hessian(lambda x, y: x * y * y, (0, 1))(1.0, 2.0) == ((0.0, 4.0), (4.0, 2.0))


def test_jacobian_with_tuple_argnums_and_tuple_output():
    x, y = np.array([0.3, -1.2]), np.array([0.7, 1.5, -0.4])

    def f(x, y):
        return gnp.sin(x) * gnp.sum(y**2), gnp.sum(x) * y

    jac = gradcli.jacobian(f, argnums=(0, 1))(x, y)
    for k in range(2):
        for i in range(2):
            expected = fd_jacobian(lambda *a, k=k: f(*a)[k], (x, y), i)
            np.testing.assert_allclose(jac[k][i], expected, rtol=1e-6, atol=1e-8)
    # An int argnums (or the older argnum) gives the Jacobian itself.
    np.testing.assert_allclose(gradcli.jacobian(f, 1)(x, y)[1], jac[1][1], rtol=1e-15)
    np.testing.assert_allclose(gradcli.jacobian(f, argnum=1)(x, y)[0], jac[0][1], rtol=1e-15)
