"""Elementwise ops: first and second derivatives against finite differences, both modes.

Also here: the checker's own test (a rule off by 0.05% must fail it), the
non-differentiable ops, and a test that the op tables cover gradcli.numpy; abs of complex
numbers, Python floats at singular points (they follow float64), derivatives of x**n at 0,
and //, divmod and rounding (NumPy's values, zero gradient).
"""

import math

import numpy as np
import pytest
import scipy.special

import gradcli
import gradcli.numpy as gnp
from gradcli.autodiff import Primitive, defjvp, defvjp, primitive
from gradcli.autodiff.tracer import primitive_of
from each_case import failing_rows
from opcheck import (
    BINARY,
    NONDIFFERENTIABLE,
    SPECIAL_BINARY,
    SPECIAL_UNARY,
    UNARY,
    UNARY_SHAPES,
    GradientMismatch,
    check_binary,
    check_grads,
    check_hessian,
    check_unary,
    sample,
    signed,
)


def ids(rows):
    return [row[0] for row in rows]


# -- every elementwise op, first and second order ------------------------------


@pytest.mark.parametrize("name, fun, domain", UNARY, ids=ids(UNARY))
def test_unary(name, fun, domain):
    check_unary(fun, domain, order=2)


@pytest.mark.parametrize("name, fun, domains", BINARY, ids=ids(BINARY))
def test_binary(name, fun, domains):
    check_binary(fun, domains, order=2)


def test_power_integer_exponent_at_negative_base():
    check_unary(lambda x: gnp.power(x, 3.0), (-2, 2))


def test_power_of_a_constant_base():
    check_unary(lambda y: gnp.power(2.5, y), (-2, 2))


def test_power_gradient_at_zero_base():
    assert gradcli.grad(lambda x: x**1.0)(0.0) == 1.0
    assert gradcli.grad(lambda y: gnp.power(0.0, y))(2.0) == 0.0


def test_operators_match_their_ops():
    def f(x, y):
        return (x + y) * (x - y) / (2.0 + y * y) + x**2.0 - (-x) % 3.5

    check_binary(f, ((-1, 1), (-1, 1)))


def test_reflected_operators_with_numpy_on_the_left():
    a = np.array([1.5, 0.5, 2.0])
    check_unary(lambda x: a + x, (-2, 2), shapes=[(3,)])
    check_unary(lambda x: a * x - a / (2.0 + x) + a**x, (0.2, 2), shapes=[(3,)])


def test_where():
    cond = np.array([[True, False, True], [False, False, True]])
    x, y = sample((-2, 2), (2, 3)), sample((-2, 2), (2, 3))
    check_grads(lambda x, y: gnp.where(cond, x, y), x, y, order=2)


def test_where_broadcasts():
    cond = np.array([True, False, True])
    check_grads(lambda x, y: gnp.where(cond, x, y), sample((-1, 1), (2, 1)), 0.5)


def test_clip_in_all_three_arguments():
    x = np.array([-1.5, -0.2, 0.1, 0.7, 1.8])
    check_grads(gnp.clip, x, np.full(5, -1.0), np.full(5, 1.0))
    check_grads(lambda x: gnp.clip(x, -1.0, None), x)
    check_grads(lambda x: x.clip(None, 1.0), x)


def test_maximum_splits_ties():
    assert gradcli.grad(lambda x: gnp.maximum(x, 1.0))(1.0) == 0.5
    assert gradcli.grad(lambda y: gnp.minimum(1.0, y))(1.0) == 0.5


def test_fmax_gradient_skips_nan():
    x = np.array([np.nan, 1.0])
    g = gradcli.grad(lambda y: gnp.sum(gnp.fmax(x, y)))(np.array([2.0, 0.5]))
    assert np.array_equal(g, [1.0, 0.0])


def test_absolute_at_zero_is_zero():
    assert gradcli.grad(gnp.abs)(0.0) == 0.0


