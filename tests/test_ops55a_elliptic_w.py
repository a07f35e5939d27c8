"""SciPy's complete elliptic integrals, the AGM, Lambert's W, powm1 and cosm1 as gradcli's ops.

Each answers SciPy's own number in float32 and float64 (lambertw: the real part of SciPy's complex answer, NaN
where that answer has a nonzero imaginary part), differentiates by its own relation (the slopes held here to
mpmath's closed forms, `ops_precision_elliptic`, at ordinary and edge points: K's series at m = 0, its pole's
neighbourhood, m -> -inf, the AGM at equal and far-apart arguments, W near -1/e, powm1 at y = 0 and x = 1), and its
exact reference is mpmath's to 1e-12 relative on both of the reference's paths, where no float can hold the answer
(K(1 - 1e-300) by ellipkm1, cos(1e-200) - 1 = -5e-401). A plain NumPy module calling them is checked through the CLI.
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

import ops_precision_elliptic as oracles  # noqa: E402
from test_ops_precision import judge  # noqa: E402

BRANCH_POINT_NEIGHBOUR = float(np.nextafter(-1 / np.e, 0))  # the float nearest -1/e inside W's domain


def _real(w):
    """SciPy's complex W read as the real function: NaN where its imaginary part is a number other than 0 (in
    float32, -0.3678794411714423 rounds below -1/e, where SciPy's W_-1 is -1 + a tiny imaginary part)."""
    return np.where((w.imag != 0) & ~np.isnan(w.imag), np.nan, w.real)
UNARY = {  # name: (gradcli's function, SciPy's, points)
    "ellipk": (special.ellipk, scipy_special.ellipk, [0.0, 1e-3, 0.5, 1 - 2**-40, -1e6]),
    "ellipkm1": (special.ellipkm1, scipy_special.ellipkm1, [1e-300, 1e-8, 0.3, 1.0, 2.5]),
    "ellipe": (special.ellipe, scipy_special.ellipe, [0.0, 0.005, -0.005, 0.5, 0.99, -1e6]),
    "lambertw": (special.lambertw, lambda x: _real(scipy_special.lambertw(x)), [0.0, -0.3, 5.0, 1e300, 1e-300]),
    "lambertw(x, -1)": (lambda x: special.lambertw(x, -1), lambda x: _real(scipy_special.lambertw(x, -1)),
                        [-0.3, -0.01, -1e-300]),
    "cosm1": (special.cosm1, scipy_special.cosm1, [0.0, 1e-200, 1e-9, 3.0, -40.0]),
}
BINARY = {
    "agm": (special.agm, scipy_special.agm, [(1.0, 2.0), (2.0, 1.0), (1.0, 1.0), (1.0, 1.0 + 1e-9), (1e-8, 1.0),
                                             (-1.0, -3.0), (3.0, 1e-200)]),
    "powm1": (special.powm1, scipy_special.powm1, [(2.0, 1e-20), (0.5, 3.0), (1.0, 2.0), (3.0, 0.0), (1e-300, 0.01)]),
}


def _oracle(name, *point):
    """mpmath's value and slopes at ``point``, at 40 digits (`ops_precision_elliptic`'s closed forms)."""
    rows = {**oracles.UNARY, **oracles.BINARY}
    with mpmath.workdps(40):
        value, slopes = rows[f"scipy.special.{name}"][1](*map(mpmath.mpf, point))
    return value, slopes if isinstance(slopes, list) else [slopes]


def _close(got, want, rtol):
    want = float(want)
    return got == want if want == 0 else abs(got - want) <= rtol * abs(want)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("name", [*UNARY, *BINARY])
def test_the_value_is_scipys_in_the_points_dtype(name, dtype):
    ours, scipys, points = {**UNARY, **BINARY}[name]
    with np.errstate(all="ignore"):  # 1e300 is inf in float32, 1e-300 is 0: SciPy is handed the same numbers
        args = [np.array(c, dtype=dtype) for c in zip(*points)] if name in BINARY else [np.array(points, dtype)]
        want = np.asarray(scipys(*args))
    got = np.asarray(ours(*args))
    assert got.dtype == np.dtype(dtype)
    np.testing.assert_array_equal(got, want.astype(dtype))  # the same SciPy call: the same bits


@pytest.mark.parametrize("name", list(UNARY))
def test_slopes_are_mpmaths_at_ordinary_and_edge_points(name):
    ours, _, points = UNARY[name]
    for x in points:
        value, (slope,) = _oracle(name, x)
        got_value, got_slope = float(ours(x)), float(gradcli.grad(ours)(x))
        assert _close(got_value, value, 1e-14), (name, x, got_value, value)
        assert _close(got_slope, slope, 1e-13), (name, x, got_slope, slope)


