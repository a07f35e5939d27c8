"""A pole whose denominator is a sum of corners, each at its tip: every input that moves a corner has no slope.

1 / (|x1 - x0| + |x2 - x1|) at x0 = x1 = x2 is +inf, and moving x1 alone by t gives 1 / (2 |t|): a pole along x1 as
along x0 and x2 (round 77d's F1: MASE with a constant training series). The proof of the slopes beside the pole took
each |.| at 0 on one branch, u itself, so the denominator read x2 - x0 and x1 seemed to leave it still: a slope 0.
Beside a pole, a coordinate that moves a tie's two sides apart (abs, maximum, where at their switch) gets no slope
from the branch taken there; the inputs that move no tie keep theirs.
"""

import math

import numpy as np

import gradcli
import gradcli.numpy as gnp


def two_gaps(x):
    return 1.0 / (gnp.abs(x[1] - x[0]) + gnp.abs(x[2] - x[1]))


def mean_gap(train):
    return 1.0 / gnp.mean(gnp.abs(gnp.diff(train)))


def relu_gaps(x):
    return 1.0 / (gnp.maximum(x[1] - x[0], 0.0) + gnp.maximum(x[2] - x[1], 0.0))


def gaps_by_where(x):
    a, b = x[1] - x[0], x[2] - x[1]
    return 1.0 / (gnp.where(a > 0, a, -a) + gnp.where(b > 0, b, -b))


def gaps_beside_a_square(x, y):
    return 1.0 / (gnp.abs(x[1] - x[0]) + gnp.abs(x[2] - x[1])) + y * y


def log_of_a_corner_beside_a_square(x):
    return gnp.log(gnp.abs(x[0])) + x[1] ** 2


def _result(fun, point):
    [result] = gradcli.check(fun, [point], dtypes=["float64"], fixes=False).results
    return result


def test_every_input_that_moves_a_corner_of_the_denominator_has_no_slope():
    ones = {"x": np.array([1.0, 1.0, 1.0])}
    for fun, point, name in ((two_gaps, ones, "x"), (relu_gaps, ones, "x"), (gaps_by_where, ones, "x"),
                             (mean_gap, {"train": np.full(6, 5.0)}, "train")):
        result = _result(fun, point)
        assert result.status == "domain", (fun.__name__, result.status)
        entries = np.asarray(result.exact_gradient[name], dtype=float)
        assert np.isnan(entries).all(), (fun.__name__, entries)


def test_an_input_beside_the_corners_keeps_its_slope():
    result = _result(gaps_beside_a_square, {"x": np.array([2.0, 2.0, 2.0]), "y": 3.0})
    assert result.status == "domain"
    assert np.isnan(np.asarray(result.exact_gradient["x"], dtype=float)).all()
    assert float(result.exact_gradient["y"]) == 6.0
    result = _result(log_of_a_corner_beside_a_square, {"x": np.array([0.0, 3.0])})
    x0, x1 = np.asarray(result.exact_gradient["x"], dtype=float)
    assert math.isnan(x0) and x1 == 6.0
