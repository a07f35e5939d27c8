"""TensorFlow's list gradients: grad_fn returns a list, which TF flattens (grad_xs and grad_vars alike)."""

import math

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli import GradientTape, Variable, custom_gradient, grad

pytestmark = pytest.mark.usefixtures("quiet_numpy")  # in conftest.py


def test_one_input_returning_a_list_of_one_gradient():
    # TF's documented form: grad_fn "returns a list of Tensors".
    @custom_gradient
    def double(x):
        return x * 2.0, lambda dy: [dy * 2.0]

    assert grad(double)(3.0) == 2.0


def test_one_array_input_returning_a_list_of_one_gradient_keeps_its_shape():
    @custom_gradient
    def square_sum(x):
        return gnp.sum(x * x), lambda dy: [dy * 2 * x]

    np.testing.assert_array_equal(grad(square_sum)(np.array([1.0, -2.0, 3.0])), [2.0, -4.0, 6.0])


def test_a_one_element_tuple_works_too():
    @custom_gradient
    def cube(x):
        return x**3, lambda dy: (dy * 3 * x**2,)

    assert grad(cube)(2.0) == 12.0


def test_several_inputs_returning_nested_lists_are_flattened_in_order():
    @custom_gradient
    def product(x, y):
        return x * y, lambda dy: [[dy * y], [dy * x]]

    assert grad(product, argnums=(0, 1))(3.0, 5.0) == (5.0, 3.0)


def test_a_list_input_with_a_flat_list_of_leaf_gradients():
    # The input [a, b] plus x: three leaves; TF accepts [da, db, dx] flattened.
    @custom_gradient
    def weighted(ab, x):
        a, b = ab
        return a * x + b, lambda dy: [dy * x, dy, dy * a]

    d_ab, d_x = grad(weighted, argnums=(0, 1))([2.0, 7.0], 10.0)
    assert d_ab == [10.0, 1.0] and d_x == 2.0


def test_a_dict_input_flattened_takes_the_keys_in_sorted_order_as_tensorflow_does():
    # tf.nest.flatten sorts dict keys: {"b": ..., "a": ...} flattens to [a, b].
    @custom_gradient
    def f(d):
        return 10 * d["b"] + d["a"], lambda dy: [[dy * 1.0, dy * 10.0]]

    assert grad(f)({"b": 2.0, "a": 3.0}) == {"b": 10.0, "a": 1.0}


def test_variables_form_returning_lists_for_inputs_and_variables():
    v = Variable(2.0, name="v")

    @custom_gradient
    def scale(x):
        def grad_fn(dy, variables=None):
            assert variables == [v]
            return [dy * v.numpy()], [dy * x * 10]

        return x * v, grad_fn

    with GradientTape() as tape:
        x = tape.watch(3.0)
        y = scale(x)
    # d(x*v)/dx = v = 2; the declared d/dv is 10 * x = 30.
    assert tape.gradient(y, [x, v]) == [2.0, 30.0]


def test_variables_form_with_nested_variable_gradients():
    v, w = Variable(2.0, name="v"), Variable(5.0, name="w")

    @custom_gradient
    def affine(x):
        def grad_fn(dy, variables=None):
            return [dy * v.numpy()], [[dy * x], [dy]]

        return x * v + w, grad_fn

    with GradientTape() as tape:
        x = tape.watch(3.0)
        y = affine(x)
    assert tape.gradient(y, [x, v, w]) == [2.0, 3.0, 1.0]


def test_a_list_gradient_is_checked_like_any_other_by_gradcli_check():
    @custom_gradient
    def log1pexp(x):
        e = gnp.exp(x)
        return gnp.log(1 + e), lambda dy: [dy * (1 - 1 / (1 + e))]

    (result,) = gradcli.check(log1pexp, [1.5], dtypes=("float64",)).results
    assert result.status == "ok"
    assert result.gradient["x"] == pytest.approx(1 / (1 + math.exp(-1.5)), rel=1e-14)


def test_a_list_of_two_gradients_for_one_input_is_still_an_error():
    @custom_gradient
    def f(x):
        return x * 2.0, lambda dy: [dy * 2.0, dy]

    with pytest.raises(TypeError, match="grad_fn of f returned a list of 2 for argument 0"):
        grad(f)(1.0)


def test_a_flat_list_with_too_few_gradients_keeps_the_count_message():
    @custom_gradient
    def f(x, y):
        return x * y, lambda dy: [dy * y]

    with pytest.raises(TypeError, match=r"returned 1 gradient\(s\), expected 2"):
        grad(f, argnums=(0, 1))(1.0, 2.0)


def test_a_list_gradient_of_the_wrong_shape_names_the_input_leaf():
    @custom_gradient
    def f(ab, x):
        return gnp.sum(ab[1]) * x, lambda dy: [dy, np.ones(3), dy]

    with pytest.raises(ValueError, match=r"shape \(3,\) for argument 0\[1\], which has shape \(2,\)"):
        grad(f)([1.0, np.ones(2)], 4.0)


def test_a_dict_gradient_is_never_flattened_past_its_keys():
    @custom_gradient
    def f(d):
        return d["a"] + d["b"], lambda dy: [{"a": dy, "c": dy}]

    with pytest.raises(TypeError, match=r"f returned a list of 1 for argument 0"):
        grad(f)({"a": 1.0, "b": 2.0})


def test_too_many_variable_gradients_in_a_nested_list_is_an_error():
    v = Variable(2.0, name="v")

    @custom_gradient
    def scale(x):
        return x * v, lambda dy, variables=None: ([dy * v.numpy()], [[dy], [dy]])

    with GradientTape() as tape:
        x = tape.watch(3.0)
        with pytest.raises(TypeError, match=r"returned 2 variable gradient\(s\), expected 1"):
            tape.gradient(scale(x), [x, v])
