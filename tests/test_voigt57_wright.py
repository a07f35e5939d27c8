"""SciPy's Wright generalised Bessel function as a gradcli op: SciPy's number in floats, its series at high
precision (held to the closed forms a = 0 and a = 1), and its slopes in a, b and x."""

import mpmath
import numpy as np
import pytest
import scipy.special as scipy_special

import gradcli
import gradcli.scipy.special as special
from gradcli.autodiff.ops_bessel_hypergeometric import _wright_bessel_mp


def test_the_value_in_each_float_dtype_is_scipys():
    """In x's dtype, as gradcli's other SciPy functions of a parameter (SciPy's answer with Python floats beside a
    float32 array is a float64)."""
    x = np.array([0.0, 0.5, 1.0, 50.0, 700.0, -0.5])
    for dtype in (np.float64, np.float32):
        with np.errstate(over="ignore"):  # 2.4e63 at x = 700 is past float32
            got = special.wright_bessel(0.5, 1.0, x.astype(dtype))
            want = scipy_special.wright_bessel(0.5, 1.0, x.astype(dtype)).astype(dtype)
        assert got.dtype == dtype and np.array_equal(got, want, equal_nan=True)


@pytest.mark.parametrize("a, b, x, closed", [
    (0, 1.5, 2.0, lambda b, x: mpmath.exp(x) / mpmath.gamma(b)),  # sum x^k / k! over Gamma(b)
    (1, 1, 3.0, lambda b, x: mpmath.besseli(0, 2 * mpmath.sqrt(x))),  # x^(-v/2) I_v(2 sqrt x), v = b - 1
    (1, 2.5, 0.75, lambda b, x: x ** (-(b - 1) / 2) * mpmath.besseli(b - 1, 2 * mpmath.sqrt(x))),
    (1, 2.5, 400.0, lambda b, x: x ** (-(b - 1) / 2) * mpmath.besseli(b - 1, 2 * mpmath.sqrt(x))),
])
def test_the_series_is_the_closed_forms(a, b, x, closed):
    with mpmath.workdps(40):
        got = _wright_bessel_mp(mpmath.mpf(a), mpmath.mpf(b), mpmath.mpf(x))
        want = closed(mpmath.mpf(b), mpmath.mpf(x))
        assert abs(got - want) <= mpmath.mpf(10) ** -36 * abs(want)


def test_the_series_is_nan_outside_scipys_domain():
    with mpmath.workdps(20):
        for a, b, x in [(0.5, 1, -0.5), (-0.1, 1, 2), (0.5, -1, 2)]:
            assert mpmath.isnan(_wright_bessel_mp(*map(mpmath.mpf, (a, b, x))))


def test_the_slopes_are_the_series_derivatives():
    slopes = gradcli.grad(lambda a, b, x: special.wright_bessel(a, b, x), argnums=(0, 1, 2))(0.5, 1.0, 1.25)
    with mpmath.workdps(30):
        point = [mpmath.mpf(v) for v in (0.5, 1.0, 1.25)]
        for k, slope in enumerate(slopes):
            want = mpmath.diff(lambda t: _wright_bessel_mp(*point[:k], t, *point[k + 1:]), point[k])
            assert abs(slope - float(want)) <= 1e-14 * abs(float(want))
