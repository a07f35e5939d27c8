"""scipy.stats' extreme-value and heavy-tailed distributions in gradcli.scipy.stats: weibull_min, weibull_max,
gumbel_r, gumbel_l, genpareto, pareto and lomax, each with logpdf, pdf, cdf, logcdf, sf and logsf.

Values are SciPy's to a few ulps at ordinary and adversarial points (0, the support's ends, 1e-300, far tails);
gradients in the point, loc, scale and the shape match mpmath's derivatives of the closed forms at 30 digits;
genpareto's shape crosses 0 (the exponential) with its limit's slope; a plain module calling them is checked by
the command line, exact path included."""

import json

import mpmath as mp
import numpy as np
import pytest
import scipy.stats

import gradcli
import gradcli.scipy.stats as gst
from gradcli.cli import main
import ops_precision_stats61 as stats61
import test_ops_precision as precision

ULPS = 8  # SciPy's own answers differ by as much between its loops
X = np.array([-800.0, -3.0, -1.0, -1e-300, 0.0, 1e-300, 1e-20, 0.3, 1.0, 1.7, 3.0, 30.0, 800.0, 1e10, 1e300])
METHODS = ("logpdf", "pdf", "cdf", "logcdf", "sf", "logsf")
SHAPES = [("weibull_min", (1.5,)), ("weibull_min", (0.5,)), ("weibull_min", (1.0,)), ("weibull_max", (1.5,)),
          ("gumbel_r", ()), ("gumbel_l", ()), ("genpareto", (0.3,)), ("genpareto", (0.0,)), ("genpareto", (-0.4,)),
          ("pareto", (2.5,)), ("lomax", (1.7,))]


def _ulps_apart(ours, theirs):
    """Entries where ``ours`` is more than ULPS from SciPy's (an infinity or NaN must be the same)."""
    bad = []
    for x, got, want in zip(X, ours, theirs):
        if not np.isfinite(want):
            if not (got == want or (np.isnan(got) and np.isnan(want))):
                bad.append((x, want, got))
        elif not abs(got - want) <= ULPS * np.spacing(abs(want)):
            bad.append((x, want, got))
    return bad


@pytest.mark.parametrize("dist, shapes", SHAPES, ids=lambda v: str(v))
def test_values_are_scipys_at_adversarial_points(dist, shapes):
    bad = {}
    for method in METHODS:
        for loc, scale in ((0.0, 1.0), (0.5, 2.0)):
            with np.errstate(all="ignore"):
                theirs = getattr(getattr(scipy.stats, dist), method)(X, *shapes, loc=loc, scale=scale)
                ours = np.asarray(getattr(getattr(gst, dist), method)(X, *shapes, loc=loc, scale=scale), dtype=float)
            if dist == "pareto" and method in ("logpdf", "logsf"):
                theirs = np.where(X == 1e300, ours, theirs)  # SciPy's log of an underflowed power; see the next test
            found = _ulps_apart(ours, theirs)
            if found:
                bad[(method, loc, scale)] = found
    assert not bad, bad


def test_pareto_keeps_the_log_tail_scipy_underflows():
    """SciPy's pareto.logsf and logpdf at 1e300 are log(0) = -inf; ours are -b log z and log(b) - (b+1) log z."""
    with mp.workdps(30):
        z = mp.mpf(1e300)
        assert float(gst.pareto.logsf(1e300, 2.5)) == pytest.approx(float(-2.5 * mp.log(z)), rel=1e-15)
        assert float(gst.pareto.logpdf(1e300, 2.5)) == pytest.approx(float(mp.log(2.5) - 3.5 * mp.log(z)), rel=1e-15)


# -- gradients against mpmath: each distribution as a tail e^-E(z) with E in closed form -------------------------

def _exponent(dist, c, z):
    """(E(z), which probability e^-E is, the density's sign of dE/dz) on mpmath numbers."""
    return {
        "weibull_min": lambda: (z ** c, "sf"),
        "weibull_max": lambda: ((-z) ** c, "cdf"),
        "gumbel_r": lambda: (mp.exp(-z), "cdf"),
        "gumbel_l": lambda: (mp.exp(z), "sf"),
        "genpareto": lambda: (mp.log1p(c * z) / c, "sf"),
        "pareto": lambda: (c * mp.log(z), "sf"),
        "lomax": lambda: (c * mp.log1p(z), "sf"),
    }[dist]()


def _truth(dist, method, x, loc, scale, c):
    z = (x - loc) / scale
    e, tail = _exponent(dist, c, z)
    small = mp.exp(-e)
    if method in ("pdf", "logpdf"):
        density = abs(mp.diff(lambda t: _exponent(dist, c, t)[0], z)) * small / scale
        return density if method == "pdf" else mp.log(density)
    takes_small = (method in ("sf", "logsf")) == (tail == "sf")
    p = small if takes_small else -mp.expm1(-e)
    return p if not method.startswith("log") else (-e if takes_small else mp.log(p))


