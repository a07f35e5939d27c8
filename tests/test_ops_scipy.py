"""gradcli.scipy: special functions and distributions, their gradients, their values against SciPy's, their exact references."""

import mpmath
import numpy as np
import pytest
import scipy.special
import scipy.stats

import gradcli
import gradcli.numpy as gnp
import gradcli.scipy.special as special
import gradcli.scipy.stats as stats
from gradcli.autodiff import mp as gmp
from gradcli.autodiff.values import raw
from opcheck import _scipy_cases, check_case, make_args

CASES = _scipy_cases()


@pytest.mark.parametrize("name, fun, specs", CASES, ids=[row[0] for row in CASES])
def test_scipy_op(name, fun, specs):
    check_case(fun, specs, order=2)


# Cases that wrap their function (an integer order or a shape fixed) are compared with SciPy below, called directly.
WRAPPED = ("multigammaln", "jn", "yn", "iv", "ive", "ive integer order", "poisson.logpmf", "nbinom.logpmf", "truncnorm.logpdf", "truncnorm.logcdf", "truncnorm.logsf",
           "dirichlet.logpdf", "multivariate_normal.logpdf",
           "gammainc", "gammaincc", "betainc", "stdtr", "logsumexp weighted", "logsumexp signed", "t.cdf", "t.logcdf",
           "gamma.cdf", "gamma.logcdf", "chi2.cdf", "chi2.logcdf", "beta.cdf", "beta.logcdf", "poisson.cdf", "poisson.logcdf")
DIRECT = [row for row in CASES if row[0] not in WRAPPED]


@pytest.mark.parametrize("name, fun, specs", DIRECT, ids=[row[0] for row in DIRECT])
def test_values_match_scipy(name, fun, specs):
    module, _, function = name.rpartition(".")
    theirs = getattr(getattr(scipy.stats, module), function) if module else getattr(scipy.special, name)
    args = make_args(specs)
    assert np.allclose(fun(*args), theirs(*args), rtol=1e-12, atol=1e-12)


def test_wrapped_functions_match_scipy_called_directly():
    x = np.array([0.2, 0.3, 0.5])
    alpha = np.array([1.5, 2.0, 3.0])
    mean, cov = np.array([0.1, -0.2]), np.array([[2.0, 0.3], [0.3, 1.0]])
    pairs = [
        (special.multigammaln(3.7, 3), scipy.special.multigammaln(3.7, 3)),
        (special.jn(2, 1.7), scipy.special.jn(2, 1.7)),
        (special.yn(1, 1.7), scipy.special.yn(1, 1.7)),
        (special.iv(2.5, 1.7), scipy.special.iv(2.5, 1.7)),
        (special.ive(1, 1.7), scipy.special.ive(1, 1.7)),
        (stats.poisson.logpmf(3, 2.5), scipy.stats.poisson.logpmf(3, 2.5)),
        (stats.dirichlet.logpdf(x, alpha), scipy.stats.dirichlet.logpdf(x, alpha)),
        (stats.multivariate_normal.logpdf(np.array([0.4, 0.1]), mean, cov), scipy.stats.multivariate_normal.logpdf([0.4, 0.1], mean, cov)),
    ]
    for ours, theirs in pairs:
        assert np.isclose(ours, theirs, rtol=1e-12, atol=1e-12)


def test_far_left_tail_stays_finite():
    assert np.isfinite(stats.norm.logcdf(-60.0))
    assert np.isclose(gradcli.grad(stats.norm.logcdf)(-60.0), 60.0, rtol=1e-3)


@pytest.mark.parametrize("name", ["gamma", "erfinv", "i1", "j0", "y1", "log_ndtr"])
def test_exact_reference_matches_scipy(name):
    gmp.enable()
    x = 0.7
    with mpmath.workdps(30):
        exact = getattr(special, name)(mpmath.mpf(x))
    assert isinstance(exact, mpmath.mpf)
    assert np.isclose(float(exact), getattr(scipy.special, name)(x), rtol=1e-14)


