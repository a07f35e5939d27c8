"""The refusal of a root of a number past 300 digits says how long sympy would factor it, as sympy takes.

sympy takes a root of a rational by factoring it: about 0.02 to 0.04 s for one of 301 to 306 digits, and 0.6 to 1.2 s
for one of 1,000 (measured on this project's machines with sympy.sqrt of random numbers; constants past 1,000 digits
are refused before any root). The message states that time, not "seconds" for every such number.
"""

import re

import pytest

from gradcli.errors import InputError
from gradcli.expr.parse import parse
from gradcli.expr.to_sympy import to_sympy


def _stated_seconds(formula):
    with pytest.raises(InputError) as refused:
        to_sympy(parse(formula))
    message = str(refused.value)
    assert "takes roots of numbers of at most 300 digits" in message, message
    number, unit = re.search(r"factoring it for about ([\d.]+) (ms|s)\b", message).groups()
    return float(number) / (1000 if unit == "ms" else 1)


@pytest.mark.parametrize("formula, low, high", [
    ("x*sqrt(10**305+1)", 0.01, 0.1),
    ("(x*(10**999+1))**0.5", 0.3, 2.0),
])
def test_the_refusal_states_sympys_time_for_that_root(formula, low, high):
    assert low <= _stated_seconds(formula) <= high
