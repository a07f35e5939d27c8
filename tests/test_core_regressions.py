"""Regressions of the autodiff core found by an audit, each against an independent reference.

References are composite formulas built from other ops, central finite differences in
float64, NumPy float64 itself (the semantics Python floats must follow), or exact
mathematical values.
"""

import math

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp

grad = gradcli.grad
COMPLEX_POINTS = [3 + 4j, -1.5 + 0.25j, 0.5 - 2j, -2 - 1e-3j, 2.0 + 0j]


def fd_complex_grad(f, z, h=1e-6):
    """The core's convention for a real f of complex z, df/dx - i df/dy, by central differences."""
    dx = (f(z + h) - f(z - h)) / (2 * h)
    dy = (f(z + 1j * h) - f(z - 1j * h)) / (2 * h)
    return dx - 1j * dy


def modulus(z):
    """|z| composed of ops other than abs."""
    return gnp.sqrt(gnp.real(z * gnp.conj(z)))


# -- 1. abs of complex numbers -------------------------------------------------


@pytest.mark.parametrize("z", COMPLEX_POINTS)
def test_abs_gradient_of_complex_matches_composite_and_differences(z):
    g = grad(gnp.abs)(z)
    assert g == pytest.approx(grad(modulus)(z), rel=1e-14)
    assert g == pytest.approx(fd_complex_grad(abs, z), rel=1e-8)


@pytest.mark.parametrize("z", COMPLEX_POINTS)
@pytest.mark.parametrize("t", [1.0, 1j, 0.3 - 0.7j])
def test_abs_tangent_of_complex_is_real_and_matches_differences(z, t):
    value, tangent = gradcli.jvp(gnp.abs, (z,), (t,))
    h = 1e-6
    assert value == pytest.approx(abs(z), rel=1e-15)
    assert not np.iscomplexobj(tangent)
    assert tangent == pytest.approx((abs(z + h * t) - abs(z - h * t)) / (2 * h), rel=1e-8, abs=1e-9)
    assert tangent == pytest.approx(gradcli.jvp(modulus, (z,), (t,))[1], rel=1e-14)


def test_abs_second_derivative_of_complex_matches_composite():
    z = np.array(COMPLEX_POINTS)

    def second(f):
        return grad(lambda z: gnp.sum(gnp.real(grad(lambda w: gnp.sum(f(w)))(z) * (1 + 2j))))(z)

    np.testing.assert_allclose(second(gnp.abs), second(modulus), rtol=1e-12)


def test_abs_gradient_at_complex_zero_is_zero():
    assert grad(gnp.abs)(0j) == 0


@pytest.mark.parametrize("ddof", [0, 1])
def test_var_and_std_of_complex_match_composites(ddof):
    z = np.array([1 + 2j, 3 - 1j, -2 + 0.5j, 0.25 + 0.75j])

    def var_composite(c):
        centered = c - gnp.mean(c)
        return gnp.sum(gnp.real(centered * gnp.conj(centered))) / (c.size - ddof)

    assert gnp.var(z, ddof=ddof) == pytest.approx(np.var(z, ddof=ddof), rel=1e-14)
    np.testing.assert_allclose(
        grad(lambda c: gnp.var(c, ddof=ddof))(z), grad(var_composite)(z), rtol=1e-13
    )
    np.testing.assert_allclose(
        grad(lambda c: gnp.std(c, ddof=ddof))(z),
        grad(lambda c: gnp.sqrt(var_composite(c)))(z),
        rtol=1e-13,
    )


# -- 2. Python floats at singular points follow float64 -------------------------

SINGULAR = [
    ("sqrt", gnp.sqrt, 0.0),
    ("log", gnp.log, 0.0),
    ("log2", gnp.log2, 0.0),
    ("log10", gnp.log10, 0.0),
    ("log1p", gnp.log1p, -1.0),
    ("reciprocal", lambda x: 1 / x, 0.0),
    ("divide", lambda x: 2.0 / x, 0.0),
    ("arcsin", gnp.arcsin, 1.0),
    ("arccos", gnp.arccos, 1.0),
    ("arctanh", gnp.arctanh, 1.0),
    ("arccosh", gnp.arccosh, 1.0),
    ("cbrt", gnp.cbrt, 0.0),
    ("hypot", lambda x: gnp.hypot(x, 0.0), 0.0),
    ("power", lambda x: x**0.5, 0.0),
]


def same_number(a, b):
    return (math.isnan(a) and math.isnan(b)) or a == b


@pytest.mark.parametrize("name, f, x", SINGULAR, ids=[row[0] for row in SINGULAR])
def test_python_float_gradient_at_singular_point_is_float64s(name, f, x):
    with np.errstate(all="ignore"):
        expected = grad(f)(np.float64(x))
        got = grad(f)(x)
    assert not math.isfinite(got)
    assert same_number(got, expected)
    assert type(got) is float  # a Python float in, a Python float out


@pytest.mark.parametrize("name, f, x", SINGULAR, ids=[row[0] for row in SINGULAR])
def test_python_float_tangent_at_singular_point_is_float64s(name, f, x):
    with np.errstate(all="ignore"):
        expected = gradcli.jvp(f, (np.float64(x),), (np.float64(1.0),))[1]
        got = gradcli.jvp(f, (x,), (1.0,))[1]
    assert same_number(got, expected)


@pytest.mark.parametrize("f", [gnp.sqrt, gnp.log, lambda x: 1 / x, gnp.cbrt], ids=["sqrt", "log", "recip", "cbrt"])
def test_python_float_second_derivative_at_singular_point_is_float64s(f):
    with np.errstate(all="ignore"):
        assert same_number(grad(grad(f))(0.0), grad(grad(f))(np.float64(0.0)))


