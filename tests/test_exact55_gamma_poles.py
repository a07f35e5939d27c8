"""Gamma's poles (0, -1, -2, ...) are domain facts: of gamma, its log and its derivatives.

gamma at -2 had no exact reference (mpmath raises "gamma function pole" where SciPy answers NaN), and a factorial
written as exp(gammaln(n + 1)) under a where had its gammaln at the pole -2 called "overflowed": an input on the
pole is the news there, not a number grown too large.
"""

from __future__ import annotations

import mpmath
import numpy as np
import pytest
import scipy.special

import gradcli
import gradcli.numpy as gnp
import gradcli.scipy.special as gsp
from gradcli.autodiff import mp

mp.enable()


@pytest.mark.parametrize("x", [0.0, -1.0, -2.0, -2.5, 3.5])
def test_gamma_on_mpmath_answers_as_scipy_at_its_poles(x):
    with mpmath.workdps(30):
        got = gsp.gamma(mpmath.mpf(x))
    want = scipy.special.gamma(x)
    if np.isnan(want):
        assert mpmath.isnan(got)
    else:
        assert float(got) == pytest.approx(want, rel=1e-14)


@pytest.mark.parametrize("function", [gsp.gamma, gsp.gammaln, gsp.digamma])
def test_a_pole_of_gammas_family_is_a_domain_verdict(function):
    report = gradcli.check(lambda x: function(x), [{"x": -2.0}], dtypes=["float64"])
    assert [r.status for r in report.results] == ["domain"]


def _factorial(n):
    return gnp.sum(gnp.where(n < 0, 0.0, gnp.exp(gsp.gammaln(n + 1))))


def test_gammaln_at_its_pole_under_a_where_is_named_as_the_pole_and_judged_fast():
    """The where's constant branch at n = -3 is proven constant along n[0] (`python_zero.constant_along`): its kink
    test, whose differences the other entry's gamma keeps in noise at every precision, stops at the first one."""
    report = gradcli.check(_factorial, [{"n": np.array([-3.0, 2.5])}], dtypes=["float64"])
    (result,) = report.results
    messages = [f.message for f in result.findings if f.op == "gammaln"]
    assert messages and "its input is exactly on gammaln's pole" in messages[0], messages
    assert not any("overflowed" in m for m in messages)
    assert result.status == "wrong", [f.message for f in result.findings]  # the where's leaked NaN: its rule
    slope = scipy.special.gamma(3.5) * scipy.special.digamma(3.5)
    assert result.exact_gradient["n"][0] == 0 and result.exact_gradient["n"][1] == pytest.approx(slope, rel=1e-14)