@pytest.mark.parametrize("name", list(BINARY))
def test_partial_slopes_are_mpmaths(name):
    ours, _, points = BINARY[name]
    for a, b in points:
        _, slopes = _oracle(name, a, b)
        for argnum, slope in enumerate(slopes):
            got = float(gradcli.grad(ours, argnum)(a, b))
            assert _close(got, slope, 1e-13), (name, a, b, argnum, got, slope)


def test_the_float32_slopes_are_mpmaths_to_float32():
    for ours, x in ((special.ellipk, 0.7), (special.ellipe, 0.3), (special.lambertw, 2.0), (special.cosm1, 0.25)):
        name = ours.__name__
        _, (slope,) = _oracle(name, float(np.float32(x)))
        got = gradcli.grad(ours)(np.float32(x))
        assert np.asarray(got).dtype == np.float32
        assert _close(float(got), slope, 1e-5), (name, got, slope)


def test_the_slopes_at_the_edges():
    """K' is infinite at m = 1 and the AGM's slope in an argument at 0 is; W' at -1/e's neighbour is 1.8e8 on
    branch 0 and -1.8e8 on branch -1, where 1 + W is 1.5e-8 and SciPy's W is 3e-9 off: its series in
    sqrt(x + 1/e) there, never W / (x (1 + W)) of SciPy's W."""
    with np.errstate(over="ignore"):  # -1/(2p) at p = 5e-324 is -1e323, past float64's range
        assert gradcli.grad(special.ellipkm1)(5e-324) == -math.inf
    assert gradcli.grad(special.ellipkm1)(1e-300) == pytest.approx(-0.5e300, rel=1e-12)
    assert [float(gradcli.grad(special.agm, i)(1.0, 0.0)) for i in (0, 1)] == [0.0, math.inf]
    for name, branch in (("lambertw", 0), ("lambertw(x, -1)", -1)):
        for x in (BRANCH_POINT_NEIGHBOUR, -0.3678794, -0.36785):
            _, (slope,) = _oracle(name, x)
            assert _close(float(gradcli.grad(lambda v: special.lambertw(v, branch))(x)), slope, 1e-15), (name, x)


# (name, point): past what a float can hold, or at an edge of the function's formulas
EXACT = [
    ("ellipkm1", (1e-300,)), ("ellipkm1", (5e-324,)), ("ellipkm1", (1.0,)), ("ellipk", (1 - 2**-52,)),
    ("ellipk", (0.0,)), ("ellipk", (-1e300,)), ("ellipe", (0.0,)), ("ellipe", (-1e10,)), ("agm", (1e-300, 1e300)),
    ("agm", (1.0, 1.0)), ("agm", (-1.0, -3.0)), ("lambertw", (BRANCH_POINT_NEIGHBOUR,)), ("lambertw", (0.0,)),
    ("lambertw", (1e300,)), ("lambertw(x, -1)", (-1e-300,)), ("powm1", (2.0, 1e-20)), ("powm1", (1.0, 2.0)),
    ("powm1", (3.0, 0.0)), ("cosm1", (1e-200,)), ("cosm1", (5e-324,)), ("cosm1", (1e300,)),
]


@pytest.mark.parametrize("path", ["reference", "mpmath"])
@pytest.mark.parametrize("name, point", EXACT, ids=[f"{n}-{p}" for n, p in EXACT])
def test_the_exact_reference_is_mpmaths_to_1e12(name, point, path):
    row = next(r for r in oracles.rows() if r.name == f"scipy.special.{name}")
    assert judge(row, point, path, seconds=20.0) == []


def test_lambertw_is_the_real_function():
    """Outside a real branch's domain SciPy's answer is complex: NaN here, the point outside the domain; ``.real``
    and ``np.real`` of the real answer are itself; a branch other than 0 and -1 is refused in words."""
    x = np.array([-1.0, -0.2, 0.5])
    w0, w1 = special.lambertw(x), special.lambertw(x, -1)
    assert np.isnan(w0[0]) and np.isnan(w1[0]) and np.isnan(w1[2])
    np.testing.assert_array_equal(w0[1:], scipy_special.lambertw(x[1:]).real)
    assert gradcli.grad(lambda v: gradcli.numpy.sum(gradcli.numpy.real(special.lambertw(v)).real))(x)[1] == \
        gradcli.grad(lambda v: gradcli.numpy.sum(special.lambertw(v)))(x)[1]
    with pytest.raises(ValueError, match="branch k = 0 or k = -1"):
        special.lambertw(x, 1)


