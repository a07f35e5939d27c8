"""Round 28c's findings, each as a class.

V1: an exact gradient a float cannot hold is shown by its digits in every message that shows one. A Fermi-Dirac
occupation 1 / (e^((E - mu)/kT) + 1) at E - mu = 1, kT = 1e-3 has slopes near e^-1000 (5e-432): the program's e^1000
overflows and its gradient is NaN, so the check fails, and the failure's own words said "exact {'energy': [-0.0],
'mu': 0.0, 'kt': 0.0}" in the pytest fixture's message, the JUnit failure text and the HTML table: a CI reader saw a
slope proven 0 where the slope is 5e-432 (the terminal table and the JSON's text fields had the digits). Truths here:
mpmath at 60 digits from the closed form f(1 - f)/kT.

D1: `gradcli diff` wrote a formula's 1e-300 as 1/1000...0 (301 digits) and 1e300 as its 301 digits, in the formula
and in every derivative, so `diff "sign(x)*maximum(abs(x) - 1e-300, 0)"` printed screens of zeros. A rational with a
terminating decimal expansion whose plain text is long is now written in scientific notation, exactly (as a power of
ten beyond float64, as the parser asks): the printed formula reads back as the same numbers (the truth here).

W1: at x = 1e-300 the finite differences' complex steps (at least 1e-180 wide) reach past 0, where -log(expm1(x)) is
singular; they disagree, and the note said "the function is not analytic here", which it is. It now says the steps
are wider than the point's distance from 0.

S1: `gradcli sweep`'s thresholds gave the finding of the failing side ("power(1.158e+77, 4.0) overflowed: inf")
without the user's file and line, which the audit's one-line finding of the same sweep gives; they now end "at
file.py:LINE".
"""

import re
import xml.etree.ElementTree as ET

import mpmath
import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.expr.diff import differentiate
from gradcli.expr.parse import parse
from gradcli.expr.printers import formula_text
from gradcli.expr.to_sympy import to_sympy
from gradcli.audit.results import AuditReport, CaseResult
from gradcli.checker.verdict import Verdict
from gradcli.jsondata import jsonable
from gradcli.testing import GradientCheckError, assert_gradients_ok
from gradcli.views import html, junit


def fermi_dirac(energy, mu, kt):
    return gnp.sum(1.0 / (gnp.exp((energy - mu) / kt) + 1.0))


POINT = {"energy": np.array([1.0]), "mu": 0.0, "kt": 1e-3}


def _truth(value=False):
    """{variable: exact slope} of the occupation at POINT, from f(1 - f)/kT with f = 1/(e^x + 1), x = (E - mu)/kT
    (with ``value``, f itself under "value" too)."""
    with mpmath.workdps(60):
        kt = mpmath.mpf(1e-3)
        x = 1 / kt
        weight = 1 / (mpmath.exp(x) + 1) / (mpmath.exp(-x) + 1)
        slopes = {"energy": -weight / kt, "mu": weight / kt, "kt": weight * x / kt}
        return {"value": 1 / (mpmath.exp(x) + 1), **slopes} if value else slopes


def _shown_slopes(text):
    """The exact gradient's numbers as a message writes them: {'energy': [...], 'mu': ..., 'kt': ...}."""
    shown = re.search(r"\(exact (\{'energy'.*?\})\)", text).group(1)
    return {name: mpmath.mpf(number) for name, number in
            re.findall(r"'(energy|mu|kt)': \[?'?([-+0-9.e]+)'?", shown)}


def _assert_the_digits(text):
    shown, truth = _shown_slopes(text), _truth()
    assert set(shown) == set(truth)
    for name, value in truth.items():
        assert abs(shown[name] - value) <= 1e-9 * abs(value), (name, shown[name], value)


def test_the_fixture_s_message_gives_the_exact_slopes_beyond_float64():
    with pytest.raises(GradientCheckError) as failed:
        assert_gradients_ok(fermi_dirac, [POINT], dtypes=("float64",))
    _assert_the_digits(str(failed.value))


@pytest.fixture(scope="module")
def overflowing_check():
    check = gradcli.check(fermi_dirac, [POINT], dtypes=("float64",), fixes=False)
    assert check.results[0].status == "unstable"
    return check


@pytest.fixture(scope="module")
def overflowing_occupation(overflowing_check):
    check = overflowing_check
    case = CaseResult(name="occupation", target="fermi_dirac", status="fail", check=jsonable(check.to_dict()),
                      worst=Verdict.UNSTABLE, worst_by_dtype={"float64": Verdict.UNSTABLE}, reason="worst verdict unstable")
    return AuditReport(cases=[case], seconds=1.0)


