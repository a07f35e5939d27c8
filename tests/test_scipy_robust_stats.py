"""scipy.stats' robust statistics in gradcli.scipy (trim_mean, trimboth, iqr, median_abs_deviation): values SciPy's,
gradients central differences', and a plain module calling them checked as it stands, its ties named as kinks."""

import numpy as np
import pytest
import scipy.stats

import gradcli
import gradcli.numpy as gnp
import gradcli.scipy.stats as gst
from gradcli.capture import missing_function
from opcheck import check_grads
from test_numpy_modules import write

RNG = np.random.default_rng(7)
M = RNG.normal(size=(7, 5))
V = np.array([3.0, 1.0, 4.0, 1.5, 5.0, 9.0, 2.6])


@pytest.mark.parametrize("axis", [0, 1, None])
def test_the_values_are_scipys(axis):
    for proportion in (0.0, 0.1, 0.2, 0.4):
        np.testing.assert_allclose(gst.trim_mean(M, proportion, axis=axis), scipy.stats.trim_mean(M, proportion, axis=axis), rtol=1e-15)
        np.testing.assert_array_equal(gst.trimboth(M, proportion, axis=axis), scipy.stats.trimboth(M, proportion, axis=axis))
    for options in ({}, {"rng": (10, 90), "keepdims": True}, {"scale": "normal"}, {"scale": 2.5, "interpolation": "linear"}):
        np.testing.assert_allclose(gst.iqr(M, axis=axis, **options), scipy.stats.iqr(M, axis=axis, **options), rtol=1e-15)
    for options in ({}, {"scale": "normal"}, {"center": np.mean}, {"scale": "Normal", "center": np.mean}):
        ours = gst.median_abs_deviation(M, axis=axis, **options)
        np.testing.assert_allclose(ours, scipy.stats.median_abs_deviation(M, axis=axis, **options), rtol=1e-15)


def test_what_scipy_refuses_is_refused():
    with pytest.raises(ValueError, match="Proportion too big"):
        gst.trimboth(V, 0.6)
    with pytest.raises(ValueError, match="not a valid scale"):
        gst.iqr(V, scale="cauchy")
    with pytest.raises(NotImplementedError, match="nan_policy='propagate'"):
        gst.median_abs_deviation(V, nan_policy="omit")


def test_the_gradients_are_central_differences():
    check_grads(lambda m: gst.trim_mean(m, 0.2, axis=1), M)
    check_grads(lambda m: gst.trimboth(m, 0.3, axis=0), M)
    check_grads(lambda m: gst.iqr(m, axis=0, rng=(10, 80), scale="normal"), M)
    check_grads(lambda m: gst.median_abs_deviation(m, axis=1, scale="normal"), M)
    check_grads(lambda m: gst.median_abs_deviation(m, axis=None, center=gnp.mean), M)


PLAIN = """\
import numpy as np
from scipy import stats


def robust(x):
    return stats.trim_mean(x, 0.2) + stats.iqr(x) + stats.median_abs_deviation(x, scale="normal")


def trimmed(x):
    return np.sum(stats.trimboth(x, 0.2) ** 2)
"""


def _scipys_slopes(function, x, h=1e-6):
    """Central differences of the same statistics computed by SciPy itself (no tie within h of x)."""
    return np.array([(function(x + h * e) - function(x - h * e)) / (2 * h) for e in np.eye(len(x))])


@pytest.fixture
def plain(tmp_path):
    return write(tmp_path, "robust.py", PLAIN)


def test_a_plain_module_calling_them_gets_the_exact_gradient(plain):
    def robust(x):
        return scipy.stats.trim_mean(x, 0.2) + scipy.stats.iqr(x) + scipy.stats.median_abs_deviation(x, scale="normal")

    for name, function in [("robust", robust), ("trimmed", lambda x: np.sum(scipy.stats.trimboth(x, 0.2) ** 2))]:
        (result,) = gradcli.check(f"{plain}:{name}", [list(V)], dtypes=("float64",)).results
        assert result.status == "ok", (name, result.status)
        exact = np.asarray(result.exact_gradient["x"], dtype=float)
        np.testing.assert_allclose(exact, _scipys_slopes(function, V), rtol=1e-7, atol=1e-8)


def test_a_tie_between_kept_and_cut_entries_is_a_kink(plain):
    tied = V.copy()
    tied[3] = tied[1]  # the two smallest tie: which one the trimmed mean cuts off switches there
    (result,) = gradcli.check(f"{plain}:robust", [list(tied)], dtypes=("float64",)).results
    assert result.status == "domain"
    assert {f.kind for f in result.findings} >= {"kink"}
    assert missing_function("scipy.stats.trim_mean") is None and missing_function("scipy.stats.iqr") is None
