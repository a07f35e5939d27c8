"""A function of constants alone (T32): computed at the reference's precision, or named where it cannot be.

``ndtr(10.0)`` is 1 - 7.6e-24, which float64 rounds to 1.0. A program computing it in float64 and
then using it exactly would hand the exact reference a float64 number in disguise: log(ndtr(b) -
ndtr(10.0)) would be log(Phi(b) - 1), undefined. Called inside the checked function, such a call
computes at the precision of the run it is in (`capture.numpy_module.exact_when_constant`), so the
reference has the mathematics (-53.2313 at b = 11) and the float64 program's -inf is `unstable`, its
cancellation named at the line, as when 10.0 is a second variable. A constant made where no
high-precision number is in reach (a helper of no arguments) stays the program's float64 number,
and the `domain` message names it, at its line, with the spelling that fixes it.
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


def two_variables(b, a):
    return np.log(ndtr(b) - ndtr(a))


def near_one(b):
    return np.log(b - np.exp(1e-17))


def upper():
    return ndtr(10.0)


def from_a_helper(b):
    return np.log(ndtr(b) - upper())


def incidental(b):
    return np.log(b - 12.0) * np.sqrt(2.0)
"""


def _check(tmp_path, name, **point):
    path = tmp_path / "folded.py"
    path.write_text(textwrap.dedent(PROGRAM))
    return gradcli.check(f"{path}:{name}", [point], dtypes=("float64",), fixes=False).results[0]


def _domain_message(result):
    assert result.status == "domain", result.findings
    (finding,) = [f for f in result.findings if f.kind == "domain"]
    return finding.message


@pytest.mark.parametrize("name, line", [("const", 7), ("const_array", 11)])
def test_a_function_of_constants_is_the_mathematics_in_the_exact_reference(tmp_path, name, line):
    result = _check(tmp_path, name, b=11.0)
    assert result.status == "unstable", result.findings
    assert float(result.exact_value) == pytest.approx(-53.231310225583124860, rel=1e-12)  # log(Phi(11) - Phi(10)), mpmath
    assert any(f.kind == "cancellation" or "cancelled" in f.message for f in result.findings if f.op.startswith("subtract")), result.findings
    assert any(f.location and f.location.endswith(f"folded.py:{line}") for f in result.findings), result.findings


def test_the_same_verdict_as_with_the_constant_as_a_second_variable(tmp_path):
    assert _check(tmp_path, "two_variables", b=11.0, a=10.0).status == _check(tmp_path, "const", b=11.0).status


def test_exp_of_a_tiny_constant_keeps_its_digits(tmp_path):
    # d/db log(b - e^1e-17) = 1 / (b - 1 - 1e-17) at b = 1 + 2^-52: 4.7160e15, not 1 / 2^-52 = 4.5036e15.
    result = _check(tmp_path, "near_one", b=1.0000000000000002)
    assert float(result.exact_gradient["b"]) == pytest.approx(1 / (2.0**-52 - 1e-17), rel=1e-10)
    assert result.status == "unstable", result.findings


def test_a_constant_made_out_of_reach_is_named_at_its_line(tmp_path):
    message = _domain_message(_check(tmp_path, "from_a_helper", b=11.0))
    assert "folded.py:23" in message and "ndtr(10.0)" in message, message
    assert "from constants alone" in message and "log_ndtr" in message, message
    assert "no working precision can fix that" not in message, message


def test_a_value_undefined_for_the_mathematics_names_no_constant(tmp_path):
    # sqrt(2.0) is a constant too, but no whole number: it took no digits the rest needed.
    message = _domain_message(_check(tmp_path, "incidental", b=11.0))
    assert message.endswith("no working precision can fix that"), message
