"""The survival functions of gradcli.scipy.stats' distributions that had a CDF alone: sf and logsf of t, gamma,
chi2, beta, lognorm and poisson; and the quantiles ppf and isf of norm and lognorm.

Values are SciPy's to a few ulps at ordinary and adversarial points (the support's ends, 1e-300, 1 - 2^-53, far
tails), logsf keeping the small tail on either side of the median as SciPy's does; slopes in the point, loc, scale
and the shape (where the distribution is differentiable in it) are mpmath's derivatives of the closed forms at 45
digits, at ordinary points and far in the tails; a plain module calling gamma.logsf and lognorm.logsf is checked by
the command line, its exact reference found where SciPy's own float64 answer has underflowed."""

import json

import mpmath as mp
import numpy as np
import pytest
import scipy.stats

import gradcli
import gradcli.scipy.stats as gst
from gradcli.cli import main

ULPS = 8  # SciPy's own answers differ by as much between its loops
X = np.array([-800.0, -3.0, -1.0, -1e-300, 0.0, 1e-300, 1e-20, 0.3, 0.5, 0.9, 1.0, 1 - 2**-53, 1.7, 3.0, 30.0, 800.0,
              1e4, 1e10, 1e300])
CASES = [("t", (3.0,)), ("t", (0.7,)), ("gamma", (2.5,)), ("gamma", (0.3,)), ("chi2", (5.0,)), ("beta", (2.0, 3.0)),
         ("beta", (0.5, 0.4)), ("lognorm", (0.5,)), ("poisson", (3.5,))]


def _ulps_apart(ours, theirs):
    """(x, SciPy's, ours) where ``ours`` is more than ULPS from SciPy's; an infinity or a NaN must be the same."""
    finite = np.isfinite(theirs)
    with np.errstate(invalid="ignore"):  # inf - inf where SciPy's answer is an infinity: judged by ``same``
        near = np.abs(ours - theirs) <= ULPS * np.spacing(np.abs(np.where(finite, theirs, 0.0)))
    same = (ours == theirs) | (np.isnan(ours) & np.isnan(theirs))
    return [(x, want, got) for x, want, got, ok in zip(X, theirs, ours, np.where(finite, near, same)) if not ok]


def test_values_are_scipys_at_adversarial_points():
    bad = {}
    for dist, shapes in CASES:
        frames = [{}] if dist == "poisson" else [{"loc": 0.0, "scale": 1.0}, {"loc": 0.5, "scale": 2.0}]
        for method in ("sf", "logsf"):
            for frame in frames:
                with np.errstate(all="ignore"):
                    theirs = getattr(getattr(scipy.stats, dist), method)(X, *shapes, **frame)
                    ours = np.asarray(getattr(getattr(gst, dist), method)(X, *shapes, **frame), dtype=float)
                found = _ulps_apart(ours, theirs)
                if found:
                    bad[(dist, shapes, method, tuple(frame.values()))] = found
    assert not bad, bad


def test_logsf_keeps_the_small_tail_on_both_sides_of_the_median():
    """Left of the median logsf is log1p(-cdf), not log of a number rounded to 1; right of it log(sf)."""
    with mp.workdps(40):
        lower = mp.betainc(1.5, 0.5, 0, 3 / (3 + mp.mpf(1e10) ** 2), regularized=True) / 2
        assert float(gst.t.logsf(-1e10, 3.0)) == pytest.approx(float(-lower), rel=1e-14, abs=0)
        assert float(gst.gamma.logsf(1e-20, 2.5)) == pytest.approx(
            float(mp.log1p(-mp.gammainc(2.5, 0, mp.mpf(1e-20), regularized=True))), rel=1e-14, abs=0)
        u = mp.log(mp.mpf(1e100)) / mp.mpf(0.5)
        assert float(gst.lognorm.logsf(1e100, 0.5)) == pytest.approx(float(mp.log(mp.erfc(u / mp.sqrt(2)) / 2)), rel=1e-14, abs=0)


Q = np.array([-0.1, 0.0, 5e-324, 1e-300, 1e-20, 0.3, 0.5, 0.9, 1 - 2**-53, 1.0, 1.5])


