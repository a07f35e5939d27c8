"""What the twenty-fourth round (b) of user trials found (tests/test_user_trials24b.py, tests/trials/cases24b.py), for
the whole class of each finding: a guard whose other piece is a cone at the point (G1), log(det(A)) rewritten to
slogdet (F2), and np.polynomial's series, np.roots, multi_dot, np.pad by copies and apply_along_axis (M2, M3).

The round's whole programs re-run in the long mode (`make trials`); these tests run in every run.
"""

import mpmath
import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.capture.numpy_names import missing_function
from gradcli.checker.source_fixes import source_rewrites


# --- G1: a switch whose side's piece has a cone at the point ----------------------------------------------------------


def _if_guarded_norm(x):
    sq = gnp.sum(x * x)
    if sq > 0:
        return gnp.sqrt(sq)
    return 0.0 * sq


def _where_guarded_abs(x):
    sq = x * x
    return gnp.where(sq > 0, gnp.sqrt(gnp.where(sq > 0, sq, 1.0)), 0.0)


def _where_guarded_square(x):
    """The same guard around a smooth piece: x^2 is smooth through 0, slope 0."""
    sq = x * x
    return gnp.where(sq > 0, gnp.where(sq > 0, sq, 1.0), 0.0)


def _where_guarded_half_power(x):
    """x^1.5 beyond the guard takes sqrt(0) at the point, yet is smooth through it beside 0: slope 0."""
    return gnp.where(x > 0, x * gnp.sqrt(gnp.where(x > 0, x, 1.0)), 0.0)


def _if_guarded_norm_times_sum(x):
    """|x| sum(x): a cone times a plane through 0 is differentiable there, gradient 0."""
    sq = gnp.sum(x * x)
    if sq > 0:
        return gnp.sqrt(sq) * gnp.sum(x)
    return 0.0 * sq


@pytest.mark.parametrize("function, point", [(_if_guarded_norm, {"x": np.array([0.0, 0.0])}),
                                             (_where_guarded_abs, {"x": 0.0})])
def test_a_guard_whose_other_piece_is_a_cone_at_the_point_is_a_kink(function, point):
    """G1's class: the point's own branch reads no input (the guard's constant), but every side takes the other
    piece, a norm whose tip is the point: the one-sided slopes differ, whatever branch spelling guards it."""
    result = gradcli.check(function, point, dtypes=["float64"]).results[0]
    assert result.status == "domain"


@pytest.mark.parametrize("function, point", [(_where_guarded_square, 0.0), (_where_guarded_half_power, 0.0),
                                             (_if_guarded_norm_times_sum, np.array([0.0, 0.0]))])
def test_a_guard_around_a_piece_smooth_at_the_point_keeps_its_slope(function, point):
    """The kink test G1 sends such points to finds none: the slope is the pieces' common 0."""
    result = gradcli.check(function, {"x": point}, dtypes=["float64"]).results[0]
    assert result.status == "ok" and np.all(np.asarray(result.exact_gradient["x"]) == 0)


# --- F2: log(det(A)) by slogdet ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("head, namespace", [("import numpy as np", "numpy"), ("import gradcli.numpy as np", "gradcli.numpy")])
def test_a_log_of_a_determinant_is_rewritten_to_slogdet_and_nothing_else_is(head, namespace):
    """F2's class: log(det(A)) however A is written, in the module's own spelling of slogdet (also through a name
    the linalg module is imported under); a log of something else built from det, or a det not logged, is left.
    (JAX's, PyTorch's and TensorFlow's log(det(a)) read and write the same way: jnp/torch/tf.linalg.slogdet(a)[1].)"""
    source = f"""{head}
from numpy import linalg as la


def f(a, b):
    return np.log(np.linalg.det(a @ b)) + np.log(la.det(a))


def g(a):
    return np.log(np.linalg.det(a) + 1.0) + np.linalg.det(a) + np.log(np.abs(np.linalg.det(a)))
"""
    found = {name: edits for name, _, edits in source_rewrites(source, list(range(1, 12)), namespace, {})}
    texts = [text for _, text in found.get("slogdet", [])]
    # NumPy's linalg is reached by its shortest local name; gradcli.numpy's module reads la.det as NumPy's own
    assert texts == (["la.slogdet(a @ b)[1]", "la.slogdet(a)[1]"] if namespace == "numpy" else ["np.linalg.slogdet(a @ b)[1]"])


