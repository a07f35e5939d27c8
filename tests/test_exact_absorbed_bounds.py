"""A term a sum absorbs below every precision the exact reference reaches bounds its own part in the gradient.

A Cholesky factor of [[1, e^-x], [e^-x, 1]] adds e^-2x to 1: at x = 5000 that term is 4343 digits down, past the
reference's ceiling, and the slope of log L11 in x is made of it alone (e^-10000). Differences bound that slope
within 2e-325 of 0, where every dtype's answer is 0, so float64's 0 is judged right and the digits shown are the
gradient rule's, which lie inside the bound. Where the bound does not decide (a ceiling of 120 digits), there is no
verdict, and the bound it states holds the true slope; a higher ceiling shows the term.

A Cholesky factor has a ball implementation, on which the reference would see every term: the 1 on each diagonal is
made by solve_sylvester, which has none, so that the reference is mpmath's climb of precisions.
"""

import math
import re

import mpmath
import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
import gradcli.scipy.linalg as linalg

BIG = 1e300
SQUARE = 2.0 ** 996  # its root 2^498 is exact


def _one_off_balls(x):
    """1 (of x's shape), as X for 1 X + X 0 = 1: an op with no ball implementation keeps the reference on mpmath."""
    return linalg.solve_sylvester(np.ones((1, 1)), np.zeros((1, 1)), gnp.reshape(0.0 * x + 1.0, (1, 1)))[0, 0]


def kernel_tail(x, y):
    """y + log L11 of the Cholesky factor of [[1, e^-x], [e^-x, 1]]: y + log(1 - e^-2x) / 2."""
    near, one = gnp.exp(-x), _one_off_balls(x)
    return y + gnp.log(gnp.linalg.cholesky(gnp.stack([gnp.stack([one, near]), gnp.stack([near, one])]))[1, 1])


def dropped(x, y):
    """y + SQUARE - L11^2 for the Cholesky factor L of [[1, x], [x, SQUARE]]: y + x^2. L11^2 = SQUARE - x^2, which
    drops x^2 more than twice the precision below SQUARE, below 300 digits, rounding up and down alike; its root
    2^498 and that root's square are exact: no noise shows it."""
    one = _one_off_balls(x)
    low = gnp.linalg.cholesky(gnp.stack([gnp.stack([one, x]), gnp.stack([x, 0.0 * x + SQUARE])]))
    return y + (SQUARE - low[1, 1] ** 2)


def solved(x, y):
    """y + z1 - BIG for [[1, 0], [1, 1]] z = [-x, BIG]: y + x, x dropped below BIG by the solve's substitution."""
    b = gnp.stack([-x, 0.0 * x + BIG])
    return y + (gnp.linalg.solve(np.array([[1.0, 0.0], [1.0, 1.0]]), b)[1] - BIG)


def _checked(function, point, max_digits=None):
    (result,) = gradcli.check(function, [point], dtypes=("float64",), fixes=False, max_digits=max_digits,
                              max_time=math.inf).results
    return result


def _stated_bound(result, label):
    """The bound the no-verdict message states for the slope in ``label``."""
    (message,) = [f.message for f in result.findings if "no exact reference" in f.message]
    found = re.search(rf"the slope in {re.escape(label)} is known only within ([0-9.e+-]+) of 0", message)
    assert found, message
    return float(found.group(1))


def test_a_slope_made_of_terms_absorbed_past_every_precision_is_bounded_and_judged():
    result = _checked(kernel_tail, {"x": 5000.0, "y": 1.0})
    assert result.status == "ok"
    with mpmath.workdps(30):
        truth = mpmath.exp(-10000) / (1 - mpmath.exp(-10000))
        shown = mpmath.mpf(result.to_dict()["exact_gradient_text"]["x"])
        assert abs(shown - truth) < 1e-15 * truth
    assert result.exact_gradient["y"] == 1.0
    assert any(n.startswith("x: a sum absorbs a term") and "(0 in every dtype)" in n for n in result.notes)


def test_a_bound_that_does_not_decide_gives_no_verdict_and_more_digits_show_the_term():
    low = _checked(kernel_tail, {"x": 200.0, "y": 1.0}, max_digits=120)
    assert low.status == "error" and low.exact_gradient["x"] is None
    assert _stated_bound(low, "x") >= 1.915e-174
    high = _checked(kernel_tail, {"x": 200.0, "y": 1.0})
    assert high.status == "ok"
    np.testing.assert_allclose(high.exact_gradient["x"], float(mpmath.exp(-400) / (1 - mpmath.exp(-400))), rtol=1e-14)


def test_a_slope_that_no_rounding_noise_shows_gives_no_verdict_below_the_dropped_term():
    """x's slope is 2, all of it in the term the factor drops: no ceiling below it calls the slope 0."""
    low = _checked(dropped, {"x": 1.0, "y": 1e100}, max_digits=120)
    assert low.status == "error" and low.exact_gradient["x"] is None
    high = _checked(dropped, {"x": 1.0, "y": 1e100})
    assert high.status == "ok" and high.exact_gradient["x"] == 2.0


def test_a_slope_a_solve_drops_is_taken_on_jets_whatever_the_ceiling():
    """x's slope is 1, all of it in the term the substitution drops: on jets through the solve (a proven ball solve
    with the same matrix along each seed) the slope is the exact 1 without the digits that would show the term."""
    low = _checked(solved, {"x": 1.0, "y": 1e100}, max_digits=120)
    assert low.status == "ok" and low.exact_gradient["x"] == 1.0
