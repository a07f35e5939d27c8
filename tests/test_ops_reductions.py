"""Reductions over axis=None/int/negative/tuple with keepdims True and False, both modes.

Also: var and std of complex numbers, sum's value and dtype as NumPy's, and lists of traced values.
"""

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from opcheck import REDUCTIONS, check_grads, check_hessian, check_reduction, sample, signed


@pytest.mark.parametrize("name, fun, domain, axes", REDUCTIONS, ids=[r[0] for r in REDUCTIONS])
def test_reduction(name, fun, domain, axes):
    check_reduction(fun, domain, axes=axes)


@pytest.mark.parametrize("name, fun, domain, axes", REDUCTIONS, ids=[r[0] for r in REDUCTIONS])
def test_reduction_second_order(name, fun, domain, axes):
    matrices = [(shape, axis) for shape, axis in axes if len(shape) == 2]
    check_reduction(fun, domain, order=2, axes=matrices)


@pytest.mark.parametrize("axis", [None, 0, 1, -1])
def test_cumsum(axis):
    check_grads(lambda x: gnp.cumsum(x, axis=axis), sample((-2, 2), (3, 4)), order=2)


def test_cumsum_of_a_vector_and_a_3d_array():
    check_grads(gnp.cumsum, sample((-2, 2), (5,)))
    check_grads(lambda x: gnp.cumsum(x, axis=1), sample((-2, 2), (2, 3, 4)))


@pytest.mark.parametrize("axis", [None, 0, 1, -1])
def test_cumprod(axis):
    x = sample((-2, 2), (3, 4))
    assert np.allclose(gnp.cumprod(x, axis=axis), np.cumprod(x, axis=axis), rtol=1e-14, atol=0)
    check_grads(lambda x: gnp.cumprod(x, axis=axis), x, order=2)


def test_cumprod_gradient_at_a_zero_entry_is_the_product_of_the_others():
    # d/dx_k sum_j prod_{i<=j} x_i = sum_{j>=k} prod_{i<=j, i!=k} x_i: at x = [2, 0, 3] that is [1, 2 + 2*3, 0]
    grad = gradcli.grad(lambda x: gnp.sum(gnp.cumprod(x)))(np.array([2.0, 0.0, 3.0]))
    assert np.array_equal(grad, [1.0, 8.0, 0.0])
    check_grads(lambda x: gnp.cumprod(x, axis=1), np.array([[1.5, 0.0, -0.5], [0.0, 2.0, 0.0]]))


def test_methods_match_the_functions():
    x = sample((0.5, 1.5), (3, 4))
    check_grads(lambda x: x.sum(0) + x.mean(axis=0) + x.prod(0) + x.max(0) + x.min(0), x)
    check_grads(lambda x: x.var(0) * x.std(axis=1, keepdims=True), x)
    check_grads(lambda x: x.sum(axis=1, keepdims=True) * x.cumsum(axis=1), x)


@pytest.mark.parametrize(
    "x",
    [
        np.array([1.5, 0.0, -2.0, 0.7]),  # one zero: only it gets a gradient
        np.array([0.0, 1.5, 0.0, -2.0]),  # two zeros: every gradient is 0
        np.array([0.0, 0.0, 1.5, 0.0]),  # three zeros
        np.array([[0.0, 1.5], [0.7, 0.0], [0.0, 0.0]]),
    ],
    ids=["one zero", "two zeros", "three zeros", "matrix"],
)
def test_prod_with_zeros(x):
    # prod is a polynomial: central differences at a zero are exact.
    for axis in (None, 0, -1):
        check_grads(lambda x: gnp.prod(x, axis=axis), x, order=2)


def test_prod_with_zeros_values():
    g = gradcli.grad(gnp.prod)(np.array([2.0, 0.0, 3.0]))
    assert np.array_equal(g, [0.0, 6.0, 0.0])


def test_max_and_min_split_ties_evenly():
    x = np.array([[1.0, 3.0, 3.0], [2.0, 2.0, 2.0]])
    assert np.array_equal(gradcli.grad(gnp.max)(x), [[0, 0.5, 0.5], [0, 0, 0]])
    g = gradcli.grad(lambda x: gnp.sum(gnp.min(x, axis=1)))(x)
    assert np.allclose(g, [[1, 0, 0], [1 / 3] * 3])


def test_logsumexp_is_stable():
    x = np.array([1000.0, 1000.0, -1000.0])
    assert gnp.logsumexp(x) == pytest.approx(1000.0 + np.log(2.0))
    assert np.allclose(gradcli.grad(gnp.logsumexp)(x), [0.5, 0.5, 0.0])
    check_grads(gnp.logsumexp, x / 20 + sample((-1, 1), (3,)))


def test_var_hessian():
    check_hessian(lambda x: gnp.var(x, ddof=1), sample((-2, 2), (4,)))


def test_prod_hessian():
    check_hessian(gnp.prod, sample(signed(0.5, 1.5), (4,)))


def test_mean_of_integers_times_float():
    # a reduction of a traced value times a constant of another shape
    w = np.arange(4.0)
    check_grads(lambda x: gnp.mean(x * w, axis=-1, keepdims=True), sample((-2, 2), (3, 4)))