def test_sigmoid_and_softplus_in_the_tails():
    x = np.array([-40.0, 40.0])
    sigmoid_grad = gradcli.grad(lambda x: gnp.sum(gnp.sigmoid(x)))(x)
    softplus_grad = gradcli.grad(lambda x: gnp.sum(gnp.softplus(x)))(x)
    assert np.allclose(sigmoid_grad, np.exp(-40.0), rtol=1e-12, atol=0)
    assert np.allclose(softplus_grad, [np.exp(-40.0), 1.0], rtol=1e-12)


def test_tanh_gradient_does_not_vanish_early():
    assert gradcli.grad(gnp.tanh)(20.0) == pytest.approx(4 * np.exp(-40.0), rel=1e-12)


def test_diamond_and_deep_chain():
    check_unary(lambda x: x * x + x, (-2, 2))
    deep = gradcli.grad(_chain)(0.3)
    assert deep == pytest.approx(1.0001**10000, rel=1e-9)


def _chain(x):
    for _ in range(10000):
        x = x * 1.0001
    return x


@pytest.mark.parametrize("name, fun, domain", UNARY[:12], ids=ids(UNARY[:12]))
def test_hessian(name, fun, domain):
    check_hessian(lambda x: gnp.sum(fun(x)), sample(domain, (3,)))


def test_hessian_of_a_coupled_function():
    def f(x):
        return gnp.sum(gnp.sin(x[:-1] * x[1:])) + gnp.sum(x**3.0)

    check_hessian(f, sample((-1, 1), (4,)))


def test_third_derivative():
    third = gradcli.grad(gradcli.grad(gradcli.grad(gnp.sin)))
    assert third(0.7) == pytest.approx(-math.cos(0.7), rel=1e-14)


# -- forward values: the Python-float fast path agrees with NumPy ----------------

REFERENCE = {
    "sigmoid": scipy.special.expit,
    "softplus": lambda x: np.logaddexp(0.0, x),
    "polygamma": lambda x: scipy.special.polygamma(1, x),
    "ldexp": lambda x: np.ldexp(x, 3),
    "frexp": lambda x: np.frexp(x)[0],
    "modf": lambda x: np.modf(x)[0],
}


def _reference(name):
    return REFERENCE.get(name) or getattr(np, name, None) or getattr(scipy.special, name)


# The value and constant checks below are cheap: each tries every op of its table in a loop (`failing_rows` names
# each failing op and why) rather than as a pytest item of its own.


def test_unary_values_match_numpy():
    def check(name, fun, domain):
        x = sample(domain, (6,))
        expected = _reference(name)(x)
        assert np.allclose([fun(float(v)) for v in x], expected, rtol=1e-14, atol=1e-15)
        assert np.allclose(fun(x), expected, rtol=1e-15, atol=1e-15)

    assert failing_rows(check, UNARY + SPECIAL_UNARY) == {}


def test_binary_values_match_numpy():
    def check(name, fun, domains):
        x, y = sample(domains[0], (6,)), sample(domains[1], (6,))
        expected = _reference(name)(x, y)
        on_floats = [fun(float(a), float(b)) for a, b in zip(x, y)]
        assert np.allclose(on_floats, expected, rtol=1e-14, atol=1e-15)
        assert np.allclose(fun(x, y), expected, rtol=1e-15, atol=1e-15)

    assert failing_rows(check, BINARY + SPECIAL_BINARY) == {}


# -- non-differentiable ops ------------------------------------------------------


def test_nondifferentiable_ops_give_zero_gradient():
    def check(name, fun):
        assert primitive_of(getattr(gnp, name)).differentiable is False
        for shape in UNARY_SHAPES:
            x = sample((-2, 2), shape)
            zero_in, zero_out = np.zeros(np.shape(x)), np.zeros(np.shape(fun(x)))
            assert np.array_equal(gradcli.grad(lambda x: gnp.sum(fun(x) * 1.0))(x), zero_in)
            assert np.array_equal(gradcli.vjp(fun, x)[1](np.ones(np.shape(fun(x))))[0], zero_in)
            assert np.array_equal(gradcli.jvp(fun, (x,), (np.ones_like(x),))[1], zero_out)

    assert failing_rows(check, NONDIFFERENTIABLE) == {}


