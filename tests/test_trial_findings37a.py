"""The classes of round 37a's findings (tests/trials/cases37a.py), each against an independent truth.

N1: scipy.stats.logistic (a logistic psychometric function, as legacy code fits one with its cdf, logcdf and logsf)
was refused whole as a SciPy distribution gradcli.scipy lacks. It now has its eight methods in SciPy's forms: the CDF
expit(z), each log a log_expit, so far tails keep their digits, and the quantiles by logit.

N2: scipy.special.comb and binom (a binomial likelihood's coefficient, as legacy code writes it) were refused as SciPy
functions gradcli.scipy lacks. binom is 1 / ((n + 1) B(n - k + 1, k + 1)), its float SciPy's own number; comb is
binom with SciPy's 0 outside 0 <= k <= N and its repetition, and with exact=True SciPy's own Python integer.
"""

import textwrap

import mpmath
import numpy as np
import pytest
import scipy.special
import scipy.stats

import gradcli
import gradcli.scipy.special as gspecial
import gradcli.scipy.stats as gstats

LEGACY = """
import numpy as np
import scipy.special
from scipy import stats


def psychometric(x, threshold, width):
    return stats.logistic.logcdf(x, loc=threshold, scale=width) + stats.logistic.logsf(x, loc=threshold, scale=width)


def coefficient(n):
    return np.log(scipy.special.binom(n, 3.0)) + np.log(scipy.special.comb(20, 3))
"""


def _check(tmp_path, name, point):
    path = tmp_path / "legacy37a.py"
    path.write_text(textwrap.dedent(LEGACY))
    (result,) = gradcli.check(f"{path}:{name}", [point], dtypes=("float64",)).results
    return result


@pytest.mark.parametrize("x", [-800.0, -3.0, 0.1, 0.4, 2.5, 700.0])
def test_the_logistic_distribution_answers_as_scipy(x):
    for method in ("logpdf", "pdf", "cdf", "logcdf", "sf", "logsf"):
        with np.errstate(all="ignore"):
            got = float(np.asarray(getattr(gstats.logistic, method)(x, loc=0.1, scale=1.3)))
            want = float(getattr(scipy.stats.logistic, method)(x, loc=0.1, scale=1.3))
        assert got == pytest.approx(want, rel=1e-12, abs=1e-300), (method, x)


@pytest.mark.parametrize("q", [1e-300, 0.2, 0.5, 0.9])
def test_the_logistic_quantiles_answer_as_scipy(q):
    for method in ("ppf", "isf"):
        got = float(np.asarray(getattr(gstats.logistic, method)(q, loc=0.1, scale=1.3)))
        assert got == pytest.approx(float(getattr(scipy.stats.logistic, method)(q, loc=0.1, scale=1.3)), rel=1e-13)


def test_a_logistic_log_likelihood_is_differentiated_in_its_far_tail(tmp_path):
    # z = (-50 - 1) / 0.5 = -102: log F + log S = z - 2 log(1 + e^z), its slopes in the threshold and width exact
    result = _check(tmp_path, "psychometric", {"x": -50.0, "threshold": 1.0, "width": 0.5})
    assert result.status == "ok"
    with mpmath.workdps(40):
        def loglik(t, w):
            z = (mpmath.mpf(-50) - t) / w
            return -mpmath.log1p(mpmath.exp(-z)) - mpmath.log1p(mpmath.exp(z))
        want = {"threshold": mpmath.diff(lambda t: loglik(t, mpmath.mpf(0.5)), 1),
                "width": mpmath.diff(lambda w: loglik(mpmath.mpf(1), w), mpmath.mpf(0.5))}
    for name, value in want.items():
        assert float(np.asarray(result.exact_gradient[name])) == pytest.approx(float(value), rel=1e-13), name


def test_comb_and_binom_answer_as_scipy():
    for n, k in ((20, 3), (20, 20), (3, 5), (7.5, 2.0), (-1, 2), (60, 30)):
        assert float(gspecial.comb(n, k)) == pytest.approx(scipy.special.comb(n, k), rel=1e-14), (n, k)
    assert float(gspecial.comb(4, 2, repetition=True)) == pytest.approx(10.0, rel=1e-14)
    assert gspecial.comb(60, 30, exact=True) == scipy.special.comb(60, 30, exact=True)
    assert float(gspecial.binom(7.5, 2.5)) == pytest.approx(scipy.special.binom(7.5, 2.5), rel=1e-13)


def test_a_binomial_coefficient_is_differentiated_in_n(tmp_path):
    # d/dn log C(n, 3) = digamma(n + 1) - digamma(n - 2); comb(20, 3) a constant
    result = _check(tmp_path, "coefficient", {"n": 7.5})
    assert result.status == "ok"
    with mpmath.workdps(40):
        want = mpmath.digamma(mpmath.mpf(8.5)) - mpmath.digamma(mpmath.mpf(5.5))
    assert float(np.asarray(result.exact_gradient["n"])) == pytest.approx(float(want), rel=1e-13)