# --- M2: np.polynomial's series, np.roots, multi_dot, np.pad by copies ------------------------------------------------

SERIES = [
    (gnp.polynomial.polynomial.polyval, np.polynomial.polynomial.polyval, lambda k, t: t ** k),
    (gnp.polynomial.chebyshev.chebval, np.polynomial.chebyshev.chebval, lambda k, t: mpmath.chebyt(k, t)),
    (gnp.polynomial.legendre.legval, np.polynomial.legendre.legval, lambda k, t: mpmath.legendre(k, t)),
    (gnp.polynomial.hermite.hermval, np.polynomial.hermite.hermval, lambda k, t: mpmath.hermite(k, t)),
    (gnp.polynomial.hermite_e.hermeval, np.polynomial.hermite_e.hermeval,
     lambda k, t: mpmath.hermite(k, t / mpmath.sqrt(2)) / mpmath.mpf(2) ** (mpmath.mpf(k) / 2)),
    (gnp.polynomial.laguerre.lagval, np.polynomial.laguerre.lagval, lambda k, t: mpmath.laguerre(k, 0, t)),
]


@pytest.mark.parametrize("ours, numpys, basis", SERIES, ids=lambda s: getattr(s, "__name__", ""))
def test_a_series_is_numpys_in_floats_and_its_coefficient_slopes_are_the_basis(ours, numpys, basis):
    """Each series gives NumPy's values (to its last bits: the same steps) for 1 to 5 coefficients, a list of points
    and a 2-D ``c`` evaluated per column, and the slope of sum(f(t)) in c_k is sum of the k-th basis function at
    the points, exactly."""
    x, c = np.array([-1.0, -0.3, 0.2, 0.7, 1.5]), np.array([1.0, 0.5, -0.25, 0.125, 2.0])
    for n in range(1, 6):
        for points in (x, 0.3, [0.1, 0.2]):
            np.testing.assert_allclose(ours(points, c[:n]), numpys(points, c[:n]), rtol=1e-14, atol=1e-15)
    np.testing.assert_allclose(ours(x, c.reshape(5, 1) * [1.0, -2.0]), numpys(x, c.reshape(5, 1) * [1.0, -2.0]),
                               rtol=1e-14, atol=1e-15)
    t = np.array([-0.5, 0.25, 1.25])
    result = gradcli.check(lambda c: gnp.sum(ours(t, c)), {"c": c[:4]}, dtypes=["float64"]).results[0]
    with mpmath.workdps(40):
        want = [float(sum(basis(k, mpmath.mpf(v)) for v in t)) for k in range(4)]
    assert result.status == "ok"
    np.testing.assert_allclose(result.exact_gradient["c"], want, rtol=1e-13)


def test_roots_are_numpys_and_a_root_slopes_as_the_implicit_function():
    """np.roots: NumPy's roots (leading and trailing zeros dropped, each trailing one a root at 0); the larger root
    of 2 (x - 1)(x - 3) moves by -r^(2 - k) / p'(r) in coefficient k."""
    for p in ([1.0, -3.0, 2.0], [0.0, 1.0, -3.0, 2.0, 0.0, 0.0], [2.0, 1.0], [5.0], [1.0, -7.0, 14.0, -8.0]):
        np.testing.assert_allclose(np.sort_complex(gnp.roots(p)), np.sort_complex(np.roots(p)), rtol=1e-13)
    result = gradcli.check(lambda p: gnp.max(gnp.roots(p).real), {"p": np.array([2.0, -8.0, 6.0])},
                           dtypes=["float64"]).results[0]
    slope = 2 * 2.0 * 3 - 8.0  # p'(3)
    assert result.status == "ok"
    np.testing.assert_allclose(result.exact_gradient["p"], [-9 / slope, -3 / slope, -1 / slope], rtol=1e-12)


