"""Custom gradients in every spelling: each seed example, composition, and the errors."""

import numpy as np
import pytest

import gradcli.numpy as gnp
from gradcli import (
    GradientTape,
    Variable,
    custom_gradient,
    grad,
    gradient_override,
    jacobian,
    jvp,
    stop_gradient,
    value_and_grad,
)


pytestmark = pytest.mark.usefixtures("quiet_numpy")  # in conftest.py


def log1pexp_naive(x):
    return gnp.log(1 + gnp.exp(x))


@custom_gradient
def log1pexp(x):
    e = gnp.exp(x)

    def grad_fn(upstream):
        return upstream * (1 - 1 / (1 + e))

    return gnp.log(1 + e), grad_fn


# -- the TensorFlow decorator: the seed example ---------------------------------------


def test_log1pexp_float32_at_100_naive_nan_custom_one():
    x = np.float32(100.0)
    value, naive = value_and_grad(log1pexp_naive)(x)
    assert np.isinf(value) and np.isnan(naive)
    custom = grad(log1pexp)(x)
    assert custom == 1.0 and custom.dtype == np.float32


def test_log1pexp_float64_fine_at_100_broken_at_800():
    assert grad(log1pexp_naive)(np.float64(100.0)) == 1.0
    assert np.isnan(grad(log1pexp_naive)(np.float64(800.0)))
    assert grad(log1pexp)(np.float64(800.0)) == 1.0
    assert grad(log1pexp)(800.0) == 1.0  # Python floats take the same path


def test_custom_gradient_is_really_used():
    @custom_gradient
    def f(x):
        return x * x, lambda g: g * 100.0

    assert grad(f)(3.0) == 100.0


def test_value_is_unchanged_and_gradient_matches_true_one_where_both_are_fine():
    for x in (-3.0, 0.0, 2.5):
        v1, g1 = value_and_grad(log1pexp)(x)
        v2, g2 = value_and_grad(log1pexp_naive)(x)
        assert v1 == pytest.approx(v2) and g1 == pytest.approx(g2)


def test_works_under_every_transform():
    x = np.array([-1.0, 0.5, 2.0])
    expected = 1 / (1 + np.exp(-x))
    np.testing.assert_allclose(jacobian(log1pexp)(x), np.diag(expected))
    with GradientTape() as tape:
        watched = tape.watch(x)
        y = gnp.sum(log1pexp(watched))
    np.testing.assert_allclose(tape.gradient(y, watched), expected)
    _, tangent = jvp(log1pexp, (0.5,), (2.0,))
    assert tangent == pytest.approx(2.0 / (1 + np.exp(-0.5)))


def test_second_order_differentiates_the_custom_gradient():
    # d/dx of grad_fn(1) = d/dx (1 - 1/(1+e^x)) = e^x / (1+e^x)^2
    for x in (-2.0, 0.3, 5.0):
        e = np.exp(x)
        assert grad(grad(log1pexp))(x) == pytest.approx(e / (1 + e) ** 2)


def test_second_order_uses_the_custom_rule_not_the_true_one():
    @custom_gradient
    def cube(x):
        return x**3, lambda g: g * 5 * x * x  # claims 5x^2 instead of 3x^2

    assert grad(grad(cube))(2.0) == pytest.approx(20.0)


def test_several_inputs_and_none_means_zero():
    @custom_gradient
    def f(x, y):
        return x * y, lambda g: (g * y, None)

    assert grad(f, argnums=(0, 1))(2.0, 3.0) == (3.0, 0.0)


def test_tuple_outputs_get_one_upstream_each():
    seen = []

    @custom_gradient
    def pair(x):
        def grad_fn(d_first, d_second):
            seen.append((d_first, d_second))
            return d_first * 2 + d_second * 3

        return (2 * x, 3 * x), grad_fn

    def f(x):
        first, second = pair(x)
        return 10 * first + second

    assert grad(f)(1.0) == 23.0
    assert seen == [(10.0, 1.0)]


