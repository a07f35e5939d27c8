"""Mistakes get clear errors: what went wrong, and what to do instead.

Each error must name the thing the user can act on (the transform to use, the
gradcli.numpy function, the op without a rule), and the friendly cases next to
them (NumPy operands on the left of an operator) must keep working.
"""

import math

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.autodiff import Primitive, defvjp, primitive

grad = gradcli.grad


# -- grad of a non-scalar --------------------------------------------------------


@pytest.mark.parametrize("shape", [(3,), (2, 2), (2, 1)])
def test_grad_of_non_scalar_output_points_to_jacobian_and_vjp(shape):
    with pytest.raises(TypeError) as info:
        grad(lambda x: x * 2.0)(np.ones(shape))
    message = str(info.value)
    assert "jacobian" in message
    assert "vjp" in message
    assert str(shape) in message


def test_value_and_grad_of_non_scalar_output():
    with pytest.raises(TypeError, match="jacobian"):
        gradcli.value_and_grad(lambda x: gnp.sin(x))(np.ones(2))


def test_hessian_of_non_scalar_output():
    with pytest.raises(TypeError, match="jacobian"):
        gradcli.hessian(lambda x: x * x)(np.ones(2))


def test_grad_of_complex_output_raises():
    with pytest.raises(TypeError, match="grad needs a real scalar output; this function returned a complex one"):
        grad(lambda x: x * 1j)(3.0)


# -- integer inputs -------------------------------------------------------


@pytest.mark.parametrize(
    "value",
    [3, np.arange(3), np.int32(4), np.array([[1, 2]], dtype=np.int8), True],
    ids=["int", "arange", "int32", "int8-array", "bool"],
)
def test_grad_with_respect_to_integers_asks_for_floats(value):
    with pytest.raises(TypeError) as info:
        grad(lambda x: gnp.sum(x * 2.0))(value)
    assert "float" in str(info.value)


def test_integer_error_names_the_argument():
    with pytest.raises(TypeError) as info:
        grad(lambda x, n: x * n, argnums=1)(1.0, 3)
    assert "float" in str(info.value)
    assert "argument 1" in str(info.value)


def test_integer_non_differentiated_argument_is_fine():
    assert grad(lambda x, n: x * n)(1.5, 3) == 3.0


@pytest.mark.parametrize(
    "call",
    [
        lambda: gradcli.vjp(lambda x: x, 3),
        lambda: gradcli.jvp(lambda x: x, (np.arange(3),), (np.ones(3),)),
        lambda: gradcli.jacobian(lambda x: x * 1.0)(np.arange(3)),
        lambda: gradcli.hessian(lambda x: gnp.sum(x * 1.0))(np.arange(3)),
        lambda: gradcli.value_and_grad(lambda x: x * 1.0)(2),
    ],
    ids=["vjp", "jvp", "jacobian", "hessian", "value_and_grad"],
)
def test_every_transform_rejects_integers(call):
    with pytest.raises(TypeError, match="float"):
        call()


def test_argnums_out_of_range():
    with pytest.raises(TypeError, match="argnums asks for argument 2 but the function got 1"):
        grad(lambda x: x, argnums=2)(3.0)


# -- plain NumPy on traced values --------------------------------------------------


@pytest.mark.parametrize(
    "np_fun, name",
    [
        (np.exp, "exp"),
        (np.sin, "sin"),
        (np.log1p, "log1p"),
        (np.tanh, "tanh"),
        (np.sum, "sum"),
        (np.mean, "mean"),
        (lambda x: np.maximum(x, 0.0), "maximum"),
        (lambda x: np.dot(x, x), "dot"),
    ],
    ids=["exp", "sin", "log1p", "tanh", "sum", "mean", "maximum", "dot"],
)
def test_plain_numpy_function_names_the_gradcli_equivalent(np_fun, name):
    with pytest.raises(TypeError) as info:
        grad(lambda x: gnp.sum(np_fun(x)))(np.array([0.5, 1.5]))
    message = str(info.value)
    assert name in message
    assert f"gradcli.numpy.{name}" in message


def test_plain_numpy_on_a_traced_python_float():
    with pytest.raises(TypeError, match=r"gradcli\.numpy\.exp"):
        grad(lambda x: np.exp(x))(1.0)


def test_plain_numpy_without_an_equivalent_still_raises():
    with pytest.raises(TypeError) as info:
        grad(lambda x: gnp.sum(np.cumprod(x)))(np.array([0.5, 1.5]))
    assert "cumprod" in str(info.value)


@pytest.mark.parametrize("convert", [np.asarray, np.array], ids=["asarray", "array"])
def test_converting_a_traced_value_to_an_array_raises(convert):
    with pytest.raises(TypeError) as info:
        grad(lambda x: gnp.sum(convert(x)))(np.array([0.5, 1.5]))
    message = str(info.value)
    assert "gradcli.numpy" in message or "stop_gradient" in message


def test_plain_numpy_errors_in_forward_mode_and_tapes():
    with pytest.raises(TypeError, match=r"gradcli\.numpy\.exp"):
        gradcli.jvp(lambda x: np.exp(x), (np.ones(2),), (np.ones(2),))
    with pytest.raises(TypeError, match=r"gradcli\.numpy\.sin"):
        with gradcli.GradientTape() as t:
            x = t.watch(np.ones(2))
            np.sin(x)


@pytest.mark.parametrize("convert", [float, int, complex, math.exp], ids=["float", "int", "complex", "math.exp"])
def test_python_conversion_of_a_traced_value_raises(convert):
    with pytest.raises(TypeError, match=r"`convert\(x\)` converts a value gradcli is differentiating to a Python number"):
        grad(lambda x: convert(x))(1.0)


