"""``scipy.stats.truncnorm`` in gradcli's core: SciPy's values at ordinary points, exact ones in the far tails, and checks of plain SciPy code.

The normal truncated to [a, b] (standard units, then ``loc`` and ``scale``):
its mass Phi(b) - Phi(a) is taken through ``log_ndtr`` of the mirror image right
of 0, so a = 10, b = 11 (mass 7.6e-24), a = -40, b = -39 and a = 39, b = 40 (mass e^-765, where
Phi(39) and Phi(40) are both 1 in float64) keep
their digits where Phi itself rounds to 1 or to 0.
"""

import textwrap

import mpmath
import numpy as np
import pytest
import scipy.stats

import gradcli
from gradcli.scipy import stats

METHODS = ["logpdf", "pdf", "cdf", "logcdf", "sf", "logsf"]


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("a, b, loc, scale", [(-1.0, 2.0, 0.0, 1.0), (0.5, 3.0, 0.5, 2.0), (-3.0, -0.2, -1.0, 0.7),
                                              (-2.0, np.inf, 0.0, 1.5), (-np.inf, 1.0, 2.0, 1.0), (-0.01, 0.02, 0.0, 1.0)])
def test_truncnorm_matches_scipy_at_ordinary_points_and_outside_its_support(method, a, b, loc, scale):
    low, high = (a if np.isfinite(a) else -4.0), (b if np.isfinite(b) else 4.0)
    x = np.concatenate([np.linspace(low, high, 9)[1:-1], [low - 1.0, high + 1.0]]) * scale + loc
    ours, theirs = getattr(stats.truncnorm, method)(x, a, b, loc, scale), getattr(scipy.stats.truncnorm, method)(x, a, b, loc, scale)
    np.testing.assert_allclose(np.asarray(ours, dtype=float), theirs, rtol=1e-13, atol=0)


def _exact(method, x, a, b):
    """The truncated normal's ``method`` at the float ``x`` (standard units), exactly enough for a float."""
    with mpmath.workdps(400):  # Phi(40) - Phi(39) is 1 - 1e-333 less 1 - 1e-349
        z, a, b = mpmath.mpf(x), mpmath.mpf(a), mpmath.mpf(b)
        mass = mpmath.ncdf(b) - mpmath.ncdf(a)
        below, above = (mpmath.ncdf(z) - mpmath.ncdf(a)) / mass, (mpmath.ncdf(b) - mpmath.ncdf(z)) / mass
        values = {"pdf": mpmath.npdf(z) / mass, "cdf": below, "sf": above}
        values.update({f"log{k}": mpmath.log(v) for k, v in list(values.items())})
        return float(values[method])


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("a, b", [(10.0, 11.0), (-40.0, -39.0), (39.0, 40.0)])
def test_truncnorm_keeps_its_digits_in_the_far_tails(method, a, b):
    x = np.array([a + 0.01, a + 0.3, (a + b) / 2, b - 0.3, b - 0.01])
    ours = np.asarray(getattr(stats.truncnorm, method)(x, a, b), dtype=float)
    exact = np.array([_exact(method, xi, a, b) for xi in x])
    # A rounding of z near 40 moves log_ndtr by 40 |z| eps, and the CDF 0.01 from a by |z| / 0.01 eps relative:
    # 5e-13 is the float point's own condition, not the formula's loss.
    np.testing.assert_allclose(ours, exact, rtol=5e-13, atol=0)


USER = textwrap.dedent('''
    import numpy as np
    import scipy.stats


    def log_density(x):
        return np.sum(scipy.stats.truncnorm.logpdf(x, -1.0, 2.0, 0.5, 1.5))


    def right_tail_cdf(x):
        return np.sum(scipy.stats.truncnorm.logcdf(x, 10.0, 11.0))


    def left_tail_sf(x):
        return np.sum(scipy.stats.truncnorm.logsf(x, -40.0, -39.0))


    def probabilities(x):
        return np.sum(scipy.stats.truncnorm.cdf(x, -1.0, 2.0) * scipy.stats.truncnorm.sf(x, -1.0, 2.0))


    def scaled(loc):
        return np.sum(scipy.stats.truncnorm.pdf(np.array([0.2, 1.1]), -0.5, 1.5, loc, 2.0))
''')


def _slope(function, x, h=mpmath.mpf("1e-25")):
    """The derivative of ``function`` (of mpmath numbers) at ``x``, by a central difference at 150 digits."""
    with mpmath.workdps(150):  # Phi near 1 - 1e-24, differences of 1e-25: 150 digits keep 100
        return float((function(mpmath.mpf(x) + h) - function(mpmath.mpf(x) - h)) / (2 * h))


def _ncdf_difference(hi, lo):
    return mpmath.ncdf(hi) - mpmath.ncdf(lo)


EXACT_SLOPES = {
    "log_density": lambda x: -(mpmath.mpf(x) - mpmath.mpf(0.5)) / mpmath.mpf(1.5) ** 2,
    "right_tail_cdf": lambda x: _slope(lambda t: mpmath.log(_ncdf_difference(t, 10) / _ncdf_difference(11, 10)), x),
    "left_tail_sf": lambda x: _slope(lambda t: mpmath.log(_ncdf_difference(-39, t) / _ncdf_difference(-39, -40)), x),
    "probabilities": lambda x: _slope(lambda t: _ncdf_difference(t, -1) * _ncdf_difference(2, t) / _ncdf_difference(2, -1) ** 2, x),
}
POINTS = {"log_density": [0.3, -0.2, 2.9], "right_tail_cdf": [10.2, 10.9], "left_tail_sf": [-39.9, -39.1], "probabilities": [-0.5, 1.7]}


@pytest.mark.parametrize("name", EXACT_SLOPES)
def test_plain_scipy_code_is_checked_ok_with_the_exact_gradient(tmp_path, name):
    (tmp_path / "user_truncnorm.py").write_text(USER)
    x = np.array(POINTS[name])
    report = gradcli.check(f"{tmp_path / 'user_truncnorm.py'}:{name}", {"x": x}, dtypes=("float64",), fixes=False)
    [result] = report.results
    assert result.status.value == "ok", result.findings
    [exact] = result.exact_gradient.values()
    expected = [float(EXACT_SLOPES[name](xi)) for xi in x]
    np.testing.assert_allclose(np.asarray(exact, dtype=float), expected, rtol=1e-10)


def test_the_location_is_differentiable_too(tmp_path):
    (tmp_path / "user_truncnorm.py").write_text(USER)
    report = gradcli.check(f"{tmp_path / 'user_truncnorm.py'}:scaled", {"loc": np.float64(0.3)}, dtypes=("float64",), fixes=False)
    [result] = report.results
    assert result.status.value == "ok", result.findings

    def density(loc):
        return sum(scipy_pdf(x, loc) for x in (0.2, 1.1))

    def scipy_pdf(x, loc):
        z = (mpmath.mpf(x) - loc) / 2
        return mpmath.npdf(z) / _ncdf_difference(1.5, -0.5) / 2

    [exact] = result.exact_gradient.values()
    np.testing.assert_allclose(float(np.asarray(exact, dtype=float)), _slope(density, 0.3), rtol=1e-10)
