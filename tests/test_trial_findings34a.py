"""The classes of round 34a's findings (tests/trials/cases34a.py), each against an independent truth.

N1: scipy.stats.norm.ppf and isf, the normal's quantiles (Value at Risk as legacy code writes it), were refused as
SciPy functions gradcli.scipy lacks. They are now loc +- scale ndtri(q), NaN where SciPy's are (a scale not
positive, q outside [0, 1]), isf from ndtri of q itself so that a tiny q keeps its digits.

N2: scipy.stats.binom (a k-out-of-n system's reliability by binom.sf) was refused whole. Its pmf, logpmf, cdf,
logcdf, sf and logsf are now composites of gammaln, xlogy, xlog1py, bdtr and bdtrc, differentiable in p, with
SciPy's answers at counts that are not whole or lie outside [0, n]; sf is bdtrc, never 1 - cdf.

N3: --at naming a parameter that has a default said only that it is no variable of the target: it now says that the
parameter has a default, which a check keeps (as --args already did).

N4: log(1 - u), its value lost to the rounding of 1 - u at a small u, got no fix: log1p's rewrite knew only
log(1 + u). It now also writes log1p(-u), re-checked like every fix.
"""

import textwrap

import mpmath
import numpy as np
import pytest
import scipy.stats

import gradcli
import gradcli.scipy.stats as gstats
from gradcli.cli import main

QUANTILES = """
from scipy import stats


def value_at_risk(alpha):
    return -stats.norm.ppf(alpha, loc=0.001, scale=0.02)


def upper_quantile(q):
    return stats.norm.isf(q, 1.0, 3.0)
"""

BINOMIAL = """
from scipy import stats


def reliability(p):
    return stats.binom.sf(2, 5, p)


def log_mass(p):
    return stats.binom.logpmf(2, 5, p)
"""

DEFAULTED = """
import numpy as np


def magnet(h, temperature=2.0):
    return np.tanh(h / temperature)
"""

ONE_MINUS = """
import numpy as np


def jc_distance(p):
    return -0.75 * np.log(1 - 4.0 / 3.0 * p)
"""


def _check(tmp_path, source, name, points):
    path = tmp_path / f"{name}34a.py"
    path.write_text(textwrap.dedent(source))
    (result,) = gradcli.check(f"{path}:{name}", points, dtypes=("float64",)).results
    return result


def _both(result, name):
    """The float64 gradient and the exact one, as floats."""
    return float(np.asarray(result.gradient[name])), float(np.asarray(result.exact_gradient[name]))


def _standard_normal_quantile(q):
    return mpmath.sqrt(2) * mpmath.erfinv(2 * mpmath.mpf(q) - 1)


@pytest.mark.parametrize("alpha", [0.01, 1e-300])
def test_the_normal_quantile_is_differentiated_as_loc_plus_scale_ndtri(tmp_path, alpha):
    result = _check(tmp_path, QUANTILES, "value_at_risk", [{"alpha": alpha}])
    assert result.status == "ok"
    with mpmath.workdps(400):  # erfinv(2 alpha - 1) at alpha = 1e-300 needs the 300 digits 2 alpha - 1 carries
        z = _standard_normal_quantile(alpha)
        slope = float(-mpmath.mpf(0.02) * mpmath.sqrt(2 * mpmath.pi) * mpmath.exp(z * z / 2))
    for got in _both(result, "alpha"):
        assert got == pytest.approx(slope, rel=1e-12)


