"""Reductions over axis=None/int/negative/tuple with keepdims True and False, both modes."""

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