# -- std of one element, var and std of a list ----------------------------------


@pytest.mark.parametrize("shape, axis", [((), None), ((1,), None), ((3, 1), 1), ((1, 4), 0), ((2, 1, 3), (1,))])
def test_std_of_one_element_has_zero_derivative(shape, axis):
    # The function is identically 0 there: every derivative is 0, never NaN.
    x = sample((-2, 2), shape)
    fun = lambda x: gnp.std(x, axis=axis)  # noqa: E731
    g = gradcli.grad(lambda x: gnp.sum(fun(x)))(x)
    assert np.array_equal(g, np.zeros(shape))
    _, tangent = gradcli.jvp(fun, (x,), (np.ones(shape),))
    assert np.all(np.asarray(tangent) == 0)
    assert np.array_equal(gradcli.hessian(lambda x: gnp.sum(fun(x)))(x), np.zeros(shape + shape))
    check_grads(fun, x, order=2)


@pytest.mark.parametrize("name", ["var", "std", "mean", "sum"])
def test_reductions_of_a_list_of_traced_values(name):
    op = getattr(gnp, name)
    check_grads(lambda x, y: op([x, 2.0 * y, x * y, 3.0]), 0.7, -1.3, order=2)
    check_grads(lambda x: op([x, x * x], axis=0), sample((-2, 2), (3,)))


# -- var and std of complex numbers, sum as NumPy sums, lists of traced values ---------------------

grad = gradcli.grad


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


def test_lists_of_traced_values_are_stacked():
    assert grad(lambda x: gnp.sum([x, 2 * x]))(3.0) == pytest.approx(3.0, rel=1e-15)
    assert grad(lambda x: gnp.mean((x, x * x, 1.0)))(3.0) == pytest.approx((1 + 2 * 3.0) / 3, rel=1e-15)
    assert grad(lambda x: gnp.sum(gnp.prod([[x, 2.0], [x, x]], axis=1)))(3.0) == pytest.approx(
        2.0 + 2 * 3.0, rel=1e-15
    )
    # A list beside a traced value, and a traced value inside a list under an outer trace.
    assert grad(lambda x: gnp.sum(gnp.add(x, [x, 2.0])))(3.0) == pytest.approx(3.0, rel=1e-15)
    assert grad(grad(lambda x: gnp.sum([x * x, x])))(3.0) == pytest.approx(2.0, rel=1e-15)


def _library_calls():
    from gradcli.scipy import linalg as slinalg
    from gradcli.scipy import special, stats

    return {
        "logsumexp signed": lambda u, v: special.logsumexp([u, v], b=[1.0, -1.0]),
        "logsumexp of a tuple": lambda u, v: special.logsumexp((u, v, 0.0)),
        "softmax": lambda u, v: special.softmax([u, v])[0],
        "log_softmax": lambda u, v: special.log_softmax([u, v])[1],
        "dot": lambda u, v: gnp.dot([u, v], [1.5, -2.0]),
        "median": lambda u, v: gnp.median([u, v, 0.3]),
        "nan_to_num": lambda u, v: gnp.sum(gnp.nan_to_num([u, u * v])),
        "slogdet": lambda u, v: gnp.linalg.slogdet([[u + 2.0, v], [v, 3.0]])[1],
        "svd": lambda u, v: gnp.sum(gnp.linalg.svd([[u + 2.0, v], [0.5, 3.0]], compute_uv=False)),
        "scipy cholesky": lambda u, v: gnp.sum(slinalg.cholesky([[u + 2.0, v], [v, 3.0]], lower=True)),
        "iqr": lambda u, v: stats.iqr([u, v, 0.3, -1.0]),
    }


@pytest.mark.parametrize("name", list(_library_calls()))
def test_library_functions_written_in_python_take_lists_of_traced_values(name):
    """NumPy's and SciPy's array_like: a list of traced values given to a function gradcli writes in Python (not a
    primitive, whose door stacks it) is stacked too, where it raised TracedValueError (trials17a N1)."""
    check_grads(_library_calls()[name], 0.7, 0.4)


def test_lists_of_exact_numbers_reach_the_ops_as_arrays():
    """The exact reference's runs hand lists of exact numbers on: a primitive (det) and a function written in Python
    (slogdet) take them as object arrays, where NumPy's casting error left the point without a reference (N1)."""

    def logdets(a, b):
        matrix = [[a + 2.0, b], [b, 3.0]]
        return gnp.linalg.slogdet(matrix)[1] + gnp.log(gnp.linalg.det(matrix))

    [result] = gradcli.check(logdets, [{"a": 0.7, "b": 0.4}], dtypes=("float64",)).results
    assert result.status == "ok", [f.message for f in result.findings]
    det = 3 * 2.7 - 0.4 * 0.4
    assert result.exact_gradient["a"] == pytest.approx(2 * 3 / det, rel=1e-14)
    assert result.exact_gradient["b"] == pytest.approx(2 * -2 * 0.4 / det, rel=1e-14)
