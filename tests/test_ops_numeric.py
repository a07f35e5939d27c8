"""NumPy's everyday numerical helpers in gradcli.numpy: interp, polyval, average, ptp, trapezoid, the NaN-skipping
reductions, convolve, meshgrid, cov and diff's prepend/append. Values are NumPy's own; gradients match finite differences; a plain NumPy
module calling them is checked unchanged, with a knot of np.interp judged as a kink."""

import warnings

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from opcheck import check_grads

XP = np.array([-1.0, 0.5, 2.0, 2.5])
FP = np.array([3.0, -1.0, 4.0, 4.5])
X = np.array([-3.0, -1.0, 0.0, 0.5, 1.3, 2.0, 2.5, 7.0])
M = np.array([[0.3, -1.2, 2.5, 0.7], [1.1, 0.4, -0.6, 3.0], [-2.0, 0.9, 1.4, -0.3]])


@pytest.mark.parametrize("options", [{}, {"left": -5.0, "right": 9.0}, {"period": 2.2}])
def test_interp_is_numpys(options):
    assert np.array_equal(gnp.interp(X, XP, FP, **options), np.interp(X, XP, FP, **options))
    assert gnp.interp(1.3, XP, FP) == np.interp(1.3, XP, FP)
    assert np.array_equal(gnp.interp(X, XP[:1], FP[:1]), np.interp(X, XP[:1], FP[:1]))


F32 = np.float32


@pytest.mark.parametrize("name, args", [
    ("polyval", (np.array([1, -2, 1], F32), F32(1.001))),  # Horner's rule in float32, as NumPy's zeros_like(x)
    ("polyval", (np.array([1, -2, 1], F32), 1.001)),  # a Python float x: float64
    ("polyval", ([1, -2, 1], np.array([1.001, 2.0], F32))),
    ("heaviside", (np.array([0.1, 0.0, -1.0], F32), 0.5)),  # a Python number at 0 keeps float32
    ("heaviside", (np.array([1, 0, -1]), 0.5)),  # integers: float64
    ("heaviside", (np.array([0.1, 0.0], F32), np.float64(0.5))),
    ("interp", (np.array([0.3, 1.3], F32), XP.astype(F32), FP.astype(F32))),  # always float64
    ("interp", (np.array([0.3], F32), [0.0, 1.0], [0.0, 2j])),  # complex values: complex128
], ids=lambda v: v if isinstance(v, str) else None)
def test_the_helpers_compute_in_numpys_dtype(name, args):
    """A float32 program's value rounds as NumPy's does only if each helper computes in NumPy's dtype."""
    want, got = getattr(np, name)(*args), getattr(gnp, name)(*args)
    assert np.asarray(got).dtype == np.asarray(want).dtype
    assert np.array_equal(got, want)


def test_interp_differentiates_in_the_point_the_knots_and_the_values():
    inside = np.array([-0.3, 1.3, 2.2])  # off the knots: every piece is smooth there
    check_grads(lambda x, xp, fp: gnp.interp(x, xp, fp), inside, XP, FP)
    check_grads(lambda x: gnp.interp(x, XP, FP, left=-5.0, right=9.0), np.array([-3.0, 7.0, 0.1]))


def test_interp_at_a_knot_takes_the_slope_on_its_right_as_numpy_takes_the_value():
    slopes = gradcli.grad(lambda x: gnp.sum(gnp.interp(x, XP, FP)))(np.array([0.5, 2.0]))
    assert list(slopes) == [(4.0 - -1.0) / 1.5, 1.0]  # the segments starting at 0.5 and at 2.0


@pytest.mark.parametrize("name", ["interp", "average", "trapezoid"])
def test_a_tables_plain_numbers_are_exact_in_a_high_precision_run(name):
    """The knots, weights and abscissae are the caller's floats, taken exactly: the slope between 0.1 and 0.7 is not
    float64's quotient of their rounded difference."""
    import mpmath

    from gradcli.autodiff import mp as gmp

    gmp.enable()
    knots, values = np.array([0.1, 0.7, 3.3]), np.array([1.0, 0.2, 0.9])
    exact = [mpmath.mpf(float(v)) for v in knots], [mpmath.mpf(float(v)) for v in values]
    with mpmath.workdps(50):
        x = mpmath.mpf(1) / 5
        if name == "interp":
            ours = gnp.interp(x, knots, values)
            truth = exact[1][0] + (exact[1][1] - exact[1][0]) / (exact[0][1] - exact[0][0]) * (x - exact[0][0])
        elif name == "average":
            ours = gnp.average(np.array([x, 2 * x, 3 * x], dtype=object), weights=knots)
            truth = x * (exact[0][0] + 2 * exact[0][1] + 3 * exact[0][2]) / mpmath.fsum(exact[0])
        else:
            ours = gnp.trapezoid(np.array([x, 2 * x, 3 * x], dtype=object), x=knots)
            truth = x * (3 * (exact[0][1] - exact[0][0]) + 5 * (exact[0][2] - exact[0][1])) / 2
        assert abs(ours - truth) < mpmath.mpf(10) ** -45 * abs(truth)


