"""Exact numbers beyond float64 as text: every digit of the exponent, and the digits before it right."""

import re

import mpmath

from gradcli.checker.compare import exact_text
from gradcli.views.formatting import beyond_float


def _tiny():
    with mpmath.workdps(400):  # e^-7e298: 299 digits of decimal exponent
        return mpmath.exp(-mpmath.mpf("7e298"))


def test_a_number_with_a_299_digit_exponent_is_written_whole():
    value = _tiny()
    text = exact_text(value, 400)
    assert re.fullmatch(r"\d\.\d+e-\d{299}", text), text[:80]
    with mpmath.workdps(400):
        assert abs(mpmath.mpf(text) - value) <= abs(value) * mpmath.mpf(10) ** -19


def test_the_terminal_cell_rounds_the_digits_and_keeps_the_exponent():
    value = _tiny()
    text = exact_text(value, 400)
    cell = beyond_float(0.0, text, 10)
    mantissa, exponent = cell.split("e")
    assert exponent == text.split("e")[1]  # every digit of it, where Decimal would refuse the number
    with mpmath.workdps(30):
        assert abs(mpmath.mpf(mantissa) - mpmath.mpf(text.split("e")[0])) <= mpmath.mpf(10) ** -9
    assert re.fullmatch(r"\d\.\d{9}", mantissa), cell[:40]


def test_a_rounded_mantissa_that_reaches_ten_moves_the_exponent():
    assert beyond_float(0.0, "-9.99999999999e-400", 10) == "-1.000000000e-399"


def test_past_a_thousand_digit_exponent_it_is_a_power_of_ten_with_its_logarithm():
    with mpmath.workdps(1100):
        value = -mpmath.exp(mpmath.mpf(10) ** 1100)
        truth = mpmath.mpf(10) ** 1100 / mpmath.log(10)
    text = exact_text(value, 30)
    shown = re.fullmatch(r"-10\^\((.+)\)", text)
    assert shown, text
    with mpmath.workdps(60):
        assert abs(mpmath.mpf(shown.group(1)) - truth) <= abs(truth) * mpmath.mpf(10) ** -18