@pytest.mark.parametrize("name, order", [("jn", 2), ("yn", 1), ("iv", 2.5), ("ive", 1)])
def test_exact_reference_of_bessel_orders(name, order):
    gmp.enable()
    with mpmath.workdps(30):
        exact = getattr(special, name)(order, mpmath.mpf(1.7))
    assert np.isclose(float(exact), getattr(scipy.special, name)(order, 1.7), rtol=1e-14)


def test_random_draws_are_scipys():
    assert stats.dirichlet.rvs == scipy.stats.dirichlet.rvs


def test_incomplete_functions_and_cdfs_match_scipy_called_directly():
    x = np.array([0.05, 0.3, 0.5, 0.95])
    t = np.array([-40.0, -1.2, 0.0, 0.7, 25.0])
    k, mu = np.array([-2.0, 0.0, 1.0, 2.5, 7.0]), np.array([[0.4], [3.0]])
    weights = np.array([[1.0, -2.0, 0.5], [0.0, 1.0, 3.0]])
    a = np.array([[0.3, 1.5, -0.2], [2.0, 0.1, 0.4]])
    pairs = [
        (special.gammainc(2.5, 3 * x), scipy.special.gammainc(2.5, 3 * x)),
        (special.gammaincc(0.7, 3 * x), scipy.special.gammaincc(0.7, 3 * x)),
        (special.betainc(2.5, 1.5, x), scipy.special.betainc(2.5, 1.5, x)),
        (special.stdtr(3.5, t), scipy.special.stdtr(3.5, t)),
        (special.gammasgn(np.array([-1.5, -0.5, 0.5])), scipy.special.gammasgn(np.array([-1.5, -0.5, 0.5]))),
        (stats.t.cdf(t, 3.5, 0.2, 1.5), scipy.stats.t.cdf(t, 3.5, 0.2, 1.5)),
        (stats.t.logcdf(t, 3.5, 0.2, 1.5), scipy.stats.t.logcdf(t, 3.5, 0.2, 1.5)),
        (stats.gamma.cdf(3 * x, 2.5, 0.1, 2.0), scipy.stats.gamma.cdf(3 * x, 2.5, 0.1, 2.0)),
        (stats.chi2.cdf(3 * x, 3.0), scipy.stats.chi2.cdf(3 * x, 3.0)),
        (stats.chi2.logcdf(3 * x, 3.0), scipy.stats.chi2.logcdf(3 * x, 3.0)),
        (stats.beta.cdf(x, 2.5, 1.5), scipy.stats.beta.cdf(x, 2.5, 1.5)),
        (stats.beta.logcdf(x, 2.5, 1.5), scipy.stats.beta.logcdf(x, 2.5, 1.5)),
        (stats.poisson.cdf(k, mu), scipy.stats.poisson.cdf(k, mu)),
        (stats.poisson.logcdf(k[1:], mu), scipy.stats.poisson.logcdf(k[1:], mu)),
    ]
    for ours, theirs in pairs:
        assert np.shape(ours) == np.shape(theirs)
        assert np.allclose(ours, theirs, rtol=1e-12, atol=1e-14)
    for axis in (None, 0, 1):
        for keepdims in (False, True):
            ours = special.logsumexp(a, axis=axis, b=weights, keepdims=keepdims, return_sign=True)
            theirs = scipy.special.logsumexp(a, axis=axis, b=weights, keepdims=keepdims, return_sign=True)
            for o, t_ in zip(ours, theirs):
                assert np.shape(o) == np.shape(t_)
                assert np.allclose(o, t_, rtol=1e-13)


@pytest.mark.parametrize("name, args", [
    ("gammainc", (2.5, 1.7)), ("gammaincc", (0.7, 1.7)), ("betainc", (2.5, 1.5, 0.3)),
    ("stdtr", (3.5, -2.2)), ("stdtr", (3.5, 0.7)), ("gammasgn", (-1.5,)),
])
def test_exact_reference_of_incomplete_functions(name, args):
    gmp.enable()
    with mpmath.workdps(40):
        # a step's answer (gammasgn) on a bare exact number is boxed for the caller's code once balls are on
        exact = raw(getattr(special, name)(*[mpmath.mpf(a) for a in args]))
        assert isinstance(exact, mpmath.mpf)
    assert np.isclose(float(exact), getattr(scipy.special, name)(*args), rtol=1e-14)