MODULE = '''
import numpy as np
import scipy.special
from scipy.special import cosm1, ellipk


def naive(x):
    return np.sum(np.log(1.0 - np.cos(x)))


def naive_minus(x):
    return np.sum(np.log(-(np.cos(x) - 1.0)))


def naive_growth(x, t):
    return np.sum(np.log(x**t - 1.0))


def stable(x):
    return np.sum(np.log(-cosm1(x)))


def constants(x):
    return x * (scipy.special.lambertw(3.0).real + ellipk(0.3) + scipy.special.agm(1.0, 2.0)
                + scipy.special.powm1(2.0, 1e-20) * 1e20 + cosm1(1e-9) * 1e18)


def special_mix(m):
    w = scipy.special.lambertw(m).real
    return np.sum(ellipk(m) + scipy.special.ellipe(m) + scipy.special.agm(1.0, m) + w
                  + scipy.special.powm1(1.0 + m, 3.0))
'''


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    path = tmp_path_factory.mktemp("ops55a") / "losses.py"
    path.write_text(MODULE)
    return str(path)


@pytest.mark.parametrize("target, at, status", [
    ("naive", "x=[1e-9,0.5]", "unstable"),  # 1 - cos(1e-9) is 0: log(0)
    ("stable", "x=[1e-9,0.5]", "ok"),
    ("special_mix", "m=[0.3,0.9]", "ok"),
])
def test_a_plain_numpy_module_calling_them_is_checked(module, target, at, status):
    result = CliRunner().invoke(cli, ["check", f"{module}:{target}", "--at", at, "--dtype", "float64", "--json",
                                      "--no-fix"])
    assert result.exit_code == (0 if status == "ok" else 1), result.output
    assert [r["status"] for r in json.loads(result.stdout)["results"]] == [status]


def test_powm1_at_a_negative_base_is_what_power_is_there():
    """x^y - 1 at x = -2, y = 3 is -9 with slope 12 in x and none in y (x^y of a negative x is real at integer y
    alone); at x = 1, y = 0 its slope in y is log 1 = 0, proven: the verdict is power's, `domain`, not an error."""
    def powm1_sum(x, y):
        return gradcli.numpy.sum(special.powm1(x, y))

    result = gradcli.check(powm1_sum, [{"x": [-2.0, 1.0], "y": [3.0, 0.0]}], dtypes=("float64",), fixes=False).results[0]
    assert result.status == "domain", result
    assert [float(v) for v in result.exact_gradient["x"]] == [12.0, 0.0]
    assert float(result.exact_gradient["y"][1]) == 0.0


def test_the_functions_of_constants_in_the_users_code_are_exact_in_the_exact_run(module):
    """lambertw(3.0) and the others on plain numbers inside the user's function compute at the exact run's
    precision, never as float64 numbers in disguise (lambertw, a function picking its branch's op, was 9e-17 off)."""
    from gradcli.checker import balls, reference
    from gradcli.checker.targets import resolve

    exact = reference.compute(resolve(f"{module}:constants"), [1.0], budget=balls.Budget(20.0))
    with mpmath.workdps(50):
        f = mpmath.mpf
        truth = (mpmath.lambertw(3) + f(oracles._k(1 - f(0.3))) + mpmath.agm(1, 2)
                 + mpmath.expm1(f(1e-20) * mpmath.log(2)) * f(1e20) + (mpmath.cos(f(1e-9)) - 1) * f(1e18))
        assert abs(mpmath.mpf(exact.gradient[0]) - truth) <= mpmath.mpf(10) ** -30 * abs(truth)


def test_cos_minus_one_is_offered_the_half_angle_form_of_cosm1(module):
    """cos(u) - 1 at 1e-9 is 0 (log of it -inf): the fix writes it -2 sin(u/2)^2, cosm1's value, in the user's NumPy
    and re-checks it ok (the catalogue's half-angle matched 1 - cos(u) alone)."""
    report = gradcli.check(f"{module}:naive_minus", [{"x": [1e-9, 0.5]}], dtypes=("float64",))
    assert report.results[0].status == "unstable"
    (fix,) = [f for f in report.fixes if f.name == "half-angle"]
    assert "-2 * np.sin(x / 2) ** 2" in fix.diff and set(fix.after.values()) == {"ok"}, fix


def test_a_power_minus_one_is_offered_powm1s_value(module):
    """x**t - 1 at t = 1e-20 is 0 (log of it -inf): the fix writes powm1's value expm1(t*log(x)) in the user's NumPy
    and re-checks it ok."""
    report = gradcli.check(f"{module}:naive_growth", [{"x": [2.0, 3.0], "t": [1e-20, 0.5]}], dtypes=("float64",))
    assert report.results[0].status == "unstable"
    (fix,) = [f for f in report.fixes if f.name == "powm1"]
    assert "np.expm1(t * np.log(x))" in fix.diff and set(fix.after.values()) == {"ok"}, fix