@pytest.mark.parametrize("method", ["ppf", "isf"])
def test_the_normal_and_log_normal_quantiles_are_scipys(method):
    """norm and lognorm's ppf and isf (by ndtri, the isf never rounding 1 - q) at ordinary points and at the ends of
    [0, 1], where they are infinite or NaN as SciPy's are, and NaN as SciPy's where a shape or scale is not positive."""
    for dist, shapes in (("norm", ()), ("lognorm", (0.5,)), ("lognorm", (-0.5,)), ("lognorm", (0.0,))):
        for frame in ({}, {"loc": 0.5, "scale": 2.0}, {"scale": -1.0}, {"scale": 0.0}):
            with np.errstate(all="ignore"):
                theirs = getattr(getattr(scipy.stats, dist), method)(Q, *shapes, **frame)
                ours = np.asarray(getattr(getattr(gst, dist), method)(Q, *shapes, **frame), dtype=float)
            np.testing.assert_array_equal(np.isnan(ours), np.isnan(theirs))
            finite = np.isfinite(theirs)
            np.testing.assert_array_equal(ours[~finite & ~np.isnan(theirs)], theirs[~finite & ~np.isnan(theirs)])
            np.testing.assert_allclose(ours[finite], theirs[finite], rtol=4 * np.finfo(float).eps, atol=0)


@pytest.mark.parametrize("q", [0.3, 1e-20, 1 - 1e-12])
def test_the_quantiles_slopes_are_one_over_the_density(q):
    """d ppf/dq = 1 / pdf(ppf(q)) and d isf/dq = -1 / pdf(isf(q)), in q and in the log-normal's shape, at an ordinary
    q and deep in either tail."""
    with mp.workdps(40):
        n = mp.sqrt(2) * mp.erfinv(2 * mp.mpf(q) - 1)
        in_q = 1 / mp.npdf(n)
    assert float(gradcli.grad(gst.norm.ppf)(q)) == pytest.approx(float(in_q), rel=1e-12)
    assert float(gradcli.grad(gst.norm.isf)(q)) == pytest.approx(float(-in_q), rel=1e-12)
    value = float(mp.exp(-mp.mpf(0.5) * n))  # the log-normal's isf, exp(-s n), and its slopes in q and in s
    assert float(gradcli.grad(lambda t: gst.lognorm.isf(t, 0.5))(q)) == pytest.approx(-0.5 * value * float(in_q), rel=1e-12)
    assert float(gradcli.grad(lambda s: gst.lognorm.isf(q, s))(0.5)) == pytest.approx(-float(n) * value, rel=1e-12)


# -- slopes against mpmath: each survival function in closed form on mpmath numbers -------------------------------

def _sf_truth(dist, z, shapes):
    """P(X > z) of the standard distribution on mpmath numbers."""
    if dist == "t":
        (nu,) = shapes
        half = mp.betainc(nu / 2, mp.mpf(1) / 2, 0, nu / (nu + z * z), regularized=True) / 2
        return half if z > 0 else 1 - half
    if dist == "gamma":
        return mp.gammainc(shapes[0], z, mp.inf, regularized=True)
    if dist == "chi2":
        return mp.gammainc(shapes[0] / 2, z / 2, mp.inf, regularized=True)
    if dist == "beta":
        return mp.betainc(shapes[0], shapes[1], z, 1, regularized=True)
    if dist == "lognorm":
        return mp.erfc(mp.log(z) / shapes[0] / mp.sqrt(2)) / 2  # mpmath's ncdf is 0 past -180
    raise ValueError(dist)


# (distribution, its shapes, a point, loc, scale, whether the shape's slope is judged): ordinary points and far tails
POINTS = [("t", (3.0,), 0.8, 0.1, 1.3, False), ("t", (3.0,), -1e6, 0.1, 1.3, False), ("t", (3.0,), 4e4, 0.0, 1.0, False),
          ("gamma", (2.5,), 1.9, 0.2, 1.5, True), ("gamma", (2.5,), 300.0, 0.0, 1.0, True),
          ("gamma", (0.3,), 1e-6, 0.0, 1.0, True), ("chi2", (5.0,), 3.1, 0.2, 1.1, True),
          ("chi2", (5.0,), 600.0, 0.0, 1.0, True), ("beta", (2.0, 3.0), 0.35, 0.05, 0.9, False),
          ("beta", (2.0, 3.0), 1 - 1e-9, 0.0, 1.0, False), ("lognorm", (0.5,), 1.4, 0.1, 1.2, True),
          ("lognorm", (0.5,), 1e40, 0.0, 1.0, True), ("lognorm", (0.5,), 1e-12, 0.0, 1.0, True)]