def test_the_normal_isf_keeps_a_tiny_tail_and_answers_as_scipy():
    for q in (0.3, 1e-300):
        assert float(gstats.norm.isf(q, 1.0, 3.0)) == pytest.approx(scipy.stats.norm.isf(q, 1.0, 3.0), rel=1e-14)
        assert float(gstats.norm.ppf(q, 1.0, 3.0)) == pytest.approx(scipy.stats.norm.ppf(q, 1.0, 3.0), rel=1e-14)
    for q, scale in ((1.5, 1.0), (-0.1, 1.0), (0.3, -1.0), (0.3, 0.0)):
        with np.errstate(invalid="ignore"):  # SciPy's own bounds times a bad scale
            assert np.isnan(float(gstats.norm.ppf(q, 0.0, scale))) and np.isnan(scipy.stats.norm.ppf(q, 0.0, scale))
    assert float(gstats.norm.ppf(0.0)) == -np.inf and float(gstats.norm.isf(0.0)) == np.inf


def test_the_normal_isf_slope_is_minus_scale_over_the_density(tmp_path):
    result = _check(tmp_path, QUANTILES, "upper_quantile", [{"q": 0.2}])
    assert result.status == "ok"
    with mpmath.workdps(40):
        z = _standard_normal_quantile(0.2)
        slope = float(-3 * mpmath.sqrt(2 * mpmath.pi) * mpmath.exp(z * z / 2))
    for got in _both(result, "q"):
        assert got == pytest.approx(slope, rel=1e-12)


def test_the_binomial_distribution_answers_as_scipy_at_its_edges():
    for k in (-1.0, 0.0, 2.0, 2.5, 5.0, 6.0):
        for p in (0.0, 0.3, 1.0):
            for method in ("logpmf", "pmf", "cdf", "logcdf", "sf", "logsf"):
                with np.errstate(divide="ignore"):
                    got = float(np.asarray(getattr(gstats.binom, method)(k, 5.0, p)))
                want = float(getattr(scipy.stats.binom, method)(k, 5, p))
                # abs: log C(n, k) is a difference of gammaln's, one of a Python number (libm's lgamma, 1 ulp from
                # SciPy's at 6) where SciPy's is an exact 0
                assert got == pytest.approx(want, rel=1e-13, abs=1e-14, nan_ok=True), (method, k, p)


def test_a_k_out_of_n_reliability_by_binom_sf_is_differentiated_in_p(tmp_path):
    # P(K >= 3) for K ~ Binomial(5, p): slope 30 p^2 (1 - p)^2
    result = _check(tmp_path, BINOMIAL, "reliability", [{"p": 0.9}])
    assert result.status == "ok"
    for got in _both(result, "p"):
        assert got == pytest.approx(30 * 0.9 ** 2 * 0.1 ** 2, rel=1e-12)
    # log C(5, 2) + 2 log p + 3 log(1 - p): slope 2 / p - 3 / (1 - p)
    result = _check(tmp_path, BINOMIAL, "log_mass", [{"p": 0.3}])
    assert result.status == "ok"
    for got in _both(result, "p"):
        assert got == pytest.approx(2 / 0.3 - 3 / 0.7, rel=1e-12)


def test_a_point_naming_a_parameter_with_a_default_says_the_check_keeps_it(tmp_path, capsys):
    path = tmp_path / "magnet34a.py"
    path.write_text(textwrap.dedent(DEFAULTED))
    with pytest.raises(SystemExit) as stop:
        main(["check", f"{path}:magnet", "--at", "h=0.1,temperature=0.5"])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and "Traceback" not in err
    assert "'temperature' has a default, which a check keeps" in err
    with pytest.raises(SystemExit) as stop:  # a name that is no parameter at all is told apart
        main(["check", f"{path}:magnet", "--at", "h=0.1,t=0.5"])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and "'t' is not a variable" in err and "default" not in err


def test_a_log_of_one_minus_a_small_number_is_offered_log1p_of_its_negation(tmp_path):
    path = tmp_path / "jc34a.py"
    path.write_text(textwrap.dedent(ONE_MINUS))
    report = gradcli.check(f"{path}:jc_distance", [{"p": 1e-9}], dtypes=("float64",))
    (result,) = report.results
    assert result.status == "unstable"
    fixed = [f for f in report.fixes if "np.log1p(-" in f.diff and not f.partial]
    assert fixed and all(v == "ok" for v in fixed[0].after.values())
