"""abs of a 0 the program's algebra makes, reaching log, log1p(-1) or 1/x, is the value's pole: `domain`, proven.

sum(x - mean(x)) is 0 exactly, but the float mean's division by 3 leaves a rounding at every precision, so the
high-precision runs see a tiny number whose log falls (and whose reciprocal grows) without end. The proof on
exact quotients decides abs by the quotient's sign (here a tie at 0) and finds the pole; a tiny floor added keeps
the value a number.
"""

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp

POINT = np.array([0.1, 0.2, 0.4])


def _deviations(x):
    return gnp.sum(x - gnp.mean(x))


def _log2_of_abs_of_a_cancelling_combination(x):
    third = (x[0] + x[1] + x[2]) / 3.0  # x0 + x1 - 2 third + (2 x2 - x0 - x1) / 3 = 0 for every x
    return gnp.log2(gnp.abs(x[0] + x[1] - 2.0 * third + (2.0 * x[2] - x[0] - x[1]) / 3.0))


def _log_of_abs(x):
    return gnp.log(gnp.abs(_deviations(x)))


def _log10_of_square(x):
    return gnp.log10(gnp.square(_deviations(x)))


def _log1p_at_minus_one(x):
    return gnp.log1p(_deviations(x) - 1.0)


def _reciprocal_of_abs(x):
    return gnp.reciprocal(gnp.abs(_deviations(x)))


def _divided_by_it(x):
    return x[0] / _deviations(x)


def _log_of_abs_with_a_floor(x):
    return gnp.log(gnp.abs(_deviations(x)) + 1e-300)


def _check(fun):
    return gradcli.check(fun, [{"x": POINT}], dtypes=("float64",), fixes=False).results[0]


@pytest.mark.parametrize("fun, value", [
    (_log2_of_abs_of_a_cancelling_combination, -np.inf),
    (_log_of_abs, -np.inf),
    (_log10_of_square, -np.inf),
    (_log1p_at_minus_one, -np.inf),
    (_reciprocal_of_abs, np.nan),  # 1/0 has no sign to take
    (_divided_by_it, np.nan),
], ids=["log2-abs", "log-abs", "log10-square", "log1p", "reciprocal", "divide"])
def test_a_pole_at_a_zero_by_algebra_is_domain(fun, value):
    result = _check(fun)
    assert result.status == "domain", [f.message for f in result.findings]
    assert np.isnan(result.exact_value) if np.isnan(value) else result.exact_value == value
    assert not any("did not settle" in f.message for f in result.findings)


def test_a_tiny_floor_keeps_the_value_a_number():
    result = _check(_log_of_abs_with_a_floor)
    assert result.status != "domain", [f.message for f in result.findings]
    assert float(result.exact_value) == pytest.approx(np.log(1e-300), rel=1e-12)