def _slopes(dist, shapes, x, loc, scale, method, shaped):
    """gradcli's slopes of ``method`` in x, loc, scale (and the first shape where ``shaped``)."""
    def ours(x, loc, scale, *shape):
        return getattr(getattr(gst, dist), method)(x, *(shape or shapes[:1]), *shapes[1:], loc=loc, scale=scale)

    args = (x, loc, scale, shapes[0]) if shaped else (x, loc, scale)
    return [float(gradcli.grad(ours, argnums=i)(*args)) for i in range(len(args))]


@pytest.mark.parametrize("dist, shapes, x, loc, scale, shaped", POINTS, ids=[f"{p[0]}{p[1]}@{p[2]}" for p in POINTS])
def test_slopes_in_point_location_scale_and_shape_are_mpmaths(dist, shapes, x, loc, scale, shaped):
    for method in ("sf", "logsf"):
        slopes = _slopes(dist, shapes, x, loc, scale, method, shaped)
        with mp.workdps(45):
            point = [mp.mpf(v) for v in ((x, loc, scale, shapes[0]) if shaped else (x, loc, scale))]

            def truth(*moved):
                shape = (moved[3], *[mp.mpf(s) for s in shapes[1:]]) if shaped else tuple(mp.mpf(s) for s in shapes)
                sf = _sf_truth(dist, (moved[0] - moved[1]) / moved[2], shape)
                return sf if method == "sf" else mp.log(sf)

            for i, slope in enumerate(slopes):
                step = abs(point[i]) * mp.mpf(10) ** -15 or mp.mpf(10) ** -15  # relative: x = 1e40 moves
                want = float(mp.diff(lambda t, i=i: truth(*(point[:i] + [t] + point[i + 1:])), point[i], h=step))
                assert slope == pytest.approx(want, rel=1e-11, abs=1e-300), (method, i, slope, want)


def test_poissons_survival_slope_in_its_mean_is_the_pmf():
    """d/dmu P(K > k) = P(K = floor(k)), at an ordinary mean and far in the lower tail (mu = 1e-3)."""
    for k, mu in ((3.5, 2.0), (3.0, 1e-3)):
        with mp.workdps(30):
            m = mp.mpf(mu)
            pmf = mp.exp(3 * mp.log(m) - m - mp.loggamma(4))
            sf = mp.gammainc(4, 0, m, regularized=True)
        assert float(gradcli.grad(lambda m: gst.poisson.sf(k, m))(mu)) == pytest.approx(float(pmf), rel=1e-12)
        assert float(gradcli.grad(lambda m: gst.poisson.logsf(k, m))(mu)) == pytest.approx(float(pmf / sf), rel=1e-12)


# -- a plain module calling them, checked by the command line as it stands ----------------------------------------

MODULE = '''\
import numpy as np
from scipy import stats


def waiting(x):
    return np.sum(stats.gamma.logsf(x, 2.5, scale=2.0)) + np.sum(stats.lognorm.logsf(x, 0.5))
'''


def _check(path, point, capsys):
    with pytest.raises(SystemExit) as stop:
        main(["check", f"{path}:waiting", "--at", point, "--dtype", "float64", "--no-fix", "--json"])
    out = capsys.readouterr()
    return stop.value.code, json.loads(out.out)["results"][0]


def test_a_plain_module_calling_them_is_checked_by_the_cli(tmp_path, capsys):
    path = tmp_path / "waiting.py"
    path.write_text(MODULE)
    code, result = _check(path, "x=[0.7,3.0]", capsys)
    assert code == 0 and result["status"] == "ok", result
    with mp.workdps(30):
        want = [mp.diff(lambda t: mp.log(_sf_truth("gamma", t / 2, (mp.mpf(2.5),)))
                        + mp.log(_sf_truth("lognorm", t, (mp.mpf(0.5),))), mp.mpf(x)) for x in (0.7, 3.0)]
    np.testing.assert_allclose(result["exact_gradient"]["x"], [float(w) for w in want], rtol=1e-13)
    # Q(2.5, 1000) = e^-1000 (...) underflows in SciPy's float64 logsf (-inf); its exact value is finite
    code, result = _check(path, "x=2000.0", capsys)
    assert code == 1 and result["status"] == "unstable", result
    with mp.workdps(30):
        exact = mp.log(_sf_truth("gamma", mp.mpf(1000), (mp.mpf(2.5),))) + mp.log(_sf_truth("lognorm", mp.mpf(2000), (mp.mpf(0.5),)))
    assert result["exact_value"] == pytest.approx(float(exact), rel=1e-13)
