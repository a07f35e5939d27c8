"""Dtypes: float16/32/64 are kept by every op and every derivative; mpmath numbers work too."""

import math
import warnings

import mpmath
import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.autodiff import mp as gmp
from opcheck import (
    BINARY,
    INDEX_CASES,
    LINALG_CASES,
    REDUCTIONS,
    SHAPE_CASES,
    SPECIAL_BINARY,
    SPECIAL_UNARY,
    UNARY,
    check_dtype,
    make_args,
    sample,
)
from each_case import failing_cases

FLOATS = [np.float16, np.float32, np.float64]
ELEMENTWISE_UNARY = UNARY + SPECIAL_UNARY
ELEMENTWISE_BINARY = BINARY + SPECIAL_BINARY


def ids(rows):
    return [row[0] for row in rows]


def cast(values, dtype):
    return [np.asarray(v, dtype=dtype) for v in values]


# -- every op keeps its inputs' dtype, forward and backward ------------------------


# The dtypes of one op in one test (each named where it fails): an item per op and dtype costs more than the check.
def _in_every_float_dtype(check):
    assert failing_cases(check, [(dtype,) for dtype in FLOATS]) == {}


@pytest.mark.parametrize("name, fun, domain", ELEMENTWISE_UNARY, ids=ids(ELEMENTWISE_UNARY))
def test_unary_dtype(name, fun, domain):
    def check(dtype):
        check_dtype(fun, sample(domain, (2, 3)).astype(dtype))
        check_dtype(fun, dtype(sample(domain, float)))  # a NumPy scalar

    _in_every_float_dtype(check)


@pytest.mark.parametrize("name, fun, domains", ELEMENTWISE_BINARY, ids=ids(ELEMENTWISE_BINARY))
def test_binary_dtype(name, fun, domains):
    def check(dtype):
        check_dtype(fun, *cast([sample(domains[0], (2, 3)), sample(domains[1], (3,))], dtype))

    _in_every_float_dtype(check)


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("name, fun, domain, axes", REDUCTIONS, ids=ids(REDUCTIONS))
def test_reduction_dtype(name, fun, domain, axes, dtype):
    for axis in (None, 1, (0, 1)):
        check_dtype(lambda x: fun(x, axis=axis), sample(domain, (3, 4)).astype(dtype))
    check_dtype(lambda x: fun(x, axis=0, keepdims=True), sample(domain, (3, 4)).astype(dtype))


@pytest.mark.parametrize("dtype", FLOATS)
def test_cumsum_dtype(dtype):
    check_dtype(lambda x: gnp.cumsum(x, axis=1), sample((-1, 1), (3, 4)).astype(dtype))


@pytest.mark.parametrize(
    "name, fun, specs", SHAPE_CASES + INDEX_CASES, ids=ids(SHAPE_CASES + INDEX_CASES)
)
def test_shape_dtype(name, fun, specs):
    _in_every_float_dtype(lambda dtype: check_dtype(fun, *cast(make_args(specs), dtype)))


# NumPy's LAPACK-backed functions have no float16 version (np.linalg raises).
LAPACK = ("inv", "solve", "det", "slogdet", "cholesky", "eigh", "eigvalsh", "svd", "pinv")


@pytest.mark.parametrize("name, fun, specs", LINALG_CASES, ids=ids(LINALG_CASES))
def test_linalg_dtype(name, fun, specs):
    def check(dtype):
        if dtype == np.float16 and name.startswith(LAPACK):
            # gradcli never upcasts silently, so float16 LAPACK ops fail as NumPy's do.
            with pytest.raises(TypeError, match="float16"):
                fun(*cast(make_args(specs), dtype))
            return
        check_dtype(fun, *cast(make_args(specs), dtype))

    _in_every_float_dtype(check)


# -- Python scalars are weak: they never promote float32 to float64 -------------------

