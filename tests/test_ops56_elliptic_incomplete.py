"""SciPy's incomplete elliptic integrals F(phi|m), E(phi|m) and Carlson's R_F, R_D as gradcli's ops.

Each answers SciPy's own number in float32 and float64 (NaN for m > 1, as SciPy, where the check's verdict is
`domain`), its slopes are held to Legendre's closed forms at 50 digits (`ops_precision_elliptic_incomplete`, not the
Carlson forms the rules use) on a grid with phi at 0, tiny, next to pi/2 and large and m at 0, tiny of either sign,
next to 1 and very negative; R_F and R_D at coinciding arguments and spread over 600 decades. The exact reference
is the oracle's to 1e-12 on both of its paths, and a plain NumPy module calling them is checked through the CLI.
"""

import json
import math
import os
import sys

import mpmath
import numpy as np
import pytest
import scipy.special as scipy_special
from click.testing import CliRunner

import gradcli
import gradcli.scipy.special as special
from gradcli.cli import cli

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import ops_precision_elliptic_incomplete as oracles  # noqa: E402
from test_ops_precision import _close as close_to_1e12  # noqa: E402
from test_ops_precision import _entries, exact_reference, oracle  # noqa: E402

OPS = {"ellipkinc": special.ellipkinc, "ellipeinc": special.ellipeinc, "elliprf": special.elliprf,
       "elliprd": special.elliprd, "elliprc": special.elliprc, "elliprg": special.elliprg}
ROWS = {row.name.rsplit(".", 1)[1]: row for row in oracles.rows()}
SCIPY_POINTS = {  # columns of arguments, with SciPy's edges: m > 1, m = -inf, phi = +-inf, arguments at 0 and < 0
    "ellipkinc": [[0.3, 10.0, -4.0, 1.0, 1.0, np.inf, 1.0, 1e-300, 2.0],
                  [0.5, 0.5, -3.0, 1.0, 2.0, 0.5, -np.inf, 0.9, 1 - 2**-40]],
    "elliprf": [[1.0, 0.0, 0.0, -1.0, 1e-300, 2.0], [2.0, 1.0, 0.0, 1.0, 1.0, 2.0], [3.0, 2.0, 1.0, 1.0, 1e300, 2.0]],
}
SCIPY_POINTS["ellipeinc"] = SCIPY_POINTS["ellipkinc"]
SCIPY_POINTS["elliprd"] = SCIPY_POINTS["elliprg"] = SCIPY_POINTS["elliprf"]
SCIPY_POINTS["elliprc"] = [[1.0, 1.0, -1.0, 0.0, 1.0, 2.0, np.inf, 3.0], [2.0, -2.0, 2.0, 1.0, 0.0, 2.0, 1.0, -1e-3]]


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("name", list(OPS))
def test_the_value_is_scipys_in_the_points_dtype(name, dtype):
    with np.errstate(all="ignore"):  # 1e300 is inf in float32, 1e-300 is 0: SciPy is handed the same numbers
        args = [np.array(column, dtype) for column in SCIPY_POINTS[name]]
        want = getattr(scipy_special, name)(*args)
        got = np.asarray(OPS[name](*args))
    assert got.dtype == np.dtype(dtype)
    np.testing.assert_array_equal(got, want)  # the same SciPy call: the same bits


def _oracle(name, point, digits=50):
    """Legendre's and Carlson's closed forms at ``digits``: (value, [partials])."""
    return oracle(ROWS[name], point, digits)


def _relative(got, want):
    """|got - want| / |want|; 0 where ``want`` is past float64's smallest number and ``got`` is the float it rounds
    to (dF/dm at phi = 1e-300 is phi^3 / 6)."""
    if float(want) == 0 and got == 0:
        return 0.0
    got = mpmath.mpf(got)
    return float(abs(got - want) / abs(want)) if want != 0 else float(abs(got))


GRID = [(phi, m) for phi in oracles.PHIS for m in oracles.MS]


def test_ellipj_is_scipys_four_answers_with_their_slopes():
    """sn, cn, dn and the amplitude: SciPy's bits in float32 and float64 (NaN off 0 <= m <= 1), and their slopes in u
    and m those of the oracle (m's through am's, -dn dF/dm) to 1e-13 times max(1, |u|) at u from 0 to 1e3 and m from
    0 to 0.999: the slopes are of SciPy's float sn, cn, dn, whose own error grows with u (5e-13 at u = 1e3)."""
    u, m = np.array([0.5, -7.0, 20.0, 2.0, 1.0, 1.0]), np.array([0.3, 0.5, 0.999, 1.0, -0.5, 1.5])
    for dtype in ("float32", "float64"):
        got, want = special.ellipj(u.astype(dtype), m.astype(dtype)), scipy_special.ellipj(u.astype(dtype), m.astype(dtype))
        for ours, theirs in zip(got, want):
            assert np.asarray(ours).dtype == np.dtype(dtype)
            np.testing.assert_array_equal(ours, theirs)
    worst = []
    for index in range(4):
        row = ROWS[f"ellipj(u, m)[{index}]"]
        for point in [p for p in row.points if p[0] in (0.0, 0.5, -7.0, 1e3)]:  # the audit script has the rest
            _, slopes = oracle(row, point, 30)
            for argnum, slope in enumerate(slopes):
                got = float(gradcli.grad(lambda a, b: special.ellipj(a, b)[index], argnum)(*point))
                if _relative(got, slope) > 1e-13 * max(1.0, abs(point[0])) and abs(got - float(slope)) > 1e-15:
                    worst.append((index, point, argnum, got, float(slope)))
    assert not worst, worst


