"""A -1e9 mask on the mpmath path: its reference where what the sums absorb moves nothing, never a phantom.

The mpmath climb refuses to settle while a sum absorbs a term beyond its precision (e^-1e9 beside 1 in a softmax
over a -1e9 fill), since a difference can expose what a sum absorbed (std at [1e300, -1e300, 1], whose x[2]
slope is exactly that absorbed term). Each absorbing addition is now rerun alone with its result moved, which
bounds its term's effect on the value by its adjoint: the e^-1e9 of a mask moves nothing a difference can show,
the 4/9 that std's sum of squares absorbs moves x[2]'s quotient by all of it. An entry read as 0 must still be
proven 0: a fill by ``where`` drops the masked logit exactly; a mask added to the logits leaves it a derivative of
e^-1e9, which no difference shows: differences bound it below every dtype's smallest number, and its digits are
the gradient rule's, which lie inside that bound. Balls answer all of these first; the tests take them away, as an
op without a ball rule does.
"""

import math

import numpy
import pytest

import gradcli
import gradcli.numpy as np
from gradcli.checker import exact_python

KEEP = numpy.array([True, True, False])


def filled(z):
    s = np.where(KEEP, z, -1e9)
    e = np.exp(s - np.max(s))
    return -np.log(e[0] / np.sum(e))


def added(z):
    s = z + numpy.array([0.0, 0.0, -1e9])
    e = np.exp(s - np.max(s))
    return -np.log(e[0] / np.sum(e))


def spread(x):
    return np.std(x)


@pytest.fixture
def without_balls(monkeypatch):
    monkeypatch.setattr(exact_python, "compute", lambda *args, **kwargs: False)


def _check(function, point):
    (result,) = gradcli.check(function, [{k: numpy.asarray(v) for k, v in point.items()}], dtypes=("float64",)).results
    return result


def test_a_mask_filled_by_where_gets_its_exact_gradient(without_balls):
    z = [0.3, -0.2, 0.5]
    result = _check(filled, {"z": z})
    assert result.status == "ok", result.findings
    # -log softmax(z0, z1)[0] (the fill's e^-1e9 beside 1 moves nothing a float shows): p0 - 1, p1, and 0.
    p1 = 1 / (1 + math.exp(z[0] - z[1]))
    exact = result.exact_gradient["z"]
    assert exact[2] == 0
    assert abs(exact[0] + p1) <= 1e-12 * p1 and abs(exact[1] - p1) <= 1e-12 * p1


def test_a_mask_added_to_the_logits_bounds_the_masked_slope_never_a_zero(without_balls):
    """The masked slope is p2 = e^(0.5 - 1e9) / (e^0.3 + e^-0.2 + ...), all of it in terms the sums absorb:
    differences bound it far below float64's smallest number, so float64's 0 is right; its digits are the rule's."""
    import mpmath

    result = _check(added, {"z": [0.3, -0.2, 0.5]})
    assert result.status == "ok", result.findings
    shown = mpmath.mpf(result.to_dict()["exact_gradient_text"]["z"][2])
    with mpmath.workdps(40):
        truth = mpmath.exp(mpmath.mpf(0.5) - 10**9) / (mpmath.exp(mpmath.mpf(0.3)) + mpmath.exp(mpmath.mpf(-0.2)))
        assert abs(shown - truth) <= 1e-15 * truth
    assert any(n.startswith("z[2]: a sum absorbs a term") for n in result.notes)


def test_a_sum_whose_absorbed_term_is_the_slope_still_waits_for_it(without_balls):
    result = _check(spread, {"x": [1e300, -1e300, 1.0]})
    # d std / d x2 = (x2 - mean) / (n std): (2/3) / (3 sqrt(2/3 * 1e600 + 2/9))
    truth = (2 / 3) / (3 * math.sqrt(2 / 3) * 1e300)
    assert abs(result.exact_gradient["x"][2] - truth) <= 1e-12 * truth
