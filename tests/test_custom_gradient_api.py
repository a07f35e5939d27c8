"""The custom-gradient API at its edges: nested traces, Variables, overrides, TF's gradient functions."""

import numpy as np
import pytest

import gradcli.numpy as gnp
from gradcli import (
    GradientTape,
    Variable,
    custom_gradient,
    grad,
    gradient_override,
    gradients_function,
    hessian,
    jvp,
    register_gradient,
    restore_gradient,
    symbolic_gradient,
    value_and_gradients_function,
)
from gradcli.autodiff import Box


pytestmark = pytest.mark.usefixtures("quiet_numpy")  # in conftest.py


@pytest.fixture
def exp_rules_restored():
    """Leave the rule of exp as it was, whatever a test registered."""
    yield
    restore_gradient("exp")


def sigmoid(x):
    return 1 / (1 + np.exp(-x))


@custom_gradient
def log1pexp(x):
    e = gnp.exp(x)
    return gnp.log(1 + e), lambda dy: dy * (1 - 1 / (1 + e))


def doubled_exp(g, ans, x):
    return 2 * g * ans


def tripled_exp(g, ans, x):
    return 3 * g * ans


def assert_number(value, expected):
    assert not isinstance(value, Box), f"a traced value leaked: {value!r}"
    assert value == pytest.approx(expected, rel=1e-15)


# -- defect 1: dict gradients are matched by key ------------------------------------------


def test_dict_gradient_in_another_key_order_reaches_the_right_keys():
    @custom_gradient
    def f(d):
        return d["a"] + d["b"], lambda u: {"b": u * 20, "a": u * 10}

    assert grad(f)({"a": 1.0, "b": 2.0}) == {"a": 10.0, "b": 20.0}


def test_nested_dict_gradient_in_another_key_order():
    @custom_gradient
    def f(x, p):
        return x * p["w"][0] + p["b"], lambda u: (u * p["w"][0], {"b": u, "w": [u * x]})

    dx, dp = grad(f, argnums=(0, 1))(3.0, {"w": [2.0], "b": 1.0})
    assert dx == 2.0 and dp == {"w": [3.0], "b": 1.0}


def test_dict_gradient_with_missing_or_extra_keys_names_function_and_keys():
    @custom_gradient
    def weighted(d):
        return d["a"] + d["b"], lambda u: {"a": u, "c": u}

    with pytest.raises(TypeError, match=r"weighted.*missing \['b'\].*unexpected \['c'\]"):
        grad(weighted)({"a": 1.0, "b": 2.0})


# -- defect 2: a Variable passed as an argument is an input -------------------------------


def _tape_gradient_of_square(v, make_grad_fn):
    @custom_gradient
    def sq(x):
        return x * x, make_grad_fn(x)

    with GradientTape() as tape:
        y = sq(v)
    return tape.gradient(y, v)


@pytest.mark.parametrize(
    "make_grad_fn",
    [
        lambda x: lambda u: u * 2 * x,
        # sq reads no Variable besides its input, so grad_fn gets no variables=.
        lambda x: lambda u, variables=None: u * 2 * x if variables is None else None,
    ],
)
def test_variable_argument_is_an_input_not_a_variable_read(make_grad_fn):
    assert _tape_gradient_of_square(Variable(3.0), make_grad_fn) == 6.0


def test_variable_gradients_returned_for_an_input_variable_are_an_error_not_added():
    with pytest.raises(TypeError, match="sq.*argument 0"):
        _tape_gradient_of_square(
            Variable(3.0), lambda x: lambda u, variables=None: (u * 2 * x, [u * 100])
        )


def test_only_variables_other_than_the_inputs_are_passed():
    v, w = Variable(3.0, name="v"), Variable(2.0, name="w")

    @custom_gradient
    def scale(x):
        def grad_fn(u, variables=None):
            assert variables == [w]
            return u * w.numpy(), [u * x.numpy()]

        return x * w, grad_fn

    with GradientTape() as tape:
        y = scale(v)
    assert tape.gradient(y, [v, w]) == [2.0, 3.0]


def test_non_trainable_variable_read_needs_no_variables_parameter():
    frozen = Variable(2.0, trainable=False)

    @custom_gradient
    def scale(x):
        return x * frozen, lambda u: u * frozen.numpy()

    with GradientTape() as tape:
        x = tape.watch(3.0)
        y = scale(x)
    assert tape.gradient(y, x) == 2.0


