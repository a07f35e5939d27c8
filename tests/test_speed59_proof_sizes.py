"""A proof's exact numbers are bounded in size as in terms: a loop that squares an exact number doubles its bits each
trip, so a proof run through 50 trips of a logistic map would hold numbers of 2^50 times a float's bits (the rule's
proof of its zeros ran past --max-time, holding gigabytes). Past `arb_proof_quotients.MAX_SIZE` the run is no proof
either way, and the check goes on to its balls."""

import math
from fractions import Fraction

import flint
import mpmath
import pytest

import gradcli
from gradcli.autodiff import arb as arb_core
from gradcli.autodiff import arb_proof_quotients as quotients
from gradcli.checker import python_zero


def test_a_number_squared_trip_after_trip_is_no_proof_once_too_long():
    arb_core.enable()
    with python_zero._proving():
        y = quotients.const(0.01)
        with pytest.raises(quotients.NoProof, match="numbers too long"):
            for _ in range(20):  # 2^20 times a float's 60-odd bits, were it never stopped
                y = quotients.mul(y, quotients.sub(quotients.const(1.0), y))


def test_numbers_within_the_size_are_exact():
    arb_core.enable()
    with python_zero._proving():
        y = quotients.const(0.01)
        for _ in range(6):
            y = quotients.mul(y, quotients.sub(quotients.const(1.0), y))
    truth = Fraction(0.01)  # the float's own binary fraction
    for _ in range(6):
        truth = truth * (1 - truth)
    assert y[1] == 1 and y[0].leading_coefficient() == flint.fmpq(truth.numerator, truth.denominator)


def logistic_growth(r):
    y = 0.01
    for _ in range(50):
        y = y + 0.1 * r * y * (1.0 - y)
    return y


def test_a_chaotic_maps_check_reaches_its_verdict():
    (result,) = gradcli.check(logistic_growth, [{"r": 30.0}], dtypes=("float64",), fixes=False, max_time=math.inf).results
    assert result.status == "unstable", [f.message for f in result.findings]
    with mpmath.workdps(400):  # 50 steps amplify each digit's error about 2^50: 400 digits keep the first 300
        rate = mpmath.mpf(0.1) * 30  # the program's floats, exactly
        y = 0.01 + rate * 0.01 * mpmath.mpf(1.0 - 0.01)  # the first trip's 1 - y is Python's float: y is no input yet
        for _ in range(49):
            y = y + rate * y * (1 - y)
        assert abs(mpmath.mpf(float(result.exact_value)) - y) <= abs(y) * mpmath.mpf(2) ** -52
