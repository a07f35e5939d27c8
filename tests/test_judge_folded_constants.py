"""A function of constants alone, computed once in float64 (T32): the `domain` message names it.

``ndtr(10.0)`` is 1 - 7.6e-24 rounded to 1.0 in float64, and the program uses that number; the exact
reference takes it as the program's, as it takes a literal, so log(ndtr(b) - ndtr(10.0)) is undefined
at b = 11. The message says which constant made it so, at which line, and what fixes it; a value
undefined for the mathematics' own reasons still says no working precision can fix it.
"""

import textwrap

import pytest

import gradcli

PROGRAM = """
import numpy as np
from scipy.special import ndtr


def const(b):
    return np.log(ndtr(b) - ndtr(10.0))


def const_array(b):
    return np.log(ndtr(b) - ndtr(np.array(10.0)))


def near_one(b):
    return np.log(b - np.exp(1e-17))


def incidental(b):
    return np.log(b - 12.0) * np.sqrt(2.0)
"""


def _domain_message(tmp_path, name, b):
    path = tmp_path / "folded.py"
    path.write_text(textwrap.dedent(PROGRAM))
    result = gradcli.check(f"{path}:{name}", [{"b": b}], dtypes=("float64",), fixes=False).results[0]
    assert result.status == "domain", result.findings
    (finding,) = [f for f in result.findings if f.kind == "domain"]
    return finding.message


@pytest.mark.parametrize("name, line, call", [("const", 7, "ndtr(10.0)"), ("const_array", 11, "ndtr(np.array(10.0))")])
def test_the_constant_that_made_the_value_undefined_is_named_at_its_line(tmp_path, name, line, call):
    message = _domain_message(tmp_path, name, 11.0)
    assert f"folded.py:{line}" in message and call in message, message
    assert "from constants alone" in message and "log_ndtr" in message, message
    assert "no working precision can fix that" not in message, message


def test_exp_of_a_tiny_constant_rounded_to_1_is_named(tmp_path):
    message = _domain_message(tmp_path, "near_one", 1.0)
    assert "exp(1e-17) = 1" in message and "folded.py:15" in message, message


def test_a_value_undefined_for_the_mathematics_names_no_constant(tmp_path):
    # sqrt(2.0) is a constant too, but no whole number: it took no digits the rest needed.
    message = _domain_message(tmp_path, "incidental", 11.0)
    assert message.endswith("no working precision can fix that"), message
