"""np.fmod on exact numbers and the steps under it: fmod is x itself between -y and y, so its slope at 0 is 1 (abs's
0 there is no slope of fmod's) and a proof at 0 takes no branch on x's sign; trunc is flat across 0, floor and
ceil jump only at whole numbers and round only at halves; a step of an argument proven a constant (sin^2 + cos^2,
whose ball straddles 1 at every precision) is that constant's, flat along every seed."""

from __future__ import annotations

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.autodiff import arb as arb_core
from gradcli.checker import python_zero
from gradcli.checker.exact_python import _traced


def _checked(fun, point):
    (result,) = gradcli.check(fun, [point], dtypes=("float64",), fixes=False).results
    return result


def test_fmods_slope_at_0_is_1():
    # before: gradient 0 against the exact 1, verdict wrong
    result = _checked(lambda x: gnp.fmod(x, 2.0) * 3.0, {"x": 0.0})
    assert result.status == "ok", [f.message for f in result.findings]
    assert result.gradient == {"x": 3.0} and result.exact_gradient == {"x": 3.0}


def test_fmod_less_its_dividend_is_proven_0_at_0():
    # before: error, "an exact entry is within 6.04e-3841 of 0 at 3840 digits but not proven 0"
    result = _checked(lambda x: gnp.fmod(x, 2.0) - x, {"x": 0.0})
    assert result.status == "ok", [f.message for f in result.findings]
    assert result.exact_value == 0 and result.exact_gradient == {"x": 0.0}


def test_a_step_of_a_proven_constant_is_the_constants():
    # fmod(1, 0.5) = 0 whatever x: before, error ("did not settle below 4000 digits")
    result = _checked(lambda x: gnp.fmod(gnp.sin(x) ** 2 + gnp.cos(x) ** 2, 0.5) * x, {"x": 0.3})
    assert result.status != "error", [f.message for f in result.findings]
    assert result.exact_value == 0 and result.exact_gradient == {"x": 0.0}


@pytest.mark.parametrize("step, at, flat", [
    (gnp.trunc, 0.0, True), (gnp.trunc, -1.0, False), (gnp.trunc, 2.5, True),
    (gnp.floor, 0.0, False), (gnp.floor, 2.5, True), (gnp.ceil, -3.0, False),
    (gnp.round, 2.5, False), (gnp.round, 2.0, True), (gnp.rint, -0.5, False),
])
def test_a_step_jumps_only_where_it_does(step, at, flat):
    arb_core.enable()

    def run(*t):
        return _traced(lambda x: step(x) * 3.0, t)

    assert python_zero.proven(run, [np.array([at])], coordinate=0)[1] == [flat]


def test_fmod_still_jumps_at_a_multiple_of_its_divisor():
    assert _checked(lambda x: gnp.fmod(x, 2.5) * 2.0, {"x": -5.0}).status == "domain"
