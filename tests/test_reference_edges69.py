"""Slopes at points where a rule's own factors have a pole or leave the float range while the slope does not.

1/Gamma is entire, but its rule -rgamma(x) digamma(x) is 0 times digamma's pole at x = -n: the slope there is
(-1)^n n!, taken from the reflection formula 1/Gamma(x) = sin(pi x) Gamma(1 - x) / pi (in the float rule, on
mpmath numbers and on balls), and differentiated again -2 (-1)^n n! digamma(n + 1). Truths: mpmath's rgamma
differentiated at 40 digits, independently of the rule.
"""

import math

import mpmath
import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
import gradcli.scipy.special as sps
from gradcli.autodiff import grad

POLES = [0.0, -1.0, -2.0, -3.0, -7.0, -20.0]


def rgamma_derivative(x, order):
    with mpmath.workdps(40):
        return mpmath.diff(mpmath.rgamma, mpmath.mpf(x), order)


def test_the_reciprocal_gamma_slope_at_each_pole_is_its_factorial():
    got = grad(lambda v: gnp.sum(sps.rgamma(v)))(np.array(POLES))
    for x, g in zip(POLES, got):
        want = (-1) ** int(-x) * math.factorial(int(-x))
        assert abs(float(g) - want) <= 4e-16 * abs(want), (x, g, want)


@pytest.mark.parametrize("x", POLES[:5] + [-2.5, 1e-310, 0.3, 4.0])
def test_the_reciprocal_gamma_second_slope_holds_at_and_beside_the_poles(x):
    got = grad(grad(lambda v: sps.rgamma(v)))(x)
    want = rgamma_derivative(x, 2)
    # 1e-13 of the larger of the value and 1: near 0.3 the second slope rgamma (psi^2 - psi') cancels to 0.0075
    assert abs(float(got) - want) <= 1e-13 * max(abs(want), 1), (x, got, want)


def test_the_reciprocal_gamma_slope_on_balls_has_no_pole():
    """Forward mode on balls (the exact reference's jets) by the reflection formula left of 1/2: exact at a pole,
    and a ball holding a pole encloses the slope across it."""
    import flint
    from gradcli.autodiff.ops_scipy import _JET_SLOPES  # the slope the jets' forward mode takes on balls

    for x in (-3, 0, -2.5, -40):
        ball = flint.arb(x)
        got = _JET_SLOPES["rgamma"](ball.rgamma(), ball)
        want = flint.arb(mpmath.nstr(rgamma_derivative(x, 1), 35))
        assert got.overlaps(want) and got.rad() < 1e-12 * abs(want.mid()), (x, got, want)
    around = flint.arb(-3, 1e-10)
    assert _JET_SLOPES["rgamma"](around.rgamma(), around).contains(-6)


def test_the_checker_judges_the_reciprocal_gamma_at_its_poles_ok(tmp_path):
    (tmp_path / "poles.py").write_text("import gradcli.numpy as gnp\nimport gradcli.scipy.special as sps\n\n\n"
                                       "def f(x):\n    return gnp.sum(sps.rgamma(x))\n")
    points = np.array([-3.0, -2.0, 0.0, -7.0])
    (result,) = gradcli.check(f"{tmp_path / 'poles.py'}:f", [{"x": points}], dtypes=("float64",)).results
    assert result.status == "ok", [f.message for f in result.findings]
    for x, exact in zip(points, result.exact_gradient["x"]):
        assert float(exact) == (-1) ** int(-x) * math.factorial(int(-x))


def ulps_off(got, truth):
    """How many units in the last place of float64 ``got`` lies from the exact ``truth`` (a subnormal's unit 5e-324)."""
    unit = max(math.ulp(float(truth)), math.ulp(0.0))
    return float(abs(mpmath.mpf(float(got)) - truth) / unit)


@pytest.mark.parametrize("base, log_of_base", [(gnp.log2, lambda: mpmath.log(2)), (gnp.log10, lambda: mpmath.log(10))])
def test_log2_and_log10_slopes_keep_a_subnormal_argument_s_digits(base, log_of_base):
    """g / (x ln b) rounded x ln b to a subnormal's few bits (5e-324 ln 2 is 5e-324: 44% off); (g / x) / ln b is
    within one and a half ulps, with a small upstream g as a sum's weight makes it. Truth: mpmath at 40 digits."""
    for x in (5e-324, 1.5e-323, 7.7e-321, 1e-310, 2.2e-308, 3.0, 1e308):
        for weight in (1e-300, 1e-320, 1.0):
            got = grad(lambda v: weight * base(v))(x)
            with mpmath.workdps(40):
                truth = mpmath.mpf(weight) / (mpmath.mpf(x) * log_of_base())
            if truth > np.finfo(np.float64).max:
                assert float(got) == math.inf
            else:
                assert ulps_off(got, truth) <= 1.5, (x, weight, got, truth)  # two roundings: g / x, times 1 / ln b