def test_unused_tuple_output_gets_a_zero_upstream():
    @custom_gradient
    def pair(x):
        return (x, x * x), lambda a, b: a + 2 * x * b

    assert grad(lambda x: pair(x)[0])(3.0) == 1.0


def test_nested_custom_gradients():
    @custom_gradient
    def outer(x):
        y = log1pexp(x)
        return y, lambda g: g * 7.0

    assert grad(outer)(1.0) == 7.0
    assert grad(lambda x: log1pexp(log1pexp(x)))(np.float32(100.0)) == pytest.approx(1.0)


def test_custom_gradient_inside_an_override_scope():
    with gradient_override({"exp": lambda g, ans, x: 0 * g}):
        assert grad(log1pexp)(1.0) == pytest.approx(1 / (1 + np.exp(-1.0)))
        assert grad(log1pexp_naive)(1.0) == 0.0


# -- Keras: nested inputs, upstream= ----------------------------------------------------


def test_keras_upstream_keyword_and_nested_inputs():
    @custom_gradient
    def weighted(params, x):
        def grad_fn(*args, upstream=None):
            return {"w": upstream * x, "b": upstream}, upstream * params["w"]

        return params["w"] * x + params["b"], grad_fn

    dparams, dx = grad(lambda p, x: weighted(p, x), argnums=(0, 1))({"w": 2.0, "b": 1.0}, 3.0)
    assert dparams == {"w": 3.0, "b": 1.0} and dx == 2.0


def test_keras_upstream_positional_also_accepted():
    @custom_gradient
    def f(x):
        def grad_fn(*args, upstream=None):
            if upstream is None:
                (upstream,) = args
            return upstream * 4.0

        return x, grad_fn

    assert grad(f)(1.0) == 4.0


def test_a_grad_fn_is_called_by_its_own_signature_whatever_its_code_served_before():
    import functools
    import inspect

    def keras_style(*args, upstream=None):
        return upstream * 5.0

    def make(declared):
        def grad_fn(*args, **kwargs):
            return (args[0] if args else kwargs["upstream"]) * 3.0

        if declared == "wraps":
            grad_fn = functools.wraps(keras_style)(grad_fn)
        elif declared == "signature":
            grad_fn.__signature__ = inspect.signature(keras_style)
        return grad_fn

    def with_rule(declared):
        @custom_gradient
        def f(x):
            return x, make(declared)

        return f

    # The same code object serves every grad_fn: a plain one first, then two that declare
    # Keras's keyword-only upstream (each must get it by keyword, not the plain one's reading).
    assert grad(with_rule("plain"))(1.0) == 3.0
    for declared in ("wraps", "signature", "plain", "wraps"):
        assert grad(with_rule(declared))(1.0) == 3.0
    calls = []

    def spy(*args, **kwargs):
        calls.append(sorted(kwargs))
        return 1.0

    spy.__signature__ = inspect.signature(keras_style)

    @custom_gradient
    def g(x):
        return x, spy

    grad(g)(1.0)
    assert calls == [["upstream"]]


# -- Variables ---------------------------------------------------------------------------


def test_grad_fn_with_variables_returns_their_gradients():
    v = Variable(2.0, name="v")

    @custom_gradient
    def scale(x):
        def grad_fn(upstream, variables=None):
            assert variables == [v]
            return upstream * v.numpy(), [upstream * x * 10]

        return x * v, grad_fn

    with GradientTape() as tape:
        x = tape.watch(3.0)
        y = scale(x)
    assert tape.gradient(y, [x, v]) == [2.0, 30.0]


def test_reading_variables_without_a_variables_parameter_is_an_error():
    v = Variable(2.0, name="weights")

    @custom_gradient
    def scale(x):
        return x * v, lambda upstream: upstream

    with GradientTape() as tape:
        x = tape.watch(3.0)
        with pytest.raises(TypeError, match="weights.*variables"):
            scale(x)


# -- errors --------------------------------------------------------------------------------