# -- defect 3: the op belongs to the innermost trace of its own inputs ---------------------


def _loss_through_a_tape(custom):
    w = Variable(2.0)

    def loss(x):
        with GradientTape() as tape:
            y = custom(x) * w
        return tape.gradient(y, w)

    return loss


def test_custom_gradient_under_a_tape_opened_inside_grad_returns_a_number():
    naive = grad(_loss_through_a_tape(lambda x: gnp.log(1 + gnp.exp(x))))(1.0)
    custom = grad(_loss_through_a_tape(log1pexp))(1.0)
    assert_number(custom, naive)
    assert_number(custom, sigmoid(1.0))


def test_under_an_uninvolved_tape_second_order_and_forward_mode_work():
    loss = _loss_through_a_tape(log1pexp)
    assert_number(grad(grad(loss))(1.0), sigmoid(1.0) * (1 - sigmoid(1.0)))
    value, tangent = jvp(loss, (1.0,), (2.0,))
    assert_number(value, np.log1p(np.e))
    assert_number(tangent, 2 * sigmoid(1.0))


def test_f_reading_a_variable_watched_by_an_inner_tape():
    # The op belongs to the tape (it reads w); the outer grad sees f op by op.
    w = Variable(2.0)

    @custom_gradient
    def scale(x):
        return x * w, lambda u, variables=None: (u * w, [u * x])

    def loss(x):
        with GradientTape() as tape:
            y = scale(x)
        return tape.gradient(y, w)  # = x

    assert_number(grad(loss)(3.0), 1.0)


def test_nested_tapes_over_a_variable_read_inside_f():
    w = Variable(2.0)

    @custom_gradient
    def sq_w(x):
        return x * w * w, lambda u, variables=None: (u * w * w, [u * 2 * x * w])

    with GradientTape() as outer:
        with GradientTape() as inner:
            y = sq_w(3.0)
        dw = inner.gradient(y, w)
    assert outer.gradient(dw, w) == pytest.approx(6.0)


def test_hessian_of_a_custom_gradient():
    x = np.array([0.5, 1.0])
    np.testing.assert_allclose(
        hessian(lambda x: gnp.sum(log1pexp(x)))(x), np.diag(sigmoid(x) * (1 - sigmoid(x)))
    )


# -- defect 4: keyword arguments are constants ---------------------------------------------


def test_traced_keyword_argument_is_a_constant():
    @custom_gradient
    def kw(x, scale=1.0):
        return x * scale, lambda u: u * scale

    assert_number(grad(lambda x: kw(x, scale=x))(1.0), 1.0)
    assert_number(grad(lambda x: kw(x, scale=x))(3.0), 3.0)


# -- defect 5 and the gaps: symbolic_gradient ----------------------------------------------


def test_symbolic_gradient_ignores_parameters_with_defaults():
    assert symbolic_gradient(gnp.sin)(1.0, 2.0) == (pytest.approx(2 * np.cos(1.0)),)
    assert symbolic_gradient(lambda x, y=2.0: x * y)(1.0, 3.0) == (6.0,)


def test_symbolic_gradient_num_inputs():
    def total(*xs):
        return xs[0] * xs[1] * xs[2]

    assert symbolic_gradient(total, num_inputs=3)(1.0, 2.0, 3.0, 2.0) == (12.0, 6.0, 4.0)
    assert symbolic_gradient(lambda x, y=2.0: x * y, num_inputs=2)(1.0, 3.0, 1.0) == (3.0, 1.0)
    with pytest.raises(TypeError, match=r"\*args.*num_inputs="):
        symbolic_gradient(total)


def test_symbolic_gradient_two_inputs_two_outputs():
    x, y, d1, d2 = 2.0, 3.0, 1.5, -0.5
    dx, dy = symbolic_gradient(lambda x, y: (x * y, gnp.sin(x) + y**2))(x, y, d1, d2)
    assert dx == pytest.approx(d1 * y + d2 * np.cos(x))
    assert dy == pytest.approx(d1 * x + d2 * 2 * y)


def test_symbolic_gradient_three_inputs_one_output():
    a, b, c, d = 0.5, 2.0, -1.0, 3.0
    grads = symbolic_gradient(lambda a, b, c: gnp.exp(a) * b + c**3)(a, b, c, d)
    assert grads == pytest.approx((d * np.exp(a) * b, d * np.exp(a), d * 3 * c**2))


