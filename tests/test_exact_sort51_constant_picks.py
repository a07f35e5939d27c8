"""An order statistic that picks a constant entry of an array holding inputs: its exact slope 0, proven.

Sorts, partitions, medians, quantiles, argsort indexing, arg-extremes, extremes along an axis and top-k compare an
input's ball against a plain number as often as against another input's ball. Every comparison is a decision of the
path on balls, jets and proof numbers alike, so the run that proves a picked constant carries no dependence on the
inputs follows the same path as the balls' (trials17a M1: "within 2^-16384 of 0 but not proven 0").
"""

import pytest

import gradcli
import gradcli.numpy as gnp

PRIOR = 0.3


def sort_low(a, b):
    return gnp.sort(gnp.array([a, b, PRIOR]))[0]


def median_of_three(a, b):
    return gnp.median(gnp.array([a, b, 0.2]))


def partition_low(a, b):
    return gnp.partition(gnp.array([a, PRIOR, b]), 0)[0]


def quantile_low(a, b):
    return gnp.quantile(gnp.array([a, b, PRIOR, 5.0]), 0.25)


def percentile_between(a, b):
    return gnp.percentile(gnp.array([a, PRIOR, b, 5.0]), 50.0)


def argsort_picked(a, b):
    x = gnp.array([a, b, PRIOR])
    return x[gnp.argsort(x)[0]]


def argmin_picked(a, b):
    x = gnp.array([a, PRIOR, b])
    return x[gnp.argmin(x)] * 2.0


def min_along_axis(a, b):
    return gnp.sum(gnp.min(gnp.array([[a, PRIOR], [b, 0.1]]), axis=1))


def top_two(a, b):
    x = gnp.array([a, 2.0, b, 3.0])
    return gnp.sum(x[gnp.argpartition(x, -2)[-2:]])


# (function, its exact slopes in a and b at a = 0.7, b = 0.4)
CASES = [
    (sort_low, (0.0, 0.0)),
    (median_of_three, (0.0, 1.0)),
    (partition_low, (0.0, 0.0)),
    (quantile_low, (0.0, 0.75)),  # the entries sorted: 0.3, 0.4, 0.7, 5; (n - 1) q = 0.75 between 0.3 and 0.4
    (percentile_between, (0.5, 0.5)),
    (argsort_picked, (0.0, 0.0)),
    (argmin_picked, (0.0, 0.0)),
    (min_along_axis, (0.0, 0.0)),
    (top_two, (0.0, 0.0)),
]


@pytest.mark.parametrize("function, slopes", CASES, ids=[c[0].__name__ for c in CASES])
def test_a_picked_constant_has_a_proven_zero_slope(function, slopes):
    result = gradcli.check(function, [{"a": 0.7, "b": 0.4}], dtypes=["float64"]).results[0]
    assert result.status == "ok", result.findings
    exact = result.exact_gradient
    assert exact["a"] == pytest.approx(slopes[0], abs=1e-12)
    assert exact["b"] == pytest.approx(slopes[1], abs=1e-12)


def test_an_input_tied_with_the_constant_is_a_kink_not_a_wrong_rule():
    # min(a, 0.3) at a = 0.3: slope 1 from the left, 0 from the right; the tie with the constant is seen as one
    result = gradcli.check(lambda a: gnp.sort(gnp.array([a, PRIOR]))[0], [{"a": PRIOR}], dtypes=["float64"]).results[0]
    assert result.status == "domain", result.findings
    assert any("kink" in finding.message for finding in result.findings)