def test_exact_gradient_of_the_t_cdf_is_its_density():
    gmp.enable()
    with mpmath.workdps(40):
        slope = gradcli.grad(lambda x: stats.t.cdf(x, 3.5))(mpmath.mpf("0.7"))
        assert isinstance(slope, mpmath.mpf)
    assert np.isclose(float(slope), scipy.stats.t.pdf(0.7, 3.5), rtol=1e-14)


def test_exact_t_log_density_at_its_mode_and_its_slope_in_df():
    """z = 0 (a datum at the location) has no binary exponent: the high-precision path still answers there."""
    def density(d):
        return mpmath.loggamma((d + 1) / 2) - mpmath.loggamma(d / 2) - mpmath.log(d * mpmath.pi) / 2

    gmp.enable()
    with mpmath.workdps(40):
        df = mpmath.mpf("3.5")
        value = stats.t.logpdf(mpmath.mpf(0), df)
        slope = gradcli.grad(lambda d: stats.t.logpdf(mpmath.mpf(0), d))(df)
        assert isinstance(value, mpmath.mpf) and isinstance(slope, mpmath.mpf)
        assert abs(value - density(df)) < mpmath.mpf(10) ** -35
        assert abs(slope - mpmath.diff(density, df)) < mpmath.mpf(10) ** -35


@pytest.mark.parametrize("fun", [lambda a: special.betainc(a, 2.0, 0.3), lambda df: stats.t.cdf(0.4, df)])
def test_no_gradient_in_a_shape_parameter_rather_than_a_guess(fun):
    with pytest.raises(gradcli.NoGradientError, match="argument"):
        gradcli.grad(fun)(2.5)


def test_gammasgn_is_a_step_with_no_gradient():
    assert gradcli.grad(special.gammasgn)(-1.5) == 0.0
    assert special.gammasgn(-0.5) == -1.0


def test_singular_multivariate_normal_is_scipys_and_differentiable_on_its_support():
    cov = np.zeros((4, 4))
    cov[:2, :2] = [[1.0, 0.3], [0.3, 2.0]]
    x, mean = np.array([[0.3, -0.2, 0.0, 0.0], [1.0, 2.0, 0.0, 0.0]]), np.array([0.1, -0.1, 0.0, 0.0])
    ours = stats.multivariate_normal.logpdf(x, mean, cov, allow_singular=True)
    theirs = scipy.stats.multivariate_normal.logpdf(x, mean, cov, allow_singular=True)
    assert np.allclose(ours, theirs, rtol=1e-12)
    check_case(lambda p, m: stats.multivariate_normal.logpdf(gnp.concatenate([p, np.zeros(2)]), gnp.concatenate([m, np.zeros(2)]),
                                                            cov, allow_singular=True), [(2,), (2,)], order=2)


def test_scipy_functions_without_a_ball_implementation_refuse_balls_rather_than_read_them_as_floats():
    flint = pytest.importorskip("flint")
    from gradcli.autodiff import arb

    arb.enable()
    for call in (lambda: special.stdtr(3.0, flint.arb(0.5)), lambda: special.ive(1.0, flint.arb(-1.5))):
        with pytest.raises(ArithmeticError, match="no ball implementation"):
            call()


@pytest.mark.parametrize("name, args", [
    ("gammainc", (2.5, 1.7)), ("gammaincc", (0.7, 1.7)), ("betainc", (2.5, 1.5, 0.3)), ("gamma", (1.5,)),
    ("rgamma", (-0.5,)), ("erfinv", (0.3,)), ("i1", (0.7,)), ("jn", (2, 0.7)), ("iv", (2.5, 0.7)), ("y0", (0.7,)),
])
def test_balls_of_scipy_functions_enclose_mpmaths_value(name, args):
    flint = pytest.importorskip("flint")
    from gradcli.autodiff import arb

    arb.enable()
    saved, flint.ctx.prec = flint.ctx.prec, 200
    try:
        ball = getattr(special, name)(*[flint.arb(a) for a in args])
    finally:
        flint.ctx.prec = saved
    assert type(ball) is flint.arb and ball.rad() < 1e-40
    with mpmath.workdps(50):
        exact = getattr(special, name)(*[mpmath.mpf(a) for a in args])
        assert ball.overlaps(flint.arb(mpmath.nstr(exact, 45)))
        assert abs(mpmath.mpf(ball.mid().str(45, radius=False)) - exact) < mpmath.mpf(10) ** -40