@pytest.mark.parametrize("shapes", [[(3,), (3, 4), (4,)], [(2, 3), (3, 4), (4, 5), (5, 1)], [(6, 2), (2, 6), (6, 3)]])
def test_multi_dot_is_numpys_product_and_differentiates(shapes):
    rng = np.random.default_rng(3)
    arrays = [rng.normal(size=s) for s in shapes]
    np.testing.assert_allclose(gnp.linalg.multi_dot(arrays), np.linalg.multi_dot(arrays), rtol=1e-13)
    middle = arrays[1]
    result = gradcli.check(lambda m: gnp.sum(gnp.linalg.multi_dot([arrays[0], m, *arrays[2:]])), {"m": middle},
                           dtypes=["float64"]).results[0]
    left = np.atleast_2d(arrays[0]).sum(axis=0)
    right = np.linalg.multi_dot([np.eye(middle.shape[1]), *arrays[2:]]) if len(arrays) > 3 else arrays[2]
    right = np.reshape(right, (middle.shape[1], -1)).sum(axis=1)
    assert result.status == "ok"
    np.testing.assert_allclose(result.exact_gradient["m"], np.outer(left, right), rtol=1e-12)


@pytest.mark.parametrize("mode", ["edge", "reflect", "symmetric", "wrap"])
@pytest.mark.parametrize("widths", [1, (1, 2), ((0, 2), (3, 1))])
def test_a_pad_by_the_arrays_own_entries_counts_each_copy(mode, widths):
    """np.pad's copying modes: NumPy's array, and d sum(pad(a)^2) / da = 2 a times the number of places a's entry
    fills (counted by NumPy's own pad of the positions)."""
    a = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    np.testing.assert_array_equal(gnp.pad(a, widths, mode=mode), np.pad(a, widths, mode=mode))
    copies = np.bincount(np.pad(np.arange(6).reshape(2, 3), widths, mode=mode).ravel(), minlength=6).reshape(2, 3)
    result = gradcli.check(lambda a: gnp.sum(gnp.pad(a, widths, mode=mode) ** 2), {"a": a}, dtypes=["float64"]).results[0]
    assert result.status == "ok"
    np.testing.assert_array_equal(result.exact_gradient["a"], 2 * a * copies)


@pytest.mark.parametrize("axis", [0, 1, -1])
def test_apply_along_axis_places_each_answer_where_the_axis_was(axis):
    """np.apply_along_axis: NumPy's array for a function giving a number, a line and a matrix per slice; the gradient
    of the slices' sums of squares is 2 x."""
    x = np.arange(24.0).reshape(2, 3, 4)
    for ours, numpys in ((lambda r: gnp.sum(r ** 2), lambda r: np.sum(r ** 2)), (lambda r: r[::-1] * 2, lambda r: r[::-1] * 2),
                         (lambda r: gnp.outer(r, r), lambda r: np.outer(r, r))):
        np.testing.assert_array_equal(gnp.apply_along_axis(ours, axis, x), np.apply_along_axis(numpys, axis, x))
    result = gradcli.check(lambda x: gnp.sum(gnp.apply_along_axis(lambda r: gnp.sum(r ** 2), axis, x)), {"x": x},
                           dtypes=["float64"]).results[0]
    np.testing.assert_array_equal(result.exact_gradient["x"], 2 * x)


def test_pads_that_compute_values_are_refused_on_traced_arrays():
    with pytest.raises(NotImplementedError, match="'linear_ramp'"):
        gradcli.grad(lambda a: gnp.sum(gnp.pad(a, 1, mode="linear_ramp")))(np.array([1.0, 2.0]))


def test_np_polynomials_functions_gradcli_lacks_and_its_series_classes_are_named():
    """M2's series pass the names' check; chebfit is named as missing, and so are the series classes (M3), whose
    instances compute on the coefficients they are made of (they raised TracedValueError, an error verdict)."""
    assert missing_function("numpy.polynomial.chebyshev.chebval") is None
    assert missing_function("numpy.roots") is None and missing_function("numpy.linalg.multi_dot") is None
    for name in ("chebyshev.chebfit", "Polynomial", "chebyshev.Chebyshev", "hermite_e.HermiteE"):
        assert f"numpy.polynomial.{name} is a NumPy function gradcli.numpy does not have" in missing_function(
            f"numpy.polynomial.{name}")
