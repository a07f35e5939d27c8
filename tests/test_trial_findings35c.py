"""Round 35c's findings, each as a class.

E1: the exponential integral E_n(x) had no exact reference at small x. Its high-precision path was mpmath's
expint(n, x), the incomplete gamma of 1 - n, whose cost grows with the digits and with 1/x (E_2(1e-5) at 400
digits: 6 s; E_2(1e-300) and E_2(5e-324) never within a check's time), and in forward mode on balls its slope was
left to differences, which resolve nothing at x = 1e300 (E_n there is e^-1e300): a slab's transmission 2 E_3(tau) at
tau = 1e-300, 5e-324 or 1e300 was `error`, no verdict. E_n is now python-flint's enclosure where x is proven > 0 and
n whole, with E_n' = -E_(n-1) on jets, and mpmath's numbers take E_1 and the recurrence E_k = (e^-x - x E_(k-1)) /
(k - 1) below x = 1. Truths: flint's expint at 100 more digits, and mpmath's e1 at 60.

B1: the regularised incomplete beta I_x(a, b) on balls ran for minutes in one uninterruptible C call at an x a hair
below 1 (flint's beta_lower at x = 1 - 1.7e-300 and 1,100 bits: 170 s), so an F-test's distribution function
fdtr(3, 5, f) = I_(3f / (5 + 3f))(1.5, 2.5) at f = 1e300 ran past --max-time. Past (a + 1) / (a + b + 2), where
I_x is near 1, it is now 1 - I_(1-x)(b, a), which is instant; below that switch it stays as it was, where I_x may
be tiny. Truth: the F density written here in mpmath at 60 digits.
"""

import mpmath
import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
import gradcli.scipy.special as sps
from gradcli.autodiff.ops_scipy import _betainc_ball, _expn_mp


@pytest.mark.parametrize("n", [1, 2, 3, 7, 64])
@pytest.mark.parametrize("x", ["5e-324", "1e-300", "1e-5", "0.5", "0.999"])
def test_expn_on_mpmath_numbers_keeps_every_digit_below_one(n, x):
    import flint  # the enclosure the ball path takes, here as an independent truth

    with mpmath.workdps(300):
        got = _expn_mp(n, mpmath.mpf(x))
    with flint.ctx.workprec(1200):
        ball = flint.arb(x).expint(n)
    with mpmath.workdps(360):
        truth = mpmath.mpf(ball.mid().str(360, radius=False))
        assert abs(got - truth) <= abs(truth) * mpmath.mpf(10) ** -295


def _slab_transmission(tau):
    return gnp.sum(2 * sps.expn(3, tau))


def test_a_slab_transmission_has_an_exact_reference_at_subnormal_and_huge_depths():
    points = [{"tau": [5e-324, 1e-5]}, {"tau": [1e300]}]
    small, huge = gradcli.check(_slab_transmission, points, dtypes=("float64",), fixes=False, max_time=60).results
    assert small.status == "ok" and huge.status == "ok"
    with mpmath.workdps(60):
        truths = [-2 * (mpmath.exp(-t) - t * mpmath.e1(t)) for t in map(mpmath.mpf, (5e-324, 1e-5))]  # -2 E_2
    exact = np.ravel(small.exact_gradient["tau"])
    assert all(abs(mpmath.mpf(float(e)) - t) <= abs(t) * 2 ** -52 for e, t in zip(exact, truths))
    text = np.ravel(huge.exact_gradient_text["tau"])[0]  # e^-1e300 by its digits
    with mpmath.workdps(60):
        x = mpmath.mpf(1e300)
        truth = -2 * mpmath.exp(-x) / x * (1 - 2 / x)  # E_2's asymptotic series, its next term 6/x^2 of the first
        assert abs(mpmath.mpf(text) / truth - 1) < 1e-15


def test_the_incomplete_beta_near_one_is_reflected_on_balls():
    import flint

    with flint.ctx.workprec(1100):
        x = flint.arb(3e300) / (5 + flint.arb(3e300))
        ball = _betainc_ball(flint.arb(1.5), flint.arb(2.5), x)
        small = _betainc_ball(flint.arb(1000), flint.arb(1), flint.arb(0.9))  # I_0.9(1000, 1) = 0.9^1000, kept
    with mpmath.workdps(400):
        truth = mpmath.betainc(1.5, 2.5, 0, mpmath.mpf(3e300) / (5 + mpmath.mpf(3e300)), regularized=True)
        assert ball.rad() < 1e-300 and ball.contains(flint.arb(mpmath.nstr(truth, 400)))
    with mpmath.workdps(60):  # the reflection's 1 - (a number near 1) would have lost this one
        assert abs(mpmath.mpf(small.mid().str(60, radius=False)) / mpmath.mpf(0.9) ** 1000 - 1) < 1e-50


def _f_test_cdf(f):
    return gnp.sum(sps.fdtr(3.0, 5.0, f))


def test_an_f_distribution_far_in_its_tail_has_its_exact_slope():
    (result,) = gradcli.check(_f_test_cdf, [{"f": [1e300]}], dtypes=("float64",), fixes=False, max_time=60).results
    assert result.status == "ok"
    with mpmath.workdps(60):
        f = mpmath.mpf(1e300)  # the F(3, 5) density: sqrt((3f)^3 5^5 / (3f + 5)^8) / (f B(3/2, 5/2))
        truth = mpmath.sqrt((3 * f) ** 3 * 5 ** 5 / (3 * f + 5) ** 8) / (f * mpmath.beta(1.5, 2.5))
        got = mpmath.mpf(np.ravel(result.exact_gradient_text["f"])[0])
        assert abs(got - truth) <= truth * mpmath.mpf(10) ** -15