def test_nondifferentiable_ops_are_constants_in_products():
    def check(name, fun):
        x = sample(signed(0.2, 2), (5,))
        expected = np.asarray(fun(x), dtype=np.float64)
        assert np.array_equal(gradcli.grad(lambda x: gnp.sum(x * fun(x)))(x), expected)

    assert failing_rows(check, NONDIFFERENTIABLE) == {}


def test_stop_gradient():
    x = np.array([0.5, -1.5])
    g = gradcli.grad(lambda x: gnp.sum(x * gradcli.stop_gradient(gnp.sin(x))))(x)
    assert np.array_equal(g, np.sin(x))
    assert gradcli.grad(lambda x: x * gradcli.stop_gradient(x))(3.0) == 3.0
    assert gradcli.grad(gradcli.grad(lambda x: x * gradcli.stop_gradient(x) ** 2.0))(3.0) == 0.0


# -- the test of the tester ---------------------------------------------------------


def _sin_with_rule(vjp_factor=1.0, jvp_factor=None, make=primitive):
    """A sin primitive whose VJP (and optionally JVP) is scaled by a factor."""
    prim = make(np.sin, "test_sin")
    defvjp(prim, lambda g, ans, x: g * vjp_factor * np.cos(x))
    if jvp_factor is not None:
        defjvp(prim, lambda t, ans, x: t * jvp_factor * np.cos(x))
    return prim


def test_checker_passes_a_correct_rule():
    check_unary(_sin_with_rule(1.0), (-2, 2), order=1)


@pytest.mark.parametrize("make", [Primitive, primitive], ids=["Primitive", "primitive"])
def test_checker_fails_a_vjp_off_by_five_hundredths_of_a_percent(make):
    bad = _sin_with_rule(1.0005, make=make)
    for shape in UNARY_SHAPES:
        with pytest.raises(GradientMismatch, match="VJP for argument 0"):
            check_grads(bad, sample((-1, 1), shape))


def test_checker_fails_a_jvp_off_by_five_hundredths_of_a_percent():
    with pytest.raises(GradientMismatch, match="JVP"):
        check_grads(_sin_with_rule(1.0, jvp_factor=1.0005), sample((-1, 1), (3,)))


def test_checker_fails_a_rule_wrong_in_the_second_argument_only():
    prim = primitive(np.multiply, "test_multiply")
    defvjp(prim, lambda g, ans, x, y: g * y, lambda g, ans, x, y: g * x * 1.0005)
    with pytest.raises(GradientMismatch, match="argument 1"):
        check_grads(prim, sample((-1, 1), (3,)), sample((-1, 1), (3,)))


def test_checker_fails_a_rule_wrong_in_one_element_only():
    prim = primitive(np.sin, "test_sin_one_element")
    defvjp(prim, lambda g, ans, x: g * np.cos(x) * np.array([1.0, 1.0005, 1.0]))
    with pytest.raises(GradientMismatch, match=r"index \(1,\)"):
        check_grads(prim, sample((-1, 1), (3,)))


def test_checker_fails_a_second_derivative_off_by_five_hundredths_of_a_percent():
    # sin's VJP calls a cos whose own VJP is off: only order=2 sees it.
    bad_cos = primitive(np.cos, "test_cos")
    defvjp(bad_cos, lambda g, ans, x: -g * np.sin(x) * 1.0005)
    prim = primitive(np.sin, "test_sin_2")
    defvjp(prim, lambda g, ans, x: g * bad_cos(x))
    x = sample((0.5, 1.5), (3,))
    check_grads(prim, x, order=1)
    with pytest.raises(GradientMismatch, match=r"d/d\(arg 0\) then"):
        check_grads(prim, x, order=2)