def test_a_python_function_on_the_incomplete_gamma_function_has_mpmaths_exact_gradient(tmp_path):
    path = tmp_path / "cdf_loss.py"
    path.write_text("import gradcli.scipy.stats as st\n\n\ndef loss(x):\n    return st.gamma.cdf(x, 2.5) * 3.0\n")
    report = gradcli.check(f"{path}:loss", [1.7], dtypes=("float64",))
    (result,) = report.results
    with mpmath.workdps(40):
        a, x = mpmath.mpf(2.5), mpmath.mpf(1.7)
        exact = 3 * x ** (a - 1) * mpmath.exp(-x) / mpmath.gamma(a)
    assert report.ok and result.status == "ok"
    assert float(result.exact_gradient["x"]) == pytest.approx(float(exact), rel=1e-14)


@pytest.mark.parametrize("dtype", ["float64", "float32"])
def test_a_zero_weights_slope_in_logsumexp_is_its_exponential_over_the_sum(dtype):
    # log sum_k w_k e^(a_k) has the slope e^(a_k) / sum in w_k at w_k = 0 as anywhere; the entry adds nothing to the
    # value, whatever its exponential (a dropped entry the largest, or far past the others: SciPy's value, no NaN)
    a = np.array([-1.5, -1.2, -2.0], dtype=dtype)
    w = np.array([1.0, 0.0, 0.5], dtype=dtype)
    value, grads = gradcli.value_and_grad(lambda w: special.logsumexp(a, b=w))(w)
    total = np.exp(-1.5) + 0.5 * np.exp(-2.0)
    assert np.isclose(value, scipy.special.logsumexp(a.astype(float), b=w.astype(float)), rtol=1e-6)
    assert np.allclose(grads, np.exp(a.astype(float)) / total, rtol=1e-6)
    far = np.array([0.0, 1e4, 1.0], dtype=dtype)  # its exponential past every dtype: the value stays the sum's
    value = special.logsumexp(far, b=w)
    assert np.isclose(value, np.log(1 + 0.5 * np.e), rtol=1e-6)
    gmp.enable()
    with mpmath.workdps(40):  # exact numbers: the same slope, never shifted
        exact_a = np.array([mpmath.mpf(float(v)) for v in a], dtype=object)
        exact_w = np.array([mpmath.mpf(float(v)) for v in w], dtype=object)
        _, exact = gradcli.value_and_grad(lambda w: special.logsumexp(exact_a, b=w))(exact_w)
        want = [mpmath.exp(v) / (mpmath.exp(exact_a[0]) + exact_w[2] * mpmath.exp(exact_a[2])) for v in exact_a]
        assert all(abs(g - t) < mpmath.mpf(10) ** -35 * abs(t) for g, t in zip(raw(exact), want))


def test_a_zero_weights_entry_past_its_exps_range_or_no_number_adds_nothing():
    # complex, NaN and bfloat16 exponents of a weight-0 entry: SciPy's value, never inf * 0 (no order caps a complex
    # exponent, a NaN one is no number, and bfloat16's exp overflows past 88.7)
    import ml_dtypes

    w = np.array([1.0, 1.0, 0.0])
    complex_a = np.array([0.0, 50.0, 1000.0], dtype=complex)
    assert special.logsumexp(complex_a, b=w) == scipy.special.logsumexp(complex_a, b=w)
    assert special.logsumexp(np.array([0.0, np.nan]), b=np.array([1.0, 0.0])) == 0.0
    half = ml_dtypes.bfloat16
    assert float(special.logsumexp(np.array([0.0, 1000.0], dtype=half), b=np.array([1.0, 0.0], dtype=half))) == 0.0
