"""Bessel K and I of large order, far from the order and near it: their exact answers on mpmath numbers.

The exact reference's numbers come from flint's enclosures; mpmath's own series, whose terms grow with the order,
spent seconds a call on K_200(500) and never converge on K_1000(1e4) or I_1000(1e4). The truths here are
mpmath's Bessel functions at 60 digits, where their series converge in a fraction of a second. A full check of
log K_200 at four points runs here too; it takes seconds, so the suite's budget guards that the cost stays low.
"""

import mpmath
import pytest
import scipy.special

import gradcli.scipy.special as special
from gradcli.autodiff import ops_bessel_hypergeometric, ops_scipy
from tests.accuracy_helpers import check, result_in

LIBRARY = "tests/trials/gn_lib31c.py:log_bessel_k200"


def _log_k200_slope(x):
    """d/dx log K_200(x) = -(K_199 + K_201) / (2 K_200), at 60 digits."""
    with mpmath.workdps(60):
        x = mpmath.mpf(x)
        return -(mpmath.besselk(199, x) + mpmath.besselk(201, x)) / (2 * mpmath.besselk(200, x))


def test_log_k200_far_from_its_order_and_near_it_is_checked_against_mpmaths_slope():
    points = [50.0, 150.0, 200.0, 500.0]
    result = result_in(check(LIBRARY, [{"x": points}]), "float64")
    assert result.status == "ok", (result.status, result.error)
    for got, x in zip(result.exact_gradient["x"], points):
        want = _log_k200_slope(x)
        assert abs(mpmath.mpf(got) - want) <= 1e-14 * abs(want), (x, got, want)


def _scaled_k(v, x):
    """e^x K_v(x) by mpmath at 60 digits, where its series converges in a fraction of a second."""
    with mpmath.workdps(60):
        return mpmath.besselk(v, x) * mpmath.exp(x)


# (order, x): far left of the order, at it, far right of it
K_POINTS = [(200, 50), (200, 200), (200, 500), (200.5, 401)]


@pytest.mark.parametrize("prec", [53, 94, 160])
@pytest.mark.parametrize("v, x", K_POINTS)
def test_scaled_k_on_numbers_holds_mpmaths_digits(v, x, prec):
    want = _scaled_k(v, x)
    with mpmath.workprec(prec):
        got = ops_bessel_hypergeometric._kve_mp(mpmath.mpf(v), mpmath.mpf(x))
        plain = ops_bessel_hypergeometric._kv_mp(mpmath.mpf(v), mpmath.mpf(x))
    with mpmath.workdps(60):
        tolerance = mpmath.mpf(2) ** (4 - prec)
        assert abs(got / want - 1) <= tolerance, (v, x, prec, got, want)
        assert abs(plain / (want * mpmath.exp(-x)) - 1) <= tolerance, (v, x, prec, plain)


def test_k_on_numbers_keeps_scipys_answers_off_its_domain():
    assert mpmath.isnan(ops_bessel_hypergeometric._kv_mp(mpmath.mpf(200), mpmath.mpf(-1)))
    assert ops_bessel_hypergeometric._kve_mp(mpmath.mpf(200), mpmath.mpf(0)) == mpmath.inf


# (order, x) where mpmath's besseli converges at 60 digits, and where it does not
I_POINTS = [(200, 50), (200, 200), (200, 500), (1000, 5000)]


@pytest.mark.parametrize("v, x", I_POINTS)
def test_i_on_numbers_holds_mpmaths_digits_where_its_series_converges(v, x):
    with mpmath.workdps(60):
        want = mpmath.besseli(v, x)
    with mpmath.workprec(53):
        got = ops_scipy._mpmath_function("iv")(mpmath.mpf(v), mpmath.mpf(x))
        scaled = ops_scipy._mpmath_function("ive")(mpmath.mpf(v), mpmath.mpf(x))
    with mpmath.workdps(60):
        assert abs(got / want - 1) <= 2.0 ** -50, (v, x, got, want)
        assert abs(scaled / (want * mpmath.exp(-x)) - 1) <= 2.0 ** -50, (v, x, scaled)


def test_float_values_stay_scipys_own_at_large_order():
    for v, x in K_POINTS:
        assert special.kve(v, x) == scipy.special.kve(v, x), (v, x)
