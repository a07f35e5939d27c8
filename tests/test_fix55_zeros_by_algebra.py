"""A 0 the program's algebra makes, reaching log: the exact value is no number (`domain`), proven, not climbed to.

sum(x - mean(x)) is 0 exactly, but mean's division by 3 is rounded at every precision, so the high-precision
runs see a tiny number whose log falls without end: only the proof on exact quotients (`python_zero.Zeros`)
shows the 0. A sum that is tiny but not 0 must stay a number.
"""

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp

POINT = np.array([0.1, 0.2, 0.4])


def _log_of_squared_sum_of_deviations(x):
    return gnp.log(gnp.sum(x - gnp.mean(x)) ** 2)


def _log2_of_a_cancelling_combination(x):
    # x0 + x1 - 2 (x0 + x1 + x2) / 3 + (2 x2 - x0 - x1) / 3 = 0 for every x; the thirds are rounded in binary
    third = (x[0] + x[1] + x[2]) / 3.0
    return gnp.log2((x[0] + x[1] - 2.0 * third + (2.0 * x[2] - x[0] - x[1]) / 3.0) ** 2)


def _log_of_deviations_plus_a_tiny_floor(x):
    return gnp.log(gnp.sum(x - gnp.mean(x)) ** 2 + 1e-300)


def _check(fun):
    return gradcli.check(fun, [{"x": POINT}], dtypes=("float64",), fixes=False).results[0]


@pytest.mark.parametrize("fun", [_log_of_squared_sum_of_deviations, _log2_of_a_cancelling_combination])
def test_a_zero_by_algebra_reaching_log_is_domain(fun):
    result = _check(fun)
    assert result.status == "domain", [f.message for f in result.findings]
    assert result.exact_value == -np.inf
    assert not any("did not settle" in f.message for f in result.findings)


def test_a_tiny_number_that_is_not_zero_stays_a_number():
    result = _check(_log_of_deviations_plus_a_tiny_floor)
    assert result.status != "domain", [f.message for f in result.findings]
    assert result.exact_value == pytest.approx(np.log(1e-300), rel=1e-12)