WEAK_SCALARS = [
    ("x * 2.0", lambda x: x * 2.0),
    ("2.0 * x", lambda x: 2.0 * x),
    ("x + 1", lambda x: x + 1),
    ("1.0 - x", lambda x: 1.0 - x),
    ("x / 3.0", lambda x: x / 3.0),
    ("3.0 / x", lambda x: 3.0 / x),
    ("x ** 2", lambda x: x**2),
    ("x ** 2.0", lambda x: x**2.0),
    ("2.0 ** x", lambda x: 2.0**x),
    ("x % 1.5", lambda x: x % 1.5),
    ("maximum(x, 0.0)", lambda x: gnp.maximum(x, 0.0)),
    ("minimum(0.0, x)", lambda x: gnp.minimum(0.0, x)),
    ("fmax(x, 0.0)", lambda x: gnp.fmax(x, 0.0)),
    ("fmin(0.0, x)", lambda x: gnp.fmin(0.0, x)),
    ("where(x > 0, x, 0.0)", lambda x: gnp.where(x > 0, x, 0.0)),
    ("clip(x, 0.0, 1.0)", lambda x: gnp.clip(x, 0.0, 1.0)),
    ("arctan2(x, 1.0)", lambda x: gnp.arctan2(x, 1.0)),
    ("arctan2(1.0, x)", lambda x: gnp.arctan2(1.0, x)),
    ("hypot(x, 1.0)", lambda x: gnp.hypot(x, 1.0)),
    ("logaddexp(x, 0.0)", lambda x: gnp.logaddexp(x, 0.0)),
    ("xlogy(x, 2.0)", lambda x: gnp.xlogy(x, 2.0)),
    ("xlogy(2.0, x)", lambda x: gnp.xlogy(2.0, gnp.abs(x))),
    ("xlog1py(x, 2.0)", lambda x: gnp.xlog1py(x, 2.0)),
    ("polygamma(1, x)", lambda x: gnp.polygamma(1, gnp.abs(x))),
    ("power(x, 3)", lambda x: gnp.power(x, 3)),
    ("mean(x) * 0.5", lambda x: gnp.mean(x) * 0.5),
    ("dot(x, x) + 1.0", lambda x: gnp.dot(x, x) + 1.0),
]


@pytest.mark.parametrize("dtype", [np.float16, np.float32])
@pytest.mark.parametrize("name, fun", WEAK_SCALARS, ids=ids(WEAK_SCALARS))
def test_python_scalars_are_weak(name, fun, dtype):
    check_dtype(fun, sample((0.2, 0.9), (3,)).astype(dtype))


def test_grad_of_float32_is_float32():
    g = gradcli.grad(lambda x: gnp.sum(gnp.exp(x) * 2.0))(np.ones(3, np.float32))
    assert g.dtype == np.float32
    assert gradcli.grad(gnp.sin)(np.float32(1.0)).dtype == np.float32
    assert gradcli.grad(gradcli.grad(gnp.sin))(np.float32(1.0)).dtype == np.float32


SCALAR_ARITHMETIC = [
    ("add", gnp.add, np.add),
    ("subtract", gnp.subtract, np.subtract),
    ("multiply", gnp.multiply, np.multiply),
    ("divide", gnp.divide, np.divide),
]


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64, np.complex64, np.complex128])
@pytest.mark.parametrize("name, op, ufunc", SCALAR_ARITHMETIC, ids=ids(SCALAR_ARITHMETIC))
def test_traced_numpy_scalar_arithmetic_is_the_ufuncs(name, op, ufunc, dtype):
    # NumPy scalars, traced or not, take Python's operators (NumPy's scalar arithmetic), not
    # the ufunc: same value, same dtype, same weak Python scalars, same inf and warning.
    x = dtype(0.7)
    for other in (x, dtype(0.3), 1.5, 2, np.float64(0.3)):
        for args in ((x, other), (other, x)):
            traced = gradcli.vjp(lambda a: op(a, args[1]) if args[0] is x else op(args[0], a), x)[0]
            want = ufunc(*args)
            for got in (traced, op(*args)):
                assert type(got) is type(want) and (got == want or (np.isnan(got) and np.isnan(want)))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        got = gradcli.vjp(lambda a: gnp.divide(a, dtype(0)), x)[0]
    with warnings.catch_warnings(record=True) as caught_by_ufunc:
        warnings.simplefilter("always")
        want = np.divide(x, dtype(0))
    assert type(got) is dtype and np.array_equal(got, want, equal_nan=True) and np.isinf(got.real)
    # NumPy names the scalar loop ("... in scalar divide"); the kinds of warning are the ufunc's.
    kinds = [sorted(str(w.message).split(" encountered")[0] for w in c) for c in (caught, caught_by_ufunc)]
    assert kinds[0] == kinds[1] != []