@pytest.mark.parametrize("name", ["ellipkinc", "ellipeinc"])
def test_slopes_in_phi_and_m_are_legendres_on_the_grid(name):
    """Every point of the grid, float64: both slopes to 1e-13 (Carlson's forms lose nothing at m = 0, where
    Legendre's quotient cancels; phi = 1e5's sine read without reducing by a float pi). The value is SciPy's, bit for
    bit (above), not judged here: SciPy's F(pi/2|1 - 2^-40), with float64's pi/2, is 8e-12 off."""
    ours, worst = OPS[name], []
    for phi, m in GRID:
        _, slopes = _oracle(name, (phi, m), digits=20)  # 60 with the 40 Legendre adds: 1e-13 needs no more
        got = [float(gradcli.grad(ours, i)(phi, m)) for i in range(2)]
        for what, g, w in zip(("d/dphi", "d/dm"), got, slopes):
            if _relative(g, w) > 1e-13:
                worst.append((phi, m, what, g, float(w)))
    assert not worst, worst


@pytest.mark.parametrize("name", ["elliprf", "elliprd", "elliprg", "elliprc"])
def test_carlsons_partials_are_the_closed_forms(name):
    """R_F's partials are -R_D/6; R_D's the quotient, its integration by parts at x = z and -3/10 a^(-5/2) at
    x = y = z = a (where the quotient is 0/0); R_G's (3 R_F - x R_D)/12; R_C's by partial fractions, its principal
    value's too. At an argument 0 the slope in it is -inf and the others finite; R_G's is finite there (R_F/4 + ...).
    """
    ours = OPS[name]
    for point in oracles.RC_POINTS if name == "elliprc" else oracles.CARLSON:
        if 0.0 in point:
            continue
        value, slopes = _oracle(name, point)
        assert _relative(float(ours(*point)), value) <= 1e-14, (point, "value")
        for i, slope in enumerate(slopes):
            assert _relative(float(gradcli.grad(ours, i)(*point)), slope) <= 1e-13, (point, i)
    for point in [(0.0, 1.0)] if name == "elliprc" else [(0.0, 1.0, 2.0), (1.0, 0.0, 2.0)]:
        at_zero = point.index(0.0)
        slopes = [float(gradcli.grad(ours, i)(*point)) for i in range(len(point))]
        assert slopes[at_zero] == -math.inf or name == "elliprg", slopes
        assert all(math.isfinite(s) for i, s in enumerate(slopes) if i != at_zero or name == "elliprg"), slopes


def test_the_float32_slopes_are_legendres_to_float32():
    for name, point in (("ellipkinc", (1.2, 0.7)), ("ellipeinc", (7.0, -2.0)), ("elliprf", (1.0, 2.0, 3.0)),
                        ("elliprd", (0.5, 2.0, 1.5))):
        point32 = tuple(np.float32(p) for p in point)
        _, slopes = _oracle(name, tuple(float(p) for p in point32))
        for i, slope in enumerate(slopes):
            got = gradcli.grad(OPS[name], i)(*point32)
            assert np.asarray(got).dtype == np.float32
            assert _relative(float(got), slope) <= 2e-6, (name, i, got, slope)


def test_rd_slope_next_to_coinciding_arguments():
    # the quotient (R_D(y, z, x) - R_D(x, y, z)) / (2 (x - z)) lost log10(z / |x - z|) digits (4e-11 here); the
    # duplication run on both at once divides every term's difference out exactly
    value, slopes = _oracle("elliprd", (1 + 1e-6, 2.0, 1.0))
    assert _relative(float(gradcli.grad(special.elliprd, 0)(1 + 1e-6, 2.0, 1.0)), slopes[0]) <= 1e-13


