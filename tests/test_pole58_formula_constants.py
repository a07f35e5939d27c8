"""A formula's pi, e and literals are the exact numbers they name in a proof; a Python function's np.pi and math.pi
are the float they are, as the function computes with it.

The formula language means mathematics: ``sin(pi*x)`` at x = 1 is 0, so ``log(abs(sin(pi*x)))`` there is log's
pole. A Python function's ``np.pi * x`` multiplies by the float 884279719003555/2^48, whose sine is 1.2e-16: its
value is finite, and its exact reference is that float program's.
"""

import math

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.autodiff import arb as arb_core
from gradcli.checker import python_zero
from gradcli.checker.targets import resolve


def _pole(target, point):
    arb_core.enable()
    return python_zero.Zeros(resolve(target).mp_function, [np.float64(v) for v in point]).pole_of_value()


@pytest.mark.parametrize("formula, point", [
    ("log(abs(sin(pi*x)))", [1.0]),
    ("log(abs(cos(pi*x/2)))", [3.0]),
    ("log(abs(sin(pi*x/6) - 1/2))", [1.0]),
    ("log(e - exp(x))", [1.0]),
    ("log(0.1*x - 1)", [10.0]),
], ids=["sin-pi", "cos-half-pi", "sixth-turn", "e-is-exp-1", "literal-is-its-decimal"])
def test_a_formulas_constant_in_a_proof_is_the_number_it_names(formula, point):
    assert _pole(formula, point) == "log"


def test_a_formulas_pi_away_from_a_zero_of_sine_is_no_pole():
    assert _pole("log(abs(sin(pi*x)))", [0.5]) is None


def _numpy_pi(x):
    return gnp.log(gnp.abs(gnp.sin(np.pi * x)))


def _math_pi(x):
    return gnp.log(gnp.abs(gnp.sin(math.pi * x)))


@pytest.mark.parametrize("function", [_numpy_pi, _math_pi], ids=["np.pi", "math.pi"])
def test_a_functions_pi_is_the_float_it_is(function):
    assert _pole(function, [1.0]) is None
    result = gradcli.check(function, [{"x": 1.0}], dtypes=("float64",), fixes=False, max_digits=120).results[0]
    assert result.status == "ok", [f.message for f in result.findings]
    # log(sin(884279719003555 / 2^48)): the float's distance from pi, 1.2246e-16, under the log
    assert abs(float(result.exact_value) - math.log(math.sin(math.pi))) < 1e-12


def test_the_formula_at_a_zero_of_sine_is_domain():
    # before: the reference climbed to 4000 digits around the float pi's 1.2e-16 and gave no verdict (error)
    result = gradcli.check("log(abs(sin(pi*x)))", [{"x": 1.0}], dtypes=("float64",), fixes=False,
                           max_digits=120).results[0]
    assert result.status == "domain", [f.message for f in result.findings]
    assert result.exact_value == -np.inf