def test_python_float_in_python_float_out():
    assert type(gradcli.grad(lambda x: gnp.sin(x) * x)(1.0)) is float


def test_mixed_precision_gradients_come_back_in_each_inputs_dtype():
    x32, y64 = np.ones(3, np.float32), np.ones(3, np.float64)
    gx, gy = gradcli.grad(lambda x, y: gnp.sum(x * y), argnums=(0, 1))(x32, y64)
    assert (gx.dtype, gy.dtype) == (np.float32, np.float64)


def test_astype_round_trip():
    x = sample((-1, 1), (3,)).astype(np.float32)
    check_dtype(lambda x: gnp.exp(x.astype(np.float64)).astype(np.float32), x)


def test_integer_inputs_are_refused():
    with pytest.raises(TypeError, match="integers"):
        gradcli.grad(gnp.sin)(3)


# -- mpmath: the same ops at arbitrary precision --------------------------------------

MP_RTOL = 1e-14


@pytest.fixture
def mp():
    gmp.enable()
    with mpmath.workdps(30):
        yield mpmath


def _close(mp_value, float_value):
    return math.isclose(float(mp_value), float(float_value), rel_tol=MP_RTOL, abs_tol=1e-15)


@pytest.mark.parametrize("name, fun, domain", ELEMENTWISE_UNARY, ids=ids(ELEMENTWISE_UNARY))
def test_mp_unary_matches_float64(name, fun, domain, mp):
    for x in sample(domain, (3,)):
        value = fun(mp.mpf(x))
        assert isinstance(value, mp.mpf), f"{name} gave {type(value).__name__}"
        assert _close(value, fun(np.float64(x))), f"{name}({x}) = {value} vs {fun(np.float64(x))}"


@pytest.mark.parametrize("name, fun, domains", ELEMENTWISE_BINARY, ids=ids(ELEMENTWISE_BINARY))
def test_mp_binary_matches_float64(name, fun, domains, mp):
    for x, y in zip(sample(domains[0], (3,)), sample(domains[1], (3,))):
        value = fun(mp.mpf(x), mp.mpf(y))
        assert isinstance(value, mp.mpf), f"{name} gave {type(value).__name__}"
        assert _close(value, fun(np.float64(x), np.float64(y))), f"{name}({x}, {y}) = {value}"


@pytest.mark.parametrize(
    "fun, x",
    [
        (gnp.log, -1.0),
        (gnp.sqrt, -1.0),
        (gnp.arcsin, 2.0),
        (gnp.arccos, -2.0),
        (gnp.arccosh, 0.5),
        (gnp.log1p, -2.0),
        (gnp.log10, -3.0),
        (lambda x: gnp.power(x, 0.5), -2.0),
    ],
    ids=[
        "log(-1)", "sqrt(-1)", "arcsin(2)", "arccos(-2)", "arccosh(0.5)", "log1p(-2)", "log10(-3)",
        "(-2)**0.5",
    ],
)
def test_mp_out_of_domain_is_nan_not_complex(fun, x, mp):
    value = fun(mp.mpf(x))
    assert isinstance(value, mp.mpf) and mp.isnan(value)
    with np.errstate(invalid="ignore"):
        assert np.isnan(fun(np.float64(x)))


def test_mp_division_by_zero_is_infinite(mp):
    assert gnp.divide(mp.mpf(1), mp.mpf(0)) == mp.inf
    assert gnp.divide(mp.mpf(-1), mp.mpf(0)) == -mp.inf
    assert mp.isnan(gnp.divide(mp.mpf(0), mp.mpf(0)))
    assert gnp.reciprocal(mp.mpf(0)) == mp.inf
    assert gnp.log(mp.mpf(0)) == -mp.inf


