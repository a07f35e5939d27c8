"""gradcli.scipy: special functions and distributions, their gradients, their values against SciPy's, their exact references."""

import mpmath
import numpy as np
import pytest
import scipy.special
import scipy.stats

import gradcli
import gradcli.scipy.special as special
import gradcli.scipy.stats as stats
from gradcli.autodiff import mp as gmp
from opcheck import _scipy_cases, check_case, make_args

CASES = _scipy_cases()


@pytest.mark.parametrize("name, fun, specs", CASES, ids=[row[0] for row in CASES])
def test_scipy_op(name, fun, specs):
    check_case(fun, specs, order=2)


# Cases that wrap their function (an integer order or a shape fixed) are compared with SciPy below, called directly.
WRAPPED = ("multigammaln", "jn", "yn", "iv", "ive", "ive integer order", "poisson.logpmf", "dirichlet.logpdf", "multivariate_normal.logpdf")
DIRECT = [row for row in CASES if row[0] not in WRAPPED]


@pytest.mark.parametrize("name, fun, specs", DIRECT, ids=[row[0] for row in DIRECT])
def test_values_match_scipy(name, fun, specs):
    module, _, function = name.rpartition(".")
    theirs = getattr(getattr(scipy.stats, module), function) if module else getattr(scipy.special, name)
    args = make_args(specs)
    assert np.allclose(fun(*args), theirs(*args), rtol=1e-12, atol=1e-12)


def test_wrapped_functions_match_scipy_called_directly():
    x = np.array([0.2, 0.3, 0.5])
    alpha = np.array([1.5, 2.0, 3.0])
    mean, cov = np.array([0.1, -0.2]), np.array([[2.0, 0.3], [0.3, 1.0]])
    pairs = [
        (special.multigammaln(3.7, 3), scipy.special.multigammaln(3.7, 3)),
        (special.jn(2, 1.7), scipy.special.jn(2, 1.7)),
        (special.yn(1, 1.7), scipy.special.yn(1, 1.7)),
        (special.iv(2.5, 1.7), scipy.special.iv(2.5, 1.7)),
        (special.ive(1, 1.7), scipy.special.ive(1, 1.7)),
        (stats.poisson.logpmf(3, 2.5), scipy.stats.poisson.logpmf(3, 2.5)),
        (stats.dirichlet.logpdf(x, alpha), scipy.stats.dirichlet.logpdf(x, alpha)),
        (stats.multivariate_normal.logpdf(np.array([0.4, 0.1]), mean, cov), scipy.stats.multivariate_normal.logpdf([0.4, 0.1], mean, cov)),
    ]
    for ours, theirs in pairs:
        assert np.isclose(ours, theirs, rtol=1e-12, atol=1e-12)


def test_far_left_tail_stays_finite():
    assert np.isfinite(stats.norm.logcdf(-60.0))
    assert np.isclose(gradcli.grad(stats.norm.logcdf)(-60.0), 60.0, rtol=1e-3)


@pytest.mark.parametrize("name", ["gamma", "erfinv", "i1", "j0", "y1", "log_ndtr"])
def test_exact_reference_matches_scipy(name):
    gmp.enable()
    x = 0.7
    with mpmath.workdps(30):
        exact = getattr(special, name)(mpmath.mpf(x))
    assert isinstance(exact, mpmath.mpf)
    assert np.isclose(float(exact), getattr(scipy.special, name)(x), rtol=1e-14)


@pytest.mark.parametrize("name, order", [("jn", 2), ("yn", 1), ("iv", 2.5), ("ive", 1)])
def test_exact_reference_of_bessel_orders(name, order):
    gmp.enable()
    with mpmath.workdps(30):
        exact = getattr(special, name)(order, mpmath.mpf(1.7))
    assert np.isclose(float(exact), getattr(scipy.special, name)(order, 1.7), rtol=1e-14)


def test_random_draws_are_scipys():
    assert stats.dirichlet.rvs == scipy.stats.dirichlet.rvs
