"""A base that is exactly 0 for every value of the inputs, to a power an input sets: 0^a is 0 for every a > 0.

The Kumaraswamy sample (1 - (1 - u)^(1/b))^(1/a) at noise u = 0 is 0 for every a and b: its slopes are exactly 0,
and a rule that gives 0^(a-1) * 0 = NaN is wrong. The exact reference proves the 0s (a power of the zero function
to an exponent above 0 is that function, along seeds that move the exponent too), and the forward finding does not
call 1 - 1^b a cancellation: 1^b is exactly 1 in that entry, whatever the other entries' powers rounded to.
"""

from fractions import Fraction

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.checker.provenance import _whole_power

ONE_AND_A_HALF = gnp.array([1.0, 0.5])


def kumaraswamy_at_zero_noise(a, b):
    return gnp.sum((1 - ONE_AND_A_HALF ** b) ** a)


POINT = dict(a=np.array([0.5, 2.0]), b=np.array([3.0, 1.5]))


def _truth():
    # entry 0 is 0 for every a_0, b_0 (slopes 0); entry 1 is x^a with x = 1 - 0.5^b
    x = 1 - 0.5 ** 1.5
    return {"a": [0.0, x ** 2 * np.log(x)], "b": [0.0, 2 * x * 0.5 ** 1.5 * np.log(2)]}


def test_the_exponents_slope_is_proven_0_where_the_base_is_0_for_every_input():
    (result,) = gradcli.check(kumaraswamy_at_zero_noise, [POINT], dtypes=["float64"], wrt=["a"]).results
    assert result.status == "ok", (result.status, result.notes)
    assert result.exact_gradient["a"] == pytest.approx(_truth()["a"], rel=1e-12, abs=0)


def test_the_rules_nan_in_the_bases_input_is_wrong_and_no_cancellation_is_blamed():
    (result,) = gradcli.check(kumaraswamy_at_zero_noise, [POINT], dtypes=["float64"]).results
    assert result.status == "wrong", (result.status, result.notes)
    truth = _truth()
    for name in ("a", "b"):
        assert result.exact_gradient[name] == pytest.approx(truth[name], rel=1e-12, abs=0)
    assert np.isnan(result.gradient["b"][0])
    assert not any(f.kind == "cancellation" for f in result.findings), [f.message for f in result.findings]


def test_a_power_is_rational_entry_by_entry():
    base = np.array([Fraction(1), Fraction(0), Fraction(1, 2), Fraction(3), Fraction(0)], dtype=object)
    exponent = np.array([Fraction(3, 2), Fraction(1, 2), Fraction(3, 2), Fraction(2), Fraction(-1, 2)], dtype=object)
    assert list(_whole_power(base, exponent)) == [1, 0, None, 9, None]


def test_a_huge_whole_power_is_not_computed_exactly():
    base = np.array([Fraction(1) - Fraction(1, 2**53), Fraction(-1), Fraction(2)], dtype=object)
    exponent = np.array([Fraction(10**18), Fraction(3), Fraction(10)], dtype=object)
    assert list(_whole_power(base, exponent)) == [None, -1, 1024]  # at once, not a 10^18-bit fraction


C0 = float(np.sqrt(0.1))


def flipped_difference(b):
    d = gnp.flip(gnp.array([1.0, 0.1]) ** b) - gnp.array([C0, 0.5])
    return gnp.sum(gnp.sqrt(d * d))


def test_a_cancellation_through_a_flip_is_followed_to_the_entry_that_made_it():
    # the 0 is entry 0 of the difference, made by entry 1 of the power (0.1 ** 0.5, rounded): a cancellation
    (result,) = gradcli.check(flipped_difference, [dict(b=0.5)], dtypes=["float64"]).results
    assert result.status == "unstable"
    assert any(f.kind == "cancellation" and f.op == "subtract" for f in result.findings), result.findings