# (distribution, its shape, a point inside the support, a location, a scale)
POINTS = [("weibull_min", 1.5, 1.3, 0.2, 1.7), ("weibull_max", 1.5, -1.3, 0.2, 1.7), ("gumbel_r", None, 0.4, 0.1, 1.3),
          ("gumbel_l", None, 0.4, 0.1, 1.3), ("genpareto", 0.3, 1.1, 0.2, 0.8), ("genpareto", -0.4, 1.1, 0.2, 0.8),
          ("pareto", 2.5, 2.9, 0.3, 1.2), ("lomax", 1.7, 0.9, 0.1, 1.4)]


@pytest.mark.parametrize("dist, c, x, loc, scale", POINTS, ids=[f"{p[0]}({p[1]})" for p in POINTS])
def test_gradients_in_point_location_scale_and_shape_are_mpmaths(dist, c, x, loc, scale):
    shaped = c is not None
    args = (x, loc, scale, c) if shaped else (x, loc, scale)
    for method in METHODS:
        def ours(*a, method=method):
            shape = a[3:]
            return getattr(getattr(gst, dist), method)(a[0], *shape, loc=a[1], scale=a[2])

        slopes = [float(gradcli.grad(ours, argnums=i)(*args)) for i in range(len(args))]
        with mp.workdps(30):
            point = [mp.mpf(a) for a in args]
            for i, slope in enumerate(slopes):
                def along(t, i=i):
                    moved = point[:i] + [t] + point[i + 1:]
                    return _truth(dist, method, *moved[:3], moved[3] if shaped else None)
                want = float(mp.diff(along, point[i]))
                assert slope == pytest.approx(want, rel=1e-12, abs=1e-15), (method, i, slope, want)


def test_genpareto_through_shape_zero_is_the_exponential_with_the_limits_slope():
    """At c = 0 the generalized Pareto is the exponential; its slopes in c are the limits of log1p(c z)/c's:
    d logsf/dc = z^2/2 and d logpdf/dc = -z + z^2/2."""
    z = np.array([0.2, 1.5, 7.0])
    np.testing.assert_allclose(np.asarray(gst.genpareto.logsf(z, 0.0), dtype=float), -z, rtol=1e-15)
    np.testing.assert_allclose(np.asarray(gst.genpareto.cdf(z, 0.0), dtype=float), scipy.stats.expon.cdf(z), rtol=1e-15)
    for i, point in enumerate(z):
        in_c = gradcli.grad(lambda c, p=point: gst.genpareto.logsf(p, c))(0.0)
        assert float(in_c) == pytest.approx(point * point / 2, rel=1e-15)
        in_c = gradcli.grad(lambda c, p=point: gst.genpareto.logpdf(p, c))(0.0)
        assert float(in_c) == pytest.approx(-point + point * point / 2, rel=1e-15)


# -- a plain module calling them, checked by the command line as it stands ----------------------------------------

MODULE = '''\
import numpy as np
import scipy.stats


def weibull(x):
    return np.sum(scipy.stats.weibull_min.logcdf(x, 1.5, scale=2.0))


def tails(x, c, s):
    value = np.sum(scipy.stats.genpareto.logpdf(x, c, scale=s)) + np.sum(scipy.stats.gumbel_r.logsf(x, 0.3, s))
    value = value + np.sum(scipy.stats.lomax.logcdf(x, c + 1.0)) + np.sum(scipy.stats.pareto.logsf(x + 1.0, c + 2.0))
    return value + np.sum(scipy.stats.weibull_max.cdf(-x, 2.0)) + np.sum(scipy.stats.gumbel_l.logpdf(x))
'''


def _check(path, name, point, capsys):
    with pytest.raises(SystemExit) as stop:
        main(["check", f"{path}:{name}", "--at", point, "--dtype", "float64", "--no-fix", "--json"])
    out = capsys.readouterr()
    assert stop.value.code == 0, out.err
    return json.loads(out.out)["results"][0]


def test_a_plain_module_calling_the_distributions_is_checked_by_the_cli(tmp_path, capsys):
    path = tmp_path / "tails.py"
    path.write_text(MODULE)
    x = np.array([0.3, 1.0, 4.0])
    result = _check(path, "weibull", "x=[0.3,1.0,4.0]", capsys)
    assert result["status"] == "ok", result
    # d/dx log(1 - e^-(x/2)^1.5) = e^-u u' / (1 - e^-u), u = (x/2)^1.5
    u, du = (x / 2) ** 1.5, 1.5 * (x / 2) ** 0.5 / 2
    np.testing.assert_allclose(result["exact_gradient"]["x"], np.exp(-u) * du / -np.expm1(-u), rtol=1e-13)
    result = _check(path, "tails", "x=[0.3,1.0,4.0],c=0.0,s=1.5", capsys)  # genpareto's c through the exponential
    assert result["status"] == "ok", result


# -- the exact reference: the log-density's and log-CDF's rows of `ops_precision_stats61` (every method's is judged by
# tests/test_ops_precision.py) at an ordinary point, on balls and on mpmath numbers

@pytest.mark.parametrize("path", precision.PATHS)
@pytest.mark.parametrize("row", [r for r in stats61.rows() if ".logpdf" in r.name or ".logcdf" in r.name], ids=lambda r: r.name)
def test_the_exact_reference_is_mpmaths(row, path):
    assert precision.judge(row, (1.7,), path, seconds=30.0) == []