SQUARE_SLOPES = {
    # name: (the function, its exact slope on mpmath numbers at x and at the function's float answer a, points
    # where x * x's rounding showed); an inverse's slope is judged at its own float answer, since the answer's
    # rounding alone moves exp(a^2) by a^2 ulps
    "erf": (sps.erf, lambda x, a: 2 / mpmath.sqrt(mpmath.pi) * mpmath.exp(-x * x), [25.9, 26.3, -26.1, 5.7, 1e-3]),
    "erfc": (sps.erfc, lambda x, a: -2 / mpmath.sqrt(mpmath.pi) * mpmath.exp(-x * x), [25.9, 26.3, 20.1, -3.3]),
    "ndtri": (sps.ndtri, lambda p, a: mpmath.sqrt(2 * mpmath.pi) * mpmath.exp(a * a / 2), [1e-300, 1e-200, 0.3]),
    "erfinv": (sps.erfinv, lambda y, a: mpmath.sqrt(mpmath.pi) / 2 * mpmath.exp(a * a),
               [1 - 2.0**-52, -0.999999999, 0.25]),
    "log_ndtr": (sps.log_ndtr, lambda x, a: mpmath.npdf(x) / mpmath.ncdf(x), [26.7, 30.1, 8.3, 0.5]),
}


@pytest.mark.parametrize("name", sorted(SQUARE_SLOPES))
def test_a_slope_through_exp_of_a_square_keeps_its_digits(name):
    """exp(-x^2) of a rounded x * x is off by x^2 epsilon (7e-14 at x = 26); `exp_of_square` splits x so its square
    is exact. Each slope within 2 ulps of mpmath's at 60 digits."""
    function, slope, points = SQUARE_SLOPES[name]
    got = grad(lambda v: gnp.sum(function(v)))(np.array(points))
    for x, g in zip(points, got):
        with mpmath.workdps(60):
            truth = slope(mpmath.mpf(x), mpmath.mpf(float(function(np.float64(x)))))
        assert ulps_off(g, truth) <= 2, (name, x, g, truth)


def test_exp_of_a_square_in_float32_and_differentiated_again():
    """float32's split keeps 12 bits (x * x at 9.1 moved exp(-x^2) by 80 of its ulps); the split's head is held
    still and its tail carries x, so erf's second slope -2x erf'(x) keeps its digits too."""
    points = np.array([9.1, 7.3, 0.5], dtype=np.float32)
    got = grad(lambda v: gnp.sum(sps.erf(v)))(points)
    assert got.dtype == np.float32
    for x, g in zip(points, got):
        with mpmath.workdps(40):
            truth = 2 / mpmath.sqrt(mpmath.pi) * mpmath.exp(-mpmath.mpf(float(x)) ** 2)
        assert abs(mpmath.mpf(float(g)) - truth) <= 2 * np.spacing(np.float32(truth)), (x, g, truth)
    for x in (25.9, 3.0, -1e-3):
        second = grad(grad(lambda v: sps.erf(v)))(x)
        with mpmath.workdps(40):
            truth = -4 * mpmath.mpf(x) / mpmath.sqrt(mpmath.pi) * mpmath.exp(-mpmath.mpf(x) ** 2)
        assert ulps_off(second, truth) <= 3, (x, second, truth)


def struve_slope_truth(v, x):
    """H_v'(x) from H_v's power series differentiated term by term, summed at 60 digits to far past convergence."""
    with mpmath.workdps(60):
        v, x = mpmath.mpf(v), mpmath.mpf(x)
        return mpmath.fsum((-1) ** k * (2 * k + v + 1) / 2 * (x / 2) ** (2 * k + v) * mpmath.rgamma(k + 1.5)
                           * mpmath.rgamma(k + v + 1.5) for k in range(60))


@pytest.mark.parametrize("v", [0.0, 1.0, 0.5, -0.5, -1.0, -1.5, 3.7])
def test_struve_s_slope_near_0_is_its_series(v):
    """The recurrence (H_{v-1} - H_{v+1} + (x/2)^v / (sqrt(pi) Gamma(v + 3/2))) / 2 took SciPy's NaN for
    struve(-1, 5e-324) and cancelled for negative orders (-8e285 for -4e-301 at v = -1, x = 1e-300; 9 digits at
    x = 1e-3): near 0 the slope is the series'. Within 1e-13 relative, or a few subnormal units."""
    for x in (5e-324, 1.5e-323, 1e-310, 1e-300, 1e-20, 1e-5, 9e-4, 1.1e-3, 0.05, 0.99, 1.01, 3.0):
        got = float(grad(lambda z: sps.struve(v, z))(x))
        truth = struve_slope_truth(v, x)
        assert abs(got - truth) <= 1e-13 * abs(truth) + 4 * math.ulp(0.0), (v, x, got, truth)