def test_check_s_junit_failure_gives_the_exact_slopes_beyond_float64(overflowing_check):
    failure = next(ET.fromstring(junit.junit_xml([overflowing_check])).iter("testcase")).find("failure")
    _assert_the_digits(failure.text)
    exact_value = re.search(r"\(exact ([-+0-9.e]+)\)", failure.text).group(1)
    assert abs(mpmath.mpf(exact_value) - _truth(value=True)["value"]) <= 1e-9 * _truth(value=True)["value"]


def test_the_html_table_gives_the_exact_slopes_beyond_float64(overflowing_occupation):
    cells = re.findall(r"<td>([^<]*)</td>", html.render(overflowing_occupation))
    numbers = [mpmath.mpf(v) for cell in cells for v in re.findall(r"[-+]?[0-9.]+e-4[0-9]+", cell)]
    truth = _truth(value=True)
    assert len(numbers) == 4  # the exact value's cell, then energy, mu, kt in the exact gradient's
    for shown, value in zip(numbers, [truth["value"], truth["energy"], truth["mu"], truth["kt"]]):
        assert abs(shown - value) <= 1e-6 * abs(value)  # the page shows 7 digits


# D1: long decimal constants are printed as typed, and read back as the same numbers.

@pytest.mark.parametrize("text", [
    "sign(x) * maximum(abs(x) - 1e-300, 0)",
    "1e-300*x - 3.25e-320/x + 1e300*y*y",
    "exp(-x/1e-300) + 2.5e-7*x/(y*(x + 1))",
    "x/3 + 1e-5*x + 123456789012345678901234567890*x",  # no exact decimal, or short: sympy's own text
    "10**600*x - 2.5*10**-400/y",  # beyond float64: powers of ten, as the parser asks
    "x*sin(arctan2(pi, 1e-300))",
])
def test_diff_prints_long_decimal_constants_in_scientific_notation_exactly(text):
    import sympy

    result = differentiate(parse(text))
    assert result.expr == to_sympy(parse(text))
    for derivative in [None, *result.derivatives]:
        printed = result.show("text", derivative)
        assert not re.search(r"[0-9]{40}", printed), printed
        expected, read_back = (result.expr if derivative is None else derivative.expr), to_sympy(parse(printed))
        magnitudes = lambda e: {abs(a) for a in e.atoms(sympy.Rational)}  # noqa: E731 - a where moves a sign over
        assert magnitudes(expected) <= magnitudes(read_back), printed  # every number, exactly
        if not expected.has(sympy.Heaviside):  # a Heaviside reads back as the where it is printed as
            assert read_back == expected, printed


def test_the_formula_printer_keeps_short_numbers_as_sympy_writes_them():
    import sympy

    x = sympy.Symbol("x")
    assert formula_text(x / 1000 + sympy.Rational(1, 3) * x ** 2) == "x**2/3 + x/1000"


# W1: complex steps wider than the point's distance from 0 do not call an analytic function "not analytic here".

def test_complex_steps_past_0_are_named_as_such_not_as_a_function_not_analytic():
    # -log(expm1(x)) is analytic at 1e-300 (its only singularity is at 0), and its slope there is -1/(1 - e^-x) = -1e300
    (result,) = gradcli.check("-log(expm1(x))", [{"x": 1e-300}], dtypes=("float64",), fixes=False).results
    words = " ".join(f.message for f in result.findings)
    assert result.status == "ok" and abs(result.exact_gradient["x"] + 1e300) <= 1e285
    assert "wider than the point's distance from 0" in words and "not analytic here" not in words


# S1: a sweep's threshold finding names the user's line, as the audit's one-line finding does.

def test_a_sweep_threshold_s_finding_names_the_line_of_the_user_s_code():
    import contextlib
    import io
    import os

    from gradcli.views.terminal_sweep import print_sweep

    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials", "numpy_lib28c.py")
    result = gradcli.sweep(f"{here}:hill_by_powers", {"x": (1e76, 1e78, 5, "log")}, fixed={"k": 2.0, "n": 4.0},
                           wrt=["x"], dtypes=("float64",), fixes=False)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        print_sweep(result)
    line = next(i for i, text in enumerate(open(here), 1) if "def hill_by_powers" in text) + 1
    # x^4 overflows from 2^(1024/4) = 1.158e77 on: the threshold and the line of the power
    threshold = next(t for t in result.dtypes["float64"].thresholds)
    assert threshold.at < 2.0 ** 256 <= threshold.next
    assert f"overflowed: inf at numpy_lib28c.py:{line}" in " ".join(out.getvalue().split())