def test_mp_object_arrays(mp):
    x = np.array([mp.mpf(1) / 3, mp.mpf(2), mp.mpf(-0.5)], dtype=object)
    y = np.array([mp.mpf(3), mp.mpf(1) / 7, mp.mpf(4)], dtype=object)
    assert gnp.sum(x) == mp.mpf(1) / 3 + 2 - mp.mpf(0.5)
    assert gnp.dot(x, y) == x[0] * y[0] + x[1] * y[1] + x[2] * y[2]
    exps = gnp.exp(x)
    assert exps.dtype == object and all(e == mp.exp(v) for e, v in zip(exps, x))
    m = np.array([[mp.mpf(1), mp.mpf(2)], [mp.mpf(3), mp.mpf(4)]], dtype=object)
    assert np.array_equal(gnp.dot(m, x[:2]), [x[0] + 2 * x[1], 3 * x[0] + 4 * x[1]])


def test_mp_gradients(mp):
    x = np.array([mp.mpf(1) / 3, mp.mpf(2)], dtype=object)
    g = gradcli.grad(lambda x: gnp.sum(gnp.exp(x)))(x)
    assert all(a == mp.exp(b) for a, b in zip(g, x))
    assert gradcli.grad(gnp.sin)(mp.mpf(1) / 3) == mp.cos(mp.mpf(1) / 3)
    assert np.array_equal(gradcli.grad(lambda x: gnp.dot(x, x))(x), 2 * x)


@pytest.mark.parametrize("name, fun, domain", ELEMENTWISE_UNARY, ids=ids(ELEMENTWISE_UNARY))
def test_mp_unary_derivatives_match_float64(name, fun, domain, mp):
    x = sample(domain, float)
    assert _close(gradcli.grad(fun)(mp.mpf(x)), gradcli.grad(fun)(x))
    assert _close(gradcli.grad(gradcli.grad(fun))(mp.mpf(x)), gradcli.grad(gradcli.grad(fun))(x))


@pytest.mark.parametrize("name, fun, domains", ELEMENTWISE_BINARY, ids=ids(ELEMENTWISE_BINARY))
def test_mp_binary_derivatives_match_float64(name, fun, domains, mp):
    x, y = sample(domains[0], (3,)), sample(domains[1], (3,))
    mx, my = (np.array([mp.mpf(v) for v in a], dtype=object) for a in (x, y))
    mp_grads = gradcli.grad(lambda a, b: gnp.sum(fun(a, b)), argnums=(0, 1))(mx, my)
    float_grads = gradcli.grad(lambda a, b: gnp.sum(fun(a, b)), argnums=(0, 1))(x, y)
    for mp_g, float_g in zip(mp_grads, float_grads):
        assert all(_close(a, b) for a, b in zip(mp_g, float_g))


@pytest.mark.parametrize(
    "name",
    ["inv", "det", "det negative", "slogdet", "slogdet negative", "solve vector", "cholesky"],
)
def test_mp_linalg_matches_float64(name, mp):
    fun, specs = next((fun, specs) for n, fun, specs in LINALG_CASES if n == name)
    args = make_args(specs)
    mp_args = [np.vectorize(mp.mpf, otypes=[object])(a) for a in args]
    expected = np.asarray(fun(*args), dtype=np.float64)
    mp_value = np.asarray(fun(*mp_args), dtype=np.float64)
    assert np.allclose(mp_value, expected, rtol=MP_RTOL, atol=1e-15)
    float_grads = gradcli.grad(lambda *a: gnp.sum(fun(*a)), argnums=0)(*args)
    mp_grads = gradcli.grad(lambda *a: gnp.sum(fun(*a)), argnums=0)(*mp_args)
    assert np.allclose(np.asarray(mp_grads, dtype=np.float64), float_grads, rtol=1e-13, atol=1e-15)


def test_mp_slogdet_sign(mp):
    a = np.array([[mp.mpf(1), mp.mpf(2)], [mp.mpf(3), mp.mpf(4)]], dtype=object)
    sign, logdet = gnp.linalg.slogdet(a)
    assert sign == -1 and _close(logdet, np.log(2.0))