def test_polyval_is_numpys_and_differentiable():
    p = np.array([2.0, -3.0, 0.5, 1.25])
    assert np.array_equal(gnp.polyval(p, X), np.polyval(p, X))
    assert np.array_equal(gnp.polyval([3.0], X), np.polyval([3.0], X))
    with np.errstate(invalid="ignore"):  # 0 * inf: NaN, as NumPy's
        assert np.isnan(gnp.polyval(p, np.inf)) and np.isnan(np.polyval(p, np.inf))
    check_grads(lambda p, x: gnp.polyval(p, x), p, X[2:5])


@pytest.mark.parametrize("options", [{}, {"axis": 0}, {"axis": 1, "weights": np.array([1.0, 2.0, 0.5, 3.0])},
                                     {"weights": np.abs(M) + 0.1}, {"axis": 1, "keepdims": True}])
def test_average_is_numpys_and_differentiable(options):
    np.testing.assert_allclose(gnp.average(M, **options), np.average(M, **options), rtol=1e-15)
    check_grads(lambda a: gnp.average(a, **options), M)
    ours, theirs = gnp.average(M, returned=True, **options), np.average(M, returned=True, **options)
    np.testing.assert_allclose(ours[1], theirs[1], rtol=1e-15)


def test_average_in_its_weights():
    check_grads(lambda w: gnp.average(M, axis=1, weights=w), np.array([1.0, 2.0, 0.5, 3.0]))
    with pytest.raises(TypeError, match="Axis must be specified"):
        gnp.average(M, weights=np.ones(4))


@pytest.mark.parametrize("options", [{}, {"axis": 0}, {"dx": 0.25}, {"x": np.array([0.0, 0.5, 2.0, 2.5])},
                                     {"x": M + np.arange(4.0) * 4, "axis": 1}, {"axis": 0, "x": np.array([0.0, 1.0, 3.0])}])
def test_trapezoid_is_numpys_and_differentiable(options):
    np.testing.assert_allclose(gnp.trapezoid(M, **options), np.trapezoid(M, **options), rtol=1e-14)
    check_grads(lambda y: gnp.trapezoid(y, **options), M)


def test_trapezoid_in_its_abscissae():
    check_grads(lambda x: gnp.trapezoid(M[0], x=x), np.array([0.0, 0.5, 2.0, 2.5]))


@pytest.mark.parametrize("axis", [None, 0, 1])
def test_ptp_and_the_nan_skipping_reductions_are_numpys(axis):
    with_nan = M.copy()
    with_nan[0, 1] = with_nan[2, 3] = np.nan
    with_nan[:, 2] = np.nan  # a whole column of NaN: NumPy's answer there is NaN
    np.testing.assert_array_equal(gnp.ptp(M, axis=axis), np.ptp(M, axis=axis))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # NumPy warns of the all-NaN column
        for name in ("nansum", "nanmean", "nanmax", "nanmin"):
            np.testing.assert_allclose(getattr(gnp, name)(with_nan, axis=axis), getattr(np, name)(with_nan, axis=axis),
                                       rtol=1e-15, err_msg=name)


def test_the_nan_skipping_reductions_differentiate_the_entries_they_keep():
    with_nan = M.copy()
    with_nan[0, 1] = np.nan
    grad = gradcli.grad(lambda a: gnp.nanmean(a))(with_nan)
    expected = np.full(M.shape, 1 / 11)
    expected[0, 1] = 0.0
    np.testing.assert_allclose(grad, expected, rtol=1e-15)
    check_grads(lambda a: gnp.nansum(a, axis=0) + gnp.nanmax(a, axis=0) - gnp.nanmin(a, axis=0), M)


@pytest.mark.parametrize("options", [{"prepend": 0.0}, {"append": [1.0, 2.0]}, {"prepend": 1.5, "append": -2.0, "n": 2}])
def test_diff_with_prepend_and_append_is_numpys(options):
    np.testing.assert_array_equal(gnp.diff(X, **options), np.diff(X, **options))
    np.testing.assert_array_equal(gnp.diff(M, axis=0, **{k: v for k, v in options.items() if k != "append"}),
                                  np.diff(M, axis=0, **{k: v for k, v in options.items() if k != "append"}))
    check_grads(lambda x: gnp.diff(x, **options), X)


