"""round(x, d) on mpmath numbers against exact rational arithmetic, at decimals of either sign and far from 0."""

from fractions import Fraction

import mpmath
import pytest

from gradcli.autodiff import mp


def _nearest_multiple(x, decimals):
    """The multiple of 10^-decimals nearest to the float ``x``, a half to the even multiple, in rationals."""
    unit = Fraction(10) ** -decimals
    return round(Fraction(x) / unit) * unit


@pytest.mark.parametrize("x, decimals", [
    (6e298, -299), (7e298, -299), (4e298, -299), (6e148, -149), (6e98, -99), (1234.5, -2), (-6e298, -299),
    (0.006, 2), (0.004, 2), (6e-300, 299), (4e-300, 299), (2.675, 2), (1e-320, 3),
])
def test_round_to_decimals_is_the_nearest_multiple(x, decimals):
    mp.enable()
    with mpmath.workprec(200):
        found = mp.ELEMENTWISE["round"](mpmath.mpf(x), decimals)
        expected = _nearest_multiple(x, decimals)
        man, exponent = found.man_exp  # the magnitude's
        exact = Fraction(man) * Fraction(2) ** exponent * (-1 if found < 0 else 1)
        assert abs(exact - expected) <= abs(expected) * Fraction(1, 2**190)