def test_wrong_number_of_gradients_says_how_many():
    @custom_gradient
    def f(x, y):
        return x * y, lambda g: (g, g, g)

    with pytest.raises(TypeError, match="returned 3 gradient.*expected 2.*f"):
        grad(f)(1.0, 2.0)


def test_wrong_gradient_shape_gives_both_shapes():
    @custom_gradient
    def f(x):
        return gnp.sum(x), lambda g: np.ones(3)

    with pytest.raises(ValueError, match=r"\(3,\).*\(2,\)"):
        grad(f)(np.ones(2))


def test_f_must_return_a_pair():
    @custom_gradient
    def f(x):
        return x * 2

    with pytest.raises(TypeError, match="f must return a pair"):
        grad(f)(1.0)


def test_unknown_op_in_override_suggests_a_name():
    with pytest.raises(ValueError, match="'expp'.*'exp'"):
        with gradient_override({"expp": lambda g, ans, x: g}):
            pass


# -- TensorFlow Probability's functional form ------------------------------------------------


def test_tfp_value_and_gradient():
    x = np.linspace(-100, 100, 1001)
    f = lambda x: x**2 / 2  # noqa: E731
    g = lambda x: (x - 1) ** 3 / 3  # noqa: E731
    value, gradient = value_and_grad(lambda x: gnp.sum(custom_gradient(f(x), g(x), x)))(x)
    assert value == pytest.approx(np.sum(f(x)))
    np.testing.assert_allclose(gradient, g(x))


def test_tfp_tensor_domain_scalar_range():
    def h(z):
        fz = z[0] * z[1]
        gz = z[0] ** 2 * z[1] ** 2 / 2
        return custom_gradient(fz, gz, z)

    z = np.array([2.0, 3.0])
    value, gradient = value_and_grad(h)(z)
    assert value == 6.0
    np.testing.assert_allclose(gradient, [18.0, 18.0])


def test_tfp_list_of_x():
    def h(a, b):
        return custom_gradient(a * b, [b * 10, a * 100], [a, b])

    assert grad(h, argnums=(0, 1))(2.0, 3.0) == (30.0, 200.0)


def test_tfp_partial_gradient_goes_nowhere_else():
    x = Variable(np.float32(2.1))
    y = Variable(np.float32(3.1))
    with GradientTape() as tape:
        h = custom_gradient(x * y, gnp.square(x) * y, x)
    dx, dy = tape.gradient(h, [x, y])
    assert h.numpy() == np.float32(2.1) * np.float32(3.1)
    assert dx == np.float32(2.1) ** 2 * np.float32(3.1)
    assert dy is None


def test_tfp_fx_gx_manually_stopped_lets_the_rest_through():
    x = Variable(np.float32(2.1))
    y = Variable(np.float32(3.1))
    with GradientTape() as tape:
        fx = stop_gradient(x) * y
        gx = stop_gradient(gnp.square(x)) * y
        h = custom_gradient(fx, gx, x + stop_gradient(y), fx_gx_manually_stopped=True)
    dx, dy = tape.gradient(h, [x, y])
    assert dx == np.float32(2.1) ** 2 * np.float32(3.1)
    assert dy == np.float32(2.1)


def test_tfp_default_stops_even_a_traced_fx():
    # Without manual stopping, fx and gx are stopped: y gets no gradient at all.
    def h(x, y):
        return custom_gradient(x * y, y, x)

    assert grad(h, argnums=(0, 1))(2.0, 3.0) == (3.0, 0.0)


def test_functional_form_needs_all_three():
    with pytest.raises(TypeError, match="all three"):
        custom_gradient(1.0, 2.0)


# -- stop_gradient ------------------------------------------------------------------------------


def test_stop_gradient_first_and_second_order():
    assert grad(lambda x: x * stop_gradient(x))(3.0) == 3.0
    assert grad(grad(lambda x: x * x * stop_gradient(x)))(3.0) == 6.0