def test_checker_refuses_float32_inputs():
    with pytest.raises(TypeError, match="float64"):
        check_grads(gnp.sin, np.ones(3, np.float32))


# -- the tables cover gradcli.numpy ------------------------------------------------

# Differentiable names that are tested outside the elementwise tables.
TESTED_ELSEWHERE = {
    "where", "clip", "imag", "conjugate", "true_divide", "remainder", "abs",
    "divmod",  # below, with // and rounding
    # test_trial_findings23b.py (counts and weighted sums against NumPy, the gradient a gather; not elementwise)
    "bincount",
    # test_trial_findings33a.py (a plain module's np.fill_diagonal on traced values: NumPy's entries, exact slopes)
    "fill_diagonal",
    # test_trial_findings24b.py (NumPy's values; a root's slopes the implicit function's, a slice function's exact)
    "roots", "apply_along_axis",
    # test_ops_reductions.py
    "sum", "mean", "prod", "max", "min", "amax", "amin", "var", "std", "cumsum", "cumprod", "logsumexp",
    # test_order_statistics.py (values against NumPy, gradients against central differences, ties)
    "median", "percentile", "quantile",
    # test_voigt57_order_statistics.py (values and dtypes against NumPy, the entries read, all-NaN slices)
    "nanmedian",
    # test_nanquantile.py (values, shapes and dtypes against NumPy for every method, slopes, a plain module's check)
    "nanquantile", "nanpercentile",
    # test_numpy2_names.py (NumPy 2's names and the NaN-skipping reductions: NumPy's values, central differences)
    "acos", "acosh", "asin", "asinh", "atan", "atanh", "atan2", "pow", "concat", "permute_dims", "around", "fix",
    "matrix_transpose", "vecdot", "matvec", "vecmat", "unstack", "cumulative_prod", "nanprod", "nancumsum",
    "nancumprod", "nanvar", "nanstd",
    # test_ops_numeric.py (values against NumPy, gradients against central differences)
    "interp", "polyval", "average", "ptp", "trapezoid", "nansum", "nanmean", "nanmax", "nanmin", "convolve",
    "meshgrid", "cov",
    # test_numpy_scipy_functions.py (values against NumPy, gradients against central differences and mpmath)
    "heaviside", "copysign", "float_power", "ediff1d", "piecewise", "unwrap", "correlate", "corrcoef", "vander",
    "cumulative_sum", "polyfit", "put_along_axis",
    # test_ops_shape.py
    "reshape", "ravel", "transpose", "swapaxes", "moveaxis", "expand_dims", "squeeze",
    "broadcast_to", "concatenate", "stack", "split", "flip", "tile", "repeat", "take",
    "array", "asarray",
    # test_ops_linalg.py
    "dot", "vdot", "matmul", "inner", "outer", "tensordot", "einsum", "trace", "diagonal", "linalg",
    # test_ops_arrays.py
    "roll", "tril", "triu", "diag", "append", "vstack", "row_stack", "hstack", "dstack", "column_stack",
    "atleast_1d", "atleast_2d", "atleast_3d", "array_split", "vsplit", "hsplit", "dsplit", "fliplr",
    "flipud", "rot90", "diff", "sort", "partition", "take_along_axis", "nan_to_num", "kron", "cross",
    "angle", "deg2rad", "rad2deg", "radians", "degrees", "fabs", "rollaxis", "select", "real_if_close",
    "diagflat", "copy", "pad", "gradient",
    # test_held61_numpy_i0.py (NumPy's own values, I1 its slope, in a plain module against I0's exact slope)
    "i0",    # test_misc62_numpy.py (NumPy's long division: shapes and numbers against NumPy's, slopes against mpmath)
    "polydiv",
    # test_trial_findings28a.py (NumPy's own joins; a kriging variance through it, its slope against mpmath)
    "block",
}
CONSTRUCTORS = {
    "zeros", "ones", "eye", "arange", "linspace", "full", "empty", "zeros_like", "ones_like",
    "full_like", "shape", "ndim", "size", "finfo", "errstate", "ndarray",
    "identity", "tri", "logspace", "empty_like",
}


