"""Least squares through the program's own data, and gradcli.numpy's composites on a module's constants, compute at the
exact reference's precision.

np.polyfit scales its Vandermonde columns to unit norm and np.linalg.lstsq takes a pseudo-inverse of its design: with
the nodes a module's float array, those steps ran on the constants alone inside gradcli's own frames, so in float64,
and the exact reference solved a perturbed problem: the residuals of data on the model were 1e-16-sized, a phantom
gradient 2.7e-31 and a log-likelihood of a perfect fit with a finite slope (round 61c's F1). The same held for
np.diff of a grid, np.trapezoid over it, np.average's sum of weights (`namespace._COMPUTING_ON_DATA`). With the design
exact, an exact fit's residuals were still no proven 0: the pseudo-inverse came from mpmath's iterated SVD (F4). A
real matrix whose singular values lie clear of NumPy's cutoff is pseudo-inverted by the normal equations in an exact
run, a rational function the balls and the proof run as they run a solve (`ops_decompositions.pinv`), and a solve's
pivot is chosen on its own ball, never on a replayed branch of the program (`arb_proof_linalg._proven_nonzero`).
"""

import math

import mpmath
import numpy as np
import pytest

import gradcli
from gradcli.autodiff import mp, ops_decompositions

SOURCE = '''import gradcli.numpy as np

T4 = np.array([0.0, 1.0, 2.0, 3.0])
T5 = np.array([0.0, 0.25, 0.5, 0.75, 1.0])
XP = np.array([0.0, 0.1, 0.3, 1.0])
W = np.array([0.1, 0.2, 0.7])
V = np.array([0.3, 1.1, 2.9])


def polyfit_rss(y):
    r = y - np.polyval(np.polyfit(T5, y, 2), T5)
    return np.sum(r * r)


def polyfit_loglik(y):
    r = y - np.polyval(np.polyfit(T4, y, 1), T4)
    return -2.0 * (np.log(2.0 * np.pi * np.sum(r * r) / 4.0) + 1.0)


def polyfit_slope_shifted(y):
    return np.polyfit(T4, y, 1)[0] * 1e20 - 2e20


def lstsq_rss(y):
    A = np.stack([np.ones(4), T4], axis=1)
    r = y - A @ np.linalg.lstsq(A, y, rcond=None)[0]
    return np.sum(r * r)


def pinv_rss(y):
    A = np.stack([np.ones(4), T4], axis=1)
    r = y - A @ (np.linalg.pinv(A) @ y)
    return np.sum(r * r)


def trapezoid_twice(y):
    return np.trapezoid(y, x=XP) - np.sum((y[1:] + y[:-1]) * np.diff(XP)) / 2


def average_twice(x):
    return (np.average(V, weights=W) - np.dot(V, W) / np.sum(W)) * x + np.cov(V) * x - np.var(V, ddof=1) * x
'''

LINE = {"y": np.array([1.0, 3.0, 5.0, 7.0])}
PARABOLA = {"y": np.array([0.0, 0.0625, 0.25, 0.5625, 1.0])}


def _check(tmp_path, function, point, dtype="float64"):
    path = tmp_path / "fits.py"
    path.write_text(SOURCE)
    (result,) = gradcli.check(f"{path}:{function}", [point], dtypes=[dtype]).results
    return result


def _exact_zeros(result, name):
    return all(float(v) == 0.0 for v in np.ravel(np.array(result.exact_gradient[name], dtype=object)))


@pytest.mark.parametrize("function, point", [("polyfit_rss", PARABOLA), ("lstsq_rss", LINE), ("pinv_rss", LINE)])
def test_the_residuals_of_an_exact_fit_are_a_proven_0(tmp_path, function, point):
    result = _check(tmp_path, function, point)
    assert result.status == "ok", [f.message for f in result.findings]
    assert float(result.exact_value) == 0.0
    assert _exact_zeros(result, "y")


def test_a_perfect_fits_log_likelihood_has_no_derivative(tmp_path):
    result = _check(tmp_path, "polyfit_loglik", LINE)
    assert result.status == "domain", [f.message for f in result.findings]


def test_a_fitted_slope_through_data_nodes_keeps_every_digit(tmp_path):
    # the slope of y = 2t + 1 is exactly 2: 2e20 minus 2e20 leaves no rounding of a float64 design behind
    result = _check(tmp_path, "polyfit_slope_shifted", LINE)
    assert float(result.exact_value) == 0.0, result.exact_value
    grads = [float(v) for v in result.exact_gradient["y"]]
    assert grads == pytest.approx([-3e19, -1e19, 1e19, 3e19], rel=1e-15)


@pytest.mark.parametrize("function, point", [("trapezoid_twice", {"y": np.array([1.0, 2.0, 3.0, 4.0])}),
                                             ("average_twice", {"x": np.array(2.0)})])
def test_a_composite_on_a_modules_constants_is_the_same_mathematics_as_its_ops(tmp_path, function, point):
    # np.trapezoid's widths of XP equal the user's np.diff(XP); np.average and np.cov of constants alone equal the
    # same mathematics by np.dot, np.sum and np.var
    result = _check(tmp_path, function, point)
    assert result.status == "ok", [f.message for f in result.findings]
    assert float(result.exact_value) == 0.0
    assert _exact_zeros(result, next(iter(point)))


def test_the_normal_equations_are_taken_only_clear_of_the_cutoff():
    mp.enable()
    with mpmath.workdps(60):
        def exact(rows):
            return np.array([[mpmath.mpf(v) for v in row] for row in rows], dtype=object)

        assert ops_decompositions._clear_of_the_cutoff(exact([[1, 0], [1, 1], [1, 2]]), 1e-15)
        assert not ops_decompositions._clear_of_the_cutoff(exact([[1, 1], [1, 1], [1, 1]]), 1e-15)  # rank 1
        assert not ops_decompositions._clear_of_the_cutoff(exact([[1, 0], [0, 0.05]]), 0.1)  # 0.05 below rcond 0.1
        assert ops_decompositions._clear_of_the_cutoff(exact([["1e300", 0], [0, "1e-300"]]), 1e-700) is False  # ratio
        tiny = exact([["1e-300", 0], [0, "2e-300"]])
        assert ops_decompositions._clear_of_the_cutoff(tiny, 1e-15)  # scaled: the ratio is 1/2
        floats = ops_decompositions.midpoint_floats(tiny)
        assert floats[1, 1] / floats[0, 0] == 2.0
        assert math.isfinite(floats[0, 0]) and floats[0, 0] > 0
        assert ops_decompositions.midpoint_floats(exact([["inf", 0], [0, 1]])) is None
        signed = ops_decompositions.midpoint_floats(exact([[-3, 1], ["-0.5", 2]]))
        assert signed.tolist() == [[-0.75, 0.25], [-0.125, 0.5]]
