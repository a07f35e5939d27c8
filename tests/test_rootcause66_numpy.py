"""Where a cancellation amplifies the digits an earlier cancellation lost, the forward finding names the earlier one.

Nelson-Siegel's curvature loading (1 - e^-x)/x - e^-x at x = 1e-9 subtracts twice: 1 - e^-x keeps 8 of 16 digits,
and the later subtract of two numbers equal to 9 digits leaves none. The later op grows the error most, but the
digits went first at 1 - e^-x, whose -expm1(-x) is the fix. The errors each op's float result carries are computed
here by mpmath from the very floats NumPy gives for each step, independently of gradcli's recordings.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import mpmath
import numpy as np
from click.testing import CliRunner

from gradcli.cli import cli

TARGETS = Path(__file__).parent / "rootcause66_loadings.py"
EPS = float(np.finfo(np.float64).eps)
NUMBER = r"([0-9.]+e[+-][0-9]+)"


def _check(target, at):
    """The one float64 result of ``gradcli check`` and the report's fixes."""
    args = ["check", target, "--at", at, "--dtype", "float64", "--json", "--max-time", "inf"]
    report = json.loads(CliRunner().invoke(cli, args).stdout)
    (result,) = report["results"]
    return result, report["fixes"]


def _relative_error(got, exact):
    return float(abs((mpmath.mpf(float(got)) - exact) / exact))


def _line_of(text):
    """The line of the targets' module holding ``text``."""
    (number,) = [k for k, line in enumerate(TARGETS.read_text().splitlines(), 1) if text in line]
    return number


def _errors(x, later):
    """The relative errors of the float 1 - e^-x and of ``later`` of its quotient by x, against mpmath at 50 digits."""
    lost = 1.0 - np.exp(-x)
    with mpmath.workdps(50):
        exact = 1 - mpmath.exp(-mpmath.mpf(x))
        float_later, exact_later = later(lost / x, np.exp(-x), x), later(exact / x, mpmath.exp(-mpmath.mpf(x)), x)
        return _relative_error(lost, exact), _relative_error(float_later, exact_later)


def _said(message, pattern):
    """The numbers ``pattern`` finds in a finding's message."""
    found = re.search(pattern, message)
    assert found, message
    return [float(v) for v in found.groups()]


def test_a_subtract_amplifying_an_earlier_cancellation_names_that_cancellation_and_its_fix():
    first, amplified = _errors(1e-9, lambda slope, decay, x: slope - decay)
    assert first > 1e3 * EPS and amplified > 100 * first  # the first subtract lost digits; the later grew them
    result, fixes = _check(f"{TARGETS}:discounted_level", "x=1e-9")
    (forward,) = [f for f in result["findings"] if f["phase"] == "forward" and f["kind"] == "cancellation"]
    assert forward["location"].endswith(f"rootcause66_loadings.py:{_line_of('slope = (1 - np.exp(-x)) / x')}")
    assert forward["inputs"][0] == "1" and f"the later subtract at rootcause66_loadings.py:{_line_of('(slope - ')}" in forward["message"]
    said_first, said_amplified = _said(forward["message"], rf"become {NUMBER} of the result; .* to {NUMBER} of its own result")
    assert abs(said_first / first - 1) < 0.06 and abs(said_amplified / amplified - 1) < 0.06
    (fix,) = [f for f in fixes if "-np.expm1(-x) / x" in (f["diff"] or "")]
    assert "-    slope = (1 - np.exp(-x)) / x" in fix["diff"]
    assert [parts["value"] for parts in fix["parts"].values()] == [["unstable", "ok"]]  # re-checked: the value mended


def test_a_formula_whose_log_amplifies_an_earlier_cancellation_underlines_it_and_mends_it_with_expm1():
    formula = "log((1 - exp(-x))/x)"
    # a point where rounding e^-x left 1 - e^-x over 1000 roundings off (the float of e^-x decides that)
    x = next(x for x in (1e-5, 1.1e-5, 1.3e-5, 1.7e-5) if _errors(x, lambda *_: 1)[0] > 2e3 * EPS)
    first, amplified = _errors(x, lambda slope, decay, at: mpmath.log(slope) if isinstance(slope, mpmath.mpf) else np.log(slope))
    assert amplified > 100 * first
    result, fixes = _check(formula, f"x={x!r}")
    (forward,) = [f for f in result["findings"] if f["phase"] == "forward" and f["kind"] == "cancellation"]
    start, end = forward["span"]
    assert formula[start:end] == "1 - exp(-x)"
    assert "log then amplifies that error" in forward["message"]
    said_first, said_amplified = _said(forward["message"], rf"become {NUMBER} of the result; .* to {NUMBER} of its own result")
    assert abs(said_first / first - 1) < 0.06 and abs(said_amplified / amplified - 1) < 0.06
    (fix,) = [f for f in fixes if "expm1" in (f["formula"] or "")]
    assert fix["formula"] == "log(-expm1(-x)/x)" and set(fix["after"].values()) == {"ok"}


def test_a_cancellation_of_accurate_numbers_is_named_itself():
    x = 1e-9
    with mpmath.workdps(50):
        exact = mpmath.expm1(mpmath.mpf(x))
        lost = _relative_error(np.exp(x) - 1, exact)
    result, _ = _check(f"{TARGETS}:exp_minus_one", "x=1e-9")
    (forward,) = [f for f in result["findings"] if f["phase"] == "forward" and f["kind"] == "cancellation"]
    assert forward["location"].endswith(f"rootcause66_loadings.py:{_line_of('return grown - 1')}")
    assert "lost here first" not in forward["message"] and forward["inputs"][1] == "1"
    (said,) = _said(forward["message"], rf"become {NUMBER} of the result")
    assert abs(said / lost - 1) < 0.06


def test_a_power_growing_the_rounding_it_was_given_is_not_blamed_for_the_cancellation_after_it():
    x = 0.33333333336666665
    grown = np.power(3 * np.float64(x), 20000)  # as the target computes it, by NumPy's power
    with mpmath.workdps(60):
        exact = (3 * mpmath.mpf(x)) ** 20000
        power_error, lost = _relative_error(grown, exact), _relative_error(grown - 1, exact - 1)
    assert power_error > 1e3 * EPS  # over the threshold: it is no cancellation that keeps the power unnamed
    result, _ = _check(f"{TARGETS}:powered_gap", f"x={x!r}")
    (forward,) = [f for f in result["findings"] if f["phase"] == "forward" and f["kind"] == "cancellation"]
    assert forward["location"].endswith(f"rootcause66_loadings.py:{_line_of('return powered - 1')}")
    assert forward["op"] == "subtract" and "lost here first" not in forward["message"]
    (said,) = _said(forward["message"], rf"become {NUMBER} of the result")
    assert abs(said / lost - 1) < 0.06