def test_symbolic_gradient_one_input_three_outputs():
    x = 0.7
    (dx,) = symbolic_gradient(lambda x: (x**2, gnp.log(x), 5 * x))(x, 1.0, 2.0, 3.0)
    assert dx == pytest.approx(2 * x + 2.0 / x + 15.0)


def test_symbolic_gradient_arrays():
    a = np.array([[1.0, 2.0], [3.0, 4.0]])
    v = np.array([0.5, -1.0])
    dy_mv, dy_sum = np.array([1.0, 2.0]), 3.0
    da, dv = symbolic_gradient(lambda a, v: (gnp.dot(a, v), gnp.sum(v * v)))(a, v, dy_mv, dy_sum)
    np.testing.assert_allclose(da, np.outer(dy_mv, v))
    np.testing.assert_allclose(dv, a.T @ dy_mv + dy_sum * 2 * v)


def test_symbolic_gradient_counts_cotangents():
    with pytest.raises(TypeError, match="2 output.*1 cotangent"):
        symbolic_gradient(lambda x: (x, x))(1.0, 1.0)


# -- defect 6 and the gaps: register_gradient, restore_gradient, gradient_override -------------


def test_doubled_override_rule_changes_the_answer():
    assert grad(gnp.exp)(1.0) == pytest.approx(np.e)
    with gradient_override({"exp": doubled_exp}):
        assert grad(gnp.exp)(1.0) == pytest.approx(2 * np.e)
    assert grad(gnp.exp)(1.0) == pytest.approx(np.e)


def test_register_and_restore_gradient(exp_rules_restored):
    register_gradient("exp")(doubled_exp)
    assert grad(gnp.exp)(0.0) == 2.0
    assert jvp(gnp.exp, (0.0,), (1.0,))[1] == 2.0  # forward mode transposes the rule
    restore_gradient("exp")
    assert grad(gnp.exp)(0.0) == 1.0
    assert jvp(gnp.exp, (0.0,), (1.0,))[1] == 1.0


def test_register_gradient_inside_an_override_scope_stands_after_it(exp_rules_restored):
    with gradient_override({"exp": tripled_exp}):
        register_gradient("exp")(doubled_exp)
        assert grad(gnp.exp)(0.0) == 3.0  # the scope wins inside it
    assert grad(gnp.exp)(0.0) == 2.0
    restore_gradient("exp")
    assert grad(gnp.exp)(0.0) == 1.0


def test_restore_gradient_inside_a_scope_keeps_the_scope(exp_rules_restored):
    register_gradient("exp")(doubled_exp)
    with gradient_override({"exp": tripled_exp}):
        restore_gradient("exp")
        assert grad(gnp.exp)(0.0) == 3.0
    assert grad(gnp.exp)(0.0) == 1.0


def test_override_is_restored_after_an_exception():
    with pytest.raises(RuntimeError):
        with gradient_override({"exp": doubled_exp}):
            raise RuntimeError("inside the scope")
    assert grad(gnp.exp)(0.0) == 1.0


def test_nested_override_scopes():
    with gradient_override({"exp": doubled_exp, "sin": lambda g, ans, x: 0 * g}):
        with gradient_override({"exp": tripled_exp}):
            assert grad(gnp.exp)(0.0) == 3.0
            assert grad(gnp.sin)(0.0) == 0.0  # the outer scope still holds for sin
        assert grad(gnp.exp)(0.0) == 2.0
    assert grad(gnp.exp)(0.0) == 1.0
    assert grad(gnp.sin)(0.0) == 1.0


def test_override_rules_are_fixed_when_the_op_is_recorded():
    with GradientTape() as tape:
        x = tape.watch(0.0)
        with gradient_override({"exp": doubled_exp}):
            y = gnp.exp(x)
        z = gnp.exp(x)
    assert tape.gradient(y, x) == 2.0  # the backward pass runs after the scope
    with GradientTape() as tape:
        x = tape.watch(0.0)
        z = gnp.exp(x)
    assert tape.gradient(z, x) == 1.0


# -- defect 7: tuple outputs in forward mode -----------------------------------------------------


