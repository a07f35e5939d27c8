"""Every scipy.stats method answers NaN where the distribution's parameters are invalid, as SciPy's do.

SciPy checks a scale above 0 and each distribution's shapes (gamma's a > 0, truncnorm's a < b, binom's whole n >= 0
and 0 <= p <= 1, ...) before any method computes, and answers NaN where a check fails. gradcli's norm.cdf divided by
the scale and dropped log(scale), so at a scale of 0 it answered 1 and at -1 a probability (round 82c's F1), and a
Thurstone model norm.cdf(d, scale=sqrt(2) s) at s = -1 was judged ok, with slopes, where the program has no value.
"""

import math
import warnings

import numpy as np
import pytest
import scipy.stats as scipy_stats

import gradcli
import gradcli.numpy as gnp
import gradcli.scipy.stats as stats
from gradcli.autodiff.scipy_namespace import _METHODS

VALID = {"norm": (), "t": (4.0,), "gamma": (2.0,), "chi2": (3.0,), "beta": (2.0, 3.0), "lognorm": (0.7,),
         "truncnorm": (-1.0, 2.0), "vonmises": (2.0,), "rice": (1.0,), "cauchy": (), "logistic": (),
         "weibull_min": (2.0,), "weibull_max": (2.0,), "gumbel_r": (), "gumbel_l": (), "genpareto": (0.5,),
         "pareto": (3.0,), "lomax": (2.0,), "laplace": (), "skewnorm": (2.0,), "invgauss": (0.5,),
         "genextreme": (0.5,), "poisson": (3.0,), "binom": (5.0, 0.4), "nbinom": (3.0, 0.4)}
INVALID = {"t": [(0.0,), (-1.0,)], "gamma": [(0.0,), (-1.0,)], "chi2": [(0.0,), (-2.0,)],
           "beta": [(0.0, 3.0), (2.0, -1.0)], "lognorm": [(0.0,), (-0.7,)], "truncnorm": [(2.0, -1.0), (1.0, 1.0)],
           "vonmises": [(-1.0,)], "rice": [(-1.0,)], "weibull_min": [(0.0,), (-2.0,)], "weibull_max": [(0.0,)],
           "pareto": [(0.0,), (-3.0,)], "lomax": [(-2.0,)], "invgauss": [(0.0,), (-0.5,)],
           "genpareto": [(math.inf,)], "skewnorm": [(math.nan,)], "poisson": [(-1.0,)],
           "binom": [(-1.0, 0.5), (2.5, 0.5), (5.0, 1.5), (5.0, -0.1)], "nbinom": [(0.0, 0.5), (3.0, 0.0), (3.0, 1.5)]}
DISCRETE = {"poisson", "binom", "nbinom"}


def _calls():
    for dist, shapes in VALID.items():
        for method in _METHODS[dist].split():
            x = 0.3 if method in ("ppf", "isf") else 2.0 if dist in DISCRETE else 0.4
            kinds = [(shapes, {})] + [(bad, {}) for bad in INVALID.get(dist, [])]
            if dist not in DISCRETE:
                kinds += [(shapes, {"scale": 0.0}), (shapes, {"scale": -1.5})]
            for args, kwargs in kinds:
                yield pytest.param(dist, method, x, args, kwargs, id=f"{dist}.{method}{args}{kwargs or ''}")


@pytest.mark.parametrize("dist, method, x, shapes, kwargs", list(_calls()))
def test_a_method_is_nan_exactly_where_scipys_is(dist, method, x, shapes, kwargs):
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        theirs = float(getattr(getattr(scipy_stats, dist), method)(x, *shapes, **kwargs))
        if method in ("logcdf", "logsf") and math.isnan(getattr(getattr(scipy_stats, dist), method[3:])(x, *shapes)):
            theirs = math.nan  # SciPy's binom.logcdf(2, -1, p) is 0 (k past the end n), its cdf NaN: the check's answer
        ours = float(getattr(getattr(stats, dist), method)(x, *shapes, **kwargs))  # Python floats, as users write them
    if math.isnan(theirs):
        assert math.isnan(ours), (ours, theirs)
    else:
        assert ours == pytest.approx(theirs, rel=1e-9, abs=1e-300), (ours, theirs)


def test_entries_with_an_invalid_scale_alone_are_nan():
    scale = np.array([1.0, 0.0, -2.0, 3.0])
    x = np.array([0.1, 0.2, 0.3, 0.4])
    for method in ("logpdf", "cdf", "logsf", "ppf"):
        ours = np.asarray(getattr(stats.norm, method)(x, loc=0.5, scale=scale), dtype=float)
        theirs = getattr(scipy_stats.norm, method)(x, loc=0.5, scale=scale)
        assert np.array_equal(np.isnan(ours), np.isnan(theirs)), (method, ours, theirs)
        assert np.allclose(ours[[0, 3]], theirs[[0, 3]], rtol=1e-12)


def thurstone(mu_i, mu_j, s):
    return stats.norm.cdf(mu_i - mu_j, loc=0.0, scale=gnp.sqrt(2.0) * s)


def test_a_model_at_an_invalid_scale_has_no_value_and_no_slope():
    for s in (0.0, -1.0):
        [result] = gradcli.check(thurstone, [{"mu_i": 1.2, "mu_j": 0.9, "s": s}], dtypes=["float64"], fixes=False).results
        assert result.status == "domain", (s, result.status, [f.message for f in result.findings])
        assert all(math.isnan(float(result.exact_gradient[n])) for n in ("mu_i", "mu_j", "s")), result.exact_gradient
    [result] = gradcli.check(thurstone, [{"mu_i": 1.2, "mu_j": 0.9, "s": 1.0}], dtypes=["float64"], fixes=False).results
    assert result.status == "ok"
    slope = math.exp(-0.3**2 / 4) / math.sqrt(4 * math.pi)
    assert float(result.exact_gradient["mu_i"]) == pytest.approx(slope, rel=1e-12)
