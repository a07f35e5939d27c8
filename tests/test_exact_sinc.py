"""sinc's exact derivative: on balls (a jet), and on the mpmath path where a 0 from differences is no proof.

np.sinc(x) = sin(pi x) / (pi x); at x = 1e300 (an integer, as every float that
large) it is 0 and its slope cos(pi x) / x is +-1e-300. The mpmath path's
difference steps at 60 digits land on the argument's integer grid, where sinc is
exactly 0 on both sides: that 0 was called exact.
"""

import mpmath
import pytest

import gradcli.numpy as gnp
from gradcli.checker import balls, exact_python, reference
from gradcli.checker.targets import resolve


def _truth(x):
    """sinc'(x) = (cos(pi x) - sinc(x)) / x, at a precision past its cancellation near 0."""
    with mpmath.workdps(2000):
        x = mpmath.mpf(x)
        return mpmath.mpf(0) if x == 0 else (mpmath.cospi(x) - mpmath.sincpi(x)) / x


@pytest.mark.parametrize("x", [0.0, 1e-300, 0.3, 2.0, -7.25, 1e15 + 0.5, 1e300])
def test_sinc_derivative_on_balls(x):
    ex = reference.compute(resolve(lambda x: gnp.sinc(x)), [x], budget=balls.Budget(60))
    assert ex.method == "balls" and ex.determined
    truth = _truth(x)
    got = ex.gradient[0]
    assert got == 0 if truth == 0 else abs(got - truth) <= mpmath.mpf(10) ** -12 * abs(truth)


def test_sinc_at_huge_argument_on_the_mpmath_path_is_not_zero(monkeypatch):
    monkeypatch.setattr(exact_python, "compute", lambda *a, **k: False)
    ex = reference.compute(resolve(lambda x: gnp.sinc(x)), [1e300], budget=balls.Budget(60))
    assert ex.method == "mpmath"
    if ex.determined:  # a reference is right; none at all would be honest too, but a 0 is wrong
        truth = _truth(1e300)
        assert abs(ex.gradient[0] - truth) <= mpmath.mpf(10) ** -12 * abs(truth)
    else:
        assert ex.unsettled