def test_tuple_output_custom_gradient_under_jvp():
    @custom_gradient
    def two(x):
        return (x, x * x), lambda a, b: a + 2 * x * b

    assert jvp(lambda x: two(x)[0], (1.0,), (1.0,)) == (1.0, 1.0)
    assert jvp(lambda x: two(x)[1], (3.0,), (2.0,)) == (9.0, 12.0)
    assert jvp(lambda x: two(x)[0] + two(x)[1], (3.0,), (1.0,)) == (12.0, 7.0)


# -- value_and_gradients_function and gradients_function --------------------------------------------


def cubic(x, y):
    return x**3 * y - x * y**2


def test_value_and_gradients_function_seed():
    assert value_and_gradients_function(cubic)(2.0, 3.0) == (6.0, [27.0, -4.0])


def test_params_by_index_or_name_select_the_same_gradient():
    assert value_and_gradients_function(cubic, params=[1])(2.0, 3.0) == (6.0, [-4.0])
    assert value_and_gradients_function(cubic, params=["y"])(2.0, 3.0) == (6.0, [-4.0])
    assert value_and_gradients_function(cubic, params=[np.int64(0)])(2.0, 3.0)[1] == [27.0]


def test_params_mixing_names_and_indices_is_a_value_error():
    with pytest.raises(ValueError, match="mix"):
        value_and_gradients_function(cubic, params=[0, "y"])


@pytest.mark.parametrize("params", [[1.5], [True], [None]])
def test_params_that_are_not_names_or_indices_are_rejected(params):
    with pytest.raises(TypeError, match="names.*indices"):
        value_and_gradients_function(cubic, params=params)


def test_params_as_a_bare_string_is_rejected():
    with pytest.raises(TypeError, match="list of parameter names"):
        value_and_gradients_function(cubic, params="xy")


def test_list_and_tuple_outputs_are_summed():
    value, grads = value_and_gradients_function(lambda x: [x * x, 3 * x])(2.0)
    assert value == [4.0, 6.0] and grads == [7.0]
    assert gradients_function(lambda x, y: (x * y, x + y))(2.0, 3.0) == [4.0, 3.0]


def test_dy_weights_the_outputs():
    assert gradients_function(lambda x: [x * x, 3 * x])(2.0, dy=[1.0, 10.0]) == [34.0]
    a = np.array([[1.0, 2.0], [3.0, 4.0]])
    dy = np.array([1.0, -2.0])
    (da,) = gradients_function(lambda a: gnp.dot(a, np.array([5.0, 7.0])))(a, dy=dy)
    np.testing.assert_allclose(da, np.outer(dy, [5.0, 7.0]))
    with pytest.raises(ValueError, match=r"dy of shape \(3,\).*\(2,\)"):
        gradients_function(lambda a: gnp.dot(a, np.ones(2)))(a, dy=np.ones(3))


def test_gradients_function_returns_the_gradients_only():
    assert gradients_function(cubic)(2.0, 3.0) == [27.0, -4.0]
    assert gradients_function(cubic, params=["x"])(2.0, 3.0) == [27.0]


# -- errors that name the argument ---------------------------------------------------------------


def test_wrong_gradient_shape_names_the_argument_and_its_path():
    @custom_gradient
    def f(p, x):
        return p["a"] + gnp.sum(p["b"]) * gnp.sum(x), lambda u: ({"a": u, "b": np.ones(3)}, x)

    with pytest.raises(ValueError, match=r"shape \(3,\) for argument 0\['b'\], which has shape \(2,\)"):
        grad(f)({"a": 1.0, "b": np.ones(2)}, np.ones(4))

    @custom_gradient
    def g(p, x):
        return p["a"] + p["b"] * gnp.sum(x), lambda u: ({"a": u, "b": u}, np.ones(3))

    with pytest.raises(ValueError, match=r"shape \(3,\) for argument 1, which has shape \(4,\)"):
        grad(g, argnums=1)({"a": 1.0, "b": 2.0}, np.ones(4))


def test_tfp_gx_must_have_the_shape_of_x():
    x = np.ones(3)
    with pytest.raises(ValueError, match=r"gx has shape \(1,\).*x has shape \(3,\)"):
        custom_gradient(gnp.sum(x * 2), np.ones(1), x)
    h = custom_gradient(2.0, 5.0, np.ones(3))  # a scalar gx reaches every element
    assert h == 2.0
    np.testing.assert_allclose(
        grad(lambda x: custom_gradient(gnp.sum(x), 5.0, x))(np.ones(3)), [5.0, 5.0, 5.0]
    )