# (name, point, paths): a period of the amplitude at m = 1e-30, next to K's pole, m = 0.999999 past a period, phi
# past what a float holds (dE/dm = -phi^3/6 = -1.7e-901), R_F over 600 decades (its mpmath path takes 6 s: balls
# alone), R_D at x = z
EXACT = [("ellipkinc", (10.0, 1e-30), "mpmath"), ("ellipkinc", (1.5707963267948966, 1 - 2**-40), "reference"),
         ("ellipeinc", (-4.0, 0.999999), "reference"), ("ellipeinc", (1e-300, 0.5), "mpmath"),
         ("elliprf", (1e-300, 1.0, 1e300), "reference"), ("elliprd", (1.0, 2.0, 1.0), "mpmath"),
         ("elliprd", (1.0, 2.0, 1.0), "reference"), ("elliprc", (1.0, -2.0), "mpmath"), ("elliprc", (2.0, 1.0), "reference"),
         ("elliprg", (1e-8, 1.0, 1e8), "reference"), ("elliprg", (2.0, 2.0, 2.0), "mpmath"),
         ("ellipj(u, m)[3]", (20.0, 0.999), "reference"), ("ellipj(u, m)[2]", (3.0, 1e-12), "mpmath")]


@pytest.mark.parametrize("name, point, path", EXACT, ids=[f"{n}-{p}-{w}" for n, p, w in EXACT])
def test_the_exact_reference_is_the_oracles_to_1e12(name, point, path):
    """The oracle here at 60 digits (the audit script's 2,000 take seconds a point): enough for 1e-12."""
    value, slopes = _oracle(name, point, digits=60)
    exact = exact_reference(ROWS[name], point, path, 20.0)
    assert exact.determined and not exact.error and not (exact.kinks or exact.singular), exact
    got = _entries(exact)
    assert len(got) == 1 + len(slopes)
    for g, want in zip(got, [value, *slopes]):
        assert close_to_1e12(g, want), (g, want)


MODULE = '''
import numpy as np
from scipy.special import ellipeinc, ellipkinc, elliprd, elliprf


def arc(phi, m):
    return np.sum(ellipkinc(phi, m) + 2.0 * ellipeinc(phi, m))


def carlson(x):
    return np.sum(elliprf(x, 2.0 * x, 3.0) + elliprd(x, 1.0, x + 1.0))
'''


@pytest.mark.parametrize("target, at, status", [
    ("arc", "phi=2.0,m=-1.0", "ok"),
    ("arc", "phi=0.3,m=1.5", "domain"),  # m > 1: SciPy's NaN, no real integral to check
    ("carlson", "x=[0.5,2.0]", "ok"),
])
def test_a_plain_numpy_module_calling_them_is_checked(tmp_path, target, at, status):
    """`gradcli check legacy.py:arc` stopped with "scipy.special.ellipkinc is a SciPy function gradcli.scipy does not
    have"; it is checked as written."""
    (tmp_path / "legacy.py").write_text(MODULE)
    command = ["check", f"{tmp_path / 'legacy.py'}:{target}", "--at", at, "--dtype", "float64", "--json", "--no-fix"]
    result = CliRunner().invoke(cli, command)
    assert result.exit_code == 0, result.output
    assert [r["status"] for r in json.loads(result.stdout)["results"]] == [status]


def test_a_period_of_the_amplitude_adds_twice_the_complete_integrals_slope():
    """F(phi + pi|m) - F(phi|m) = 2 K(m) in value and in the slope in m (E likewise), checked on gradcli's own
    slopes at 40 digits of mpmath's K'(m) and E'(m)."""
    phi, m = 0.7, 0.3
    with mpmath.workdps(40):
        k, e = mpmath.ellipk(m), mpmath.ellipe(m)
        k_slope, e_slope = (e / (1 - m) - k) / (2 * m), (e - k) / (2 * m)
    for ours, slope in ((special.ellipkinc, k_slope), (special.ellipeinc, e_slope)):
        step = float(gradcli.grad(ours, 1)(phi + math.pi, m)) - float(gradcli.grad(ours, 1)(phi, m))
        assert _relative(step, 2 * slope) <= 1e-14


def test_past_m_1_the_slopes_are_nan_as_the_values():
    """SciPy's F and E are NaN for m > 1 even where sin^2 phi < 1/m keeps the integral real: the slopes too, never a
    number beside a NaN value."""
    for ours in (special.ellipkinc, special.ellipeinc):
        assert np.isnan(float(ours(0.5, 1.5)))
        assert all(np.isnan(float(gradcli.grad(ours, i)(0.5, 1.5))) for i in range(2))


def test_ellipj_exact_slope_in_m_at_m_0():
    # m = 0 is inside SciPy's domain and the functions are smooth through it: the differences step to m < 0, where
    # the reference answers Jacobi's functions (SciPy's NaN there is a number SciPy cannot give)
    row = ROWS["ellipj(u, m)[3]"]
    _, slopes = _oracle("ellipj(u, m)[3]", (0.5, 0.0), digits=60)
    got = _entries(exact_reference(row, (0.5, 0.0), "mpmath", 20.0))
    assert close_to_1e12(got[2], slopes[1]), (got, slopes)
