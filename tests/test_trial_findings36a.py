"""The classes of round 36a's findings (tests/trials/cases36a.py), each against an independent truth where it has one.

N1: scipy.stats.rice and genextreme (a Rician envelope's likelihood, a flood's GEV density, CDF and log survival
function, as legacy code calls them) were refused whole as SciPy functions gradcli.scipy lacks. The Rician now has
logpdf and pdf in SciPy's form (e^(-z b) inside i0e, so a large z b never overflows); the GEV all six methods, its y =
-log1p(-c z)/c taken as the generalized Pareto's exponent is (its series near c z = 0), so its slope in c through
c = 0, the Gumbel, is the limit's.

N2: np.where(0, a, b) and any select on an integer condition (a mask combined by & with Python's ~True, which is -2)
lost its gradient in the exact run: the condition was lifted as a number, and the exact slope came out 0 where the
float one was right (the GEV's survival function said "wrong" at every point). A plain number or an integer mask is
now made boolean as NumPy reads it, nonzero holding, at `ops.as_condition`, where `select` and np.where take it.

N3: scipy.special.expm1, log1p, cbrt and exp2 (a return level as legacy code writes it with scipy.special's expm1
and log1p) were refused as SciPy functions gradcli.scipy lacks: they are NumPy's own, which gradcli.scipy.special now
names too.

N4: a Hill number's Python branch onto the Shannon limit at q == 1, exp(sum(entr(P))) of a constant P, was computed
in float64 in the exact run (entr is written as xlogy, called from gradcli's frame, so its constants were never
lifted): a jump of 1e-16 against the limit the other branch climbs to, and the check called q = 1 singular where the
branch's missing slope (-0.17) is the finding. entr, rel_entr and kl_div now lift their constants as logsumexp does.
"""

import textwrap

import mpmath
import numpy as np
import pytest
import scipy.stats

import gradcli
import gradcli.scipy.stats as gstats

LEGACY = """
import numpy as np
from scipy import stats


def flood_sf(x, c):
    return stats.genextreme.sf(x, c)


def return_level(xi):
    import scipy.special

    y = -scipy.special.log1p(-0.01)
    return 120.0 + 35.0 * scipy.special.expm1(-xi * np.log(y)) / xi


def shannon_branch(q):
    import scipy.special

    return np.exp(np.sum(scipy.special.entr(np.array([0.5, 0.25, 0.25])))) + 0.0 * q


def masked(x):
    return np.where(0, 1.0, np.exp(-np.exp(-x)))
"""


def _check(tmp_path, name, point):
    path = tmp_path / "legacy36a.py"
    path.write_text(textwrap.dedent(LEGACY))
    (result,) = gradcli.check(f"{path}:{name}", [point], dtypes=("float64",)).results
    return result


@pytest.mark.parametrize("dist, shapes, points, methods", [
    ("genextreme", (0.3,), (-2.0, -0.5, 0.7, 2.9, 3.5), ("logpdf", "pdf", "cdf", "logcdf", "sf", "logsf")),
    ("genextreme", (-0.4,), (-2.0, -0.5, 0.7, 2.9), ("logpdf", "pdf", "cdf", "logcdf", "sf", "logsf")),
    ("genextreme", (0.0,), (-2.0, 0.7, 2.9), ("logpdf", "pdf", "cdf", "logcdf", "sf", "logsf")),
    ("rice", (1.5,), (-1.0, 0.0, 0.3, 2.0, 25.0), ("logpdf", "pdf")),
])
def test_the_new_distributions_answer_as_scipy(dist, shapes, points, methods):
    # points outside the GEV's support (x = 3.5 > 0.1 + 1.3 / 0.3, x = -2 < 0.1 - 1.3 / 0.4) get SciPy's fixed answers
    for x in points:
        for method in methods:
            with np.errstate(all="ignore"):
                got = float(np.asarray(getattr(getattr(gstats, dist), method)(x, *shapes, loc=0.1, scale=1.3)))
                want = float(getattr(getattr(scipy.stats, dist), method)(x, *shapes, loc=0.1, scale=1.3))
            assert got == pytest.approx(want, rel=1e-12, abs=1e-300), (dist, shapes, method, x)


def test_a_rician_log_density_stays_finite_where_i0_overflows():
    # SciPy takes the log of a density of e^-740, a subnormal, and keeps 4 digits; gradcli's log stays whole
    got = float(np.asarray(gstats.rice.logpdf(2.0, 40.0, scale=1.3)))
    with mpmath.workdps(40):
        z, b = mpmath.mpf(2.0) / mpmath.mpf(1.3), 40
        want = mpmath.log(z) - (z * z + b * b) / 2 + mpmath.log(mpmath.besseli(0, z * b)) - mpmath.log(mpmath.mpf(1.3))
    assert got == pytest.approx(float(want), rel=1e-13)


def test_a_gev_survival_function_is_differentiated_through_the_gumbel(tmp_path):
    result = _check(tmp_path, "flood_sf", {"x": 1.0, "c": 0.0})
    assert result.status == "ok"
    with mpmath.workdps(40):
        e = mpmath.exp(-1)  # at c = 0, y = x = 1; dy/dc = x^2 / 2 (y = -log1p(-c x) / c)
        slope = -e * mpmath.exp(-e)  # d sf / dy = d(1 - exp(-e^-y)) / dy
    for name, want in (("x", slope), ("c", slope / 2)):
        for got in (result.gradient[name], result.exact_gradient[name]):
            assert float(np.asarray(got)) == pytest.approx(float(want), rel=1e-13), name


def test_a_where_on_an_integer_condition_keeps_the_exact_slope(tmp_path):
    result = _check(tmp_path, "masked", {"x": 1.0})
    assert result.status == "ok"
    want = float(mpmath.exp(-1) * mpmath.exp(-mpmath.exp(-1)))
    assert float(np.asarray(result.exact_gradient["x"])) == pytest.approx(want, rel=1e-13)


def test_scipy_special_spells_numpys_elementary_functions_as_scipy_does():
    import scipy.special

    import gradcli.scipy.special as gspecial

    for name in ("expm1", "log1p", "cbrt", "exp2"):
        for x in (-0.7, 1e-12, 3.0):
            # NumPy's kernels (libm's cbrt) and SciPy's (Cephes') round apart by an ulp
            got, want = float(getattr(gspecial, name)(np.float64(x))), getattr(scipy.special, name)(x)
            assert got == pytest.approx(want, rel=5e-16), (name, x)


def test_a_return_level_by_scipy_specials_expm1_is_differentiated(tmp_path):
    result = _check(tmp_path, "return_level", {"xi": 0.1})
    assert result.status == "ok"
    with mpmath.workdps(40):
        log_y = mpmath.log(mpmath.mpf(-np.log1p(-0.01)))
        want = mpmath.diff(lambda xi: 35 * mpmath.expm1(-xi * log_y) / xi, mpmath.mpf(0.1))
    assert float(np.asarray(result.exact_gradient["xi"])) == pytest.approx(float(want), rel=1e-13)


def test_an_entropy_of_constants_is_exact_in_the_exact_run(tmp_path):
    result = _check(tmp_path, "shannon_branch", {"q": 1.0})
    with mpmath.workdps(40):
        want = 2 * mpmath.sqrt(2)  # e^H, H = 1.5 log 2
        assert abs(mpmath.mpf(result.exact_value_text) - want) < mpmath.mpf(10) ** -19
