"""Special functions: erf, erfc, gammaln, digamma, polygamma, xlogy, xlog1py (two orders)."""

import numpy as np
import pytest
import scipy.special

import gradcli
import gradcli.numpy as gnp
from opcheck import SPECIAL_BINARY, SPECIAL_UNARY, check_binary, check_grads, check_unary, sample


def ids(rows):
    return [row[0] for row in rows]


@pytest.mark.parametrize("name, fun, domain", SPECIAL_UNARY, ids=ids(SPECIAL_UNARY))
def test_special_unary(name, fun, domain):
    check_unary(fun, domain, order=2)


@pytest.mark.parametrize("name, fun, domains", SPECIAL_BINARY, ids=ids(SPECIAL_BINARY))
def test_special_binary(name, fun, domains):
    check_binary(fun, domains, order=2)


@pytest.mark.parametrize("n", [0, 2, 3])
def test_polygamma_orders(n):
    check_unary(lambda x: gnp.polygamma(n, x), (0.5, 4), order=2)


def test_gammaln_for_negative_non_integers():
    # log|Gamma(x)| between the poles: digamma is still its derivative.
    check_unary(gnp.gammaln, (-1.8, -1.2), order=2)


def test_xlogy_at_zero():
    # x = 0 is inside the domain: the value is 0 whatever y is, so d/dy is 0 there.
    x = np.array([0.0, 1.5, 0.0, -0.7])
    check_grads(gnp.xlogy, x, sample((0.2, 3), (4,)), order=2)
    check_grads(gnp.xlog1py, x, sample((-0.8, 3), (4,)), order=2)


def test_xlogy_gradient_at_zero_is_finite_where_y_is_zero():
    g = gradcli.grad(lambda y: gnp.xlogy(0.0, y))(0.0)
    assert g == 0.0


def test_erf_tails_against_scipy():
    x = np.array([-6.0, 6.0])
    expected = 2 / np.sqrt(np.pi) * np.exp(-(x**2))
    g = gradcli.grad(lambda x: gnp.sum(gnp.erfc(x)))(x)
    assert np.allclose(g, -expected, rtol=1e-14, atol=0)


def test_digamma_is_the_derivative_of_gammaln():
    x = sample((0.5, 4), (5,))
    g = gradcli.grad(lambda x: gnp.sum(gnp.gammaln(x)))(x)
    assert np.allclose(g, scipy.special.digamma(x), rtol=1e-15)
    g = gradcli.grad(lambda x: gnp.sum(gnp.digamma(x)))(x)
    assert np.allclose(g, scipy.special.polygamma(1, x), rtol=1e-15)