def test_conversion_of_a_traced_value_raises_in_nested_grad():
    with pytest.raises(TypeError, match=r"`float\(x\)` converts a value gradcli is differentiating to a Python number"):
        grad(grad(lambda x: x * float(x)))(1.0)


# -- an op without a gradient rule ---------------------------------------------------


def _myop():
    return primitive(lambda x: x * 2.0, name="myop")


def test_primitive_record_without_vjp_raises_no_gradient_error_naming_it():
    # The record itself, as well as the door `primitive` returns, can be called.
    myop = Primitive(lambda x: x * 2.0, "myop")
    assert myop(3.0) == 6.0
    with pytest.raises(gradcli.NoGradientError, match="myop"):
        grad(lambda x: myop(x) * x)(3.0)


def test_op_without_vjp_evaluates_normally():
    myop = _myop()
    assert myop(3.0) == 6.0
    np.testing.assert_array_equal(myop(np.array([1.0, 2.0])), [2.0, 4.0])


def test_op_without_vjp_raises_no_gradient_error_naming_it():
    myop = _myop()
    with pytest.raises(gradcli.NoGradientError, match="myop"):
        grad(lambda x: myop(x) + x)(3.0)
    with pytest.raises(gradcli.NoGradientError, match="myop"):
        grad(lambda x: gnp.sum(myop(x)))(np.ones(3))


def test_op_without_vjp_in_vjp_tape_and_jvp():
    myop = _myop()
    _, pullback = gradcli.vjp(lambda x: myop(x), 1.0)
    with pytest.raises(gradcli.NoGradientError, match="myop"):
        pullback(1.0)
    with pytest.raises(gradcli.NoGradientError, match="myop"):
        gradcli.jvp(myop, (1.0,), (1.0,))
    with gradcli.GradientTape() as t:
        x = t.watch(1.0)
        y = myop(x)
    with pytest.raises(gradcli.NoGradientError, match="myop"):
        t.gradient(y, x)


def test_op_without_vjp_is_fine_behind_stop_gradient():
    myop = _myop()
    assert grad(lambda x: x * gradcli.stop_gradient(myop(x)))(3.0) == 6.0


def test_no_gradient_error_is_catchable_as_not_implemented():
    assert issubclass(gradcli.NoGradientError, NotImplementedError)


def test_missing_rule_for_one_argument_names_the_op():
    scale = primitive(lambda x, s: x * s, name="myscale")
    defvjp(scale, lambda g, ans, x, s: g * s, None)
    assert grad(lambda x: scale(x, 4.0))(1.0) == 4.0
    assert grad(lambda x: scale(x, 4.0))(np.float64(1.0)) == 4.0
    with pytest.raises(gradcli.NoGradientError, match="myscale"):
        grad(lambda s: scale(2.0, s))(4.0)


# -- NumPy operands on the left must keep working ----------------------------------------


def test_ndarray_times_traced():
    g = grad(lambda x: gnp.sum(np.array([1.0, 2.0]) * x))(np.ones(2))
    np.testing.assert_array_equal(g, [1.0, 2.0])
    g = grad(lambda x: gnp.sum(np.array([1.0, 2.0]) * x))(3.0)
    assert g == 3.0


def test_numpy_scalar_times_traced():
    assert grad(lambda x: np.float64(2) * x)(3.0) == 2.0
    g = grad(lambda x: np.float32(2) * x)(np.float32(3.0))
    assert g == 2.0 and np.asarray(g).dtype == np.float32


@pytest.mark.parametrize(
    "f, expected",
    [
        (lambda x: gnp.sum(np.array([1.0, 2.0]) + x), 2.0),
        (lambda x: gnp.sum(np.array([1.0, 2.0]) - x), -2.0),
        (lambda x: gnp.sum(np.array([1.0, 2.0]) / x), -(1.0 + 2.0) / 9.0),
        (lambda x: np.float64(2.0) ** x, 8.0 * math.log(2.0)),
        (lambda x: gnp.sum(np.array([1.0, 2.0]) @ (x * np.ones(2))), 3.0),
    ],
    ids=["add", "subtract", "divide", "power", "matmul"],
)
def test_numpy_left_operands_route_to_gradcli_ops(f, expected):
    assert grad(f)(3.0) == pytest.approx(expected, rel=1e-15)


def test_numpy_left_operand_in_nested_grad():
    f = lambda x: np.float64(3.0) * x * x  # noqa: E731
    assert grad(grad(f))(1.0) == 6.0


def test_comparisons_with_numpy_operands_are_constants():
    g = grad(lambda x: gnp.sum(gnp.where(np.zeros(3) < x, x, 0.0)))(np.array([-1.0, 0.5, 2.0]))
    np.testing.assert_array_equal(g, [0.0, 1.0, 1.0])


# -- errors name the function a traced value met ---------------------------------------------------


@pytest.mark.parametrize("name", ["inv", "det", "norm"])
def test_plain_numpy_linalg_error_names_the_linalg_function(name):
    x = np.array([[2.0, 1.0], [0.5, 3.0]])
    with pytest.raises(TypeError) as info:
        grad(lambda x: gnp.sum(getattr(np.linalg, name)(x)))(x)
    message = str(info.value)
    assert f"numpy.linalg.{name}" in message
    assert f"gradcli.numpy.linalg.{name}" in message
    assert "no equivalent" not in message


def test_math_function_error_names_the_function_and_its_replacement():
    with pytest.raises(TypeError) as info:
        grad(lambda x: math.exp(x))(1.0)
    assert "math.exp(x)" in str(info.value)
    assert "use gnp.exp instead" in str(info.value)  # this module's own name for gradcli.numpy
