"""A difference that loses its result's digits by itself is named, not an earlier cancellation whose error its
operands carry in step.

The Prandtl-Meyer angle sqrt(k) atan(sqrt(m2/k)) - atan(sqrt(m2)) at M = 1 + 1e-10 cancels twice: m2 = M^2 - 1 keeps
about 5e-11 of its result, and the two arctangents, 1.4e-5 each, are equal to 10 digits. m2's error reaches both
arctangents in step and cancels with them (the angle, about m2^1.5, carries 1.5 times it); what the value loses, near
1e-6 of it, is the arctangents' own roundings that their subtraction amplifies 3.6e10 times. So the subtraction is
the op to name. The errors here are computed by mpmath from the very floats NumPy gives for each step, independently
of gradcli's recordings.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import mpmath
import numpy as np
from click.testing import CliRunner

from gradcli.cli import cli

TARGETS = Path(__file__).parent / "cancels_own_rounding_flow.py"
EPS = float(np.finfo(np.float64).eps)
MACH = 1.0000000001


def _check(target, at):
    """The one float64 result of ``gradcli check``."""
    args = ["check", target, "--at", at, "--dtype", "float64", "--json", "--max-time", "inf"]
    report = json.loads(CliRunner().invoke(cli, args).stdout)
    (result,) = report["results"]
    return result


def _line_of(text):
    """The line of the targets' module holding ``text``."""
    (number,) = [k for k, line in enumerate(TARGETS.read_text().splitlines(), 1) if text in line]
    return number


def _errors():
    """The relative errors of NumPy's m2 and of its angle, against mpmath at 60 digits, and the error the angle would
    carry from m2's alone."""
    k = (1.4 + 1) / (1.4 - 1)
    m2 = MACH ** 2 - 1
    angle = np.sqrt(k) * np.arctan(np.sqrt(m2 / k)) - np.arctan(np.sqrt(m2))
    with mpmath.workdps(60):
        exact_m2 = mpmath.mpf(MACH) ** 2 - 1

        def nu(m):  # np.sqrt(k) is an op of the program, replayed exactly, not a constant it writes
            return mpmath.sqrt(mpmath.mpf(k)) * mpmath.atan(mpmath.sqrt(m / mpmath.mpf(k))) - mpmath.atan(mpmath.sqrt(m))

        exact = nu(exact_m2)
        m2_error = abs((mpmath.mpf(m2) - exact_m2) / exact_m2)
        carried = abs((nu(mpmath.mpf(m2)) - exact) / exact)  # the angle's error were each op after m2 exact
        lost = abs((mpmath.mpf(float(angle)) - exact) / exact)
    return float(m2_error), float(carried), float(lost)


def test_the_arctangents_subtraction_is_named_where_it_loses_more_than_m2_hands_it():
    m2_error, carried, lost = _errors()
    assert m2_error > 1e3 * EPS  # the earlier cancellation lost digits too
    assert carried < 2 * m2_error and lost > 1e3 * carried  # but the value's loss is the later subtraction's own
    result = _check(f"{TARGETS}:prandtl_meyer", f"mach={MACH!r}")
    assert result["status"] == "unstable"
    (forward,) = [f for f in result["findings"] if f["phase"] == "forward" and f["kind"] == "cancellation"]
    assert forward["location"].endswith(f"cancels_own_rounding_flow.py:{_line_of('np.arctan(np.sqrt(m2))')}")
    assert forward["op"] == "subtract"
    said = float(re.search(r"become ([0-9.]+e[+-][0-9]+) of the result", forward["message"]).group(1))
    assert abs(said / lost - 1) < 0.06


def test_the_same_angle_as_a_formula_underlines_the_outer_subtraction():
    formula = "sqrt(6)*atan(sqrt((x^2-1)/6)) - atan(sqrt(x^2-1))"
    result = _check(formula, f"x={MACH!r}")
    (forward,) = [f for f in result["findings"] if f["phase"] == "forward" and f["kind"] == "cancellation"]
    start, end = forward["span"]
    assert formula[start:end] == formula  # the whole difference, not x^2-1


def test_an_exact_deep_cancellation_in_another_entry_leaves_the_earlier_cancellation_named():
    # entry 1 subtracts 1 - 2^-52 from 1: condition 9e15, but exact operands; entry 0's loss is 1 - e^-x's, amplified
    result = _check(f"{TARGETS}:level_beside_an_exact_tie", "x=1e-08")
    (forward,) = [f for f in result["findings"] if f["phase"] == "forward" and f["kind"] == "cancellation"]
    assert forward["location"].endswith(f"cancels_own_rounding_flow.py:{_line_of('slope = (1 - np.exp(-xs)) / xs')}")
    assert "then amplifies that error" in forward["message"], forward["message"]