def test_python_float_gradient_away_from_singular_points_is_unchanged():
    g = grad(gnp.sqrt)(4.0)
    assert type(g) is float and g == 0.25


# -- 3. derivatives of x**n at 0 ------------------------------------------------


def nth_derivative(f, order):
    for _ in range(order):
        f = grad(f)
    return f


@pytest.mark.parametrize("n", range(5))
@pytest.mark.parametrize("order", [1, 2, 3])
@pytest.mark.parametrize("as_float", [False, True], ids=["int_exponent", "float_exponent"])
def test_derivatives_of_integer_powers_at_zero_are_exact(n, order, as_float):
    y = float(n) if as_float else n
    exact = float(math.factorial(n)) if order == n else 0.0  # d^k/dx^k x^n at 0
    assert nth_derivative(lambda x: x**y, order)(0.0) == exact
    assert nth_derivative(lambda x: gnp.power(x, y), order)(np.float64(0.0)) == exact


def test_power_with_array_exponent_at_zero_base():
    x = np.zeros(4)
    y = np.array([0.0, 1.0, 2.0, 3.0])
    exact_first = np.array([0.0, 1.0, 0.0, 0.0])
    exact_second = np.array([0.0, 0.0, 2.0, 0.0])
    np.testing.assert_array_equal(grad(lambda x: gnp.sum(x**y))(x), exact_first)
    d2 = grad(lambda x: gnp.sum(grad(lambda x: gnp.sum(x**y))(x)))(x)
    np.testing.assert_array_equal(d2, exact_second)


@pytest.mark.parametrize("x, y", [(2.0, 0.0), (0.5, 0.0), (2.0, 1.0), (3.0, 2.5)])
def test_power_mixed_partial_unchanged_by_the_zero_guard(x, y):
    # d2/dxdy x**y = x**(y-1) * (1 + y log x)
    exact = x ** (y - 1) * (1 + y * math.log(x))
    got = grad(lambda x, y: grad(lambda x: x**y)(x), 1)(x, y)
    assert got == pytest.approx(exact, rel=1e-14)


# -- 4. errors name the function a traced value met ------------------------------


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
    assert "gradcli.numpy.exp" in str(info.value)


# -- 5. argnums for jacobian and hessian; //, divmod, round; lists of traced values


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


@pytest.mark.parametrize("x", [3.7, -3.7, np.array([3.7, -0.2, 5.0])])
def test_floor_division_divmod_and_rounding_are_numpys_with_zero_gradient(x):
    y = 1.5
    assert np.array_equal(gnp.floor_divide(x, y), np.floor_divide(x, y))
    for f, reference in [
        (lambda v: v // y, np.floor_divide(x, y)),
        (lambda v: y // v, np.floor_divide(y, x)),
        (lambda v: divmod(v, y)[0], np.floor_divide(x, y)),
        (lambda v: round(v), np.round(x)),
        (lambda v: math.floor(v), np.floor(x)),
        (lambda v: math.ceil(v), np.ceil(x)),
        (lambda v: math.trunc(v), np.trunc(x)),
    ]:
        value, g = gradcli.value_and_grad(lambda v: gnp.sum(f(v) * 1.0))(x)
        assert value == np.sum(reference)
        assert np.array_equal(g, np.zeros_like(x))
    # The remainder of divmod keeps the gradient of %.
    assert np.array_equal(grad(lambda v: gnp.sum(divmod(v, y)[1]))(x), grad(lambda v: gnp.sum(v % y))(x))


def test_ndarray_floor_divided_by_traced_value():
    a = np.array([4.0, -5.0])
    value, g = gradcli.value_and_grad(lambda v: gnp.sum(a // v))(1.5)
    assert value == np.sum(a // 1.5) and g == 0.0


def test_lists_of_traced_values_are_stacked():
    assert grad(lambda x: gnp.sum([x, 2 * x]))(3.0) == pytest.approx(3.0, rel=1e-15)
    assert grad(lambda x: gnp.mean((x, x * x, 1.0)))(3.0) == pytest.approx((1 + 2 * 3.0) / 3, rel=1e-15)
    assert grad(lambda x: gnp.sum(gnp.prod([[x, 2.0], [x, x]], axis=1)))(3.0) == pytest.approx(
        2.0 + 2 * 3.0, rel=1e-15
    )
    # A list beside a traced value, and a traced value inside a list under an outer trace.
    assert grad(lambda x: gnp.sum(gnp.add(x, [x, 2.0])))(3.0) == pytest.approx(3.0, rel=1e-15)
    assert grad(grad(lambda x: gnp.sum([x * x, x])))(3.0) == pytest.approx(2.0, rel=1e-15)


# -- sum without NumPy's Python wrapper ----------------------------------------------------------


@pytest.mark.parametrize(
    "value",
    [
        np.array([100, 100], dtype=np.int8),  # NumPy sums small integers in the platform integer
        np.array([True, True, False]),
        np.arange(6, dtype=np.float16).reshape(2, 3),
        np.arange(6, dtype=np.float32).reshape(2, 3),
        np.array([1 + 2j, 3 - 1j], dtype=np.complex64),
        [1.5, 2.5],
        np.float64(2.0),
    ],
)
@pytest.mark.parametrize("options", [{}, {"axis": 0}, {"axis": -1, "keepdims": True}, {"dtype": np.float64}])
def test_sum_matches_numpy_in_value_and_dtype(value, options):
    if np.ndim(value) == 0 and "axis" in options:
        options = {}
    if np.iscomplexobj(value) and "dtype" in options:
        options = {"dtype": np.complex128}
    expected = np.sum(value, **options)
    got = gnp.sum(value, **options)
    assert np.asarray(got).dtype == np.asarray(expected).dtype
    np.testing.assert_array_equal(got, expected)