@pytest.mark.parametrize("mode", ["full", "same", "valid"])
@pytest.mark.parametrize("lengths", [(5, 3), (3, 5), (5, 4), (4, 5)])
def test_convolve_is_numpys_and_differentiable(mode, lengths):
    a, v = X[: lengths[0]] * 0.5, np.array([0.5, -1.0, 2.0, 0.25, 1.5])[: lengths[1]]
    np.testing.assert_allclose(gnp.convolve(a, v, mode), np.convolve(a, v, mode), rtol=1e-14, atol=1e-15)
    check_grads(lambda a, v: gnp.convolve(a, v, mode), a, v)


@pytest.mark.parametrize("options", [{}, {"indexing": "ij"}, {"sparse": True}])
def test_meshgrid_is_numpys_and_differentiable(options):
    x, y, z = np.array([1.0, 2.0, 3.0]), np.array([4.0, 5.0]), np.array([-1.0, 0.5, 2.0, 7.0])
    for inputs in ((x, y), (x, y, z), (x,)):
        for ours, theirs in zip(gnp.meshgrid(*inputs, **options), np.meshgrid(*inputs, **options), strict=True):
            np.testing.assert_array_equal(ours, theirs)
    check_grads(lambda x, y: gnp.meshgrid(x, y, **options)[0] * gnp.meshgrid(x, y, **options)[1] ** 2, x, y)


@pytest.mark.parametrize("options", [{}, {"rowvar": False}, {"bias": True}, {"ddof": 0}])
def test_cov_is_numpys_and_differentiable(options):
    np.testing.assert_allclose(gnp.cov(M, **options), np.cov(M, **options), rtol=1e-14)
    np.testing.assert_allclose(gnp.cov(M[0], M[1], **options), np.cov(M[0], M[1], **options), rtol=1e-14)
    assert np.shape(gnp.cov(X)) == np.shape(np.cov(X)) == ()
    check_grads(lambda m: gnp.cov(m, **options), M)


MODEL = '''\
import numpy as np

RATES = np.array([0.0, 1.0, 3.0])
LEVELS = np.array([0.0, 2.0, 3.0])


def schedule_cost(x):
    return np.sum(np.interp(x, RATES, LEVELS)) + np.polyval([0.5, -1.0, 2.0], x[0])


def weighted(x):
    return np.average(x ** 2, weights=[1.0, 2.0, 3.0]) + np.trapezoid(np.exp(x)) + np.ptp(x) + np.nanmean(x)
'''


@pytest.fixture(scope="module")
def model(tmp_path_factory):
    path = tmp_path_factory.mktemp("numeric") / "model.py"
    path.write_text(MODEL)
    return path


def test_a_plain_numpy_module_calling_them_is_checked_with_exact_gradients(model):
    report = gradcli.check(f"{model}:schedule_cost", [{"x": np.array([0.5, 2.0, 4.0])}], dtypes=("float64",),
                           fixes=False)
    result = report.results[0]
    assert result.status.value == "ok", result.findings
    # interp's slopes 2, 0.5 and 0 past the table; polyval's 2 * 0.5 * x0 - 1 on x0
    np.testing.assert_allclose(np.asarray(result.exact_gradient["x"], dtype=float), [2.0 - 0.5, 0.5, 0.0], rtol=1e-15)
    x = np.array([0.5, -1.0, 2.0])
    report = gradcli.check(f"{model}:weighted", [{"x": x}], dtypes=("float64",), fixes=False)
    result = report.results[0]
    assert result.status.value == "ok", result.findings
    e = np.exp(x)
    truth = 2 * x * np.array([1.0, 2.0, 3.0]) / 6 + np.array([e[0] / 2, e[1], e[2] / 2]) + [0.0, -1.0, 1.0] + 1 / 3
    np.testing.assert_allclose(np.asarray(result.exact_gradient["x"], dtype=float), truth, rtol=1e-14)


def test_a_knot_of_interp_is_a_kink(model):
    report = gradcli.check(f"{model}:schedule_cost", [{"x": np.array([0.5, 1.0, 4.0])}], dtypes=("float64",),
                           fixes=False)
    result = report.results[0]
    assert result.status.value == "domain", result.findings
    assert any(f.kind == "kink" and "2 from the left and 0.5 from the right" in f.message for f in result.findings)