def test_every_gnp_op_is_swept():
    tables = (UNARY, BINARY, SPECIAL_UNARY, SPECIAL_BINARY, NONDIFFERENTIABLE)
    tabled = {row[0] for table in tables for row in table}
    public = {name for name in gnp.__all__ if callable(getattr(gnp, name)) or name == "linalg"}
    public -= {name for name in public if isinstance(getattr(gnp, name), type)}  # dtypes
    public -= {name for name in public if getattr(getattr(gnp, name), "on_values", False)}  # NumPy's tests and indices
    assert TESTED_ELSEWHERE | CONSTRUCTORS <= set(gnp.__all__), "listed ops that do not exist"
    missing = public - tabled - TESTED_ELSEWHERE - CONSTRUCTORS
    assert not missing, f"ops no test sweeps: {sorted(missing)}"


def test_imag_and_complex_parts():
    check_unary(lambda x: gnp.real(x * 1.0) + gnp.imag(x) + gnp.conjugate(x), (-2, 2))


def test_aliases_are_the_same_ops():
    """Each alias is its primitive (the catalogue's and the rules'), run under the name the user called."""
    assert gnp.true_divide.prim is gnp.divide.prim and gnp.remainder.prim is gnp.mod.prim
    assert gnp.absolute.prim is gnp.abs.prim
    x = np.array([-1.5, 2.0])
    assert np.array_equal(gnp.true_divide(x, 3.0), gnp.divide(x, 3.0)) and np.array_equal(gnp.absolute(x), gnp.abs(x))


def test_arcsinh_of_complex_numbers():
    # Holomorphic: both modes give asinh'(z) = 1 / sqrt(1 + z^2) times the direction.
    z = np.array([0.3 + 0.7j, -1.2 + 0.4j, 2.0 - 3.0j])
    expected = 1 / np.sqrt(1 + z * z)
    (pulled,) = gradcli.vjp(gnp.arcsinh, z)[1](np.ones(3, complex))
    np.testing.assert_allclose(pulled, expected, rtol=1e-14)
    np.testing.assert_allclose(gradcli.jvp(gnp.arcsinh, (z,), (np.ones(3, complex),))[1], expected, rtol=1e-14)
    h = 1e-7
    np.testing.assert_allclose(expected, (np.arcsinh(z + h) - np.arcsinh(z - h)) / (2 * h), rtol=1e-7)


@pytest.mark.parametrize("x", [0.0, 1e-6, -0.01, 0.2499, 0.2501, 0.7, -1.0])
def test_sinc_derivatives_at_and_near_zero(x):
    # sinc' is 0/0 at 0 and cancels near it: its first, second and fourth derivatives against mpmath's.
    mpmath = pytest.importorskip("mpmath")
    f = gnp.sinc
    derivatives = [gradcli.grad(f)]
    for _ in range(3):
        derivatives.append(gradcli.grad(derivatives[-1]))
    with mpmath.workdps(40):
        exact = [float(mpmath.diff(mpmath.sincpi, x, n)) for n in (1, 2, 4)]
    for got, want in zip([derivatives[0](x), derivatives[1](x), derivatives[3](x)], exact):
        assert got == pytest.approx(want, rel=1e-13, abs=1e-15)


# -- abs of complex numbers ------------------------------------------------------------------------


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


# -- Python floats at singular points follow float64 -----------------------------------------------


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


# -- derivatives of x**n at 0 ----------------------------------------------------------------------


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


# -- //, divmod and rounding -----------------------------------------------------------------------


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