def test_the_checker_judges_struve_s_slope_at_tiny_x(tmp_path):
    (tmp_path / "struve.py").write_text("import gradcli.scipy.special as sps\n\n\n"
                                        "def f(x):\n    return sps.struve(-1.0, x) + sps.struve(0.0, x)\n")
    results = gradcli.check(f"{tmp_path / 'struve.py'}:f", [{"x": 1e-310}, {"x": 1e-300}], dtypes=("float64",)).results
    assert [r.status for r in results] == ["ok", "ok"], [f.message for r in results for f in r.findings]


def test_a_truncated_least_squares_slope_keeps_its_discarded_singular_value_s_coupling(tmp_path):
    """lstsq with rcond=None at [[1e-300, 0], [0, 2]] discards 1e-300, and the solution turns with it: |x|^2 has
    the slope a/8 = 1.25e-301 in A[1, 0] (the rank-1 pseudo-inverse of [[a, 0], [e, 2]] gives x1 = 2 (1 + a e/4)
    / (4 + e^2)), where the rank-k rule said 0; in A[0, 0], which moves only the discarded value, the slope is 0
    and the reference proves it so (every part of its bound 0)."""
    (tmp_path / "fit.py").write_text("import numpy as np\n\n\n"
                                     "def norm2(A, b):\n    return np.sum(np.linalg.lstsq(A, b, rcond=None)[0] ** 2)\n\n\n"
                                     "def weighted(A, b):\n    return np.sum(np.linalg.lstsq(A, b)[0] * np.array([1.0, 3.0]))\n")
    point = {"A": np.array([[1e-300, 0.0], [0.0, 2.0]]), "b": np.array([1.0, 1.0])}
    (norm2,) = gradcli.check(f"{tmp_path / 'fit.py'}:norm2", [point], dtypes=("float64",)).results
    assert norm2.status == "ok", [f.message for f in norm2.findings]
    assert abs(norm2.gradient["A"][1][0] - 1.25e-301) <= 1e-15 * 1.25e-301
    (weighted,) = gradcli.check(f"{tmp_path / 'fit.py'}:weighted", [point], dtypes=("float64",)).results
    assert weighted.status == "ok", [f.message for f in weighted.findings]
    assert weighted.exact_gradient["A"][0][0] == 0


@pytest.mark.parametrize("z, m, slope", [
    (-3.0, 2.0, -5),  # z (z + 1): both Gammas at poles, psi(z + m) - psi(z) a difference of infinities
    (-3.0, 5.0, -6),  # z (z + 1) (z + 2) (z + 3) (z + 4): 0 at z = -3, Gamma(z) alone at its pole
    (-4.0, 1.5, None),  # Gamma(z + m) / Gamma(z), Gamma(z) alone at its pole
])
def test_the_rising_factorial_s_slope_at_a_pole_of_gamma(z, m, slope):
    from gradcli.autodiff.ops_scipy import poch  # the rising factorial SciPy's t.logpdf takes its gamma ratio by

    got = float(grad(lambda t: poch(t, m))(z))
    with mpmath.workdps(40):
        want = slope if slope is not None else mpmath.gamma(z + m) * rgamma_derivative(z, 1)
    assert abs(got - want) <= 4e-16 * abs(want), (z, m, got, want)


@pytest.mark.parametrize("a, b", [(1.5, -2.5), (-0.5, -0.5), (0.25, -1.25)])
def test_the_beta_function_s_slopes_where_its_denominator_has_a_pole(a, b):
    """B(a, b) = Gamma(a) Gamma(b) / Gamma(a + b) is 0 where a + b alone is a pole, and its rule B (psi(a) -
    psi(a + b)) 0 times infinity; the slope is Gamma(a) Gamma(b) times 1/Gamma's slope there."""
    got = grad(lambda x, y: sps.beta(x, y), argnums=(0, 1))(a, b)
    with mpmath.workdps(40):
        scale = mpmath.gamma(a) * mpmath.gamma(b) * rgamma_derivative(a + b, 1)
    for g in got:
        assert abs(float(g) - scale) <= 1e-15 * abs(scale), (a, b, got, scale)


def test_the_exact_reference_of_erfc_s_slope_near_26_is_right(tmp_path):
    """The 7e-14 near x = 26 was the float rule's: the exact reference (flint's exp(-x^2) on balls) is right to
    1e-12 relative there, and judges the rule's answer ok."""
    (tmp_path / "tail.py").write_text("import gradcli.numpy as gnp\nimport gradcli.scipy.special as sps\n\n\n"
                                      "def f(x):\n    return gnp.sum(sps.erfc(x))\n")
    points = np.array([25.9, 26.3])
    (result,) = gradcli.check(f"{tmp_path / 'tail.py'}:f", [{"x": points}], dtypes=("float64",)).results
    assert result.status == "ok", [f.message for f in result.findings]
    for x, exact in zip(points, result.exact_gradient["x"]):
        with mpmath.workdps(40):
            truth = -2 / mpmath.sqrt(mpmath.pi) * mpmath.exp(-mpmath.mpf(x) ** 2)
        assert abs(mpmath.mpf(exact) - truth) <= 1e-12 * abs(truth), (x, exact, truth)
